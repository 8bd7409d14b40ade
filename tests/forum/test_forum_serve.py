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
from tests.forum.hostkit_forum import game_row, host_new, legal_line
from tests.forum.standin import ForumStandIn
from tests.service.mailservers import free_port

ROOT = Path(__file__).resolve().parents[2]
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
                   REFEREE_DISCOURSE_USER=forum.api_username,
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
