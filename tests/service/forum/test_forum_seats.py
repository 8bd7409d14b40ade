"""Seats held by forum accounts: ``host new --thread URL --seat RED=@alice``, one seat
an account, names without case, no mixing with mail seats, ``host replace`` with an
account; ``host show`` and ``host games`` name the thread and the accounts; a forum
seat gets no mail (it reads the thread), and a mail carrying its secret plays nothing."""
from __future__ import annotations

import pytest

from referee.cli import run
from referee.service.hosted.games import game_detail, seat_link_token
from referee.service.mail.ingest import ingest
from referee.service.store import open_store
from tests.service.forum.hostkit_forum import HOST, Referee, answer_bodies, counts, game_row, host_new
from tests.service.forum.standin import ForumStandIn
from tests.service.mailkit import client_mail

THREAD = "https://forum.example.org/t/a-game/42"


@pytest.mark.parametrize("seats, why", [
    (["RED=@alice", "GREEN=bob@example.org"], "accounts only"),
    (["RED=@alice", "GREEN=@ALICE"], "holds RED already"),
    (["RED=@al[b]ice", "GREEN=@bob"], "is not a forum account"),
    (["RED=@", "GREEN=@bob"], "is not a forum account"),
])
def test_forum_seats_that_cannot_be(tmp_path, capsys, seats, why):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    args = ["host", "new", "hawaii", "--db", db, "--from", HOST, "--thread", THREAD]
    for seat in seats:
        args += ["--seat", seat]
    assert run(args) != 0
    assert why in capsys.readouterr().err
    assert run(["host", "games", "--db", db]) == 0
    assert "0 games" in capsys.readouterr().out


def test_accounts_need_a_thread_and_a_thread_needs_accounts(tmp_path, capsys):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    base = ["host", "new", "hawaii", "--db", db, "--from", HOST]
    assert run(base + ["--seat", "RED=@alice", "--seat", "GREEN=@bob"]) != 0
    assert "--thread URL" in capsys.readouterr().err
    assert run(base + ["--thread", THREAD, "--seat", "RED=a@x.org", "--seat", "GREEN=b@x.org"]
               ) != 0
    assert "SEAT=@NAME" in capsys.readouterr().err


def test_a_forum_game_listed_shown_replaced_and_mailed_nothing(tmp_path, capsys):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    with ForumStandIn() as forum:
        _listed_shown_replaced(capsys, db, forum.thread("discourse", "a game").url)


def _listed_shown_replaced(capsys, db, thread):
    gid = host_new(capsys, db, "hawaii", thread, {"RED": "alice", "GREEN": "Bob"})
    assert run(["host", "new", "hawaii", "--db", db, "--from", HOST, "--thread", thread,
                "--seat", "RED=@x", "--seat", "GREEN=@y"]) != 0
    assert f"game {gid} follows that thread" in capsys.readouterr().err
    assert run(["host", "games", "--db", db]) == 0
    assert f"thread {thread}" in capsys.readouterr().out
    assert run(["host", "show", gid, "--db", db]) == 0
    out = capsys.readouterr().out
    assert "RED @alice" in out and "GREEN @Bob" in out and "(discourse)" in out
    store = open_store(db)
    assert run(["host", "replace", gid, "GREEN", "@ALICE", "--db", db]) != 0
    assert "holds RED already" in capsys.readouterr().err
    assert run(["host", "replace", gid, "GREEN", "carol@example.org", "--db", db]) != 0
    assert "@NAME" in capsys.readouterr().err
    assert run(["host", "replace", gid, "GREEN", "@carol", "--db", db]) == 0
    seats = {s["seat"]: s["account"] for s in game_detail(store, gid)["seats"]}
    assert seats == {"RED": "alice", "GREEN": "carol"}
    note = answer_bodies(store, gid)[-1]
    assert "to @carol (until now it was Bob's)" in note and "@carol (GREEN)" in note
    assert "new player" in game_detail(store, gid)["text"]
    # no mail went out: a forum seat has no address, and its secret in a mail plays
    # nothing (the outbox holds the thread's answers alone)
    from sqlalchemy import func, select
    from referee.service.store import schema as S
    with store.read() as conn:
        assert conn.execute(select(func.count()).select_from(S.outbox)
                            .where(S.outbox.c.channel == "mail")).scalar() == 0
    before = counts(store, gid)
    token = seat_link_token(store, gid, "RED")
    raw = client_mail("plain", sender="alice@example.org", to=HOST, subject="move",
                      new_text=f"token {token}\nsalt pepper", quoted="",
                      message_id="<m1@example.org>")
    assert ingest(store, raw).outcome in ("refused", "dropped")
    assert counts(store, gid) == before and game_row(store, gid)["status"] == "salting"
    store.dispose()


def test_the_replaced_account_can_no_longer_post_for_its_seat(tmp_path, capsys):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    with ForumStandIn() as forum:
        topic = forum.thread("discourse", "replacing")
        gid = host_new(capsys, db, "hawaii", topic.url, {"RED": "alice", "GREEN": "bob"})
        assert run(["host", "replace", gid, "GREEN", "@carol", "--db", db]) == 0
        store = open_store(db)
        ref = Referee(store, forum)
        topic.post("alice", "in")
        topic.post("bob", "salt mine-mine-mine-mine")
        ref.round()
        assert game_row(store, gid)["status"] == "salting"
        topic.post("carol", "here I am")
        ref.round()
        assert game_row(store, gid)["status"] == "playing"
        store.dispose()


def test_what_happens_outside_the_thread_is_told_in_it(tmp_path, capsys):
    """A move on a seat's page and the host's takeback are answered in the thread too
    (the thread is where a forum game's seats read), and mailed to no one."""
    import random

    from sqlalchemy import func, select

    from referee.service.store import schema as S
    from referee.service.hosted.entry import submit
    from tests.service.forum.hostkit_forum import legal_line

    db = f"sqlite:///{tmp_path / 'r.db'}"
    with ForumStandIn() as forum:
        topic = forum.thread("discourse", "outside")
        gid = host_new(capsys, db, "hawaii", topic.url, {"RED": "alice", "GREEN": "bob"})
        store = open_store(db)
        ref = Referee(store, forum)
        topic.post("alice", "in")
        topic.post("bob", "in")
        ref.round()
        mover = game_row(store, gid)["to_move"]
        line = legal_line(store, gid, random.Random(1))
        assert submit(store, gid, mover, line, via="web").ok
        told = answer_bodies(store, gid)[-1]
        assert f"{mover} on the game's page:" in told and line.split()[1] in told
        assert run(["host", "undo", gid, mover, "--db", db]) == 0
        told = answer_bodies(store, gid)[-1]
        assert "by the host:" in told and f"{mover} takes back" in told
        ref.answer()
        assert [p.author for p in topic.posts].count(forum.api_username) == 5
        with store.read() as conn:
            assert conn.execute(select(func.count()).select_from(S.outbox)
                                .where(S.outbox.c.channel == "mail")).scalar() == 0
        store.dispose()


def test_the_clock_reminds_the_account_in_the_thread(tmp_path, capsys):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    with ForumStandIn() as forum:
        topic = forum.thread("phpbb", "on the clock")
        gid = host_new(capsys, db, "hawaii", topic.url, {"RED": "alice", "GREEN": "bob"},
                       "--deadline", "1h", "--moderator", "mod@example.org",
                       "--now", "2026-01-01T10:00")
        store = open_store(db)
        topic.post("alice", "in")
        topic.post("bob", "in")
        Referee(store, forum).poll()
        account = {"RED": "alice", "GREEN": "bob"}[game_row(store, gid)["to_move"]]
        before = counts(store, gid)
        assert run(["host", "tick", "--db", db, "--now", "2099-01-01T10:00"]) == 0
        assert counts(store, gid)[2] == before[2] + 1
        said = answer_bodies(store, gid)[-1]
        assert said.startswith(f"@{account} (") and "your move" in said
        store.dispose()


def test_help_in_a_thread_says_the_news_is_in_the_thread(tmp_path, capsys):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    with ForumStandIn() as forum:
        topic = forum.thread("discourse", "asking")
        gid = host_new(capsys, db, "hawaii", topic.url, {"RED": "alice", "GREEN": "bob"})
        store = open_store(db)
        topic.post("alice", "help")
        Referee(store, forum).round()
        said = answer_bodies(store, gid)[-1]
        assert "answered in the thread with the ply and chain head" in said
        assert "mailed" not in said
        store.dispose()


def test_posts_made_before_the_game_are_talk_not_moves(tmp_path, capsys):
    """A thread gathers its players before the game is made: what they posted then
    (here a salt and a resignation) is not read as the game's."""
    db = f"sqlite:///{tmp_path / 'r.db'}"
    with ForumStandIn() as forum:
        topic = forum.thread("discourse", "who is in?")
        forum.shift_clock(-7200)                   # two hours before the game
        topic.post("alice", "I'm in, RED for me\nRED resigns")
        topic.post("bob", "salt early-bird-salt-word")
        forum.shift_clock(7200)
        gid = host_new(capsys, db, "hawaii", topic.url, {"RED": "alice", "GREEN": "bob"})
        store = open_store(db)
        log, _, answered = counts(store, gid)
        ref = Referee(store, forum)
        ref.round()
        assert game_row(store, gid)["status"] == "salting"
        assert counts(store, gid) == (log, 2, answered)      # read once, and nothing done
        topic.post("alice", "in")
        topic.post("bob", "in")
        ref.round()
        assert game_row(store, gid)["status"] == "playing"
        store.dispose()


@pytest.mark.parametrize("kind", ["discourse", "feed"])
def test_a_post_seconds_before_the_game_is_never_a_reply(tmp_path, capsys, kind):
    """A post written moments before ``host new`` is talk, whatever the forum's clock
    says: not the seat's first reply (its later salt then counts), and one post is
    answered once. A post after the game counts even when the forum dates it an hour
    earlier than the host's clock. (A plain feed's ids do not grow: its posts shown
    when the game was made are recorded read.)"""
    db = f"sqlite:///{tmp_path / 'r.db'}"
    with ForumStandIn() as forum:
        topic = forum.thread(kind, "ready?")
        topic.post("alice", "ready when you are")
        gid = host_new(capsys, db, "hawaii", topic.url, {"RED": "alice", "GREEN": "bob"},
                       "--moderator", "mod@example.org", "--forum", kind)
        store = open_store(db)
        opening = len(answer_bodies(store, gid))
        forum.shift_clock(-3600)            # the forum's clock an hour behind the host's
        topic.post("alice", "salt coconut-palm-frond")
        topic.post("bob", "in")
        assert Referee(store, forum).poll().handled == 2
        said = answer_bodies(store, gid)[opening:]
        assert len(said) == 2 and not any("REFUSED" in s for s in said), said
        assert game_row(store, gid)["status"] == "playing"
        assert '[Salt "RED coconut-palm-frond"]' in game_detail(store, gid)["text"]
        store.dispose()


def test_a_thread_that_cannot_be_read_makes_no_game(tmp_path, capsys):
    """The thread is read as the game is made (what it holds then is not the game's):
    a forum that cannot be reached is said in a sentence, and nothing is made."""
    db = f"sqlite:///{tmp_path / 'r.db'}"
    with ForumStandIn() as gone:
        lost = gone.thread("discourse", "a forum that goes away").url
    capsys.readouterr()
    assert run(["host", "new", "hawaii", "--db", db, "--from", HOST, "--thread", lost,
                "--seat", "RED=@alice", "--seat", "GREEN=@bob"]) == 75
    err = capsys.readouterr().err
    assert "cannot be read now" in err and "no game was made" in err and "Traceback" not in err
    assert run(["host", "games", "--db", db]) == 0
    assert "0 games" in capsys.readouterr().out


def test_a_bot_seat_beside_accounts_in_a_thread(tmp_path, capsys):
    """A bot holds a seat of a forum game: its salt is the referee's, it plays as soon as
    it is its turn, the thread is told its moves, and nothing is mailed."""
    import random

    from sqlalchemy import func, select

    from referee.service.store import schema as S
    from referee.service.hosted.entry import submit
    from tests.service.forum.hostkit_forum import legal_line

    db = f"sqlite:///{tmp_path / 'r.db'}"
    with ForumStandIn() as forum:
        topic = forum.thread("discourse", "bot")
        # the extra --seat comes first: GREEN sits before RED
        gid = host_new(capsys, db, "hawaii", topic.url, {"RED": "alice"},
                       "--seat", "GREEN=bot:basic")
        store = open_store(db)
        assert run(["host", "show", gid, "--db", db]) == 0
        assert "seats GREEN bot basic, RED @alice" in capsys.readouterr().out
        ref = Referee(store, forum)
        topic.post("alice", "in")
        ref.round()
        assert game_row(store, gid)["status"] == "playing"
        rng = random.Random(3)
        for _ in range(3):
            assert game_row(store, gid)["to_move"] == "RED"
            assert submit(store, gid, "RED", legal_line(store, gid, rng), via="web").ok
        text = game_detail(store, gid)["text"]
        assert any(line.startswith("GREEN ") and line.endswith("# bot basic")
                   for line in text.splitlines())
        assert any("# bot basic" in body for body in answer_bodies(store, gid))
        with store.read() as conn:
            assert conn.execute(select(func.count()).select_from(S.outbox)
                                .where(S.outbox.c.channel == "mail")).scalar() == 0  # no mail
        store.dispose()
