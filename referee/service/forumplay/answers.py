"""The referee's answers in a game's thread (docs/forum.md).

An answer is written in the transaction of the post it answers, so a move is never
handled without its answer and a rolled-back move has none. A forum with a posting
API (Discourse) gets it through the API after the commit, claimed before it is
posted and marked after, with retry and backoff like the mail outbox; the others
(BoardGameGeek, phpBB) get it from the moderator, who finds it on the game's page
and in a mail, ready to paste. Each answer ends with a marker line; a post in the
thread that carries the marker (the moderator's paste) marks it pasted.

The thread is public: an answer never holds a seat's secret or private link, nor a
salt before the deal reveals it; every answer carries the chain head
(``ply N chain HEX``), so any reader can check the record it was given.
"""
from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass

from sqlalchemy import func, or_, select, update

from referee.service import schema as S
from referee.service.errors import ForumError
from referee.service.forum import DiscourseClient, thread_of
from referee.service.forumplay import markup
from referee.service.mail.notify import queue, subject
from referee.service.mail.outbox import worker_id
from referee.service.mail.smtp import backoff
from referee.service.web import board

# the markup each kind of forum reads, and the forums the referee posts in itself
MARKUPS = {"discourse": "markdown", "phpbb": "bbcode", "bgg": "bgg"}
POSTING = ("discourse",)
CLAIM_SECS = 300.0
MAX_ATTEMPTS = 12               # then the answer is given up (the page still shows it)
MARKER = re.compile(r"answer ([a-z0-9]{1,32})\.(\d{1,9}) from the referee")
SHOWN_COMMANDS = 20             # commands of one post run; the rest are named, not run
SAID_CHARS = 16_000             # of what became of them: an answer fits in one post
API_KEY, API_USER = "REFEREE_DISCOURSE_API_KEY", "REFEREE_DISCOURSE_USER"


def markup_of(game) -> str:
    return MARKUPS.get(game["thread_kind"], "markdown")


def posts_itself(game) -> bool:
    return game["thread_kind"] in POSTING


def turn_words(game, seats, kind: str) -> str:
    """Whose turn, naming the account to move (a mention: the forum may notify it)."""
    accounts = {s: r["account"] for s, r in seats.items()}
    if game["status"] == "over":
        return markup.inert(f"The game is over: {game['result']}.", kind)
    if game["status"] == "salting":
        waiting = [f"{markup.mention(accounts.get(s))} " + markup.inert(f"({s})", kind)
                   for s, r in seats.items() if not r["salted"]]
        return (markup.inert("The setup is dealt when every seat has posted once; waiting "
                             "for", kind) + " " + ", ".join(waiting) + ".")
    to_move = game["to_move"]
    return " ".join([markup.inert("Next:", kind), markup.mention(accounts.get(to_move)),
                     markup.inert(f"({to_move}) to move.", kind)])


def public_answer(verdict) -> str:
    """What a verdict says in the thread: a salt is never shown before the deal
    reveals it (the reply by mail, which only its seat reads, names it); ``show``
    points to the state the answer ends with."""
    if verdict.ok and verdict.command.strip().lower().rstrip(".!") == "show":
        return "the state is below"
    if any(line.startswith(("[SaltCommit", "[Salt ")) for line in verdict.lines):
        dealt = "the setup is dealt" in verdict.answer
        return ("salt taken (the referee keeps it until the deal reveals it); "
                + ("the setup is dealt" if dealt else "waiting for the other seats"))
    return verdict.answer


def answer_text(session, reply, *, author: str, number: int | None, url: str | None,
                left: int = 0) -> str:
    """The answer to a seat's post: each command and what became of it, then the
    state, whose turn and the chain head."""
    kind = markup_of(session.game)
    said = []
    for v in reply.verdicts:
        said += [f"> {v.command}", public_answer(v).rstrip("\n"), ""]
    if left:
        said += [f"({left} more command line{'s' if left != 1 else ''} of the post not read: "
                 f"at most {SHOWN_COMMANDS} a post)", ""]
    text = "\n".join(said).rstrip("\n")
    if len(text) > SAID_CHARS:
        text = text[:SAID_CHARS].rsplit("\n", 1)[0] + "\n(the rest is cut: 'history' and " \
            "'moves' are best asked alone)"
    where = f"post #{number}" if number else "your post"
    head = (markup.mention(session.seats[session.seat]["account"] or author) + " "
            + markup.inert(f"({session.seat}), {where}:", kind))
    return "\n\n".join([head, markup.block(text, kind),
                        state_part(session, kind)])


def state_part(session, kind: str) -> str:
    """The state post, then the account to move named (a mention) and, if the post
    could not say it, the chain head."""
    g = session.game
    image = board.address(session.store.public_url, g["id"], g["ply"]) \
        if session.store.public_url else None
    post = markup.state_post(session, kind, image=image)
    tail = [turn_words(g, session.seats, kind)]
    if session.witness() not in post:
        tail.append(markup.inert(session.witness(), kind))
    return "\n\n".join([post, *tail])


def opening_text(session) -> str:
    """The first answer of a game: who holds which seat and how to begin."""
    kind = markup_of(session.game)
    g = session.game
    seats = ", ".join(f"{s} {r['account']}" for s, r in session.seats.items())
    lines = [f"A game of {g['game'].capitalize()} refereed by a rules engine (game {g['id']}"
             + (f", \"{g['title']}\"" if g["title"] else "") + f"). Seats: {seats}.",
             "The setup is dealt by commit-reveal: nobody, the referee included, can steer it. "
             "Each seat begins with a post: 'salt ANY-WORD', or anything at all (the referee "
             "then salts for you).",
             "Moves are lines of their own in your posts (chatter around them is ignored); "
             "end one with #N to make sure it follows ply N. 'moves' shows your choices, "
             "'help' lists the commands. Quoted text is never read."]
    return "\n\n".join([markup.inert(line, kind) for line in lines]
                       + [turn_words(g, session.seats, kind),
                          markup.inert(session.witness(), kind)])


WHO = {"web": "on the game's page", "clock": "by the clock", "host": "by the host"}


def news_text(session) -> str:
    """What a change made outside the thread added (a move on a seat's page, the
    clock's timeout, the host's takeback), then the state."""
    kind = markup_of(session.game)
    lines = [line for _, batch in session.added for line in batch]
    who = next((w for w, _ in session.added if w), None)
    head = markup.inert(f"{who or 'The referee'} {WHO.get(session.via, '')}:".replace(" :", ":"),
                        kind)
    return "\n\n".join([head, markup.block("\n".join(lines), kind), state_part(session, kind)])


def clock_text(game, seats, seat: str, what: str, body: str) -> str:
    """The clock's reminder or warning, said in the thread to the account to move."""
    kind = markup_of(game)
    said = (markup.mention(seats[seat]["account"]) + " " + markup.inert(f"({seat}): {what}.",
                                                                        kind))
    return "\n\n".join([said, markup.inert(" ".join(body.split()), kind)])


def replaced_text(session, seat: str, account: str, before: str | None) -> str:
    """The thread told that a seat has a new account (mentioned: it may be notified)."""
    kind = markup_of(session.game)
    said = (markup.inert(f"The host has given {seat} to", kind) + " " + markup.mention(account)
            + " " + markup.inert(f"(until now it was {before or 'nobody'}'s).", kind))
    return "\n\n".join([said, turn_words(session.game, session.seats, kind),
                         markup.inert(session.witness(), kind)])


def queue_answer(conn, game, body: str, *, now: float, reply_to: int | None = None) -> int:
    """An answer, in the caller's transaction (the game locked): posted after the
    commit, or shown to paste and mailed to the moderator."""
    n = conn.execute(select(func.count()).select_from(S.forum_answers)
                     .where(S.forum_answers.c.game_id == game["id"])).scalar() + 1
    marker = f"answer {game['id']}.{n} from the referee"
    kind = markup_of(game)
    body = body.rstrip("\n") + "\n\n" + markup.inert(marker, kind) + "\n"
    how = "post" if posts_itself(game) else "paste"
    conn.execute(S.forum_answers.insert().values(
        game_id=game["id"], how=how, reply_to=reply_to, body=body, created_at=now,
        attempts=0, next_try=now, posted=None if how == "post" else marker))
    if how == "paste" and game["moderator"]:
        queue(conn, game_id=game["id"], kind="paste", sender=game["host_address"],
              to=[game["moderator"]], subject=subject(game, f"answer {n} to paste in the thread"),
              body=f"Paste everything between the lines into the thread {game['thread_url']}\n"
                   "as a new post (the last line lets the referee see it was pasted).\n\n"
                   f"{'-' * 40}\n{body}{'-' * 40}\n", now=now, fitted=False,
              headers={"Auto-Submitted": "auto-generated", "X-Referee-Game": game["id"]})
    return n


def markers(text: str | None, game_id: str) -> set[str]:
    """The last lines of this game's answers that a post carries (a paste of them)."""
    return {m.group(0) for m in MARKER.finditer(text or "") if m.group(1) == game_id}


def mark_pasted(conn, game_id: str, found: set[str], now: float) -> None:
    """Answers whose marker a post in the thread carries are pasted: those made to
    paste, and those the forum's API refused for good (shown to paste instead)."""
    if not found:
        return
    conn.execute(update(S.forum_answers).where(
        S.forum_answers.c.game_id == game_id, S.forum_answers.c.how == "paste",
        S.forum_answers.c.posted.in_(sorted(found)), S.forum_answers.c.sent_at.is_(None))
        .values(sent_at=now))
    refused = conn.execute(select(S.forum_answers.c.id, S.forum_answers.c.body).where(
        S.forum_answers.c.game_id == game_id, S.forum_answers.c.how == "post",
        S.forum_answers.c.failed.is_not(None), S.forum_answers.c.sent_at.is_(None))).all()
    done = [row.id for row in refused if markers(row.body, game_id) & found]
    if done:
        conn.execute(update(S.forum_answers).where(S.forum_answers.c.id.in_(done))
                     .values(sent_at=now))


def waiting_pastes(store, game_id: str) -> list[dict]:
    """The answers waiting for the moderator's paste, oldest first (the game's page):
    those of a forum the referee cannot post in, and those the forum's API refused
    for good (``failed`` says why), so that no answer is lost to the thread."""
    with store.read() as conn:
        q = (select(S.forum_answers.c.id, S.forum_answers.c.body, S.forum_answers.c.posted,
                    S.forum_answers.c.created_at, S.forum_answers.c.failed)
             .where(S.forum_answers.c.game_id == game_id, S.forum_answers.c.sent_at.is_(None),
                    or_(S.forum_answers.c.how == "paste",
                        S.forum_answers.c.failed.is_not(None)))
             .order_by(S.forum_answers.c.id))
        rows = [dict(r) for r in conn.execute(q).mappings()]
    for row in rows:
        row["marker"] = next(iter(markers(row["body"], game_id)), "")
        row["number"] = row["marker"].split(" ")[1] if row["marker"] else str(row["id"])
    return rows


@dataclass
class Posted:
    sent: int = 0
    deferred: int = 0
    failed: int = 0


def discourse_client():
    """A maker of Discourse clients from the environment (the API key and user), or
    None when they are not set; the key is never read from a command line."""
    key, user = os.environ.get(API_KEY), os.environ.get(API_USER)
    if not key or not user:
        return None
    return lambda base: DiscourseClient(base, key, user)


def post_answers(store, client_for, *, now: float | None = None, stop=None,
                 clock=time.time, report=None) -> Posted:
    """Post the answers due in the forums that take them, oldest first; a failure is
    tried again later with a growing wait, and given up after MAX_ATTEMPTS."""
    out, me = Posted(), worker_id()
    report = report or (lambda row, outcome, reason: None)
    at = clock() if now is None else now
    with store.read() as conn:
        due = list(conn.execute(select(S.forum_answers.c.id).where(
            S.forum_answers.c.how == "post", S.forum_answers.c.sent_at.is_(None),
            S.forum_answers.c.failed.is_(None), S.forum_answers.c.next_try <= at,
            or_(S.forum_answers.c.claimed_until.is_(None),
                S.forum_answers.c.claimed_until < at)).order_by(S.forum_answers.c.id)).scalars())
    for row_id in due:
        if stop is not None and stop.is_set():
            break
        row = _claim(store, row_id, me, at)
        if row is None:
            continue
        try:
            thread = thread_of(row["thread_url"], row["thread_kind"])
            made = client_for(thread.base).create_post(thread.topic_id, row["body"],
                                                       reply_to_post_number=row["reply_to"])
        except ForumError as err:
            attempts = row["attempts"] + 1
            values = {"attempts": attempts, "claimed_by": None, "claimed_until": None,
                      "last_error": err.reason[:1000], "next_try": at + backoff(attempts)}
            if attempts >= MAX_ATTEMPTS or not getattr(err, "temporary", True):
                values["failed"] = err.reason[:1000]
                out.failed += 1
            else:
                out.deferred += 1
            _finish(store, row_id, me, values)
            report(row, "failed" if "failed" in values else "deferred", err.reason)
            continue
        posted = (made or {}).get("id") if isinstance(made, dict) else None
        _finish(store, row_id, me, {"sent_at": clock() if now is None else now,
                                    "attempts": row["attempts"] + 1, "claimed_until": None,
                                    "posted": None if posted is None else str(posted)})
        out.sent += 1
        report(row, "posted", "")
    return out


def _claim(store, row_id: int, me: str, now: float):
    with store.write() as conn:
        done = conn.execute(update(S.forum_answers).where(
            S.forum_answers.c.id == row_id, S.forum_answers.c.sent_at.is_(None),
            S.forum_answers.c.failed.is_(None),
            or_(S.forum_answers.c.claimed_until.is_(None),
                S.forum_answers.c.claimed_until < now))
            .values(claimed_by=me, claimed_until=now + CLAIM_SECS))
        if done.rowcount != 1:
            return None
        q = (select(S.forum_answers, S.games.c.thread_url, S.games.c.thread_kind)
             .join(S.games, S.games.c.id == S.forum_answers.c.game_id)
             .where(S.forum_answers.c.id == row_id))
        return conn.execute(q).mappings().first()


def _finish(store, row_id: int, me: str, values: dict) -> None:
    with store.write() as conn:
        conn.execute(update(S.forum_answers).where(S.forum_answers.c.id == row_id,
                                                   S.forum_answers.c.claimed_by == me)
                     .values(**values))
