"""``referee forum poll``: every followed thread read once, the answers due posted; a
forum that cannot be reached is named in one sentence with exit 75, and the other
threads are still read."""
from __future__ import annotations

from referee.cli import run
from referee.service.forum import thread_of
from referee.service.store import open_store
from tests.forum.hostkit_forum import game_row, host_new
from tests.forum.standin import ForumStandIn


def test_forum_poll_reads_every_thread_and_says_which_it_could_not(tmp_path, capsys,
                                                                     monkeypatch):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    with ForumStandIn() as forum:
        monkeypatch.setenv("REFEREE_DISCOURSE_API_KEY", forum.api_key)
        monkeypatch.setenv("REFEREE_DISCOURSE_USER", forum.api_username)
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
