"""``referee serve`` follows a forum thread by itself: it reads the topic every
``--forum-every`` seconds, takes Discourse's webhook at once, and posts its answers
through the API, with nothing else running; SIGTERM stops it cleanly."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from referee.service.store import open_store
from tests.service.forum.hostkit_forum import game_row, host_new, legal_line
from tests.service.forum.standin import ForumStandIn
from tests.service.mailservers import free_port

ROOT = Path(__file__).resolve().parents[3]
WAIT = 120.0


def _until(what, check, proc, log):
    deadline = time.monotonic() + WAIT
    while not check():
        assert proc.poll() is None, log.read_text()
        assert time.monotonic() < deadline, f"{what}; the log:\n{log.read_text()}"
        time.sleep(0.2)


def test_serve_follows_a_discourse_topic(tmp_path, capsys):
    db = f"sqlite:///{tmp_path / 'referee.db'}"
    rng = random.Random(9)
    with ForumStandIn() as forum:
        topic = forum.thread("discourse", "served")
        gid = host_new(capsys, db, "hawaii", topic.url, {"RED": "alice", "GREEN": "bob"})
        port, log = free_port(), tmp_path / "serve.log"
        env = dict(os.environ, REFEREE_DISCOURSE_API_KEY=forum.api_key,
                   REFEREE_DISCOURSE_USER=forum.api_username, REFEREE_DISCOURSE_URL=forum.base,
                   REFEREE_DISCOURSE_WEBHOOK_SECRET=forum.webhook_secret)
        proc = subprocess.Popen([sys.executable, "-m", "referee", "serve", "--db", db,
                                 "--port", str(port), "--forum-every", "1"], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=open(log, "ab"))
        try:
            def mine():
                return [p for p in topic.posts if p.author == forum.api_username]

            _until("the opening answer was not posted", lambda: len(mine()) == 1, proc, log)
            topic.post("alice", "in")
            topic.post("bob", "in too")
            _until("the salts were not read", lambda: len(mine()) == 3, proc, log)
            store = open_store(db)
            assert game_row(store, gid)["status"] == "playing"
            mover = game_row(store, gid)["to_move"]
            account = {"RED": "alice", "GREEN": "bob"}[mover]
            post_id = topic.post(account, legal_line(store, gid, rng))
            raw, headers = topic.webhook(post_id)
            request = urllib.request.Request(f"http://127.0.0.1:{port}/forum/discourse",
                                             data=raw, headers=headers, method="POST")
            with urllib.request.urlopen(request, timeout=30) as r:
                assert r.status == 200
            _until("the move was not answered", lambda: len(mine()) == 4, proc, log)
            assert game_row(store, gid)["ply"] > 4
            time.sleep(2.5)                    # two more readings: nothing is answered twice
            assert len(mine()) == 4
            store.dispose()
        finally:
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(timeout=WAIT) == 0, log.read_text()
        assert "forum out" in log.read_text()


def test_cron_and_serve_write_the_same_answers(tmp_path, capsys):
    """The same game, the same post: ``referee forum poll`` from cron, told nothing but
    the store, answers as ``referee serve --url`` does, the board's picture included.
    (A salt's commitment is made with a nonce of its own: the chain heads differ.)"""
    import re
    import sqlite3

    from referee.cli import run
    from tests.service.forum.hostkit_forum import answer_bodies

    url = "https://games.example.org"
    cron, served = tmp_path / "cron.db", tmp_path / "served.db"
    with ForumStandIn() as forum:
        topic = forum.thread("discourse", "twice")
        gid = host_new(capsys, f"sqlite:///{cron}", "hawaii", topic.url,
                       {"RED": "alice", "GREEN": "bob"})
        served.touch(mode=0o600)        # a store the referee opens is its user's alone
        with sqlite3.connect(cron) as source, sqlite3.connect(served) as copy:
            source.backup(copy)                     # the same game, its secret included
        topic.post("alice", "salt pepper-and-salt")
        assert run(["host", "config", "--db", f"sqlite:///{cron}", "--url", url]) == 0
        assert run(["forum", "poll", "--db", f"sqlite:///{cron}", "--no-answer"]) == 0
        port, log = free_port(), tmp_path / "serve.log"
        proc = subprocess.Popen([sys.executable, "-m", "referee", "serve", "--db",
                                 f"sqlite:///{served}", "--port", str(port), "--url", url,
                                 "--forum-every", "1"], cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=open(log, "ab"))
        try:
            store = open_store(f"sqlite:///{served}")
            _until("serve did not answer the posts",
                   lambda: len(answer_bodies(store, gid)) == 2, proc, log)
            store.dispose()
        finally:
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(timeout=WAIT) == 0, log.read_text()
    by_cron, by_serve = ([re.sub(r"chain [0-9a-f]{12}", "chain HEAD", body) for body in
                          answer_bodies(open_store(f"sqlite:///{db}"), gid)]
                         for db in (cron, served))
    assert len(by_cron) == 2 and by_cron == by_serve
    assert f"({url}/game/{gid}/board.png?ply=0)" in by_cron[-1]
