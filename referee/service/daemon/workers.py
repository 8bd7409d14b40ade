"""The threads of ``referee serve`` beside the web page: the mail sender, the clock and
the mailbox watchers. Each runs until ``stop`` is set, finishing what it holds (a mail
being sent, a message being handled) and logging one line per mail. A store or
server that is down is retried with a growing wait, never given up."""
from __future__ import annotations

import json
import logging
import threading
import time

from sqlalchemy.exc import SQLAlchemyError

from referee.service.hosted.clock import tick
from referee.service.errors import MailError
from referee.service.mail import smtp
from referee.service.mail.ingest import ingest
from referee.service.hosted.outbox import OwnMail, release, worker_id
from referee.service.mail.sending import deliver
from referee.service.mail.poll import imap_messages, maildir_messages, wait_for_mail

log = logging.getLogger("referee")
LOOK_AGAIN = 5.0          # seconds: the outbox is looked at this often even unwoken
                          # (another process's moves, a retry coming due; a sender busy
                          # with its own mail looks as often: mail.own.LOOK_EVERY)
BACKOFF_CAP = 300.0       # never wait longer than this for a store or server to return
IDLE_MAX = 25 * 60.0      # an IMAP IDLE is renewed before servers end it (30 minutes)
MAILDIR_EVERY = 2.0
SESSION_REST = 30.0       # seconds without mail after which the SMTP session is closed
                          # (servers end an idle one after a few minutes)


class Worker(threading.Thread):
    """A named loop: ``step()`` until ``stop``; a failure waits, doubling, and tries again."""

    def __init__(self, name: str, stop: threading.Event):
        super().__init__(name=name, daemon=True)
        self.stop = stop
        self.failures = 0

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                self.step()
                self.failures = 0
            except (SQLAlchemyError, OSError, MailError) as exc:
                self.failures += 1
                wait = min(BACKOFF_CAP, 2.0 ** min(self.failures, 12))
                reason = getattr(exc, "reason", None) or f"{type(exc).__name__}: {exc}"
                log.warning("%s: %s; trying again in %.0f s", self.name, reason, wait)
                self.stop.wait(wait)
            except Exception as exc:         # a bug must not end the host's mail for good
                self.failures += 1
                log.exception("%s: %s", self.name, exc)
                self.stop.wait(min(BACKOFF_CAP, 2.0 ** min(self.failures, 12)))

    def step(self) -> None:
        raise NotImplementedError

    def nudge(self) -> None:
        """Cut a wait short (after ``stop`` is set)."""


class Woken(Worker):
    """A queue worked moments after each commit of the store (``wake``) and looked at
    every few seconds for what another process queued or a retry that came due."""

    def __init__(self, name: str, store, stop: threading.Event):
        super().__init__(name, stop)
        self.store = store
        self.wake = threading.Event()
        store.committed.append(self.wake.set)

    def nudge(self) -> None:
        self.wake.set()

    def step(self) -> None:
        self.wake.wait(LOOK_AGAIN)
        self.wake.clear()
        if not self.stop.is_set():
            self.work()

    def work(self) -> None:
        raise NotImplementedError


class Sender(Woken):
    """The outbox (``referee mail send``), over one session with the server kept from
    one move's mails to the next (a new session for each move cost its greeting and
    goodbye), said goodbye to once the outbox has rested SESSION_REST seconds, or
    when the server closes it, or at the end."""

    def __init__(self, store, url: str, stop: threading.Event, *, pictures: bool = True):
        super().__init__("mail out", store, stop)
        self.url, self.pictures = url, pictures
        self.session = smtp.Connection(url)
        self.used = 0.0
        # the mail this process queues is claimed for this sender as it is queued
        store.own_mail = OwnMail(worker_id())

    def run(self) -> None:
        try:
            super().run()
        finally:
            self.session.close()
            self._give_back()

    def _give_back(self) -> None:
        """At the end: what was claimed for this sender and not sent goes back to the
        outbox, for the next start (or another process) to send at once rather than
        when the claims run out. A move still committing now claims nothing more."""
        own, self.store.own_mail = self.store.own_mail, None
        left = own.take() if own is not None else []
        if left:
            try:
                release(self.store, own.worker, [r["message_id"] for r in left])
            except SQLAlchemyError as exc:     # the claims run out by themselves
                log.warning("mail out: %d mails wait for their claims to run out: %s",
                            len(left), exc)

    def step(self) -> None:
        super().step()
        if time.monotonic() - self.used > SESSION_REST:
            self.session.close()            # opened again by the next mail

    def work(self) -> None:
        done = deliver(self.store, self.url, pictures=self.pictures, report=self._report,
                       stop=self.stop, session=self.session, own=True)
        if done.sent or done.deferred or done.failed:
            self.used = time.monotonic()
        if done.stopped:
            raise MailError(f"the mail server refuses the referee: {done.stopped}")

    @staticmethod
    def _report(row, outcome: str, reason: str) -> None:
        to = ", ".join(json.loads(row["recipients"]))
        which = row["id"] if row["id"] is not None else row["message_id"]   # mark failed
        line = f"mail out #{which} {row['kind']} to {to}: {outcome}"
        if outcome == "sent":
            log.info(line)
        else:
            log.warning(f"{line}: {reason}")


class Clock(Worker):
    """Reminders, warnings and timeouts when they fall due (``referee host tick``)."""

    def __init__(self, store, stop: threading.Event, every: float):
        super().__init__("clock", stop)
        self.store, self.every = store, every

    def step(self) -> None:
        self.store.refresh_public_url()
        for gid, action in tick(self.store, time.time()):
            log.info("clock: %s: %s", gid, action)
        self.stop.wait(self.every)


class Mailbox(Worker):
    """An IMAP mailbox or a Maildir: every waiting message handled, then wait for more
    (IMAP IDLE, or a look at the folder every two seconds). A message leaves the
    mailbox only after what it did is committed."""

    def __init__(self, store, stop: threading.Event, *, imap: str | None = None,
                 maildir: str | None = None):
        super().__init__("mail in", stop)
        self.store, self.imap, self.maildir = store, imap, maildir

    def step(self) -> None:
        messages = imap_messages(self.imap) if self.imap else maildir_messages(self.maildir)
        for polled in messages:
            if self.stop.is_set():
                break
            done = ingest(self.store, polled.raw)
            polled.done()
            log.info("mail in %s: %s%s%s", polled.key, done.outcome,
                     f" {done.game_id} {done.seat}" if done.game_id else "",
                     f": {done.reason}" if done.reason else "")
        if self.stop.is_set():
            return
        if self.imap:
            wait_for_mail(self.imap, IDLE_MAX, self.stop)
        else:
            self.stop.wait(MAILDIR_EVERY)
