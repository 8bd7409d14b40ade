"""The referee's answers posted in a Discourse thread through its API (docs/forum.md).

Each answer was queued in the one outbox in the transaction of the post it answers
(:mod:`referee.service.hosted.forum_answers`); here it is claimed before it is posted
and marked after, with the claim, retry and backoff of every channel
(:mod:`referee.service.hosted.outbox`), so two processes never post the same answer at
once. A process that dies between posting and marking leaves its claim to run out;
whoever claims the answer next learns from the claim that it may have been posted, and
first looks in the topic's last posts for the answer's own marker line, marking the
answer posted if it is there, so a crash never posts an answer twice.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass

from sqlalchemy import select

from referee.service.errors import ForumError
from referee.service.forum.discourse import DiscourseAccount, read_discourse
from referee.service.hosted.forum_answers import MARKER
from referee.service.hosted.outbox import (CLAIM_BATCH, claim, failed_try, finish, maybe_delivered,
                                           release, worker_id)
from referee.service.hosted.threads import thread_of
from referee.service.store import schema as S

CHANNEL = "post"
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
    when = clock if now is None else (lambda: now)
    threads: dict[str, tuple] = {}      # each game's thread, read once a run
    while True:
        rows = claim(store, me, at, CHANNEL)
        tried = 0
        try:
            for row in rows:
                if stop is not None and stop.is_set():
                    return out
                tried += 1
                _post_one(store, client_for, dict(row), me, out, threads, report, at, when)
        finally:
            if tried < len(rows):       # given back for the next run, not left to run out
                release(store, me)
        if len(rows) < CLAIM_BATCH:
            return out


def _post_one(store, client_for, row: dict, me: str, out: Posted, threads: dict, report,
              at: float, clock) -> None:
    """Post one claimed answer (unless an earlier try did) and record what became of it."""
    try:
        if row["game_id"] not in threads:
            threads[row["game_id"]] = _thread(store, row["game_id"])
        row["thread_url"], row["thread_kind"] = threads[row["game_id"]]
        thread = thread_of(row["thread_url"], row["thread_kind"])
        client = client_for(thread.base)
        made = _posted_before(client, thread, row) if maybe_delivered(row) else None
        if made is None:
            made = client.create_post(thread.topic_id, row["body"],
                                      reply_to_post_number=row["reply_post"])
    except ForumError as err:
        values = failed_try(row, err.reason, temporary=getattr(err, "temporary", True),
                            now=at, most=MAX_ATTEMPTS)
        finish(store, row, me, values)
        if "failed" in values:
            out.failed += 1
        else:
            out.deferred += 1
        report(row, "failed" if "failed" in values else "deferred", err.reason)
        return
    posted = (made or {}).get("id") if isinstance(made, dict) else None
    finish(store, row, me, {"sent_at": clock(), "attempts": row["attempts"] + 1,
                            "claimed_until": None,
                            "posted": None if posted is None else str(posted)})
    out.sent += 1
    report(row, "posted", "")


def _thread(store, game_id: str) -> tuple:
    with store.read() as conn:
        return tuple(conn.execute(select(S.games.c.thread_url, S.games.c.thread_kind)
                                  .where(S.games.c.id == game_id)).one())


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
