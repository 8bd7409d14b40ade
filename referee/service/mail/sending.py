"""Delivering the outbox's mail by SMTP (docs/mail.md section 5).

A mail is claimed before it is sent and marked after the server accepted it, with the
retry and backoff of every channel (:mod:`referee.service.hosted.outbox`). The one gap
left is a crash between the server's "250 OK" and the mark: that mail goes out again
when its claim expires, with the same Message-ID, which clients show once; a mail
server offers no way to ask whether it took a message before. The marks of a batch of
claimed mails are written together once the batch is tried (one transaction for the
batch, not one a mail), so that gap holds at most a batch (CLAIM_BATCH mails; a move's
four mails in serve, where mail claimed as it was queued is marked a batch at a time
too however much waits).
"""
from __future__ import annotations

import json
import time
from contextlib import nullcontext
from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.exc import InterfaceError, OperationalError

from referee.service.store import schema as S
from referee.service.errors import MailError, ServerRefused
from referee.service.mail import smtp
from referee.service.hosted.mails import composed_body, picture_html, picture_png
from referee.service.mail.outgoing import compose
from referee.service.hosted.outbox import (CLAIM_BATCH, CLAIM_SECS, LOOK_EVERY, claim,
                                           failed_try, finish, mark_sent, release, renewed,
                                           worker_id)

CHANNEL = "mail"


@dataclass
class Delivery:
    sent: int = 0
    deferred: int = 0
    failed: int = 0
    stopped: str | None = None      # why the run stopped with mail left: the server refused us


def compose_row(row, pictures: dict | None = None, texts: dict | None = None,
                known=None, host: str | None = None) -> bytes:
    """The message of an outbox row; with ``pictures`` (a cache, source -> parts) a
    notification gets an HTML alternative with the board as a PNG, and the links of
    its text to the host's pages (``host``: the public address) as links. A picture that
    cannot be made leaves the text alone: it never holds a mail back. A notification's
    text is written now from its position (``texts``, a cache, shares the drawing
    between the mails of one position; ``known``, the positions this process queued,
    :meth:`referee.service.store.Store.position`)."""
    body = composed_body(row, texts, known)
    headers = json.loads(row["headers"])
    auto = headers.pop("Auto-Submitted", "auto-generated")
    html, png = row["html"], None
    if pictures is not None and row["png_state"]:
        if row["png_state"] not in pictures:
            try:
                pictures[row["png_state"]] = picture_png(row["png_state"], known)
            except Exception:
                pictures[row["png_state"]] = None
        png = pictures[row["png_state"]]
        if png is not None:
            html = picture_html(body, host, json.loads(row["compose"] or "{}").get("lang"))
    return compose(sender=row["sender"], to=", ".join(json.loads(row["recipients"])),
                   subject=row["subject"], text=body, html=html, png=png,
                   in_reply_to=row["in_reply_to"], references=tuple(json.loads(row["refs"])),
                   message_id=row["message_id"], reply_to=row["reply_to"],
                   headers=headers, auto_submitted=auto)


def deliver(store, url: str, *, now: float | None = None, limit: int = 1000,
            timeout: float = 30, clock=time.time, pictures: bool = False,
            report=None, stop=None, session: smtp.Connection | None = None,
            own: bool = False) -> Delivery:
    """Send what is due, oldest first; a temporary failure ends the run (the server is
    down: the rest waits for the next run). ``pictures`` adds the board to notifications
    (about half a second of drawing per position, shared by its seats' mails).
    ``report(row, outcome, reason)`` hears of each mail (sent, deferred, failed,
    waiting); ``stop`` (a threading.Event) ends the run between two mails. ``session``:
    a session with the server at ``url`` that the caller keeps open from one run to the
    next (serve's sender, which runs once a move), else the run opens its own. ``own``:
    the caller is the store's own sender (:attr:`Store.own_mail`, serve's): the mail
    claimed for it as it was queued goes first, without a claim, and the rest of the
    outbox is looked at only if there was none or LOOK_EVERY seconds have passed
    (:mod:`referee.service.hosted.outbox`)."""
    report = report or (lambda row, outcome, reason: None)
    smtp.parse_url(url)                 # a bad URL (MailConfigError) claims nothing
    me, out = worker_id(), Delivery()
    drawn: dict | None = {} if pictures else None
    texts: dict = {}                    # positions drawn as text, shared by their mails
    mine = store.own_mail if own else None
    claimed = finished = False          # the run claimed rows; every row claimed was tried
    taken: list = []                    # (row, when): the server took it, not yet marked
    when = clock if now is None else (lambda: now)
    try:
        with smtp.Connection(url, timeout=timeout) if session is None \
                else nullcontext(session) as connection:
            if mine is not None:
                rows = mine.take()
                if rows and not _send_claimed(store, connection, mine.worker, rows, out,
                                              drawn, texts, report, when, stop):
                    return out
                if rows and time.monotonic() - mine.looked < LOOK_EVERY:
                    return out
                mine.looked = time.monotonic()
            while (left := limit - out.sent - out.failed - out.deferred) > 0:
                rows = claim(store, me, when(), CHANNEL, min(CLAIM_BATCH, left))
                claimed = claimed or bool(rows)
                try:
                    for row in rows:
                        if stop is not None and stop.is_set():
                            return out
                        if not _deliver_one(store, connection, row, me, out, drawn, texts,
                                            report, when, taken):
                            return out
                finally:
                    mark_sent(store, me, taken)
                    taken.clear()
                if len(rows) < CLAIM_BATCH:     # nothing more was due: mail queued since
                    break                       # wakes the next run (serve) or waits for it
        finished = True
    finally:
        for source in texts:            # their mails are written: memory for new ones
            store.games.forget_position(source)
        if claimed and not finished:
            try:
                release(store, me)
            except (OperationalError, InterfaceError):
                pass                    # the store is down: the claims expire by themselves
    return out


def _send_claimed(store, connection, me: str, rows: list, out: Delivery, drawn, texts,
                  report, when, stop) -> bool:
    """Send ``rows``, claimed for ``me`` as they were queued; False: the run ends here
    (``stop``, or the server is down or refuses us), the rows not tried given back to
    the outbox for whichever run comes next."""
    if rows[0]["claimed_until"] - when() < CLAIM_SECS / 2:     # kept waiting: still ours?
        rows = renewed(store, me, rows, when())
    taken: list = []
    held: list = []                     # sent, reported once the mark gives their ids

    def hold(row, outcome, reason):
        if outcome == "sent" and row["id"] is None:
            held.append(row)
        else:
            report(row, outcome, reason)

    def mark():
        try:
            mark_sent(store, me, taken)
        finally:
            for row in held:
                report(row, "sent", "")
            taken.clear()
            held.clear()

    tried = 0
    try:
        for row in rows:
            if stop is not None and stop.is_set():
                return False
            tried += 1
            if not _deliver_one(store, connection, row, me, out, drawn, texts, hold, when,
                                taken):
                return False
            if len(taken) >= CLAIM_BATCH:   # a backlog is marked as it goes: a crash
                mark()                      # sends at most a batch again
        return True
    finally:
        mark()
        if tried < len(rows):
            try:
                release(store, me, [r["message_id"] for r in rows[tried:]])
            except (OperationalError, InterfaceError):
                pass                    # the store is down: the claims expire by themselves


def _deliver_one(store, connection, row, me: str, out: Delivery, drawn, texts, report,
                 clock, taken: list) -> bool:
    """Send one claimed row and record what became of it (a row the server took joins
    ``taken``, marked with its batch); False: the run ends here (the server is down or
    refuses us: the rest waits for the next run). A row claimed as it was queued has
    no id yet (``None``): its mark or its finish finds it by Message-ID and gives it."""
    try:
        raw = compose_row(row, drawn, texts, store.games.position, store.public_url)
    except ValueError as exc:           # a row no server could take: never retried
        finish(store, row, me, {"failed": f"cannot be composed: {exc}"[:1000],
                                "claimed_until": None})
        out.failed += 1
        report(row, "failed", f"cannot be composed: {exc}")
        return True
    try:
        connection.send(raw, sender=row["sender"], recipients=json.loads(row["recipients"]))
    except MailError as err:
        if isinstance(err, ServerRefused):      # not this mail's fault: it waits
            finish(store, row, me, {"claimed_by": None, "claimed_until": None,
                                    "last_error": err.reason[:1000]})
            out.stopped = err.reason
            report(row, "waiting", err.reason)
            return False
        finish(store, row, me, failed_try(row, err.reason, temporary=err.temporary,
                                          now=clock()))
        if err.temporary:
            out.deferred += 1
        else:
            out.failed += 1
        report(row, "deferred" if err.temporary else "failed", err.reason)
        return not err.temporary
    taken.append((row, clock()))
    out.sent += 1
    report(row, "sent", "")
    return True


def failed_rows(store, limit: int = 1000) -> list[dict]:
    """The mails given up for good, newest first, with the reason the server gave."""
    with store.read() as conn:
        q = (select(S.outbox.c.id, S.outbox.c.game_id, S.outbox.c.kind, S.outbox.c.recipients,
                    S.outbox.c.subject, S.outbox.c.created_at, S.outbox.c.attempts,
                    S.outbox.c.failed)
             .where(S.outbox.c.channel == CHANNEL, S.outbox.c.failed.is_not(None),
                    S.outbox.c.sent_at.is_(None))
             .order_by(S.outbox.c.id.desc()).limit(limit))
        return [dict(r, recipients=json.loads(r["recipients"]))
                for r in conn.execute(q).mappings()]


def retry(store, ids: list[int] | None, now: float) -> int:
    """Queue failed mails again (``ids``, or every failed mail when None), to be sent
    at the next run as if new; the count queued."""
    with store.write() as conn:
        q = update(S.outbox).where(S.outbox.c.channel == CHANNEL, S.outbox.c.failed.is_not(None),
                                   S.outbox.c.sent_at.is_(None))
        if ids is not None:
            q = q.where(S.outbox.c.id.in_(ids))
        done = conn.execute(q.values(failed=None, attempts=0, next_try=now, claimed_by=None,
                                     claimed_until=None))
        return done.rowcount
