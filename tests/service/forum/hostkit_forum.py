"""Forum games for the tests: a game hosted on a thread of the forum stand-in
(tests/service/forum/standin.py, documents in each forum's published format), its seats'
accounts posting there, the referee reading the thread and answering in it."""
from __future__ import annotations

import random
import re

from sqlalchemy import func, select

from referee.cli import run
from referee.replay.lines import canonical_move
from referee.service.store import schema as S
from referee.service.forum import DiscourseClient
from referee.service.forum.posting import post_answers
from referee.service.hosted.forum_answers import waiting_pastes
from referee.service.forum.intake import poll
from referee.service.hosted.games import export_text, game_detail, list_games
from referee.service.hosted.session import replay_text

HOST = "referee@host.example"
MODERATOR = "mod@players.example"
WITNESS = re.compile(r"ply (\d+) chain ([0-9a-f]{12})")
MARKER = re.compile(r"answer ([a-z0-9]+)\.(\d+) from the referee")


def host_new(capsys, db: str, game: str, thread: str, seats: dict[str, str], *extra: str) -> str:
    args = ["host", "new", game, "--db", db, "--from", HOST, "--thread", thread, *extra]
    for seat, account in seats.items():
        args += ["--seat", f"{seat}=@{account}"]
    capsys.readouterr()
    assert run(args) == 0, capsys.readouterr().err
    return capsys.readouterr().out.strip()


def game_row(store, gid: str) -> dict:
    return next(g for g in list_games(store) if g["id"] == gid)


def legal_line(store, gid: str, rng: random.Random) -> str:
    """A legal move for the seat to move, as the notation writes it."""
    rp = replay_text(export_text(store, gid), gid)
    mover = rp.state.current_player()
    return canonical_move(rp.module, rng.choice(rp.state.legal_moves()), rp.state, mover)


def counts(store, gid: str) -> tuple[int, int, int]:
    """(log rows, posts handled, answers) of a game: what a post that changes nothing
    leaves as it was."""
    with store.read() as conn:
        log = conn.execute(select(func.count()).select_from(S.log)
                           .where(S.log.c.game_id == gid)).scalar()
        posts = conn.execute(select(func.count()).select_from(S.forum_posts)
                             .where(S.forum_posts.c.game_id == gid)).scalar()
        answers = conn.execute(select(func.count()).select_from(S.outbox)
                               .where(S.outbox.c.game_id == gid,
                                      S.outbox.c.channel != "mail")).scalar()
    return log, posts, answers


def answer_bodies(store, gid: str) -> list[str]:
    with store.read() as conn:
        return list(conn.execute(select(S.outbox.c.body)
                                 .where(S.outbox.c.game_id == gid, S.outbox.c.channel != "mail")
                                 .order_by(S.outbox.c.id)).scalars())


class Referee:
    """The referee's side, as ``referee forum poll`` runs it: read the threads, post
    the answers due through the stand-in's Discourse API."""

    def __init__(self, store, forum):
        self.store, self.forum = store, forum

    def client(self, base: str) -> DiscourseClient:
        return DiscourseClient(base, self.forum.api_key, self.forum.api_username)

    def poll(self):
        done = poll(self.store)
        assert not done.failures, done.failures
        return done

    def answer(self):
        return post_answers(self.store, self.client)

    def round(self):
        done = self.poll()
        posted = self.answer()
        assert posted.failed == 0 and posted.deferred == 0, posted
        return done


def witness_of(store, gid: str) -> str:
    return game_detail(store, gid)["witness"]


def pastes(store, gid: str) -> list[dict]:
    return waiting_pastes(store, gid)
