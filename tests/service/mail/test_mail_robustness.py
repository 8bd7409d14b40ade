"""Mail under stress: twenty ingests of one game at once, kill -9 in the middle of an
ingest, the SMTP server down in the middle of a game, and a hostile corpus."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from sqlalchemy import select

from referee.operations.check import check_text
from referee.service.store import schema as S
from referee.service.hosted.games import create_game, export_text, game_detail, list_games
from referee.service.mail.ingest import ingest
from referee.service.mail.sending import deliver
from referee.service.hosted.session import replay_text
from tests.service.hostkit import HOST, Table, all_at_once
from tests.service.mailservers import SmtpSink, free_port

ROOT = Path(__file__).resolve().parents[3]
THREE = {"RED": "alice@players.example", "GREEN": "bob@players.example",
         "BLUE": "carol@players.example"}


def _dealt(store, table):
    gid = create_game(store, "hawaii", THREE, host_address=HOST)
    table.deliver()
    for seat in THREE:
        assert table.send(seat, "salt x")[0].outcome == "handled"
    table.deliver()
    return gid


def _options(store, gid, n=40):
    from referee.operations.listing import legal_lines
    g = game_detail(store, gid)
    rp = replay_text(g["text"], gid)
    return g, legal_lines(rp.module, rp.state, n)[1]


def _consistent(store, gid):
    from referee.replay.chain import head
    from referee.service.store.record import chain_text, header_tags
    from referee.transcript import split_text

    g = game_detail(store, gid)
    plies = [i["ply"] for i in g["items"] if i["ply"] is not None]
    assert plies == list(range(1, g["ply"] + 1))
    header, body = split_text(g["text"])
    ply, h = head(header_tags(header), [t for t in map(chain_text, body) if t])
    assert (ply, h.hex() if ply else None) == (g["ply"], g["chain"])
    assert check_text(g["text"]).ok
    return g


def _outbox(store):
    with store.read() as conn:
        return list(conn.execute(select(S.outbox)).mappings())


def test_twenty_ingests_at_once(store):
    with SmtpSink() as sink:
        table = Table(store, sink, THREE)
        gid = _dealt(store, table)
        rng = random.Random(7)
        for _ in range(5):
            g, lines = _options(store, gid)
            raws = []
            for i in range(20):
                seat = g["to_move"] if i % 4 else rng.choice(list(THREE))
                line = rng.choice(lines)
                if seat != g["to_move"]:
                    line = line.split(None, 1)[1]
                raws.append((seat, table.write(seat, line + (f" #{g['ply']}" if i % 2 else ""))))
            results = all_at_once([lambda raw=raw: ingest(store, raw[0]) for _, raw in raws])
            after = _consistent(store, gid)
            assert all(r.outcome == "handled" for r in results)
            accepted = [r.reply for r in results if r.reply.lines]
            assert after["ply"] - g["ply"] == sum(len(r.lines) for r in accepted)
            body = [i["text"] for i in after["items"]]
            for r in accepted:
                assert sum(body[k:k + len(r.lines)] == r.lines for k in range(len(body))) == 1
            # every reply mailed, once, and true: accepted lines are in the game
            replies = [m for m in table.deliver() if m.in_reply_to in
                       {mid for _, (_, mid) in raws}]
            assert len(replies) == len(raws)
            for m in replies:            # (the draws that follow are told in words)
                for line in m.body.split("The referee dealt:")[0].split("\n"):
                    # (a move's line is indented by four, the move in words under it by six)
                    if line.startswith("    ") and not line.startswith("      ") \
                            and "accepted:" in m.body:
                        assert line.strip() in body


def _ingest_cmd(url):
    return [sys.executable, "-m", "referee", "mail", "ingest", "--db", url]


def test_kill_9_in_the_middle_of_an_ingest(store, store_url):
    with SmtpSink() as sink:
        table = Table(store, sink, THREE)
        gid = _dealt(store, table)
        rng = random.Random(11)
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        for _ in range(12):
            g, lines = _options(store, gid)
            if g["status"] != "playing":
                break
            raw, mid = table.write(g["to_move"], rng.choice(lines))
            proc = subprocess.Popen(_ingest_cmd(store_url), stdin=subprocess.PIPE, env=env,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    cwd=ROOT)
            proc.stdin.write(raw)
            proc.stdin.close()
            time.sleep(rng.uniform(0.2, 1.5))
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            _consistent(store, gid)
            # the MTA's retry
            retry = subprocess.run(_ingest_cmd(store_url), input=raw, env=env, cwd=ROOT,
                                   capture_output=True)
            assert retry.returncode == 0, retry.stderr
            after = _consistent(store, gid)
            assert after["ply"] > g["ply"]
            replies = [r for r in _outbox(store) if r["in_reply_to"] == mid]
            assert len(replies) == 1


def test_smtp_down_loses_nothing_and_sends_nothing_twice(store):
    with SmtpSink() as sink:
        table = Table(store, sink, THREE)
        gid = _dealt(store, table)
        dead = f"smtp://127.0.0.1:{free_port()}"
        rng = random.Random(3)
        t = time.time()
        for _ in range(6):                  # the game goes on while the server is down
            g, lines = _options(store, gid)
            note_to = g["to_move"]
            raw, _ = table.write(note_to, rng.choice(lines))
            assert ingest(store, raw).reply.ok
            d = deliver(store, dead)
            assert d.sent == 0 and d.deferred == 1
        waiting = [r for r in _outbox(store) if r["sent_at"] is None]
        assert len(waiting) >= 6 * 4
        # back up; two senders at once, far enough in the future for every backoff
        received_before = len(sink.received)
        results = []

        def send():
            results.append(deliver(store, table.url, now=t + 10 * 86400))

        threads = [threading.Thread(target=send) for _ in range(2)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        got = sink.received[received_before:]
        ids = [m.data.split(b"Message-ID:", 1)[1].split(b"\n", 1)[0].strip()
               if b"Message-ID:" in m.data else None for m in got]
        assert len(got) == len(waiting) == sum(r.sent for r in results)
        assert len(set(ids)) == len(ids)
        assert all(r["sent_at"] is not None for r in _outbox(store))
        assert deliver(store, table.url, now=t + 20 * 86400).sent == 0


def test_hostile_corpus_changes_nothing_and_answers_only_known_people(tmp_path):
    from tests.service.mailkit import hostile_messages
    from referee.service.store import open_store

    store = open_store(f"sqlite:///{tmp_path / 'referee.db'}")
    gid = create_game(store, "hawaii", THREE, host_address=HOST)
    before = export_text(store, gid), list_games(store)
    rows = len(_outbox(store))
    known = {a.lower() for a in THREE.values()}
    import re
    from_line = re.compile(rb"^From:[^\r\n]*", re.M | re.I)
    for i, raw in enumerate(hostile_messages(10_000, 12)):
        if i % 20 == 0:          # some claim to come from a seat: refused, once an hour
            raw = from_line.sub(b"From: Alice <alice@players.example>", raw, count=1)
        ingest(store, raw)
        out = _outbox(store)
        assert len(out) - rows <= 1
        for row in out[rows:]:
            assert {a.lower() for a in json.loads(row["recipients"])} <= known
        rows = len(out)
    assert (export_text(store, gid), list_games(store)) == before
    to_alice = [r for r in _outbox(store) if "alice@players.example" in r["recipients"]
                and r["kind"] == "refusal"]
    assert len(to_alice) == 1          # refused, and only once: the rate limit


def test_chatter_that_begins_like_a_command_does_not_stop_the_move(store):
    """'Moves are hard' (a Hawaii verb) and 'Show me…' (a command word) around a move
    written with its seat word are chatter: the move is played, they are listed back."""
    with SmtpSink() as sink:
        table = Table(store, sink, THREE)
        gid = _dealt(store, table)
        g, lines = _options(store, gid)
        seat = g["to_move"]
        result, _, _ = table.send(seat, "Moves are hard this week.\nShow me what you've "
                                        f"got!\n{lines[0]}\nGo team")
        assert result.outcome == "handled" and result.reply.ok, result.reply.text
        assert result.reply.lines and game_detail(store, gid)["ply"] > g["ply"]
        assert {"Moves are hard this week.", "Show me what you've got!"} <= \
            set(result.reply.ignored)
