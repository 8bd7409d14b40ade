"""A whole two-player Hawaii game played in a Discourse topic of the forum stand-in:
the seats' accounts post their moves (with chatter around them, quotes of earlier
posts, seat words left out, ``#N`` guards), some delivered by the ``post_created``
webhook and the rest read by polls; the referee answers in the topic through the
documented API, and the exported transcript checks and verifies."""
from __future__ import annotations

import json
import random
import re

from referee.operations.check import check_path
from referee.service.forum.webhook_route import SECRET
from referee.service.store import open_store
from referee.service.daemon import host_app
from tests.service.forum.hostkit_forum import (MARKER, WITNESS, Referee, answer_bodies, counts,
                                       game_row, host_new, legal_line, witness_of)
from tests.service.forum.standin import ForumStandIn

SEATS = {"RED": "Alice", "GREEN": "bob"}


def test_a_whole_hawaii_game_in_a_discourse_topic(tmp_path, capsys, monkeypatch):
    from starlette.testclient import TestClient

    rng = random.Random(20)
    db = f"sqlite:///{tmp_path / 'referee.db'}"
    with ForumStandIn() as forum:
        monkeypatch.setenv(SECRET, forum.webhook_secret)
        monkeypatch.setenv("REFEREE_DISCOURSE_USER", forum.api_username)
        topic = forum.thread("discourse", "Hawaii, a friendly game")
        topic.post("carol", "Good luck to you both!")          # before the game: ignored
        gid = host_new(capsys, db, "hawaii", topic.url, SEATS, "--title", "forum cup")
        store = open_store(db, public_url="https://games.example.org")
        ref = Referee(store, forum)
        web = TestClient(host_app(store))
        ref.round()
        opening = [p for p in topic.posts if p.author == forum.api_username]
        assert len(opening) == 1 and "@Alice" in opening[0].body and "@bob" in opening[0].body
        # each seat's first post salts for it; a kibitzer's post changes nothing
        topic.post("alice", "salt pepper")        # short: the referee lengthens it in private
        topic.post("dave", "RED salt mine\nshow")
        topic.post("BOB", "I'm in!")
        ref.round()
        assert game_row(store, gid)["status"] == "playing"
        public = "\n".join(p.body for p in topic.posts)
        assert "salt taken" in public and not re.search(r"pepper-[0-9a-f]", public)
        n, hooked, said = 0, 0, {}
        while game_row(store, gid)["status"] == "playing":
            g = game_row(store, gid)
            mover = g["to_move"]
            line = full = legal_line(store, gid, rng)
            if rng.random() < 0.5:
                line = line.split(None, 1)[1]                    # the seat word left out
            if rng.random() < 0.3 or said.get(mover) == full:    # a repeat is held unguarded
                line += f" #{g['ply']}"
            said[mover] = full
            account = SEATS[mover] if n % 2 else SEATS[mover].upper()   # names without case
            body = f"Hmm, let me think.\n\n{line}\n\nYour turn!"
            if n % 7 == 3:                                       # a quote of the last answer
                body = f'[quote="{forum.api_username}, post:1"]\nRED resigns\n[/quote]\n' + body
            before = g["ply"]
            post_id = topic.post(account, body)
            if n % 3 == 0:                                       # at once, by the webhook
                raw, headers = topic.webhook(post_id)
                r = web.post("/forum/discourse", content=raw, headers=headers)
                assert r.status_code == 200, r.text
                hooked += 1
            if n % 3 == 0 or n % 5 == 0 or game_row(store, gid)["ply"] == before:
                ref.round()                                      # a poll (it may be a re-read)
            else:
                ref.answer()
            after = game_row(store, gid)
            assert after["ply"] > before, (line, answer_bodies(store, gid)[-1])
            last = [p for p in topic.posts if p.author == forum.api_username][-1]
            assert witness_of(store, gid) in last.body
            assert f"https://games.example.org/game/{gid}/board.png?ply={after['ply']}" \
                in last.body                          # the picture of that very ply
            n += 1
        ref.round()
        assert hooked > 5 and n > 20, (hooked, n)
        # every seated post handled once; every answer posted once, in order, each
        # with the chain head and its marker; no seat secret or seat page anywhere
        log, posts, answers = counts(store, gid)
        referee_posts = [p for p in topic.posts if p.author == forum.api_username]
        assert len(referee_posts) == answers
        assert [MARKER.search(p.body).group(2) for p in referee_posts] == \
            [str(i) for i in range(1, answers + 1)]
        assert all(WITNESS.search(p.body) for p in referee_posts)
        public = "\n".join(p.body for p in topic.posts)
        assert "/seat/" not in public and f"referee+{gid}." not in public
        assert "game is over" in referee_posts[-1].body.lower()
        # the requests: the documented paths and headers of Discourse's API
        paths = {(r.method, r.path) for r in forum.requests}
        assert paths <= {("GET", f"/t/{topic.topic_id}.json"), ("POST", "/posts.json"),
                         ("GET", f"/t/{topic.topic_id}/posts.json")}, paths
        creates = [r for r in forum.requests if r.method == "POST" and r.path.endswith("/posts.json")]
        assert len(creates) == answers
        for r in creates:
            assert r.headers.get("api-key") == forum.api_key               # lower-cased
            assert r.headers.get("api-username") == forum.api_username     # by the stand-in
            sent = json.loads(r.body)
            assert sent["topic_id"] == topic.topic_id and sent["raw"]
        picture = web.get(f"/game/{gid}/board.svg?ply=5")     # as the answers link it
        assert picture.status_code == 200 and "max-age=31536000" in picture.headers[
            "cache-control"]
        out = tmp_path / "game.txt"
        capsys.readouterr()
        from referee.cli import run
        assert run(["host", "export", gid, "--db", db, "-o", str(out)]) == 0
        assert not check_path(str(out)).errors
        assert run(["verify", str(out)]) == 0
        assert run(["check", str(out)]) == 0
        store.dispose()
