"""Mail claimed for this process's own sender as it is queued (``referee serve``).

A sender claims what is due before it sends it (:func:`referee.service.mail.sending.claim`),
so that two senders never send one mail. In a process that has a sender of its own,
the mail a transaction queues is claimed for that sender in the transaction itself,
and handed to it in memory once the transaction has committed (never if it rolled
back): the sender sends it without a claim of its own, one statement of a move's
nine fewer. It is claimed as any claim is, for CLAIM_SECS: if the process dies before
sending it, another sender (or this one, started again) sends it when the claim runs
out; none is lost, it is late. The sender still looks at the whole outbox (another
process's mail, a retry come due) when it has none of its own to send, and at least
every LOOK_EVERY seconds.
"""
from __future__ import annotations

import os
import secrets
import socket
import threading
import time

from sqlalchemy import insert

from referee.service.store import schema as S
from referee.service.store import OWN_MAIL, after_commit

CLAIM_SECS = 300.0        # how long a claim holds a mail for its sender
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
    """Put ``rows`` (outbox rows, as :func:`referee.service.hosted.mails.queue` makes
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
