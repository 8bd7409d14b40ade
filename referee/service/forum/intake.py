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

from referee.service.store import schema as S
from referee.service.errors import ForumError
from referee.service.forum import post_ids, posting, read_posts, thread_of
from referee.service.hosted import forum_answers as answers
from referee.service.hosted.accounts import same_account, seat_of
from referee.service.hosted.entry import Arrival, Door, Seated, Taken, Turned, take

log = logging.getLogger("referee")


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
# A game made before threads were read at a game's start knows only its own time: a post
# the forum dates this long before it is taken for talk before the game.
BEFORE_SLACK = 120.0


def before_the_game(post, game) -> bool:
    """A post the thread held when the game was made is talk about the game, not a
    move in it (a thread often gathers its players first): its id is at most the
    newest the game was made after (``thread_since``). Where the forum's ids do not
    grow, those posts were recorded read as the game was made, and never come here."""
    since = game["thread_since"]
    if since is None:
        return post.created is not None and post.created < game["created_at"] - BEFORE_SLACK
    pid = str(post.post_id)
    return since.isdigit() and pid.isdigit() and int(pid) <= int(since)


def thread_now(thread) -> list[str]:
    """The ids of the posts ``thread`` holds now, for a game about to follow it (its
    ``ForumGame.read``): read as ``poll`` reads it, through the API user
    when one is set for the thread's forum (a topic guests cannot see). ForumError, said in a sentence, when
    it cannot be read."""
    client_for = posting.discourse_client()
    try:
        if client_for is not None and thread.kind == "discourse" \
                and client_for.serves(thread.base):
            return post_ids(thread, fetch=client_for(thread.base).fetch)
        return post_ids(thread)
    except ForumError as err:
        err.reason = (f"the thread {thread.url} cannot be read now ({err.reason}); the "
                      "referee reads it as the game is made, so that no post written "
                      "before the game counts as a move: no game was made, try again")
        err.args = (err.reason,)
        raise


def handle_post(store, post, *, now: float | None = None, webhook: bool = False) -> Taken:
    """One post of a followed thread, once (``webhook``: brought by a webhook, not read
    in the thread's order): handled, chatter, ignored, duplicate or unknown. Store
    errors propagate."""
    now = time.time() if now is None else now
    return take(store, Arrival("forum", post.text or "", ref=post_ref(post)),
                PostDoor(post, webhook), now=now)


class PostDoor(Door):
    """A post counts for the seat its author's account holds, unless it is the
    referee's own, a paste of its answers or older than the game; each post is handled
    once by its thread and id, whatever it turned out to be."""
    most = answers.SHOWN_COMMANDS
    unanswered = "chatter"

    def __init__(self, post, webhook: bool):
        self.post, self.webhook = post, webhook
        self.pasted: set[str] = set()

    def find(self, store, conn, lines):
        post = self.post
        gid = game_of_thread(conn, post.thread_key)
        game, seats = store.lock_game_and_seats(conn, gid) if gid else (None, {})
        if game is None:
            return Turned("unknown", "unknown")
        own = os.environ.get(posting.API_USER)
        seat = None if same_account(own, post.author) else seat_of(seats.values(), post.author)
        self.pasted = answers.markers(post.text, gid)
        early = before_the_game(post, game)
        if self.pasted or early:     # the referee's answer pasted, by whomever: never a
            seat = None              # seat's commands (its lines quote the moves)
        mark = WEBHOOK if self.webhook else ""
        if seat is None:
            why = ("an answer pasted" if self.pasted else "posted before the game" if early
                   else "holds no seat")
            return Turned("ignored", f"ignored: {why}{mark}", gid)
        return Seated(game, seats, seat, note=f"handled{mark}")

    def once(self, store, conn, found, now: float) -> bool:
        if isinstance(found, Turned) and found.outcome == "unknown":
            return True              # no game: nothing recorded, nothing to repeat
        post = self.post
        gid = found.game["id"] if isinstance(found, Seated) else found.game_id
        new = conn.execute(_MARK["sqlite" if store.sqlite else "postgresql"], {
            "thread_key": post.thread_key, "post_id": str(post.post_id)[:100], "game_id": gid,
            "author": (post.author or "")[:100], "url": post.url, "at": now,
            "outcome": found.note}).first()
        if new is not None:
            answers.mark_pasted(conn, gid, self.pasted, now)
        return new is not None

    def quiet(self, session, commands, unsure) -> bool:
        """A post without a command gets no answer (seated players talk in the thread
        too), but a seat's first: whatever it says, it salts the seat."""
        first = session.game["status"] == "salting" and not session.seats[session.seat]["salted"]
        return not commands and unsure is None and not first

    def answer(self, session, reply, commands, now: float) -> None:
        if not reply.verdicts:
            return
        post = self.post
        body = answers.answer_text(session, reply, author=post.author, number=post.number,
                                   url=post.url, left=len(commands.lines) - len(
                                       commands.lines[:self.most]))
        answers.queue_answer(session.conn, session.game, body, now=now, reply_to=post.number)


def followed(store) -> list[tuple[str, str]]:
    """The threads of the games in progress, and of ended games whose last answers
    are still to be pasted (the paste is seen there): (address, kind), each once."""
    waiting = select(S.outbox.c.game_id).where(
        S.outbox.c.channel == "paste", S.outbox.c.sent_at.is_(None))
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
    """Every followed thread's posts read once; a thread that could not be read, for
    whatever reason, is named in ``failures`` and the other threads are still read.
    The store's own failures are not a thread's: they end the poll."""
    out = Polled()
    client_for = posting.discourse_client()
    for url, kind in followed(store):
        try:
            thread = thread_of(url, kind)
        except ForumError as err:
            out.failures.append((url, err.reason))
            continue
        known = _known(store, thread.key)
        since = _last(known)
        try:
            reader = fetch
            if reader is None and client_for is not None and thread.kind == "discourse" \
                    and client_for.serves(thread.base):
                reader = client_for(thread.base).fetch     # a topic guests cannot see too
            posts = read_posts(thread, since=since) if reader is None else \
                read_posts(thread, since=since, fetch=reader)
        except ForumError as err:
            out.failures.append((url, err.reason))
            continue
        except Exception as exc:  # a forum's document no reader foresaw: that thread's
            # failure, named in one line, never the end of the other threads' reading
            said = str(exc).strip().splitlines()[0][:200] if str(exc).strip() else ""
            out.failures.append((url, f"the referee could not read it ({type(exc).__name__}"
                                      f"{': ' + said if said else ''})"))
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
