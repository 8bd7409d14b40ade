"""``referee forum poll``: every followed thread read once, the answers due posted; a
forum that cannot be reached is named in one sentence with exit 75, and the other
threads are still read."""
from __future__ import annotations

import time

from sqlalchemy import select

from referee.cli import run
from referee.service.store import schema as S
from referee.service.forum import DiscourseClient, thread_of
from referee.service.forum.posting import post_answers
from referee.service.hosted.forum_answers import waiting_pastes
from referee.service.store import open_store
from tests.service.forum.hostkit_forum import Referee, game_row, host_new
from tests.service.forum.standin import ForumStandIn


def test_forum_poll_reads_every_thread_and_says_which_it_could_not(tmp_path, capsys,
                                                                     monkeypatch):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    with ForumStandIn() as forum:
        monkeypatch.setenv("REFEREE_DISCOURSE_API_KEY", forum.api_key)
        monkeypatch.setenv("REFEREE_DISCOURSE_USER", forum.api_username)
        monkeypatch.setenv("REFEREE_DISCOURSE_URL", forum.base)
        topic = forum.thread("discourse", "polled")
        good = host_new(capsys, db, "hawaii", topic.url, {"RED": "alice", "GREEN": "bob"})
        with ForumStandIn() as gone:
            lost = gone.thread("phpbb", "a board that goes away")
            bad = host_new(capsys, db, "hawaii", lost.url, {"RED": "carol", "GREEN": "dave"},
                           "--moderator", "mod@example.org")
        topic.post("alice", "salt pepper")
        topic.post("bob", "me too")
        capsys.readouterr()
        assert run(["forum", "poll", "--db", db]) == 75
        err = capsys.readouterr().err
        assert "read 2 posts, handled 2; answers posted 3, deferred 0, failed 0" in err
        assert f"the thread {thread_of(lost.url).url} could not be read" in err
        assert "Connection refused" in err and err.count("\n") == 2
        assert "Traceback" not in err
        store = open_store(db)
        assert game_row(store, good)["status"] == "playing"
        assert game_row(store, bad)["status"] == "salting"
        assert [p.author for p in topic.posts].count(forum.api_username) == 3
        assert run(["forum", "poll", "--db", db, "--no-answer"]) == 75
        assert "read 3 posts, handled 0" in capsys.readouterr().err    # the referee's own
        store.dispose()


def test_an_answer_is_posted_once_after_the_forum_comes_back(tmp_path, capsys):
    """A forum that cannot be reached defers the answer with a growing wait; it is
    posted once when the forum answers again, and never again; a key the forum refuses
    gives the answer up at once (the log says why) and shows it on the game's page to
    paste, until a paste of it is read in the thread."""
    db = f"sqlite:///{tmp_path / 'r.db'}"
    with ForumStandIn() as forum:
        topic = forum.thread("discourse", "flaky")
        gid = host_new(capsys, db, "hawaii", topic.url, {"RED": "alice", "GREEN": "bob"})
        store = open_store(db)
        base = thread_of(topic.url).base
        with ForumStandIn() as gone:
            dead = gone.base
        now = time.time()
        down = post_answers(store, lambda _b: DiscourseClient(dead, forum.api_key,
                                                             forum.api_username), now=now)
        assert (down.sent, down.deferred, down.failed) == (0, 1, 0)
        with store.read() as conn:
            row = conn.execute(select(S.outbox)).mappings().one()
        assert row["attempts"] == 1 and row["next_try"] > now and row["last_error"]

        def client(b):
            return DiscourseClient(b, forum.api_key, forum.api_username)

        assert post_answers(store, client, now=now).sent == 0          # not due yet
        assert post_answers(store, client, now=row["next_try"]).sent == 1
        assert post_answers(store, client, now=row["next_try"] + 3600).sent == 0
        assert [p.author for p in topic.posts] == [forum.api_username]
        assert base == forum.base
        topic.post("alice", "in")
        Referee(store, forum).poll()
        refused = post_answers(store, lambda b: DiscourseClient(b, "wrong-key",
                                                               forum.api_username))
        assert (refused.sent, refused.deferred, refused.failed) == (0, 0, 1)
        assert len(topic.posts) == 2
        # given up, the answer waits on the game's page for the moderator to paste
        waiting = waiting_pastes(store, gid)
        assert len(waiting) == 1 and waiting[0]["failed"]
        assert waiting[0]["marker"] == f"answer {gid}.2 from the referee"
        topic.post("moderator", waiting[0]["body"])
        Referee(store, forum).poll()
        assert waiting_pastes(store, gid) == []
        assert game_row(store, gid)["ply"] == 0                # the paste played nothing
        store.dispose()
