"""The store and submit without mail: games created, played, exported, listed."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from sqlalchemy import select

from referee.operations.listing import legal_lines
from referee.service.store import database, schema as S
from referee.service.hosted.games import (create_game, export_text, game_detail, list_games,
                                   seat_for_link, seat_link_token)
from referee.service.hosted.session import replay_text
from referee.service.hosted.entry import submit

SEATS = {"RED": "alice@example.org", "GREEN": "bob@example.org"}
SALT = "sixteen-letters-"


def _dealt(store, game="hawaii", seats=SEATS):
    gid = create_game(store, game, seats, host_address="referee@host.example", now=1000.0)
    for seat in seats:
        assert submit(store, gid, seat, "salt " + SALT + seat.lower(), via="web", now=1001.0).ok
    return gid


def test_open_store_twice_keeps_the_host_key(store_url):
    from referee.service.store import open_store
    a = open_store(store_url)
    with a.read() as conn:
        key = a.host_key(conn)
    b = open_store(store_url)
    with b.read() as conn:
        assert b.host_key(conn) == key and len(key) == 32
    a.dispose(), b.dispose()


def test_a_hosted_game_exports_what_the_cli_would_have_written(store, tmp_path):
    """Same secret, salts and moves through `new --commit` and `play`: the same bytes."""
    from referee.core import registry
    from referee.operations.newgame import new_committed_transcript
    from referee.operations.play import play_line

    gid = _dealt(store)
    rng = random.Random(3)
    sent = []
    for _ in range(12):
        g = game_detail(store, gid)
        rp = replay_text(g["text"], "x")
        _, lines, _ = legal_lines(rp.module, rp.state, 30)
        line = rng.choice(lines)
        reply = submit(store, gid, g["to_move"], line, via="web", expect_ply=g["ply"])
        assert reply.ok, reply.text
        sent.append(line)
    with store.read() as conn:
        secret = conn.execute(select(S.games.c.secret).where(S.games.c.id == gid)).scalar()
    module = registry.get("hawaii")
    text, _ = new_committed_transcript(module, list(SEATS), [], bytes.fromhex(secret))
    path = tmp_path / "cli.txt"
    path.write_text(text)
    (tmp_path / "cli.txt.secret").write_text(secret + "\n")
    from referee.replay.deal_algorithm import salt_commitment
    for seat in SEATS:
        word = SALT + seat.lower()
        play_line(str(path), f'[SaltCommit "{seat} {salt_commitment(seat, word)}"]')
    for seat in SEATS:
        play_line(str(path), f'[Salt "{seat} {SALT}{seat.lower()}"]')
    for line in sent:
        play_line(str(path), line)
    assert export_text(store, gid) == path.read_text()


def test_chain_rows_match_the_chain_of_the_replay(store):
    """The head stored after each row is the one the transcript layer's replay computes."""
    from referee.transcript.reader import read_text
    from referee.replay.replayer import replay

    gid = _dealt(store)
    for _ in range(3):
        g = game_detail(store, gid)
        rp = replay_text(g["text"], "x")
        assert submit(store, gid, g["to_move"], legal_lines(rp.module, rp.state, 1)[1][0],
                      via="web").ok
    g = game_detail(store, gid)
    rp = replay(read_text(g["text"]), chain=True)
    assert rp.ply == g["ply"] == len([i for i in g["items"] if i["ply"]])
    assert rp.chain.hex() == g["chain"] and g["witness"] == rp.witness


def test_a_move_out_of_turn_or_for_another_seat_changes_nothing(store):
    gid = _dealt(store)
    g = game_detail(store, gid)
    waiting = next(s for s in SEATS if s != g["to_move"])
    rp = replay_text(g["text"], "x")
    line = legal_lines(rp.module, rp.state, 1)[1][0]
    r1 = submit(store, gid, waiting, line, via="web")
    assert not r1.ok and r1.verdicts[0].code == "not-your-seat"
    r2 = submit(store, gid, waiting, line.split(None, 1)[1], via="web")
    assert not r2.ok and r2.verdicts[0].code == "out-of-turn"
    assert game_detail(store, gid)["text"] == g["text"]


def test_stale_guard_and_already_recorded(store):
    gid = _dealt(store)
    g = game_detail(store, gid)
    rp = replay_text(g["text"], "x")
    line = legal_lines(rp.module, rp.state, 1)[1][0]
    assert submit(store, gid, g["to_move"], line, via="web", expect_ply=g["ply"]).ok
    again = submit(store, gid, g["to_move"], line, via="web", expect_ply=g["ply"])
    assert again.ok and again.verdicts[0].answer == f"already recorded at ply {g['ply'] + 1}"
    stale = submit(store, gid, g["to_move"], line, via="web", expect_ply=g["ply"] - 1)
    assert not stale.ok and stale.verdicts[0].code == "stale-ply"
    assert game_detail(store, gid)["ply"] == g["ply"] + 1


def test_listing_and_private_links(store):
    gid = _dealt(store)
    rows = list_games(store)
    assert [r["id"] for r in rows] == [gid]
    assert rows[0]["status"] == "playing" and rows[0]["to_move"] in SEATS
    token = seat_link_token(store, gid, "GREEN")
    assert seat_for_link(store, gid, token) == "GREEN"
    assert seat_for_link(store, gid, token.rsplit(".", 1)[1]) == "GREEN"
    assert seat_for_link(store, gid, token[:-1] + ("0" if token[-1] != "0" else "1")) is None


def test_unique_ply_is_a_wall(store):
    from sqlalchemy import insert
    from sqlalchemy.exc import IntegrityError

    gid = _dealt(store)
    with pytest.raises(IntegrityError):
        with store.write() as conn:
            conn.execute(insert(S.log).values(game_id=gid, seq=999, ply=1, text="RED x", at=0.0,
                                              via="test"))


def test_only_bookkeeping_commits_go_unsynced_on_sqlite(tmp_path):
    """Issue 21, item 8: a move acknowledged survives a power loss (synchronous=FULL);
    the outbox's claims and marks (``write(durable=False)``) are not synced, and the
    next durable transaction on the same connection is synced again."""
    from sqlalchemy import text

    from referee.service.store import open_store

    store = open_store(f"sqlite:///{tmp_path / 'r.db'}")
    sync = text("PRAGMA synchronous")       # 2: FULL, 1: NORMAL
    for durable, want in ((True, 2), (False, 1), (True, 2), (False, 1), (False, 1), (True, 2)):
        with store.write(durable=durable) as conn:
            assert conn.execute(sync).scalar() == want
    with store.read() as conn:
        assert conn.execute(sync).scalar() == 2
    store.dispose()


def test_a_single_statement_write_is_autocommitted_and_the_next_is_a_transaction(store):
    """``write(single=True)`` (the outbox's claims and marks: one statement each) runs
    without BEGIN and COMMIT; the next write on the pooled connection is a transaction
    again, rolled back whole by an error."""
    from sqlalchemy import func, select

    def in_transaction(conn) -> bool:
        raw = conn.connection.driver_connection
        if store.sqlite:
            return raw.in_transaction
        return not raw.autocommit

    gid = _dealt(store)
    with store.write(single=True, durable=False) as conn:
        assert not in_transaction(conn)
        conn.execute(S.games.update().where(S.games.c.id == gid).values(title="one"))
        assert not in_transaction(conn)              # committed by the statement itself
    with pytest.raises(RuntimeError):
        with store.write() as conn:
            conn.execute(S.games.update().where(S.games.c.id == gid).values(title="two"))
            assert in_transaction(conn)
            raise RuntimeError("rolled back")
    with store.read() as conn:
        assert conn.execute(select(S.games.c.title).where(S.games.c.id == gid)).scalar() == "one"
        assert conn.execute(select(func.count()).select_from(S.games)).scalar() == 1


def test_the_code_names_the_newest_migration_as_its_schema():
    """A store at ``HEAD`` skips Alembic: a migration newer than HEAD would never run
    on a store made before it."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from referee.service.store import HEAD
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(database.__file__).parent / "migrations"))
    assert ScriptDirectory.from_config(cfg).get_heads() == [HEAD]
