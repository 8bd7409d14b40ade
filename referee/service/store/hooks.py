"""Work a transaction puts off to its end: before its commit (writes gathered into one
statement), or after it (memory that must never hold what was rolled back). The
store's transactions run them (:meth:`referee.service.store.Store.write`)."""
from __future__ import annotations

BEFORE_COMMIT, AFTER_COMMIT = "referee_before_commit", "referee_after_commit"


def before_commit(conn, key, fn) -> None:
    """Run ``fn`` at the end of this write transaction, once per ``key``."""
    conn.info.setdefault(BEFORE_COMMIT, {})[key] = fn


def after_commit(conn, key, fn) -> None:
    """Run ``fn`` once this transaction has ended well (never if it rolls back)."""
    conn.info.setdefault(AFTER_COMMIT, {})[key] = fn
