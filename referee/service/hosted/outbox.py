"""The one outbox: every answer the referee sends, whatever its channel (a mail, a post
in a forum thread, a post for the moderator to paste), is a row of ``outbox`` written in
the transaction that caused it, and delivered after the commit by its channel's sender
(mail: :mod:`referee.service.mail.sending`; forum: :mod:`referee.service.forum.posting`)
through the claim, retry and backoff written here once.

A sender claims what is due before it delivers it (:func:`claim`, a compare-and-set on
``claimed_by``/``claimed_until``), so two senders never deliver one row, and marks it
after its transport took it, so an outage loses nothing: a temporary failure puts the
row back with a backoff (:func:`failed_try`), a permanent one is recorded on it. A crash
between the transport's acceptance and the mark leaves the claim to run out; whoever
claims the row next finds ``last_error`` saying so, and a channel that can look whether
it delivered the row already (a forum post carries a marker line) looks before it
delivers again. Mail cannot look: it goes out again with its own Message-ID.

In a process that has a mail sender of its own (``referee serve``), the mail a
transaction queues is claimed for that sender in the transaction itself, and handed to
it in memory once the transaction has committed (never if it rolled back): the sender
sends it without a claim of its own. It is claimed as any claim is, for CLAIM_SECS: if
the process dies before sending it, another sender (or this one, started again) sends it
when the claim runs out; none is lost, it is late. The sender still looks at the whole
outbox (another process's mail, a retry come due) when it has none of its own to send,
and at least every LOOK_EVERY seconds.

The claims and marks are not synced to disk on SQLite (``Store.write(durable=False)``):
a power cut may undo the last of them, which delivers those rows again; it never loses
one, and the moves they tell of are synced.
"""
from __future__ import annotations

import os
import secrets
import socket
import threading
import time
from functools import lru_cache

from sqlalchemy import and_, bindparam, case, func, insert, null, or_, select, update
from sqlalchemy.exc import InterfaceError, OperationalError

from referee.service.store import schema as S
from referee.service.store import OWN_MAIL, after_commit

CLAIM_SECS = 300.0        # how long a claim holds a row for its sender
CLAIM_BATCH = 25          # rows claimed in one transaction
LOOK_EVERY = 5.0          # seconds: the whole outbox is looked at this often at least by
                          # a sender busy with its own mail (serve's wakes as often unwoken)

BACKOFF_FIRST = 60.0      # seconds before the first retry of a failed delivery
BACKOFF_CAP = 3600.0      # never wait longer than an hour between tries

_INSERT = insert(S.outbox)


def worker_id() -> str:
    """A name for one sender's claims: unique across hosts and processes."""
    return f"{socket.gethostname()[:30]}:{os.getpid()}:{secrets.token_hex(4)}"


def backoff(attempts: int, *, first: float = BACKOFF_FIRST, cap: float = BACKOFF_CAP) -> float:
    """Seconds to wait after ``attempts`` failed tries: 0 before any, then
    ``first``, doubling each time, never more than ``cap``."""
    if attempts <= 0:
        return 0.0
    return min(cap, first * 2.0 ** min(attempts - 1, 64))


class OwnMail:
    """The mail claimed for one sender (``worker``, its claims' name) and not yet
    taken by it, oldest first; shared by the threads that queue mail and the sender."""

    def __init__(self, worker: str):
        self.worker = worker
        self.looked = float("-inf")     # time.monotonic() of the last look at the outbox
        self._rows: list[dict] = []
        self._lock = threading.Lock()

    def add(self, rows: list[dict]) -> None:
        with self._lock:
            self._rows.extend(rows)

    def take(self) -> list[dict]:
        with self._lock:
            rows, self._rows = self._rows, []
        return rows


def insert_rows(conn, rows: list[dict]) -> None:
    """Put ``rows`` (mail rows, as :func:`referee.service.hosted.mails.queue` makes
    them) in the outbox; on a store with a sender of its own, claimed for it and handed
    to it once the transaction has committed. They are handed over without their ids
    (``id`` None): asking for them (``RETURNING``, which SQLAlchemy writes as one long
    statement that psycopg parses anew each time) cost PostgreSQL's ingest about what
    the claim saved its sender. The sender finds them by their Message-IDs, each its
    own, among the mail not sent yet (an index holds that), and learns the ids then."""
    own = conn.info.get(OWN_MAIL)
    if own is not None:
        until = time.time() + CLAIM_SECS
        for row in rows:
            row.update(claimed_by=own.worker, claimed_until=until)
    conn.execute(_INSERT, rows)
    if own is not None:
        claimed = [dict(row, id=None, sent_at=None, failed=None, last_error=None)
                   for row in rows]
        after_commit(conn, ("own mail", id(claimed)), lambda: own.add(claimed))


# Statements of every run and every row, made once: a statement object kept between
# calls is found in SQLAlchemy's cache without being rebuilt and keyed anew.
_FREE = or_(S.outbox.c.claimed_until.is_(None), S.outbox.c.claimed_until < bindparam("now"))
# the oldest rows of a channel due, locked on PostgreSQL without waiting for another
# sender's (SKIP LOCKED: two senders take different rows); SQLite has one writer anyway
_OLDEST_DUE = (select(S.outbox.c.id).where(
    S.outbox.c.channel == bindparam("on"), S.outbox.c.sent_at.is_(None),
    S.outbox.c.failed.is_(None), S.outbox.c.next_try <= bindparam("now"), _FREE)
    .order_by(S.outbox.c.id).limit(bindparam("limit"))
    .with_for_update(skip_locked=True).scalar_subquery())
RAN_OUT = "an earlier claim ran out before its delivery was marked: it may have been delivered"
_CLAIM = (update(S.outbox).where(
    S.outbox.c.id.in_(_OLDEST_DUE), S.outbox.c.sent_at.is_(None),
    S.outbox.c.failed.is_(None), _FREE)
    .values(claimed_by=bindparam("me"), claimed_until=bindparam("until"),
            # the row remembers that an earlier claim of it never came back (a crash):
            # SET reads the row as it was, so the sender learns it from the claim itself
            last_error=case((S.outbox.c.claimed_by.is_not(None), RAN_OUT),
                            else_=S.outbox.c.last_error))
    .returning(*S.outbox.c))
_MARKED = {"sent_at": bindparam("sent_at"), "attempts": S.outbox.c.attempts + 1,
           "claimed_until": null()}
# a batch's marks in one statement (on PostgreSQL each statement is a client's round
# of work), each row stamped with the moment the transport took the batch's last row
_SENT = (update(S.outbox).where(S.outbox.c.id.in_(bindparam("rows", expanding=True)),
                                S.outbox.c.claimed_by == bindparam("me"))
         .values(_MARKED))


@lru_cache(maxsize=64)
def _sent_own(count: int):
    """The mark of ``count`` mails claimed as they were queued (their ids unknown:
    :func:`insert_rows`), found by Message-ID (``m0``, ``m1``, ...) among the mail not
    sent yet (the index on sent_at holds those), ids back. A statement per count rather
    than an expanding IN, which SQLAlchemy renders again at every run: a move mails its
    four or five seats, so the few counts seen are each compiled once and found in its
    cache."""
    return (update(S.outbox).where(
        S.outbox.c.message_id.in_([bindparam(f"m{i}") for i in range(count)]),
        S.outbox.c.claimed_by == bindparam("me"), S.outbox.c.sent_at.is_(None))
        .values(_MARKED)
        .returning(S.outbox.c.id, S.outbox.c.message_id))


def bookkeeping(store):
    """A write of the outbox's own bookkeeping (a claim, a mark): one statement,
    autocommitted; not synced to disk on SQLite (module docstring); and waking no
    sender, since it queues nothing."""
    return store.write(durable=False, wakes=False, single=True)


def claim(store, me: str, now: float, channel: str, limit: int = CLAIM_BATCH) -> list:
    """Up to ``limit`` of the oldest rows of ``channel`` due, claimed for this worker
    (a compare-and-set on each), in order, in one statement and one transaction: the
    read of what is due and its claim cannot be told apart by another sender."""
    with bookkeeping(store) as conn:
        rows = conn.execute(_CLAIM, {"now": now, "limit": limit, "me": me, "on": channel,
                                     "until": now + CLAIM_SECS}).mappings().all()
    return sorted(rows, key=lambda r: r["id"])


def maybe_delivered(row) -> bool:
    """Whether an earlier try may have delivered ``row`` already: a try that failed
    (the transport may have taken it and not said so), or a claim that never came back."""
    return row["attempts"] > 0 or row["last_error"] is not None


def release(store, me: str, message_ids: list | None = None) -> None:
    """Give back the rows this worker claimed and did not try (a run that stopped
    early), or those of ``message_ids`` among them: the next run sends them at once,
    not when the claim expires."""
    q = update(S.outbox).where(S.outbox.c.claimed_by == me, S.outbox.c.sent_at.is_(None),
                               S.outbox.c.failed.is_(None))
    if message_ids is not None:
        q = q.where(S.outbox.c.message_id.in_(message_ids))
    with bookkeeping(store) as conn:
        conn.execute(q.values(claimed_by=None, claimed_until=None))


def renewed(store, me: str, rows: list, now: float) -> list:
    """Of ``rows`` (mail), claimed for ``me`` a while ago, those still claimed for it and
    not sent (none taken meanwhile by another sender after the claim ran out), claimed
    afresh: a sender kept waiting (a store or server that was down) may send them."""
    with bookkeeping(store) as conn:
        kept = {mid: row_id for row_id, mid in conn.execute(
            update(S.outbox).where(S.outbox.c.message_id.in_([r["message_id"] for r in rows]),
                                   S.outbox.c.claimed_by == me, S.outbox.c.sent_at.is_(None),
                                   S.outbox.c.failed.is_(None))
            .values(claimed_until=now + CLAIM_SECS)
            .returning(S.outbox.c.id, S.outbox.c.message_id))}
    return [dict(r, id=kept[r["message_id"]], claimed_until=now + CLAIM_SECS)
            for r in rows if r["message_id"] in kept]


def failed_try(row, reason: str, *, temporary: bool, now: float,
               most: int | None = None) -> dict:
    """What a failed delivery of ``row`` leaves on it, the same for every channel: the
    claim given back and, for a temporary failure, the next try after
    :func:`backoff`; a permanent failure, or the ``most``-th try, gives it up."""
    attempts = row["attempts"] + 1
    values = {"attempts": attempts, "claimed_by": None, "claimed_until": None,
              "last_error": reason[:1000]}
    if temporary and (most is None or attempts < most):
        values["next_try"] = now + backoff(attempts)
    else:
        values["failed"] = reason[:1000]
    return values


def finish(store, row, me: str, values: dict) -> None:
    """What became of a claimed row; a mail without its id yet (claimed as it was
    queued) is found by Message-ID among the mail not sent and given it."""
    which = S.outbox.c.id == row["id"] if row["id"] is not None else \
        and_(S.outbox.c.message_id == row["message_id"], S.outbox.c.sent_at.is_(None))
    with bookkeeping(store) as conn:
        found = conn.execute(update(S.outbox).where(which, S.outbox.c.claimed_by == me)
                             .values(**values).returning(S.outbox.c.id)).scalar()
    if row["id"] is None:
        row["id"] = found


MARK_PATIENCE = 120.0      # seconds to keep trying to record a delivery (< CLAIM_SECS)


def mark_sent(store, me: str, taken: list, *, sleep=time.sleep,
              clock=time.monotonic) -> None:
    """Record that the transport took the rows ``taken`` ((row, when) pairs), in one
    statement (the mail claimed as it was queued, in one more, which gives their
    ids). The rows are delivered: if the store is down now, giving up would deliver
    them again when the claim expires, so the mark is retried (the database
    restarting, a failover) for MARK_PATIENCE seconds, well inside the claim; only a
    longer outage leaves them to be delivered again, and the error then ends the run."""
    if not taken:
        return
    known = [row["id"] for row, _ in taken if row["id"] is not None]
    unknown = {row["message_id"]: row for row, _ in taken if row["id"] is None}
    at = max(when for _, when in taken)
    deadline, wait = clock() + MARK_PATIENCE, 0.25
    while True:
        try:
            if known:
                with bookkeeping(store) as conn:
                    conn.execute(_SENT, {"me": me, "rows": known, "sent_at": at})
                known = []
            if unknown:
                with bookkeeping(store) as conn:
                    mids = {f"m{i}": mid for i, mid in enumerate(unknown)}
                    for row_id, mid in conn.execute(_sent_own(len(mids)),
                                                    {"me": me, "sent_at": at, **mids}):
                        unknown[mid]["id"] = row_id
            return
        except (OperationalError, InterfaceError):
            if clock() + wait > deadline:
                raise
            sleep(wait)
            wait = min(wait * 2, 8.0)


def counts(store, channel: str = "mail") -> dict:
    """How many rows of ``channel`` the outbox holds: in all, delivered, given up, and
    waiting (to be delivered, or a paste to be seen in its thread)."""
    mine = S.outbox.c.channel == channel
    with store.read() as conn:
        q = select(func.count()).select_from(S.outbox).where(mine)
        total = conn.execute(q).scalar()
        sent = conn.execute(q.where(S.outbox.c.sent_at.is_not(None))).scalar()
        failed = conn.execute(q.where(S.outbox.c.failed.is_not(None),
                                      S.outbox.c.sent_at.is_(None))).scalar()
    return {"total": total, "sent": sent, "failed": failed, "waiting": total - sent - failed}
