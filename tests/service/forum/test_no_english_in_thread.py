"""A French game in a Discourse topic of the stand-in, and the same posts in an English
game's topic beside it: every answer the referee posts in the French topic, a
refusal included, reads no English (tests/service/english_left.py), and neither does
the mail that hands a phpBB game's moderator an answer to paste."""
from __future__ import annotations

import random
from email import message_from_bytes, policy

from referee.service.mail.sending import deliver
from referee.service.store import open_store
from tests.service.english_left import say_left
from tests.service.forum.hostkit_forum import (MODERATOR, Referee, game_row, host_new,
                                               legal_line)
from tests.service.forum.standin import ForumStandIn
from tests.service.mailservers import SmtpSink

SEATS = {"RED": "alice", "GREEN": "bob"}
# what each seat posts, in turn: its first post, commands, a line that is no move
SCRIPT = ["salt {seat}-pepper-and-more", "help", "show", "moves", "history",
          "{seat} flies to the moon", "resign", "resign 0badc0de", "accept"]


def _posts(store, forum, topic, gid, seats: dict[str, str], rng) -> None:
    """The script posted by each seat, then two moves, each taken back and declined."""
    ref = Referee(store, forum)
    for text in SCRIPT:
        for seat, account in seats.items():
            topic.post(account, text.format(seat=seat.lower() if "salt" in text else seat))
            ref.round()
    for _ in range(2):
        g = game_row(store, gid)
        mover = g["to_move"]
        topic.post(seats[mover], f"My move:\n{legal_line(store, gid, rng)}\ncheers")
        ref.round()
        topic.post(seats[mover], "undo")
        ref.round()
        other = next(s for s in seats if s != mover)
        topic.post(seats[other], "decline")
        ref.round()


def _drawing(body: str) -> str:
    """The state post's table and picture: rows of cells and the lines of its drawing
    (places, codes and numbers, the same in every language)."""
    return "\n".join(line for line in body.split("\n") if line.startswith(("|", ".")))


def _answers(forum, topic) -> list[str]:
    return [p.body for p in topic.posts if p.author == forum.api_username]


def test_a_french_thread_reads_no_english(tmp_path, capsys, monkeypatch):
    db = f"sqlite:///{tmp_path / 'referee.db'}"
    with ForumStandIn() as forum:
        monkeypatch.setenv("REFEREE_DISCOURSE_USER", forum.api_username)
        french = forum.thread("discourse", "Hawaii, une partie amicale")
        english = forum.thread("discourse", "Hawaii, a friendly game")
        fr = host_new(capsys, db, "hawaii", french.url, SEATS, "--lang", "fr")
        en = host_new(capsys, db, "hawaii", english.url,
                      {"RED": "carol", "GREEN": "dave"})
        store = open_store(db)
        _posts(store, forum, french, fr, SEATS, random.Random(3))
        _posts(store, forum, english, en, {"RED": "carol", "GREEN": "dave"}, random.Random(3))
        witness = _answers(forum, english)
        said = _answers(forum, french)
        assert any("REFUSÉ" in body for body in said)
        left = [line for n, body in enumerate(said)
                for line in say_left(f"answer {n + 1}", body, witness,
                                     board=[_drawing(body)])]
        store.dispose()
    assert not left, "\n".join(left)


def test_the_moderator_paste_of_a_french_game_reads_no_english(tmp_path, capsys):
    db = f"sqlite:///{tmp_path / 'referee.db'}"
    with ForumStandIn() as forum, SmtpSink() as sink:
        mails = {}
        for lang in ("fr", "en"):
            topic = forum.thread("phpbb", f"Hawaii {lang}")
            host_new(capsys, db, "hawaii", topic.url, {"RED": f"a{lang}", "GREEN": f"b{lang}"},
                     "--moderator", MODERATOR, "--forum", "phpbb", "--lang", lang)
            store = open_store(db)
            deliver(store, f"smtp://127.0.0.1:{sink.port}")
            store.dispose()
            mail = message_from_bytes(sink.received[-1].data, policy=policy.default)
            mails[lang] = (str(mail["Subject"]),
                           mail.get_body(("plain",)).get_content().replace("\r\n", "\n"))
        left = say_left("subject", mails["fr"][0], mails["en"][0]) + \
            say_left("paste", mails["fr"][1], mails["en"][1])
    assert not left, "\n".join(left)
