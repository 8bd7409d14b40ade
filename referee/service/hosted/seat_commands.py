"""The commands that are not moves: show, moves (and ``moves CHOICE ...``, the move
builder), history, help, resign."""
from __future__ import annotations

import hashlib
import hmac

from referee import i18n
from referee.i18n import _
from referee.errors import BadChoiceError, NotationSyntaxError, RefereeError
from referee.operations import next_step
from referee.service.hosted.mails import BOARD, deadline_words, help_text, when
from referee.operations import read_choices
from referee.service.hosted.steps import step_text
from referee.service.hosted.playing import move
from referee.service.hosted.session import Verdict, words


def show(session, text: str) -> Verdict:
    body = session.module.render(session.state, BOARD)
    return Verdict(text, True, body + "\n" + turn_line(session))


def turn_line(session) -> str:
    g = session.game
    if g["status"] == "over":
        return _("The game is over: {result}.").format(result=g["result"])
    if g["status"] == "salting":
        return _("Waiting for the first reply of {seats}.").format(
            seats=i18n.seat_words(session.waiting()))
    return _("Next: {seat}{deadline}.").format(seat=i18n.seat_word(g["to_move"]),
                                               deadline=deadline_words(session.deadline()))


def moves(session, text: str) -> Verdict:
    """The first step of the seat's move, with counts (the move builder)."""
    if not _my_turn(session):
        return Verdict(text, True, _("It is not your turn.") + " " + turn_line(session))
    try:
        step = next_step(session.module, session.state)
    except BadChoiceError as err:
        return Verdict(text, True, f"{err.reason}. " + turn_line(session))
    return Verdict(text, True, step_text(session.module, session.state, step,
                                         ply=session.game["ply"], first=True))


def ask(session, text: str, words: list[str], guard: int | None, *,
        maybe_chatter: bool = False) -> Verdict:
    """A ``moves ...`` line. In Hawaii ``moves`` starts a move too. A line whose words
    are all the builder's choices is a question about the next step (asking never
    plays, even when the choices leave one move that the free reader would also read
    from the line); any other line that plays is a move; one that does not is refused
    as a move, or, where it could be a sentence ("Moves are hard this week",
    ``maybe_chatter``), is chatter (code ``chatter``).

    A line the notation reads as a move (legal or not) is told apart by its shape and
    played at once: the builder's choices are never notation, and finding them means
    working out every legal move's path first."""
    playing = session.game["status"] == "playing"
    if playing and not maybe_chatter and _notation(session, text):
        return move(session, text, guard)
    step, read, why = read_choices(session.module, session.state, words) if playing \
        else (None, [], "")
    if step is not None:
        if not _my_turn(session):
            return Verdict(text, True, _("It is not your turn.") + " " + turn_line(session))
        return Verdict(text, True, step_text(session.module, session.state, step,
                                             ply=session.game["ply"], first=not read))
    refused = None
    if not maybe_chatter:
        refused = move(session, text, guard)
        if refused.ok:
            return refused
    if read:                                 # choices, then a word that is none
        return session.refuse(text, "bad-choice", why)
    return refused or Verdict(text, True, "", code="chatter")


def _notation(session, text: str) -> bool:
    """Whether the game's notation reads ``text`` (with the seat's word in front when it
    has none) as a move: a syntax error is the one answer that leaves it to the builder."""
    line = text if words(text, session.module)[0] else f"{session.seat} {text}"
    try:
        session.module.parse_move(line, session.state)
    except NotationSyntaxError:
        return False
    except RefereeError:
        return True
    return True


def _my_turn(session) -> bool:
    return session.game["status"] == "playing" and session.game["to_move"] == session.seat


def history(session, text: str) -> Verdict:
    """The transcript, each line indented: a mail client leaves an indented line whole
    (and so does the referee's own wrapping), and ``referee check`` reads it so."""
    lines = [f"    {line}" if line else "" for line in session.text.rstrip("\n").split("\n")]
    return Verdict(text, True, _("The transcript (indented by four spaces; 'referee check' "
                                 "reads it as it is):") + "\n\n" + "\n".join(lines))


def help(session, text: str) -> Verdict:  # noqa: A001 (the command's name)
    return Verdict(text, True, help_text(forum=session.via == "forum"))


def language(session, text: str, code: str | None = None) -> Verdict:
    """The language this seat's mails are written in: ``language`` alone says which it is
    and which there are; ``language LANG`` sets it for every answer from this one on."""
    spoken = i18n.languages()
    if code is None:
        now = session.seats[session.seat]["lang"] or session.game["lang"] or i18n.SOURCE
        return Verdict(text, True, i18n._("Your mails are written in '{now}'. Send "
                                          "'language LANG' to change it; LANG is one of "
                                          "{spoken}.").format(now=now, spoken=", ".join(spoken)))
    found = i18n.known(code)
    if found is None:
        return session.refuse(text, "language",
                              i18n._("'{code}' is no language the referee speaks; it speaks "
                                     "{spoken}").format(code=code[:20], spoken=", ".join(spoken)))
    session.set_seat(lang=found)
    with i18n.speaking(found):
        return Verdict(text, True, i18n._("From now on your mails are written in '{lang}'.")
                       .format(lang=found))


CONFIRM_HOURS = 24          # how long a 'resign CODE' line stays good


def resign(session, text: str, code: str | None = None) -> Verdict:
    """Give up the seat. A line of text, on any channel, takes two steps: ``resign``
    answers with a ``resign CODE`` line, good for a day, and only that line resigns; a
    mistyped or stale code changes nothing. Only the web page's Resign button, whose
    "I mean it" box is the second step, skips the code (``session.resign_confirmed``)."""
    if session.game["status"] != "playing":
        return session.refuse(text, "resign", _("only a game in play can be resigned"))
    confirmed = session.resign_confirmed and code is None
    if code is None and not confirmed:
        expires = _hour(session.now) + CONFIRM_HOURS + 1
        return Verdict(text, True, "\n".join([
            _("Nothing has changed yet. Resigning gives up your seat for the rest of the "
              "game (the referee then plays its moves) and cannot be taken back. If you "
              "mean it, send this line before {when}:").format(when=when(expires * 3600)),
            "", f"    resign {_resign_code(session, expires)}"]))
    if not confirmed and not any(
            hmac.compare_digest(str(code).lower(), _resign_code(session, hour))
            for hour in range(_hour(session.now) + 1, _hour(session.now) + CONFIRM_HOURS + 2)):
        return session.refuse(text, "resign", _(
            "'{code}' is not a confirming code of this seat that is still good; nothing has "
            "changed (send 'resign' for a new one)").format(code=str(code)[:20]))
    verdict = session.play(text, f"{session.seat} resigns", sent=text)
    if verdict.ok:
        session.set_seat(resigned=True)
    return verdict


def _hour(t: float) -> int:
    return int(t // 3600)


def _resign_code(session, expires: int) -> str:
    """A code for this seat (its present holder) that stops working at hour ``expires``."""
    key = session.store.host_key(session.conn)
    row = session.seats[session.seat]
    msg = f"resign\0{session.game['id']}\0{session.seat}\0{row['generation']}\0{expires}"
    return hmac.new(key, msg.encode("utf-8"), hashlib.sha256).hexdigest()[:8]
