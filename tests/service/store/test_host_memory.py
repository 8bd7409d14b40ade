"""What a process that keeps games in memory must never get wrong: another process's
move, a rolled-back transaction, a store from before the game row counted its lines;
and notifications whose text is written at sending time."""
from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import select, text

from referee.operations.check import check_text
from referee.operations.listing import legal_lines
from referee.service.store import schema as S
from referee.service.hosted.games import create_game, export_text, game_detail
from referee.service.store import open_store
from referee.service.hosted.session import replay_text
from referee.service.hosted.entry import submit
from referee.service.hosted.running import run_lines

ROOT = Path(__file__).resolve().parents[3]
SEATS = {"RED": "alice@example.org", "GREEN": "bob@example.org"}


def _dealt(store):
    gid = create_game(store, "hawaii", SEATS, host_address="referee@host.example", now=1000.0)
    for seat in SEATS:
        assert submit(store, gid, seat, f"salt sixteen-letters-{seat.lower()}", via="web",
                      now=1001.0).ok
    return gid


def _move(store, gid):
    """(seat to move, a legal line) of the stored game, from a replay of its export."""
    g = game_detail(store, gid)
    rp = replay_text(g["text"], gid)
    return g["to_move"], legal_lines(rp.module, rp.state, 5)[1][0]


@pytest.fixture
def resident(store_url):
    s = open_store(store_url, resident=True)
    yield s
    s.dispose()


def test_a_move_made_by_another_process_is_seen(resident, store_url):
    gid = _dealt(resident)
    seat, line = _move(resident, gid)
    assert submit(resident, gid, seat, line, via="web").ok          # now kept in memory
    seat2, line2 = _move(resident, gid)
    code = ("import sys; from referee.service.store import open_store; "
            "from referee.service.hosted.entry import submit; "
            f"r = submit(open_store({store_url!r}), {gid!r}, {seat2!r}, sys.argv[1], via='web'); "
            "sys.exit(0 if r.ok else 1)")
    subprocess.run([sys.executable, "-c", code, line2], cwd=ROOT, check=True)
    page = game_detail(resident, gid)           # a page of this process sees it too
    honest = replay_text(page["text"], gid)
    assert line2.split(None, 1)[1] in page["text"]
    assert (page["replay"].ply, page["replay"].chain) == (honest.ply, honest.chain)
    seat3, line3 = _move(resident, gid)
    reply = submit(resident, gid, seat3, line3, via="web")
    assert reply.ok, reply.text
    exported = export_text(resident, gid)
    assert line2.split(None, 1)[1] in exported and check_text(exported).ok


def test_a_rolled_back_move_is_not_remembered(resident):
    gid = _dealt(resident)
    seat, line = _move(resident, gid)
    before = export_text(resident, gid)
    with pytest.raises(RuntimeError):
        with resident.write() as conn:
            reply = run_lines(resident, conn, gid, seat, [(line, None)], via="web", now=2000.0)
            assert reply.ok
            raise RuntimeError("the transaction fails after the move was played")
    assert export_text(resident, gid) == before
    again = submit(resident, gid, seat, line, via="web")            # still legal: not played
    assert again.ok and again.lines, again.text
    assert check_text(export_text(resident, gid)).ok


def test_a_store_from_before_line_counts_is_upgraded(tmp_path):
    from alembic import command
    from alembic.config import Config

    url = f"sqlite:///{tmp_path / 'old.db'}"
    store = open_store(url)
    gid = _dealt(store)
    seat, line = _move(store, gid)
    assert submit(store, gid, seat, line, via="web").ok
    with store.engine.begin() as conn:                  # back to the schema of r0002
        cfg = Config()
        cfg.set_main_option("script_location", str(ROOT / "referee/service/store/migrations"))
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "r0002")
    with store.engine.connect() as conn:
        assert "lines" not in [r[1] for r in conn.execute(text("PRAGMA table_info(games)"))]
    store.dispose()
    upgraded = open_store(url, resident=True)
    with upgraded.read() as conn:
        lines = conn.execute(select(S.games.c.lines).where(S.games.c.id == gid)).scalar()
        rows = conn.execute(select(S.log.c.seq).where(S.log.c.game_id == gid)).all()
    assert lines == len(rows) > 0
    for _ in range(3):
        seat, line = _move(upgraded, gid)
        assert submit(upgraded, gid, seat, line, via="web").ok
    assert check_text(export_text(upgraded, gid)).ok


def test_the_row_names_the_text(store):
    """A game's row counts its log rows, so that header, count and chain name the text."""
    gid = _dealt(store)
    for _ in range(4):
        seat, line = _move(store, gid)
        assert submit(store, gid, seat, line, via="web").ok
        with store.read() as conn:
            lines = conn.execute(select(S.games.c.lines).where(S.games.c.id == gid)).scalar()
            rows = len(conn.execute(select(S.log.c.seq).where(S.log.c.game_id == gid)).all())
        assert lines == rows


def _notices(store, gid):
    with store.read() as conn:
        return list(conn.execute(select(S.outbox).where(S.outbox.c.game_id == gid,
                                                        S.outbox.c.kind == "notify")
                                 .order_by(S.outbox.c.id)).mappings())


def test_notifications_are_written_when_sent(store):
    from referee.service.hosted.mails import composed_body

    gid = _dealt(store)
    seat, line = _move(store, gid)
    assert submit(store, gid, seat, line, via="web").ok
    rows = _notices(store, gid)[-len(SEATS):]
    assert all(r["compose"] and r["png_state"] and r["body"] == "" for r in rows)
    bodies = {json.loads(r["compose"])["seat"]: composed_body(r) for r in rows}
    g = game_detail(store, gid)
    for who, body in bodies.items():
        assert line.split(None, 1)[1] in body and g["witness"] in body
        assert ("Your move." in body) == (who == g["to_move"])
    # what the mover is offered is legal in the stored game
    rp = replay_text(g["text"], gid)
    offered = bodies[g["to_move"]].split("Or send a whole move, for example:\n")[1]
    offered = [ln.strip().rsplit(" #", 1)[0]           # each line with its ply guard
               for ln in itertools.takewhile(lambda ln: ln.startswith("    "),
                                             offered.split("\n"))]
    legal = legal_lines(rp.module, rp.state)[1]
    assert offered and set(offered) <= set(legal)


def test_a_position_that_no_longer_reads_still_gives_a_mail(store):
    from referee.service.hosted.mails import composed_body

    gid = _dealt(store)
    seat, line = _move(store, gid)
    assert submit(store, gid, seat, line, via="web").ok
    row = dict(_notices(store, gid)[-1])
    row["png_state"] = json.dumps({"game": "hawaii", "state": {"not": "a state"}})
    body = composed_body(row)
    assert line.split(None, 1)[1] in body and "reply 'show'" in body
    assert game_detail(store, gid)["witness"] in body


@pytest.mark.parametrize("code", ["written by another version", None])
def test_a_position_another_version_queued_is_checked_before_it_is_drawn(store, code):
    """A notification's position is read back without its consistency check only when
    this very code wrote it; one queued before an upgrade (another fingerprint, or
    none) is checked, and an impossible one gets the brief mail, not a false board."""
    from referee.core import content_fingerprint
    from referee.service.hosted.mails import composed_body

    gid = _dealt(store)
    seat, line = _move(store, gid)
    assert submit(store, gid, seat, line, via="web").ok
    row = dict(_notices(store, gid)[-1])
    doc = json.loads(row["png_state"])
    assert doc["code"] == content_fingerprint()
    assert "reply 'show'" not in composed_body(row)
    doc["state"]["players"][seat]["at"] = "nowhere"         # no place a chief can be
    if code is None:
        del doc["code"]
    else:
        doc["code"] = code
    row["png_state"] = json.dumps(doc)
    body = composed_body(row)
    assert line.split(None, 1)[1] in body and "reply 'show'" in body


def test_the_reply_and_notifications_are_one_statement(store):
    """A move's mails are written together at the end of its transaction."""
    from sqlalchemy import event

    gid = _dealt(store)
    seat, line = _move(store, gid)
    seen = []
    listener = lambda *a: seen.append(a[2])        # noqa: E731
    event.listen(store.engine, "before_cursor_execute", listener)
    try:
        assert submit(store, gid, seat, line, via="web").ok
    finally:
        event.remove(store.engine, "before_cursor_execute", listener)
    assert sum(s.lstrip().upper().startswith("INSERT INTO OUTBOX") for s in seen) == 1
    assert sum(s.lstrip().upper().startswith("UPDATE GAMES") for s in seen) == 1
    g = game_detail(store, gid)                 # the one UPDATE wrote all the row's news
    rp = replay_text(g["text"], gid)
    assert (g["ply"], g["to_move"]) == (rp.ply, rp.to_move)


def test_the_sender_writes_the_mails_of_a_position_kept_in_memory_as_from_the_store(store):
    """The process that queued a notification keeps the position's state for its sender
    (no reading back): the mails are the same text either way, a position is kept only
    once the move committed, and forgotten once its mails are written."""
    from referee.service.hosted.mails import composed_body
    from referee.service.mail.sending import deliver
    from tests.service.mailservers import SmtpSink

    gid = _dealt(store)
    seat, line = _move(store, gid)
    kept = dict(store.games._pictures)          # the deal's
    with pytest.raises(RuntimeError):            # a rolled-back move keeps nothing
        with store.write() as conn:
            run_lines(store, conn, gid, seat, [(line, None)], via="web", now=2000.0)
            raise RuntimeError("rolled back")
    assert store.games._pictures == kept
    assert submit(store, gid, seat, line, via="web").ok
    rows = _notices(store, gid)[-len(SEATS):]
    assert all(store.games.position(r["png_state"]) is not None for r in rows)
    for r in rows:
        assert composed_body(r, {}, store.games.position) == composed_body(r)
    with SmtpSink() as sink:
        assert deliver(store, f"smtp://127.0.0.1:{sink.port}").failed == 0
    assert all(store.games.position(r["png_state"]) is None for r in rows)
    sent = {m.recipients[0]: m.data.decode().replace("\r\n", "\n") for m in sink.received}
    for r in rows:
        assert composed_body(r).split("\n")[0] in sent[json.loads(r["recipients"])[0]]
