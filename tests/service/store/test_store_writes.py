"""The store's writes: every one on a move's path is SQLAlchemy Core's ordinary
``conn.execute`` (no SQL text run beside it), a duplicate is refused with Core's error
and rolls the whole transaction back, and the mark of a handled Message-ID gives a row
back only when it was new. On SQLite and PostgreSQL, with a real SMTP server
(aiosmtpd) on loopback for a move's mails."""
from __future__ import annotations

import time

import pytest
from sqlalchemy import event, insert, select
from sqlalchemy import exc as sa_exc

from referee.operations.listing import legal_lines
from referee.service.hosted.games import game_detail
from referee.service.hosted.outbox import OwnMail
from referee.service.hosted.session import replay_text
from referee.service.mail.ingest import _MARK
from referee.service.mail.sending import deliver
from referee.service.store import schema as S
from tests.service.hostkit import Table
from tests.service.mailservers import SmtpSink

SEATS = {"RED": "alice@players.example", "GREEN": "bob@players.example",
         "BLUE": "carol@players.example"}
_NOTE = insert(S.messages)


def _messages(conn) -> list[tuple]:
    c = S.messages.c
    return [tuple(r) for r in conn.execute(
        select(c.message_id, c.game_id, c.at, c.outcome).order_by(c.message_id))]


def test_the_mark_of_a_message_gives_a_row_back_only_when_it_is_new(store):
    q = _MARK["sqlite" if store.sqlite else "postgresql", False]
    values = {"message_id": "<m@x>", "game_id": None, "at": 1.0, "outcome": "handled"}
    with store.write() as conn:
        assert [tuple(r) for r in conn.execute(q, values)] == [("<m@x>",)]
        assert conn.execute(q, values).first() is None     # a duplicate: no row back
    with store.read() as conn:
        assert _messages(conn) == [("<m@x>", None, 1.0, "handled")]


def test_a_duplicate_write_raises_core_s_error_and_rolls_back(store):
    """What the store's callers catch (an IntegrityError), and nothing of the
    transaction kept, not even the write before the duplicate."""
    row = {"message_id": "<same@x>", "game_id": None, "at": 1.0, "outcome": "handled"}
    with pytest.raises(sa_exc.IntegrityError):
        with store.write() as conn:
            conn.execute(_NOTE, row)
            conn.execute(_NOTE, row)
    with store.read() as conn:
        assert _messages(conn) == []


def test_a_move_by_mail_and_its_sending_write_through_core_only(store):
    """Every write of a move mail's path (the ingest, and the sending by serve's sender
    of the mails it queued) is a Core statement SQLAlchemy compiled, none a text run
    past it with exec_driver_sql."""
    with SmtpSink() as sink:
        table = Table(store, sink, SEATS)
        gid = table.start()
        table.deliver()
        g = game_detail(store, gid)
        rp = replay_text(g["text"], gid)
        line = legal_lines(rp.module, rp.state, 5)[1][0]
        own = store.own_mail = OwnMail("sender-1")
        writes: list[tuple[str, bool]] = []
        event.listen(store.engine, "before_cursor_execute",
                     lambda conn, cursor, statement, params, context, many:
                     statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))
                     and writes.append((statement, context.compiled is not None)))
        done, mid, _ = table.send(g["to_move"], f"{line} #{g['ply']}")
        assert done.outcome == "handled" and done.reply.ok, done
        own.looked = time.monotonic()              # it has looked at the outbox just now
        sent = deliver(store, table.url, own=True)
        assert sent.sent == len(SEATS) + 1 and sent.failed == sent.deferred == 0
    assert writes and [s for s, core in writes if not core] == []
