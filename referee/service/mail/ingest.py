"""Mail in (docs/mail.md sections 1 and 3): one message, authenticated, run, answered.

A message counts for a seat only when it carries the seat's secret (its
personal reply address among the recipients, or a ``token`` line) and comes
from the seat's own address. Everything it does happens in one transaction
with the record of its Message-ID, so an MTA's retry after a crash or a
resent copy is processed exactly once. A message that does not count changes
nothing; its sender gets one short refusal, rate-limited, and only if the
host knows the address (never a stranger, never an auto-reply or bounce). A
seat's valid secret from another address is the one exception: the seat, at
its registered address, is told (a player writing from their other address
must not lose a move without a word; the sender may not be the player).
"""
from __future__ import annotations

import hashlib
import textwrap
import time
from dataclasses import dataclass

from sqlalchemy import bindparam, exists, func, insert, select, update
from sqlalchemy import exc as sa_exc
from sqlalchemy.dialects import postgresql, sqlite

from referee.core import registry
from referee.service import schema as S
from referee.service.compiled import run
from referee.service.identity import reply_address, same_address, seat_secret, secrets_in, valid
from referee.service.mail.commands import read_lines
from referee.service.mail.free_moves import offer
from referee.service.mail.incoming import read_mail
from referee.service.mail.notify import queue, reply_subject, to_seat
from referee.service.session import Session
from referee.service.submit import run_commands

REFUSAL_GAP = 3600.0           # one refusal per address per hour
MAX_REFS = 20
SHOWN_LINES = 10               # a mail's commands quoted back to the seat it was sent as
SHOWN_LINE = 200               # characters of each
WIDTH = 72                     # columns of the notice's paragraphs


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
        if who is not None and not same_address(mail.sender, who[1][who[2]]["address"]):
            scoped = _scoped(key, f"from {(mail.sender or '').lower()}")
            if not _mark(store, conn, scoped, who[0]["id"], "refused: another sender", now):
                return Ingested("duplicate")
            sent = not mail.auto and _elsewhere(store, conn, mail, lines, who, now)
            return Ingested("refused" if sent else "dropped", who[0]["id"], who[2],
                            reason="from another address than the seat's")
        if who is None:
            scoped = _scoped(key, f"from {(mail.sender or '').lower()}")
            if not _mark(store, conn, scoped, None, f"refused: {reason}", now):
                return Ingested("duplicate")
            sent = _refuse(conn, mail, reason, now)
            return Ingested("refused" if sent else "dropped", reason=reason)
        game, seats, seat = who
        game_id = game["id"]
        scoped = _scoped(key, f"{game_id}.{seat}")
        if mail.auto:
            if not _mark(store, conn, scoped, game_id,
                         f"dropped: {mail.auto_reason or 'auto-reply'}", now, legacy=key):
                return Ingested("duplicate")
            return Ingested("dropped", game_id, seat, reason="an auto-reply or bounce")
        if not _mark(store, conn, scoped, game_id, "handled", now, legacy=key):
            return Ingested("duplicate")
        reply = _run(store, conn, mail, lines, game, seats, seat, key, now)
        return Ingested("handled", game_id, seat, reply)


def _scoped(key: str, scope: str) -> str:
    """A Message-ID remembered for the seat that sent it (or, for a mail that proved no
    seat, for its sender): anyone can write any Message-ID, and a stranger who knew or
    guessed a player's next one must not make that player's move pass for a duplicate."""
    return f"{scope[:200]} {key}"[:990]


def _mark_statement(dialect, *, legacy: bool = False):
    """The insert of a handled Message-ID that gives a row back when it was new; with
    ``legacy``, only if the Message-ID alone (bindparam ``legacy``) was not remembered
    either, as versions before the scoping remembered it (a mail they handled, sent
    again): one statement where a look and then an insert took two."""
    q = dialect.insert(S.messages)
    if legacy:
        c = S.messages.c
        before = select(c.message_id).where(c.message_id == bindparam("legacy", type_=c.message_id.type))
        q = q.from_select(["message_id", "game_id", "at", "outcome"], select(
            *(bindparam(col.name, type_=col.type) for col in (c.message_id, c.game_id, c.at,
                                                              c.outcome)))
            .where(~exists(before)))
    return q.on_conflict_do_nothing(index_elements=["message_id"]).returning(
        S.messages.c.message_id)                      # a row back: it was new


_MARK = {(name, legacy): _mark_statement(dialect, legacy=legacy)
         for name, dialect in (("sqlite", sqlite), ("postgresql", postgresql))
         for legacy in (False, True)}


def _mark(store, conn, key: str, game_id: str | None, outcome: str, now: float, *,
          legacy: str | None = None) -> bool:
    """Record the message as handled; False if it was already (a retry or a resent copy),
    or, with ``legacy``, if that unscoped key was. Nothing was written before this in
    the transaction, and a duplicate writes nothing."""
    q = _MARK["sqlite" if store.sqlite else "postgresql", legacy is not None]
    values = {"message_id": key, "game_id": game_id, "at": now, "outcome": outcome[:500]}
    if legacy is not None:
        values["legacy"] = legacy
    return run(conn, q, values).first() is not None


def _authenticate(store, conn, mail, token):
    """((the game's row, locked; its seat rows; the seat), "") or (None, why not): the
    seat whose valid secret the mail carries, whoever sent it (the caller compares
    the sender). The game is locked before its seats are read, so a seat replaced by a
    transaction that committed a moment ago is seen as replaced."""
    found = secrets_in(mail.recipients, token)
    if not found:
        return None, "this mail carries no seat's secret (reply to the referee's mail, or " \
                     "add your token line)"
    key = store.host_key(conn)
    from_elsewhere = []
    for secret in found:
        game, seats = store.lock_game_and_seats(conn, secret.game_id)
        row = seats.get(secret.seat)
        if row is None or row["account"] or not valid(key, secret, row["generation"]):
            continue                 # (a forum account's seat is played in its thread)
        if same_address(mail.sender, row["address"]):
            return (game, seats, secret.seat), ""
        from_elsewhere.append((game, seats, secret.seat))
    if from_elsewhere:
        return from_elsewhere[0], ""
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
    if not _once(conn, mail.sender.lower()[:320], now):
        return False
    queue(conn, game_id=None, kind="refusal", sender=host, to=[mail.sender],
          subject="[referee] your mail changed nothing", now=now,
          body=f"Your mail changed nothing: {reason}.\n\nFurther mails like it get no answer "
               "for an hour.\n", in_reply_to=mail.message_id,
          references=_refs(mail), headers={"Auto-Submitted": "auto-replied"})
    return True


def _once(conn, key: str, now: float) -> bool:
    """True, and ``key`` remembered, unless ``key`` was answered within REFUSAL_GAP
    (``key``: a refused sender's address, ``SEAT@GAME`` for mail sent as a seat from
    elsewhere, or ``chatter GAME.SEAT``): ten such mails, one answer."""
    try:
        with conn.begin_nested():
            row = conn.execute(select(S.refusals).where(S.refusals.c.address == key)
                               ).mappings().first()
            if row is not None and row["last_at"] > now - REFUSAL_GAP:
                return False
            if row is None:
                conn.execute(insert(S.refusals).values(address=key, last_at=now, count=1))
            else:
                conn.execute(update(S.refusals).where(S.refusals.c.address == key)
                             .values(last_at=now, count=row["count"] + 1))
    except sa_exc.IntegrityError:
        return False
    return True


def _elsewhere(store, conn, mail, lines, who, now: float) -> bool:
    """Tell a seat, at its registered address and never at the sender's (whoever sent
    it has the seat's secret, which may have leaked), that a mail with its secret came
    from another address and played nothing; at most once per REFUSAL_GAP per seat, so
    nobody holding a secret can make the referee flood its player."""
    game, seats, seat = who
    if not _once(conn, f"{seat}@{game['id']}"[:320], now):
        return False
    row = dict(seats[seat])
    cmds = lines.commands(seats=list(seats), verbs=registry.get(game["game"]).move_verbs)
    said = [textwrap.fill(c.text[:SHOWN_LINE], 76, initial_indent="    ",
                          subsequent_indent="      ") for c in cmds.lines[:SHOWN_LINES]]
    if len(cmds.lines) > SHOWN_LINES:
        said.append(f"    ... and {len(cmds.lines) - SHOWN_LINES} more")
    paragraphs = [
        f"A mail for your seat {seat} in game {game['id']} came from "
        f"{mail.sender or 'an unreadable address'}, not from this address "
        f"({row['address']}), so nothing in it was played.",
        f"Its subject: {' '.join(mail.subject.split())[:SHOWN_LINE // 2] or '(none)'}",
        "Its commands:\n" + "\n".join(said) if said else "It held no command.",
        "A seat's commands count only from the address the host registered for it. "
        "To play, send them from this address: replying to this mail is enough. To "
        f"play from the other address, ask the host to register it for {seat} "
        f"(referee host replace {game['id']} {seat} ADDRESS; your secret changes too).",
        "If you did not send that mail, someone else has your seat's secret: ask the "
        "host for the same command with your own address, which gives you a new secret "
        "and kills the old one.",
        "Further mails like it get no answer for an hour."]
    body = "\n\n".join(p if "\n" in p else textwrap.fill(p, WIDTH) for p in paragraphs) + "\n"
    to_seat(conn, store.host_key(conn), game, row, kind="elsewhere",
            what=f"a mail for {seat} from another address was not played", body=body,
            now=now)
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
    commands, ignored, unsure = offer(session, [(c.text, c.guard, c.kind) for c in cmds.lines],
                                      [c.kind for c in cmds.lines], list(cmds.ignored))
    reply = run_commands(store, conn, game_id, seat, commands, via="mail", now=now,
                         message_id=key, session=session)
    reply.verdicts += [unsure] if unsure is not None else []
    reply.ignored = ignored + reply.ignored
    if not reply.verdicts and not _once(conn, f"chatter {game_id}.{seat}", now):
        return reply                 # chatter answered within the hour: no second answer
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
