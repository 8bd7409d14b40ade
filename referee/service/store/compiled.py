"""The writes every move makes, run as SQL text compiled once per kind of database.

SQLAlchemy compiles a Core statement once and caches it, but each execution still
looks the statement up by its cache key and runs every parameter through the
compiled form's bookkeeping: for the small writes of a move, half of their client CPU
on SQLite and an eighth on PostgreSQL, where the driver's own work is larger
(docs/performance.md). So the writes on a move's path (its log lines, the game's row,
the mark of its Message-ID, its state, its mails, their threads and the mark of their
sending) are compiled here once, for the parameter names they are given, and run with
``exec_driver_sql``: that keeps SQLAlchemy's transaction, its wrapping of the driver's
errors and its dropping of a connection the server closed, and skips the rest.

Only a statement whose every value is a parameter its caller gives qualifies: one the
compiled form would complete (a column's default, an expanding ``IN``) is run with
``conn.execute`` as before. The statements are the module-level ones of their
callers, so the texts are few; each is kept with its statement, whose ``id`` keys it.
"""
from __future__ import annotations

import threading

from sqlalchemy.dialects import sqlite

_SQLITE_NAMED = sqlite.dialect(paramstyle="named")    # the sqlite3 module reads :name too
_TEXTS: dict[tuple, tuple[str | None, object]] = {}
_LOCK = threading.Lock()
MAX_TEXTS = 1000          # a statement made anew per call would fill this: start again


def run(conn, statement, params: dict | list[dict]):
    """``conn.execute(statement, params)``, the same rows written and the same result
    (a row of a ``RETURNING`` comes back unprocessed: strings and numbers only)."""
    first = params[0] if isinstance(params, list) else params
    key = (id(statement), conn.dialect.name, tuple(first))
    entry = _TEXTS.get(key)
    if entry is None:
        entry = (_text(statement, conn.dialect, first), statement)
        with _LOCK:
            if len(_TEXTS) >= MAX_TEXTS:
                _TEXTS.clear()
            _TEXTS[key] = entry
    if entry[0] is None:
        return conn.execute(statement, params)
    return conn.exec_driver_sql(entry[0], params)


def _text(statement, dialect, first: dict) -> str | None:
    """The statement's SQL in the driver's own parameter style, or None when running it
    takes more than the parameters given."""
    compiled = statement.compile(dialect=_SQLITE_NAMED if dialect.name == "sqlite" else dialect,
                                 column_keys=list(first))
    if set(compiled.binds) != set(first) or compiled.post_compile_params \
            or compiled.literal_execute_params:
        return None
    return str(compiled)
