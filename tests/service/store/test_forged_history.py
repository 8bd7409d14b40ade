"""The host adds no move to a history that fails verify (issue 21, item 4): a draw's
key changed in the store behind the host's back is found the next time the game is
read, before any move is added, on SQLite and PostgreSQL."""
from __future__ import annotations

import re

from sqlalchemy import select, update

from referee.operations import legal_lines
from referee.service.store import schema as S
from referee.service.hosted.games import export_text, game_detail
from referee.service.hosted.session import replay_text
from referee.service.store import Store
from referee.service.hosted.entry import submit
from tests.service.hostkit import Table
from tests.service.mailservers import SmtpSink

SEATS = {"RED": "red@players.example", "GREEN": "green@players.example"}


def test_a_forged_key_stops_the_game_and_changes_nothing(store):
    with SmtpSink() as sink:
        gid = Table(store, sink, SEATS).start()
    g = game_detail(store, gid)
    rp = replay_text(export_text(store, gid), gid)
    _, lines, _ = legal_lines(rp.module, rp.state, 3)
    with store.read() as conn:
        row = next(r for r in conn.execute(select(S.log).where(S.log.c.game_id == gid)
                                           .order_by(S.log.c.seq)).mappings()
                   if "key=" in r["text"])
    key = re.search(r"key=([0-9a-f]+)", row["text"]).group(1)
    forged = row["text"].replace(key, ("1" if key[0] == "0" else "0") + key[1:])
    with store.write() as conn:
        conn.execute(update(S.log).where(S.log.c.game_id == gid, S.log.c.seq == row["seq"])
                     .values(text=forged))
    fresh = Store(store.engine)          # a process that did not see the game before
    before = export_text(fresh, gid)
    reply = submit(fresh, gid, g["to_move"], lines[0], via="web")
    assert not reply.ok
    assert "does not replay cleanly" in reply.text
    assert export_text(fresh, gid) == before and game_detail(fresh, gid)["ply"] == g["ply"]
