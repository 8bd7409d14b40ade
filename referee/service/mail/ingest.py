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

from sqlalchemy import bindparam, exists, func, insert, select, update
from sqlalchemy import exc as sa_exc
from sqlalchemy.dialects import postgresql, sqlite

from referee import i18n
from referee.i18n import N_, _
from referee.core import registry
from referee.service.store import schema as S
from referee.service.hosted.identity import reply_address, same_address, seat_secret, secrets_in, valid
from referee.service.mail.incoming import Problem, read_mail
from referee.service.hosted.mails import Envelope, SeatMail, queue, reply_subject, to_seat
from referee.service.hosted.entry import Arrival, Door, Seated, Taken, Turned, take

REFUSAL_GAP = 3600.0           # one refusal per address per hour
MAX_REFS = 20
SHOWN_LINES = 10               # a mail's commands quoted back to the seat it was sent as
SHOWN_LINE = 200               # characters of each
WIDTH = 72                     # columns of the notice's paragraphs


def message_key(mail, raw: bytes) -> str:
    """The Message-ID, or for a mail without one a digest of its bytes (the same on retry)."""
    if mail.message_id:
        return mail.message_id[:990]
    return "<sha256:" + hashlib.sha256(raw).hexdigest() + ">"


def ingest(store, raw: bytes, *, now: float | None = None) -> Taken:
    """Handle one RFC 5322 message: handled, duplicate, refused or dropped. Store errors
    propagate (the caller exits 75)."""
    now = time.time() if now is None else now
    mail = read_mail(raw)
    key = message_key(mail, raw)
    return take(store, Arrival("mail", mail.body, ref=key), MailDoor(mail, key, now), now=now)


class MailDoor(Door):
    """A mail counts for the seat whose valid secret it carries, sent from that seat's
    own address; each is handled once by its Message-ID, scoped to whom it proved to
    be (:func:`_scoped`)."""

    def __init__(self, mail, key: str, now: float):
        self.mail, self.key, self.now = mail, key, now
        self.scoped, self.legacy = key, None

    def find(self, store, conn, lines):
        mail = self.mail
        who, reason = _authenticate(store, conn, mail, lines.token)
        sender = f"from {(mail.sender or '').lower()}"
        if who is not None and not same_address(mail.sender, who[1][who[2]]["address"]):
            self.scoped = _scoped(self.key, sender)
            game, seats, seat = who
            return Turned("refused", "refused: another sender", game["id"], seat,
                          reason="from another address than the seat's",   # the host's log
                          then=lambda conn: not mail.auto and _elsewhere(
                              store, conn, mail, lines, who, self.now))
        if who is None:
            self.scoped = _scoped(self.key, sender)
            return Turned("refused", f"refused: {reason}", reason=reason,
                          then=lambda conn: _refuse(conn, mail, reason, self.now))
        game, seats, seat = who
        self.scoped, self.legacy = _scoped(self.key, f"{game['id']}.{seat}"), self.key
        if mail.auto:
            return Turned("dropped", f"dropped: {mail.auto_reason or 'auto-reply'}", game["id"],
                          seat, reason="an auto-reply or bounce")
        return Seated(game, seats, seat)

    def once(self, store, conn, found, now: float) -> bool:
        game_id = found.game["id"] if isinstance(found, Seated) else found.game_id
        return _mark(store, conn, self.scoped, game_id, found.note, now, legacy=self.legacy)

    def answer(self, session, reply, commands, now: float) -> None:
        """The reply to the sender; to a mail with no command, once an hour at most."""
        game_id, seat, mail = session.game["id"], session.seat, self.mail
        if not reply.verdicts and not _once(session.conn, f"chatter {game_id}.{seat}", now):
            return                   # chatter answered within the hour: no second answer
        body = reply.text
        if mail.problems:
            with i18n.speaking(reply.lang):
                body += "\n" + _("About your mail: {problems}").format(problems="; ".join(
                    p.said() if isinstance(p, Problem) else p for p in mail.problems)) + "\n"
        game = session.game
        row = session.seats[seat]
        secret = seat_secret(session.store.host_key(session.conn), game_id, seat,
                             row["generation"])
        queue(session.conn, Envelope(
            kind="reply", sender=game["host_address"], to=[mail.sender],
            subject=reply_subject(game, mail.subject), game_id=game_id,
            in_reply_to=mail.message_id, references=_refs(mail),
            reply_to=reply_address(game["host_address"], secret),
            headers={"Auto-Submitted": "auto-replied", "X-Referee-Game": game_id,
                     "X-Referee-Seat": seat}), body, now=now, batch=session.batch)


def _scoped(key: str, scope: str) -> str:
    """A Message-ID remembered for the seat that sent it (or, for a mail that proved no
    seat, for its sender): anyone can write any Message-ID, and a stranger who knew or
    guessed a player's next one must not make that player's move pass for a duplicate."""
    return f"{scope[:200]} {key}"[:990]


def _mark_statement(dialect, *, legacy: bool = False):
    """The insert of a handled Message-ID that gives a row back when it was new; with
    ``legacy``, only if the Message-ID alone (bindparam ``legacy``) was not remembered
    either, as versions before the scoping remembered it (a mail they handled, sent
    again). The look and the insert are one statement, one round trip."""
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
    return conn.execute(q, values).first() is not None


def _authenticate(store, conn, mail, token):
    """((the game's row, locked; its seat rows; the seat), "") or (None, why not): the
    seat whose valid secret the mail carries, whoever sent it (the caller compares
    the sender). The game is locked before its seats are read, so a seat replaced by a
    transaction that committed a moment ago is seen as replaced."""
    found = secrets_in(mail.recipients, token)
    if not found:
        return None, N_("this mail carries no seat's secret (reply to the referee's mail, or "
                        "add your token line)")
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
    return None, N_("the secret in this mail is not valid (a replaced seat's, or mistyped)")


def _known(conn, address: str | None):
    """(the host address of a game the sender plays in, the language its seat there reads)
    or None for a stranger."""
    if not address:
        return None
    q = (select(S.games.c.host_address, S.seats.c.lang, S.games.c.lang.label("game_lang"))
         .join(S.seats, S.seats.c.game_id == S.games.c.id)
         .where(func.lower(S.seats.c.address) == address.lower()).limit(1))
    row = conn.execute(q).first()
    return None if row is None else (row.host_address, row.lang or row.game_lang)


def _refuse(conn, mail, reason: str, now: float) -> bool:
    """One short refusal, if the sender is known, not automatic and not refused lately."""
    known = None if mail.auto else _known(conn, mail.sender)
    if known is None:
        return False
    if not _once(conn, mail.sender.lower()[:320], now):
        return False
    host, lang = known
    with i18n.speaking(lang):       # the language the sender reads in a game of theirs
        queue(conn, Envelope(kind="refusal", sender=host, to=[mail.sender],
                             subject="[referee] " + _("your mail changed nothing"),
                             in_reply_to=mail.message_id, references=_refs(mail),
                             headers={"Auto-Submitted": "auto-replied"}),
              _("Your mail changed nothing: {reason}.").format(reason=_(reason)) + "\n\n"
              + _("Further mails like it get no answer for an hour.") + "\n", now=now)
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
    with i18n.speaking(row["lang"] or game["lang"]):
        body, what = _elsewhere_text(game, seat, row, mail, said, len(cmds.lines))
    to_seat(conn, store.host_key(conn), game, row, SeatMail("elsewhere", what, body), now=now)
    return True


def _elsewhere_text(game, seat: str, row, mail, said: list[str], count: int):
    """(the body, the subject's words) of :func:`_elsewhere`'s notice, in the seat's
    language."""
    if count > SHOWN_LINES:
        said = said + ["    " + _("... and {count} more").format(count=count - SHOWN_LINES)]
    paragraphs = [
        _("A mail for your seat {seat} in game {game} came from {sender}, not from this "
          "address ({address}), so nothing in it was played.").format(
            seat=seat, game=game["id"], sender=mail.sender or _("an unreadable address"),
            address=row["address"]),
        _("Its subject: {subject}").format(
            subject=" ".join(mail.subject.split())[:SHOWN_LINE // 2] or _("(none)")),
        _("Its commands:") + "\n" + "\n".join(said) if said else _("It held no command."),
        _("A seat's commands count only from the address the host registered for it. To "
          "play, send them from this address: replying to this mail is enough. To play from "
          "the other address, ask the host to register it for {seat} (referee host replace "
          "{game} {seat} ADDRESS; your secret changes too).").format(seat=seat,
                                                                      game=game["id"]),
        _("If you did not send that mail, someone else has your seat's secret: ask the host "
          "for the same command with your own address, which gives you a new secret and "
          "kills the old one."),
        _("Further mails like it get no answer for an hour.")]
    body = "\n\n".join(p if "\n" in p else textwrap.fill(p, WIDTH) for p in paragraphs) + "\n"
    return body, _("a mail for {seat} from another address was not played").format(seat=seat)


def _refs(mail) -> list[str]:
    refs = list(mail.references)[-MAX_REFS:]
    if mail.message_id:
        refs.append(mail.message_id)
    return refs
