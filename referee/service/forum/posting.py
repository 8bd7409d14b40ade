"""The referee's answers posted in a Discourse thread through its API (docs/forum.md).

Each answer was queued in the transaction of the post it answers
(:mod:`referee.service.hosted.forum_answers`); here it is claimed before it is posted
and marked after, with retry and backoff like the mail outbox, so two processes never
post the same answer at once. A process that dies between posting and marking leaves
its claim to run out; whoever claims the answer next first looks in the topic's last
posts for the answer's own marker line, and marks the answer posted if it is there,
so a crash never posts an answer twice.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass

from sqlalchemy import or_, select, update

from referee.service.errors import ForumError
from referee.service.forum.discourse import DiscourseAccount, read_discourse
from referee.service.hosted.forum_answers import MARKER
from referee.service.hosted.outbox import backoff, worker_id
from referee.service.hosted.threads import thread_of
from referee.service.store import schema as S

CLAIM_SECS = 300.0
LOOK_BACK = 50                  # the topic's last posts looked through for a lost answer
MAX_ATTEMPTS = 12               # then the answer is given up (the page still shows it)
API_KEY, API_USER = "REFEREE_DISCOURSE_API_KEY", "REFEREE_DISCOURSE_USER"
API_FORUM = "REFEREE_DISCOURSE_URL"      # the forum the key was made on, and goes to


@dataclass
class Posted:
    sent: int = 0
    deferred: int = 0
    failed: int = 0


def discourse_client():
    """A maker of Discourse clients from the environment (the API key, its user and
    the forum it was made on), or None when the key and user are not set; the key
    is never read from a command line. The maker refuses (a ForumError) a client for
    any forum but the one named, and every forum when none is."""
    key, user = os.environ.get(API_KEY), os.environ.get(API_USER)
    if not key or not user:
        return None
    forum = os.environ.get(API_FORUM, "").strip() or None
    return DiscourseAccount(forum, key, user, unnamed=f"{API_FORUM} does not name the "
                                                      "Discourse forum of the API key")


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
            client = client_for(thread.base)
            made = _posted_before(client, thread, row) if row["tried"] else None
            if made is None:
                made = client.create_post(thread.topic_id, row["body"],
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


def _posted_before(client, thread, row) -> dict | None:
    """The post an earlier try made of this answer, if the topic's last posts hold one
    by the referee's account with the answer's marker line."""
    marker = MARKER.search(row["body"])
    if marker is None:
        return None
    for post in reversed(read_discourse(thread, fetch=client.fetch, last=LOOK_BACK)):
        if post.author.lower() == client.api_username.lower() and marker.group(0) in post.text:
            return {"id": int(post.post_id)} if str(post.post_id).isdigit() else {}
    return None


def _claim(store, row_id: int, me: str, now: float):
    """The answer's row with its thread, claimed for ``me`` (None: another has it).
    ``tried``: an earlier claim or try may have posted it already."""
    with store.write() as conn:
        before = conn.execute(select(S.forum_answers.c.claimed_by, S.forum_answers.c.attempts)
                              .where(S.forum_answers.c.id == row_id)).first()
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
        row = dict(conn.execute(q).mappings().first())
        row["tried"] = before is not None and (before.claimed_by is not None or
                                               before.attempts > 0)
        return row


def _finish(store, row_id: int, me: str, values: dict) -> None:
    with store.write() as conn:
        conn.execute(update(S.forum_answers).where(S.forum_answers.c.id == row_id,
                                                   S.forum_answers.c.claimed_by == me)
                     .values(**values))
