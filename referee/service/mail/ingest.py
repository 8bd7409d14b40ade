"""Mail in (docs/mail.md sections 1 and 3): one message, authenticated, run, answered.

A message counts for a seat only when it carries the seat's secret (its
personal reply address among the recipients, or a ``token`` line) and comes
from the seat's own address. Everything it does happens in one transaction
with the record of its Message-ID, so an MTA's retry after a crash or a
resent copy is processed exactly once. A message that does not count changes
nothing; its sender gets one short refusal, rate-limited, and only if the
host knows the address (never a stranger, never an auto-reply or bounce).
"""
from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from sqlalchemy import func, insert, select, update
from sqlalchemy import exc as sa_exc
from sqlalchemy.dialects import postgresql, sqlite

from referee.service import schema as S
from referee.service.identity import reply_address, same_address, seat_secret, secrets_in, valid
from referee.service.mail.commands import read_lines
from referee.service.mail.incoming import read_mail
from referee.service.mail.notify import queue, reply_subject
from referee.service.session import Session
from referee.service.store import game_seats
from referee.service.submit import run_commands

REFUSAL_GAP = 3600.0           # one refusal per address per hour
MAX_REFS = 20


@dataclass
class Ingested:
    outcome: str               # handled | duplicate | refused | dropped
    game_id: str | None = None
    seat: str | None = None
    reply: object = None       # the submit.Reply of a handled mail
    reason: str = ""


def message_key(mail, raw: bytes) -> str:
    """The Message-ID, or for a mail without one a digest of its bytes (the same on retry)."""
    if mail.message_id:
        return mail.message_id[:990]
    return "<sha256:" + hashlib.sha256(raw).hexdigest() + ">"


def ingest(store, raw: bytes, *, now: float | None = None) -> Ingested:
    """Handle one RFC 5322 message. Store errors propagate (the caller exits 75)."""
    now = time.time() if now is None else now
    mail = read_mail(raw)
    key = message_key(mail, raw)
    lines = read_lines(mail.body)
    with store.write() as conn:
        who, reason = _authenticate(store, conn, mail, lines.token)
        if who is None:
            if not _mark(store, conn, key, None, f"refused: {reason}", now):
                return Ingested("duplicate")
            sent = _refuse(conn, mail, reason, now)
            return Ingested("refused" if sent else "dropped", reason=reason)
        game, seats, seat = who
        game_id = game["id"]
        if mail.auto:
            if not _mark(store, conn, key, game_id,
                         f"dropped: {mail.auto_reason or 'auto-reply'}", now):
                return Ingested("duplicate")
            return Ingested("dropped", game_id, seat, reason="an auto-reply or bounce")
        if not _mark(store, conn, key, game_id, "handled", now):
            return Ingested("duplicate")
        reply = _run(store, conn, mail, lines, game, seats, seat, key, now)
        return Ingested("handled", game_id, seat, reply)


def _mark_statement(dialect):
    return (dialect.insert(S.messages).on_conflict_do_nothing(index_elements=["message_id"])
            .returning(S.messages.c.message_id))      # a row back: it was new


_MARK = {"sqlite": _mark_statement(sqlite), "postgresql": _mark_statement(postgresql)}


def _mark(store, conn, key: str, game_id: str | None, outcome: str, now: float) -> bool:
    """Record the message as handled; False if it was already (a retry or a resent copy).
    Nothing was written before this in the transaction, and a duplicate writes nothing."""
    q = _MARK["sqlite" if store.sqlite else "postgresql"]
    done = conn.execute(q, {"message_id": key, "game_id": game_id, "at": now,
                            "outcome": outcome[:500]})
    return done.first() is not None


def _authenticate(store, conn, mail, token):
    """((the game's row, locked; its seat rows; the seat), "") or (None, why not). The
    game is locked before its seats are read, so a seat replaced by a transaction that
    committed a moment ago is seen as replaced."""
    found = secrets_in(mail.recipients, token)
    if not found:
        return None, "this mail carries no seat's secret (reply to the referee's mail, or " \
                     "add your token line)"
    key = store.host_key(conn)
    for secret in found:
        game = store.lock_game(conn, secret.game_id)
        seats = game_seats(conn, secret.game_id) if game is not None else {}
        row = seats.get(secret.seat)
        if row is None or not valid(key, secret, row["generation"]):
            continue
        if not same_address(mail.sender, row["address"]):
            return None, f"this mail does not come from the address that holds {secret.seat}"
        return (game, seats, secret.seat), ""
    return None, "the secret in this mail is not valid (a replaced seat's, or mistyped)"


def _known(conn, address: str | None) -> str | None:
    """The host address of a game the sender plays in, or None for a stranger."""
    if not address:
        return None
    q = (select(S.games.c.host_address).join(S.seats, S.seats.c.game_id == S.games.c.id)
         .where(func.lower(S.seats.c.address) == address.lower()).limit(1))
    return conn.execute(q).scalar()


def _refuse(conn, mail, reason: str, now: float) -> bool:
    """One short refusal, if the sender is known, not automatic and not refused lately."""
    host = None if mail.auto else _known(conn, mail.sender)
    if host is None:
        return False
    address = mail.sender.lower()[:320]
    try:
        with conn.begin_nested():
            row = conn.execute(select(S.refusals).where(S.refusals.c.address == address)
                               ).mappings().first()
            if row is not None and row["last_at"] > now - REFUSAL_GAP:
                return False
            if row is None:
                conn.execute(insert(S.refusals).values(address=address, last_at=now, count=1))
            else:
                conn.execute(update(S.refusals).where(S.refusals.c.address == address)
                             .values(last_at=now, count=row["count"] + 1))
    except sa_exc.IntegrityError:
        return False
    queue(conn, game_id=None, kind="refusal", sender=host, to=[mail.sender],
          subject="[referee] your mail changed nothing", now=now,
          body=f"Your mail changed nothing: {reason}.\n\nFurther mails like it get no answer "
               "for an hour.\n", in_reply_to=mail.message_id,
          references=_refs(mail), headers={"Auto-Submitted": "auto-replied"})
    return True


def _refs(mail) -> list[str]:
    refs = list(mail.references)[-MAX_REFS:]
    if mail.message_id:
        refs.append(mail.message_id)
    return refs


def _run(store, conn, mail, lines, game, seats, seat: str, key: str, now: float):

    game_id = game["id"]
    session = Session(store, conn, game_id, seat, via="mail", now=now, message_id=key,
                      game=game, seats=seats)
    cmds = lines.commands(seats=session.module.seats, verbs=session.module.move_verbs)
    commands = [(c.text, c.guard, c.kind) for c in cmds.lines]
    reply = run_commands(store, conn, game_id, seat, commands, via="mail", now=now,
                         message_id=key, session=session)
    reply.ignored = list(cmds.ignored) + reply.ignored
    body = reply.text
    if mail.problems:
        body += "\nAbout your mail: " + "; ".join(mail.problems) + "\n"
    game = session.game
    row = session.seats[session.seat]
    secret = seat_secret(store.host_key(conn), game_id, seat, row["generation"])
    queue(conn, game_id=game_id, kind="reply", sender=game["host_address"], to=[mail.sender],
          subject=reply_subject(game, mail.subject), body=body,
          now=now, in_reply_to=mail.message_id, references=_refs(mail),
          reply_to=reply_address(game["host_address"], secret),
          headers={"Auto-Submitted": "auto-replied", "X-Referee-Game": game_id,
                   "X-Referee-Seat": seat}, batch=session.batch)
    return reply
