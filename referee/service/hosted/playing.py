"""A seat's move and its first reply (the salt), and knowing a move sent again.

A mail or a page may be sent twice; a move the seat already made is answered with
where it stands instead of being refused, so a player whose mail crossed the
referee's answer is not told their move failed, and one that would be legal again
is held for the seat to confirm (:mod:`repeats`), never played twice by accident.
"""
from __future__ import annotations

import secrets

from sqlalchemy import select

from referee.i18n import _, seat_word, seat_words
from referee.replay import MIN_SALT, salt_commitment
from referee.service.store import schema as S
from referee.service.store.record import update_game
from referee.service.hosted import repeats, takebacks
from referee.service.hosted.bot_seats import held_by_bot
from referee.service.hosted.session import Verdict, words
from referee.transcript import UsageError, format_tag


def salt(session, word: str, *, text: str | None = None, auto: bool = False) -> Verdict:
    """A seat's first reply. In a two-phase game ([Dealing]) the referee sends its
    [SaltCommit] now and keeps the salt; once every seat has committed it reveals
    them all, in seat order, and the last one deals the setup."""
    text = text or f"salt {word}"
    if session.game["status"] != "salting":
        return session.refuse(text, "salt", _("this game is dealt already: salts come "
                                              "before the deal"))
    if session.seats[session.seat]["salted"]:
        return session.refuse(text, "salt", _("{seat} has given a salt already").format(
            seat=seat_word(session.seat)))
    if not word.isprintable() or len(word) > 40 or '"' in word or "\\" in word:
        return session.refuse(text, "salt", _("a salt is one word of at most 40 characters, "
                                              "without quotes or backslashes"))
    if len(word) < MIN_SALT:            # too short to be unguessable: the referee adds to it
        word = f"{word}-{secrets.token_hex(8)}"
    two_phase = "[dealing " in session.game["header"].lower()
    verdict = _salt_line(session, text, word, commit=two_phase)
    if not verdict.ok:
        return verdict
    session.set_seat(salted=True, salt=word if two_phase else None)
    if two_phase and all(r["salted"] for r in session.seats.values()):
        for seat in list(session.seats):
            reveal = _salt_line(session, text, session.seats[seat]["salt"], commit=False,
                                seat=seat)
            if not reveal.ok:
                return reveal
            verdict.lines += reveal.lines
    dealt = session.game["status"] == "playing"
    if auto:
        said = (_("salted for you with '{word}'; the setup is dealt") if dealt
                else _("salted for you with '{word}'; waiting for the other seats' replies"))
    else:
        said = (_("salt '{word}' taken; the setup is dealt") if dealt
                else _("salt '{word}' taken; waiting for the other seats' replies"))
    verdict.answer = said.format(word=word)
    if auto:
        verdict.command = _("(your first reply)")
    return verdict


def auto_salt(session) -> Verdict:
    """The salt the referee picks for a seat whose first reply is a move."""
    return salt(session, secrets.token_hex(4), auto=True)


def needs_salt(session, commands) -> bool:
    return (session.game["status"] == "salting" and not session.seats[session.seat]["salted"]
            and not any(words(t, session.module)[1][:1] == ["salt"] for t, *_ in commands))


def _salt_line(session, text: str, word: str, *, commit: bool, seat: str | None = None
               ) -> Verdict:
    seat = seat or session.seat
    line = format_tag("SaltCommit", f"{seat} {salt_commitment(seat, word)}") if commit \
        else format_tag("Salt", f"{seat} {word}")
    return session.play(text, line, sent=None)


def move(session, text: str, guard: int | None) -> Verdict:
    status = session.game["status"]
    if status == "over":
        return session.refuse(text, "game-over", _("the game is over"))
    if status == "salting":
        waiting = seat_words(session.waiting())
        return session.refuse(text, "not-dealt", _("the setup is not dealt yet: waiting for "
                                                   "the first reply of {seats}").format(
                                                       seats=waiting))
    line = text if words(text, session.module)[0] else f"{session.seat} {text}"
    if guard is not None and guard != session.game["ply"]:
        ply = recorded(session, line, guard)
        if ply is not None:
            return Verdict(text, True, _("already recorded at ply {ply}").format(ply=ply))
        return session.refuse(text, "stale-ply", _(
            "your move was written to follow ply {guard}, but the game is at ply {ply}; it "
            "was not played. The game now:").format(guard=guard, ply=session.game["ply"])
            + "\n\n" + session.module.render(session.state, "narrow"))
    played = None
    last = _last_own(session) if guard is None else None
    if last is not None:                # the same move again, however it is written?
        played = session.attempt(line)
        if played is not None and _canonical(played.lines[0], session.module) == \
                _canonical(last.text, session.module):
            return repeats.hold(session, text, line, last.ply)
    verdict = session.play(text, line, sent=text,
                           player=None if played is None else (lambda _raw: played))
    if verdict.ok:
        takebacks.moved_on(session)
        return verdict
    ply = recorded(session, line, None)
    if ply is not None:
        return Verdict(text, True, _("already recorded at ply {ply}").format(ply=ply))
    return verdict


def recorded(session, line: str, guard: int | None) -> int | None:
    """The ply of this seat's last move if it is ``line`` again (a resent mail)."""
    row = _last_own(session)
    if row is None or (guard is not None and row.ply != guard + 1):
        return None
    return row.ply if _same(session, row, line) else None


def _last_own(session):
    """The seat's last log row that is a ply (ply, text, sent), or None."""
    q = (select(S.log.c.ply, S.log.c.text, S.log.c.sent)
         .where(S.log.c.game_id == session.game["id"], S.log.c.seat == session.seat,
                S.log.c.ply.is_not(None))
         .order_by(S.log.c.seq.desc()).limit(1))
    return session.conn.execute(q).first()


def _same(session, row, line: str) -> bool:
    """``line`` is the row's line as the seat wrote it, or as the transcript has it."""
    module = session.module
    sent = row.sent and _norm(row.sent if words(row.sent, module)[0]
                              else f"{session.seat} {row.sent}", module)
    return _norm(line, module) in (sent, _canonical(row.text, module))


def _canonical(line: str, module) -> str:
    return _norm(line.split("#", 1)[0], module)


def _norm(line: str, module) -> str:
    seat, rest = words(line, module)
    return " ".join(([seat] if seat else []) + rest)


def salt_bot_seats(session) -> None:
    """The salts of the bot seats, made by the referee: a bot has no secret of its own
    to add to the deal, so its salt only fills its place in the commit-reveal order."""
    # one session for them all: its game row holds what each salt added, which a second
    # session in the same transaction would read stale until the commit
    first = session.seat
    for seat, row in session.seats.items():
        if held_by_bot(row) and not row["salted"]:
            session.seat = seat
            verdict = salt(session, secrets.token_hex(16), text="(the referee salts for a bot)")
            if not verdict.ok:
                raise UsageError(verdict.answer)
    session.seat = first
    # what the invitations and the thread's opening read is the row as it is now
    update_game(session.conn, session.game["id"], {k: session.game[k] for k in (
        "header", "ply", "chain", "lines", "updated_at")})
