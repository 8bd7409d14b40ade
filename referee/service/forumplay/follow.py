"""Following a game's thread: each post read once, a seated account's post run as a
mail is (docs/mail.md section 3: the same command reader, free moves, ``#N`` guards,
several commands a post, chatter ignored), the rest ignored.

A post is handled in one transaction with the record of its thread and post id, so a
post read again (the next poll, a webhook and a poll of the same post) changes
nothing, and an edit made after the post was handled is never read. The record's
lines keep the post they came from (the log's ``message_id``: the post's address).
Posts of accounts that hold no seat are ignored, the referee's own included:
kibitzers are welcome, and none of them can act for a seat.
"""
from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass, field

from sqlalchemy import or_, select
from sqlalchemy.dialects import postgresql, sqlite

from referee.service import schema as S
from referee.service.errors import ForumError
from referee.service.forum import read_posts, thread_of
from referee.service.forumplay import answers
from referee.service.forumplay.accounts import same_account, seat_of
from referee.service.mail.commands import read_lines
from referee.service.mail.free_moves import offer
from referee.service.session import Session
from referee.service.submit import run_commands

log = logging.getLogger("referee")


@dataclass
class Handled:
    outcome: str               # handled | chatter | ignored | duplicate | unknown
    game_id: str | None = None
    seat: str | None = None
    reply: object = None


@dataclass
class Polled:
    read: int = 0              # posts read
    handled: int = 0           # seated posts run
    failures: list[tuple[str, str]] = field(default_factory=list)   # (thread, why)


def _mark_statement(dialect):
    return (dialect.insert(S.forum_posts)
            .on_conflict_do_nothing(index_elements=["thread_key", "post_id"])
            .returning(S.forum_posts.c.post_id))       # a row back: the post is new


_MARK = {"sqlite": _mark_statement(sqlite), "postgresql": _mark_statement(postgresql)}


def game_of_thread(conn, thread_key: str) -> str | None:
    """The game a thread is for: its newest game (a thread hosts one game at a time)."""
    q = (select(S.games.c.id).where(S.games.c.thread_key == thread_key)
         .order_by(S.games.c.created_at.desc()).limit(1))
    return conn.execute(q).scalar()


def post_ref(post) -> str:
    """What the record notes for a post's lines: its address, else thread and id."""
    return (post.url or f"forum:{post.thread_key}#{post.post_id}")[:990]


WEBHOOK = " (webhook)"         # the outcome's note of a post a webhook brought
# A post the forum dates before the game was made is talk about the game, not a move in
# it (a thread often gathers its players first). The allowance covers clocks that
# differ between the forum and the host; a post that close to the start is still read.
BEFORE_SLACK = 120.0


def before_the_game(post, game) -> bool:
    return post.created is not None and post.created < game["created_at"] - BEFORE_SLACK


def handle_post(store, post, *, now: float | None = None, webhook: bool = False) -> Handled:
    """One post of a followed thread, once (``webhook``: brought by a webhook, not read
    in the thread's order). Store errors propagate."""
    now = time.time() if now is None else now
    lines = read_lines(post.text or "")
    own = os.environ.get(answers.API_USER)
    with store.write() as conn:
        gid = game_of_thread(conn, post.thread_key)
        game, seats = store.lock_game_and_seats(conn, gid) if gid else (None, {})
        if game is None:
            return Handled("unknown")
        seat = None if same_account(own, post.author) else seat_of(seats.values(), post.author)
        pasted = answers.markers(post.text, gid)
        early = before_the_game(post, game)
        if pasted or early:          # the referee's answer pasted, by whomever: never a
            seat = None              # seat's commands (its lines quote the moves)
        outcome = ("handled" if seat else "ignored: " + (
            "an answer pasted" if pasted else "posted before the game" if early
            else "holds no seat")) + (WEBHOOK if webhook else "")
        new = conn.execute(_MARK["sqlite" if store.sqlite else "postgresql"], {
            "thread_key": post.thread_key, "post_id": str(post.post_id)[:100], "game_id": gid,
            "author": (post.author or "")[:100], "url": post.url, "at": now,
            "outcome": outcome}).first()
        if new is None:
            return Handled("duplicate", gid)
        answers.mark_pasted(conn, gid, pasted, now)
        if seat is None:
            return Handled("ignored", gid)
        reply = _run(store, conn, post, lines, game, seats, seat, now)
        return Handled("handled" if reply is not None else "chatter", gid, seat, reply)


def _run(store, conn, post, lines, game, seats, seat: str, now: float):
    """The post's commands for its seat, and the answer; None (no answer) for a post
    without a command, but a seat's first: seated players talk in the thread too."""
    ref = post_ref(post)
    session = Session(store, conn, game["id"], seat, via="forum", now=now, message_id=ref,
                      game=game, seats=seats)
    cmds = lines.commands(seats=session.module.seats, verbs=session.module.move_verbs)
    read = cmds.lines[:answers.SHOWN_COMMANDS]
    commands, _, unsure = offer(session, [(c.text, c.guard, c.kind) for c in read],
                                [c.kind for c in read], list(cmds.ignored))
    first = session.game["status"] == "salting" and not session.seats[seat]["salted"]
    if not commands and unsure is None and not first:
        return None                  # (a seat's first post, whatever it says, salts it)
    reply = run_commands(store, conn, game["id"], seat, commands, via="forum", now=now,
                         message_id=ref, session=session)
    reply.verdicts += [unsure] if unsure is not None else []
    if not reply.verdicts:
        return None
    body = answers.answer_text(session, reply, author=post.author, number=post.number,
                               url=post.url, left=len(cmds.lines) - len(read))
    answers.queue_answer(conn, session.game, body, now=now, reply_to=post.number)
    return reply


def followed(store) -> list[tuple[str, str]]:
    """The threads of the games in progress, and of ended games whose last answers
    are still to be pasted (the paste is seen there): (address, kind), each once."""
    waiting = select(S.forum_answers.c.game_id).where(
        S.forum_answers.c.how == "paste", S.forum_answers.c.sent_at.is_(None))
    with store.read() as conn:
        q = (select(S.games.c.thread_url, S.games.c.thread_kind)
             .where(S.games.c.thread_url.is_not(None),
                    or_(S.games.c.status != "over", S.games.c.id.in_(waiting))).distinct())
        return [(r.thread_url, r.thread_kind) for r in conn.execute(q)]


def _known(store, thread_key: str) -> dict[str, str]:
    """The posts of a thread read before, with their outcomes: a reading of the whole
    thread (a feed shows its last posts, a topic all of them) costs one query, not a
    transaction a post."""
    with store.read() as conn:
        q = (select(S.forum_posts.c.post_id, S.forum_posts.c.outcome)
             .where(S.forum_posts.c.thread_key == thread_key))
        return dict(conn.execute(q).all())


def _last(known: dict[str, str]) -> str | None:
    """Where the next reading may start: the newest post a reading of the thread
    handled, where the forum's post ids only grow (Discourse, phpBB, BoardGameGeek); a
    reader reads at most so many posts at once, so a long thread is read from there,
    not from its start. A post a webhook brought does not count: one before it may
    not have been read yet."""
    read = [k for k, outcome in known.items() if not outcome.endswith(WEBHOOK)]
    if read and all(k.isdigit() for k in known):
        return str(max(int(k) for k in read))
    return None


def poll(store, *, fetch=None, now=None) -> Polled:
    """Every followed thread's posts read once; a forum that cannot be reached is
    named in ``failures`` and the other threads are still read."""
    out = Polled()
    client_for = answers.discourse_client()
    for url, kind in followed(store):
        try:
            thread = thread_of(url, kind)
            known = _known(store, thread.key)
            since = _last(known)
            reader = fetch
            if reader is None and client_for is not None and thread.kind == "discourse":
                reader = client_for(thread.base).fetch     # a topic guests cannot see too
            posts = read_posts(thread, since=since) if reader is None else \
                read_posts(thread, since=since, fetch=reader)
        except ForumError as err:
            out.failures.append((url, err.reason))
            continue
        for post in posts:
            out.read += 1
            if str(post.post_id)[:100] in known:
                continue                 # handled at an earlier reading (checked again inside)
            done = handle_post(store, post, now=now)
            if done.outcome in ("handled", "chatter"):
                out.handled += 1
                log.info("forum post %s: %s %s %s", post_ref(post), done.outcome, done.game_id,
                         done.seat)
    return out
