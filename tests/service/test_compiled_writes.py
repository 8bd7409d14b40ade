"""The writes of a move run as SQL text compiled once (referee/service/store/compiled.py): the
same rows and results as ``conn.execute``, SQLAlchemy's errors still, and a statement
that needs more than its parameters run as before. On SQLite and PostgreSQL, with a
real SMTP server (aiosmtpd) on loopback for a move's mails."""
from __future__ import annotations

import time

import pytest
from sqlalchemy import bindparam, event, insert, select, update
from sqlalchemy import exc as sa_exc

from referee.operations.listing import legal_lines
from referee.service.store import compiled
from referee.service.store import schema as S
from referee.service.hosted.games import create_game, game_detail
from referee.service.mail.ingest import _MARK
from referee.service.mail.sending import deliver
from referee.service.hosted.outbox import OwnMail
from referee.service.hosted.session import replay_text
from tests.service.hostkit import Table
from tests.service.mailservers import SmtpSink

SEATS = {"RED": "alice@players.example", "GREEN": "bob@players.example",
         "BLUE": "carol@players.example"}
_NOTE = insert(S.messages)
_RENAME = update(S.seats).where(S.seats.c.game_id == bindparam("g"),
                                S.seats.c.seat == bindparam("s")).values(
    thread_id=bindparam("thread"), last_message_id=bindparam("last"))


def _messages(conn) -> list[tuple]:
    c = S.messages.c
    return [tuple(r) for r in conn.execute(
        select(c.message_id, c.game_id, c.at, c.outcome).order_by(c.message_id))]


def test_a_write_runs_as_its_compiled_text_and_writes_what_execute_writes(store):
    gid = create_game(store, "hawaii", SEATS, host_address="referee@host.example")
    rows = [{"message_id": f"<{i}@x>", "game_id": gid, "at": 1.5 + i, "outcome": "handled"}
            for i in range(3)]
    with store.write() as conn:
        compiled.run(conn, _NOTE, rows)                           # many rows
        compiled.run(conn, _NOTE, {"message_id": "<9@x>", "game_id": None, "at": 2.0,
                                   "outcome": "refused: a stranger"})
        compiled.run(conn, _RENAME, [{"g": gid, "s": s, "thread": f"<t{s}@x>",
                                      "last": f"<l{s}@x>"} for s in SEATS])
    with store.read() as conn:
        assert _messages(conn) == [("<0@x>", gid, 1.5, "handled"), ("<1@x>", gid, 2.5, "handled"),
                                   ("<2@x>", gid, 3.5, "handled"),
                                   ("<9@x>", None, 2.0, "refused: a stranger")]
        seats = {r.seat: (r.thread_id, r.last_message_id) for r in conn.execute(
            select(S.seats).where(S.seats.c.game_id == gid))}
    assert seats == {s: (f"<t{s}@x>", f"<l{s}@x>") for s in SEATS}
    dialect = "sqlite" if store.sqlite else "postgresql"
    text, kept = compiled._TEXTS[(id(_NOTE), dialect, ("message_id", "game_id", "at", "outcome"))]
    assert kept is _NOTE and text.startswith("INSERT INTO messages")


def test_a_returning_write_gives_the_rows_execute_gives(store):
    q = _MARK["sqlite" if store.sqlite else "postgresql", False]
    values = {"message_id": "<m@x>", "game_id": None, "at": 1.0, "outcome": "handled"}
    with store.write() as conn:
        assert [tuple(r) for r in compiled.run(conn, q, values)] == [("<m@x>",)]
        assert compiled.run(conn, q, values).first() is None     # a duplicate: no row back


def test_the_drivers_errors_come_as_sqlalchemys(store):
    """The compiled text's errors come wrapped by SQLAlchemy as Core's do (what the
    store's callers catch: here an IntegrityError), and the transaction rolls back."""
    row = {"message_id": "<same@x>", "game_id": None, "at": 1.0, "outcome": "handled"}
    with pytest.raises(sa_exc.IntegrityError):
        with store.write() as conn:
            compiled.run(conn, _NOTE, row)
            compiled.run(conn, _NOTE, row)
    with store.read() as conn:
        assert _messages(conn) == []


def test_a_statement_that_needs_more_than_its_parameters_runs_as_before(store):
    """A column default the compiled form fills in, or an expanding IN: conn.execute."""
    gid = create_game(store, "hawaii", SEATS, host_address="referee@host.example")
    queued = insert(S.outbox)          # refs, headers and attempts have defaults
    expanding = update(S.outbox).where(S.outbox.c.message_id.in_(
        bindparam("mids", expanding=True))).values(sent_at=bindparam("at"))
    with store.write() as conn:
        compiled.run(conn, queued, {"game_id": gid, "kind": "notify", "created_at": 1.0,
                                    "sender": "referee@host.example", "recipients": "[]",
                                    "subject": "s", "body": "b", "message_id": "<o@x>",
                                    "next_try": 1.0})
        compiled.run(conn, expanding, {"mids": ["<o@x>", "<p@x>"], "at": 5.0})
    with store.read() as conn:
        row = conn.execute(select(S.outbox).where(S.outbox.c.message_id == "<o@x>")).one()
    assert (row.refs, row.headers, row.attempts, row.sent_at) == ("[]", "{}", 0, 5.0)
    dialect = "sqlite" if store.sqlite else "postgresql"
    assert compiled._TEXTS[(id(expanding), dialect, ("mids", "at"))][0] is None


def test_a_move_by_mail_and_its_sending_write_through_compiled_texts_only(store):
    """The point of the module: no write of a move mail's path (the ingest, and the
    sending by serve's sender of the mails it queued) goes through Core's execution."""
    with SmtpSink() as sink:
        table = Table(store, sink, SEATS)
        gid = table.start()
        table.deliver()
        g = game_detail(store, gid)
        rp = replay_text(g["text"], gid)
        line = legal_lines(rp.module, rp.state, 5)[1][0]
        own = store.own_mail = OwnMail("sender-1")
        core: list[str] = []
        event.listen(store.engine, "before_cursor_execute",
                     lambda conn, cursor, statement, params, context, many:
                     context.compiled is not None
                     and statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))
                     and core.append(statement))
        done, mid, _ = table.send(g["to_move"], f"{line} #{g['ply']}")
        assert done.outcome == "handled" and done.reply.ok, done
        own.looked = time.monotonic()              # it has looked at the outbox just now
        sent = deliver(store, table.url, own=True)
        assert sent.sent == len(SEATS) + 1 and sent.failed == sent.deferred == 0
    assert core == []
