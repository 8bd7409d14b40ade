"""Delivering the outbox by SMTP (docs/mail.md section 5).

A row is claimed (a compare-and-set on ``claimed_by``/``claimed_until``) before
it is sent, so two senders never send the same row, and marked sent only after
the server accepted it, so an outage loses nothing: a temporary failure puts
the row back with a backoff, a permanent one is recorded on it. The one gap
left is a crash between the server's "250 OK" and the mark: that row goes out
again when its claim expires, with the same Message-ID, which clients show once.
The marks of a batch of claimed rows are written together once the batch is tried
(one transaction for the batch, not one a mail), so that gap
holds at most a batch (CLAIM_BATCH mails; a move's four mails in serve, where mail
claimed as it was queued is marked a batch at a time too however much waits). For the same
reason the claims and marks are not synced to disk on SQLite (``Store.write(durable=
False)``): a power cut may undo the last of them, which sends those mails again, the
same messages; it never loses one, and the moves they tell of are synced.
"""
from __future__ import annotations

import json
import time
from contextlib import nullcontext
from dataclasses import dataclass
from functools import lru_cache

from sqlalchemy import and_, bindparam, func, null, or_, select, update
from sqlalchemy.exc import InterfaceError, OperationalError

from referee.service.store import schema as S
from referee.service.errors import MailError, ServerRefused
from referee.service.mail import smtp
from referee.service.hosted.mails import composed_body, picture_html, picture_png
from referee.service.mail.outgoing import compose
from referee.service.hosted.outbox import CLAIM_SECS, LOOK_EVERY, backoff, worker_id

CLAIM_BATCH = 25           # rows claimed in one transaction


@dataclass
class Delivery:
    sent: int = 0
    deferred: int = 0
    failed: int = 0
    stopped: str | None = None      # why the run stopped with mail left: the server refused us


# Statements of every run and every mail, made once: a statement object kept between
# calls is found in SQLAlchemy's cache without being rebuilt and keyed anew.
_DUE = or_(S.outbox.c.claimed_until.is_(None), S.outbox.c.claimed_until < bindparam("now"))
# the oldest mails due, locked on PostgreSQL without waiting for another sender's (SKIP
# LOCKED: two senders take different mails); SQLite has one writer at a time anyway
_OLDEST_DUE = (select(S.outbox.c.id).where(
    S.outbox.c.sent_at.is_(None), S.outbox.c.failed.is_(None),
    S.outbox.c.next_try <= bindparam("now"), _DUE)
    .order_by(S.outbox.c.id).limit(bindparam("limit"))
    .with_for_update(skip_locked=True).scalar_subquery())
_CLAIM = (update(S.outbox).where(
    S.outbox.c.id.in_(_OLDEST_DUE), S.outbox.c.sent_at.is_(None),
    S.outbox.c.failed.is_(None), _DUE)
    .values(claimed_by=bindparam("me"), claimed_until=bindparam("until"))
    .returning(*S.outbox.c))
_MARKED = {"sent_at": bindparam("sent_at"), "attempts": S.outbox.c.attempts + 1,
           "claimed_until": null()}
# a batch's marks in one statement (on PostgreSQL each statement is a client's round
# of work), each row stamped with the moment the server took the batch's last mail
_SENT = (update(S.outbox).where(S.outbox.c.id.in_(bindparam("rows", expanding=True)),
                                S.outbox.c.claimed_by == bindparam("me"))
         .values(_MARKED))


@lru_cache(maxsize=64)
def _sent_own(count: int):
    """The mark of ``count`` mails claimed as they were queued (their ids unknown:
    mail/own.py), found by Message-ID (``m0``, ``m1``, ...) among the mail not sent yet
    (the index on sent_at holds those), ids back. A statement per count rather than an
    expanding IN, which SQLAlchemy renders again at every run: a move mails its four or
    five seats, so the few counts seen are each compiled once and found in its cache."""
    return (update(S.outbox).where(
        S.outbox.c.message_id.in_([bindparam(f"m{i}") for i in range(count)]),
        S.outbox.c.claimed_by == bindparam("me"), S.outbox.c.sent_at.is_(None))
        .values(_MARKED)
        .returning(S.outbox.c.id, S.outbox.c.message_id))


def _bookkeeping(store):
    """A write of the outbox's own bookkeeping (a claim, a mark): one statement,
    autocommitted; not synced to disk on SQLite (module docstring); and waking no
    sender, since it queues no mail."""
    return store.write(durable=False, wakes=False, single=True)


def claim(store, me: str, now: float, limit: int = CLAIM_BATCH) -> list:
    """Up to ``limit`` of the oldest mails due, claimed for this worker (a
    compare-and-set on each), in order, in one statement and one transaction: the
    read of what is due and its claim cannot be told apart by another sender."""
    with _bookkeeping(store) as conn:
        rows = conn.execute(_CLAIM, {"now": now, "limit": limit, "me": me,
                                     "until": now + CLAIM_SECS}).mappings().all()
    return sorted(rows, key=lambda r: r["id"])


def release(store, me: str, message_ids: list | None = None) -> None:
    """Give back the rows this worker claimed and did not try (a run that stopped
    early), or those of ``message_ids`` among them: the next run sends them at once,
    not when the claim expires."""
    q = update(S.outbox).where(S.outbox.c.claimed_by == me, S.outbox.c.sent_at.is_(None),
                               S.outbox.c.failed.is_(None))
    if message_ids is not None:
        q = q.where(S.outbox.c.message_id.in_(message_ids))
    with _bookkeeping(store) as conn:
        conn.execute(q.values(claimed_by=None, claimed_until=None))


def _renewed(store, me: str, rows: list, now: float) -> list:
    """Of ``rows``, claimed for ``me`` a while ago, those still claimed for it and not
    sent (none taken meanwhile by another sender after the claim ran out), claimed
    afresh: a sender kept waiting (a store or server that was down) may send them."""
    with _bookkeeping(store) as conn:
        kept = {mid: row_id for row_id, mid in conn.execute(
            update(S.outbox).where(S.outbox.c.message_id.in_([r["message_id"] for r in rows]),
                                   S.outbox.c.claimed_by == me, S.outbox.c.sent_at.is_(None),
                                   S.outbox.c.failed.is_(None))
            .values(claimed_until=now + CLAIM_SECS)
            .returning(S.outbox.c.id, S.outbox.c.message_id))}
    return [dict(r, id=kept[r["message_id"]], claimed_until=now + CLAIM_SECS)
            for r in rows if r["message_id"] in kept]


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
            html = picture_html(body, host)
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
                rows = claim(store, me, when(), min(CLAIM_BATCH, left))
                claimed = claimed or bool(rows)
                try:
                    for row in rows:
                        if stop is not None and stop.is_set():
                            return out
                        if not _deliver_one(store, connection, row, me, out, drawn, texts,
                                            report, when, taken):
                            return out
                finally:
                    _mark_sent(store, me, taken)
                    taken.clear()
                if len(rows) < CLAIM_BATCH:     # nothing more was due: mail queued since
                    break                       # wakes the next run (serve) or waits for it
        finished = True
    finally:
        for source in texts:            # their mails are written: memory for new ones
            store.forget_position(source)
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
        rows = _renewed(store, me, rows, when())
    taken: list = []
    held: list = []                     # sent, reported once the mark gives their ids

    def hold(row, outcome, reason):
        if outcome == "sent" and row["id"] is None:
            held.append(row)
        else:
            report(row, outcome, reason)

    def mark():
        try:
            _mark_sent(store, me, taken)
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
        raw = compose_row(row, drawn, texts, store.position, store.public_url)
    except ValueError as exc:           # a row no server could take: never retried
        _finish(store, row, me, {"failed": f"cannot be composed: {exc}"[:1000],
                                 "claimed_until": None})
        out.failed += 1
        report(row, "failed", f"cannot be composed: {exc}")
        return True
    try:
        connection.send(raw, sender=row["sender"], recipients=json.loads(row["recipients"]))
    except MailError as err:
        attempts = row["attempts"] + 1
        values = {"attempts": attempts, "claimed_by": None, "claimed_until": None,
                  "last_error": err.reason[:1000]}
        if isinstance(err, ServerRefused):      # not this mail's fault: it waits
            _finish(store, row, me, {**values, "attempts": row["attempts"]})
            out.stopped = err.reason
            report(row, "waiting", err.reason)
            return False
        if err.temporary:
            values["next_try"] = clock() + backoff(attempts)
            out.deferred += 1
        else:
            values["failed"] = err.reason[:1000]
            out.failed += 1
        _finish(store, row, me, values)
        report(row, "deferred" if err.temporary else "failed", err.reason)
        return not err.temporary
    taken.append((row, clock()))
    out.sent += 1
    report(row, "sent", "")
    return True


MARK_PATIENCE = 120.0      # seconds to keep trying to record a sent mail (< CLAIM_SECS)


def _mark_sent(store, me: str, taken: list, *, sleep=time.sleep,
               clock=time.monotonic) -> None:
    """Record that the server took the mails ``taken`` ((row, when) pairs), in one
    statement (the rows claimed as they were queued, in one more, which gives their
    ids). The mails are out: if the store is down now, giving up would send
    them again when the claim expires, so the mark is retried (the database
    restarting, a failover) for MARK_PATIENCE seconds, well inside the claim; only a
    longer outage leaves the second copies the module's docstring names, and the
    error then ends the run (exit 75)."""
    if not taken:
        return
    known = [row["id"] for row, _ in taken if row["id"] is not None]
    unknown = {row["message_id"]: row for row, _ in taken if row["id"] is None}
    at = max(when for _, when in taken)
    deadline, wait = clock() + MARK_PATIENCE, 0.25
    while True:
        try:
            if known:
                with _bookkeeping(store) as conn:
                    conn.execute(_SENT, {"me": me, "rows": known, "sent_at": at})
                known = []
            if unknown:
                with _bookkeeping(store) as conn:
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


def _finish(store, row, me: str, values: dict) -> None:
    """What became of a row the server did not take; a row without its id yet (claimed
    as it was queued) is found by Message-ID among the mail not sent and given it."""
    which = S.outbox.c.id == row["id"] if row["id"] is not None else \
        and_(S.outbox.c.message_id == row["message_id"], S.outbox.c.sent_at.is_(None))
    with _bookkeeping(store) as conn:
        found = conn.execute(update(S.outbox).where(which, S.outbox.c.claimed_by == me)
                             .values(**values).returning(S.outbox.c.id)).scalar()
    if row["id"] is None:
        row["id"] = found


def failed_rows(store, limit: int = 1000) -> list[dict]:
    """The mails given up for good, newest first, with the reason the server gave."""
    with store.read() as conn:
        q = (select(S.outbox.c.id, S.outbox.c.game_id, S.outbox.c.kind, S.outbox.c.recipients,
                    S.outbox.c.subject, S.outbox.c.created_at, S.outbox.c.attempts,
                    S.outbox.c.failed)
             .where(S.outbox.c.failed.is_not(None), S.outbox.c.sent_at.is_(None))
             .order_by(S.outbox.c.id.desc()).limit(limit))
        return [dict(r, recipients=json.loads(r["recipients"]))
                for r in conn.execute(q).mappings()]


def retry(store, ids: list[int] | None, now: float) -> int:
    """Queue failed mails again (``ids``, or every failed mail when None), to be sent
    at the next run as if new; the count queued."""
    with store.write() as conn:
        q = update(S.outbox).where(S.outbox.c.failed.is_not(None), S.outbox.c.sent_at.is_(None))
        if ids is not None:
            q = q.where(S.outbox.c.id.in_(ids))
        done = conn.execute(q.values(failed=None, attempts=0, next_try=now, claimed_by=None,
                                     claimed_until=None))
        return done.rowcount


def counts(store) -> dict:
    with store.read() as conn:
        q = select(func.count()).select_from(S.outbox)
        total = conn.execute(q).scalar()
        sent = conn.execute(q.where(S.outbox.c.sent_at.is_not(None))).scalar()
        failed = conn.execute(q.where(S.outbox.c.failed.is_not(None))).scalar()
    return {"total": total, "sent": sent, "failed": failed, "waiting": total - sent - failed}
