"""A whole two-player Haleakala game played in a phpBB topic, a forum the referee cannot
post in: each answer waits on the game's page and in a mail to the moderator (through
a real SMTP server on loopback), the moderator pastes it into the topic, and the next
reading of the topic's feed sees it pasted and moves on. The exported transcript
checks and verifies. A BoardGameGeek thread is followed the same way."""
from __future__ import annotations

import random
from email import message_from_bytes, policy

import pytest

from referee.cli import run
from referee.operations.check import check_path
from referee.service.mail.sending import deliver
from referee.service.store import open_store
from referee.service.daemon import host_app
from tests.service.forum.hostkit_forum import (MARKER, MODERATOR, WITNESS, Referee, counts, game_row,
                                       host_new, legal_line, pastes, witness_of)
from tests.service.forum.standin import ForumStandIn
from tests.service.mailservers import SmtpSink

SEATS = {"RED": "alice", "YELLOW": "Bob Smith"}


def _paste(store, topic, sink, seen: int, gid: str, by: str = "moderator") -> int:
    """The moderator pastes every waiting answer, oldest first, as the mail gives it."""
    deliver(store, f"smtp://127.0.0.1:{sink.port}")
    mails = [message_from_bytes(r.data, policy=policy.default) for r in sink.received[seen:]]
    waiting = pastes(store, gid)
    assert [str(m["To"]) for m in mails] == [MODERATOR] * len(mails)
    assert len(mails) == len(waiting)
    for mail, answer in zip(mails, waiting):
        text = mail.get_body(("plain",)).get_content().replace("\r\n", "\n")
        assert answer["body"] in text            # word for word, as the page shows it
        topic.post(by, answer["body"])
    return len(sink.received)


@pytest.mark.timeout(3600)
def test_a_whole_haleakala_game_in_a_phpbb_topic(tmp_path, capsys):
    _play(tmp_path, capsys, "phpbb", "haleakala", None)


def test_a_boardgamegeek_thread_is_followed_and_pasted_the_same_way(tmp_path, capsys):
    _play(tmp_path, capsys, "bgg", "hawaii", 12)


def _play(tmp_path, capsys, kind: str, game: str, turns_at_most: int | None):
    """A game in a thread whose answers the moderator pastes: to its end, or for
    ``turns_at_most`` turns."""
    from starlette.testclient import TestClient

    rng = random.Random(7)
    db = f"sqlite:///{tmp_path / 'referee.db'}"
    with ForumStandIn() as forum, SmtpSink() as sink:
        topic = forum.thread(kind, f"{game} by the book")
        seats = dict(zip(("RED", "YELLOW" if game == "haleakala" else "GREEN"),
                         SEATS.values()))
        gid = host_new(capsys, db, game, topic.url, seats, "--moderator", MODERATOR,
                       "--forum", kind)
        store = open_store(db)
        ref = Referee(store, forum)
        web = TestClient(host_app(store))
        page = web.get(f"/game/{gid}").text
        assert "paste each answer" in page and MARKER.search(page)
        seen = _paste(store, topic, sink, 0, gid)
        topic.post("alice", "salt a-long-enough-salt-word")
        topic.post("bob smith", "ready")
        ref.poll()
        assert game_row(store, gid)["status"] == "playing"
        seen = _paste(store, topic, sink, seen, gid)
        turns, said = 0, {}
        while game_row(store, gid)["status"] == "playing" and turns != turns_at_most:
            g = game_row(store, gid)
            line = legal_line(store, gid, rng)
            repeat = said.get(g["to_move"]) == line               # held unless guarded
            guard = f" #{g['ply']}" if repeat or rng.random() < 0.5 else ""
            said[g["to_move"]] = line
            topic.post(seats[g["to_move"]].lower(), f"My move:\n{line}{guard}\ncheers")
            ref.poll()
            assert game_row(store, gid)["ply"] > g["ply"]
            assert len(pastes(store, gid)) == 1           # the pasted ones are seen
            seen = _paste(store, topic, sink, seen, gid)
            assert witness_of(store, gid) in topic.posts[-1].body
            turns += 1
        ref.poll()
        assert pastes(store, gid) == [] and turns > 10
        if turns_at_most is not None:
            # a seated player who pastes an answer plays none of the moves it quotes
            assert turns == turns_at_most
            before = counts(store, gid)
            topic.post("alice", "show")
            ref.poll()
            seen = _paste(store, topic, sink, seen, gid, by="alice")
            ref.poll()
            assert pastes(store, gid) == [] and counts(store, gid)[0] == before[0]
            store.dispose()
            return
        assert "paste each answer" not in web.get(f"/game/{gid}").text
        log, posts, answers = counts(store, gid)
        pasted = [p for p in topic.posts if p.author == "moderator"]
        assert len(pasted) == answers and all(WITNESS.search(p.body) for p in pasted)
        assert "/seat/" not in "\n".join(p.body for p in topic.posts)
        out = tmp_path / "game.txt"
        assert run(["host", "export", gid, "--db", db, "-o", str(out)]) == 0
        assert not check_path(str(out)).errors
        assert run(["verify", str(out)]) == 0
        store.dispose()
