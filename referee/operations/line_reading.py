"""A player's move line, read the way every front end reads it: the notation first, then
the free reader.

``referee play``, a mail and the web page all add a move through ``play_text``, which
reads the line here, so a line one of them accepts the others accept alike. The
notation reads what it can; a line it cannot read (a syntax error, never an illegal
move) is read again with the seat to act put in front when the first word is no seat
("buys kahuna x2 with token 3"), and then by the free reader (core/free_reader.py) for the
seat to act ("put me on order space 3"). What the free reader finds is played as its
canonical line, which the answer shows, so the transcript holds the notation only.
"""
from __future__ import annotations

from referee.core import registry
from referee.core.game import CHANCE
from referee.i18n import _
from referee.core.free_reader import NotRead, control_asked, read_line, seat_named
from referee.errors import (AmbiguousMoveError, IllegalMoveError, NotationSyntaxError,
                            OutOfTurnError, RefereeError)
from referee.replay.control import to_move
from referee.syntax.hints import near_seat
from referee.transcript import items as I
from referee.transcript.reader import parse_line

def seated_item(rp, text: str, number: int, err: RefereeError):
    """A line that is no transcript line at all ("2 kahunas please") may still be a
    move of the seat to act: the item with that seat in front, or ``err`` again."""
    who = to_move(rp.state)
    if who in (None, CHANCE) or text.lstrip()[:1] in "[*?!#":
        raise err
    try:
        item = parse_line(f"{who} {text.strip()}", number)
    except RefereeError:
        raise err from None
    if item is None or item.kind != I.MOVE:
        raise err
    return item


def step_move(rp, item, text: str, number: int, path: str):
    """Play the move ``item`` on the replay; when the notation cannot read it, read it
    again as the module docstring says. Returns the item played (the canonical line
    when the free reader read it) and its canonical lines. A line that no reader takes
    but that asks to undo or resign ("green undo", "yellow: I resign", "j'abandonne")
    is answered with the line that does it."""
    try:
        return _step_move(rp, item, text, number, path)
    except NotationSyntaxError as err:
        control = control_asked(text)
        if control is None:
            raise
        who = to_move(rp.state)
        seat = item.name.upper() if item.name.upper() in rp.players else \
            seat_named(item.name) if seat_named(item.name) in rp.players else who
        line = f"{seat} takes back" if control == "undo" else f"{seat} resigns"
        said = (_("'{text}' is no move: to undo your own last move, write '{line}'")
                if control == "undo" else _("'{text}' is no move: to resign, write '{line}'"))
        raise NotationSyntaxError(said.format(text=text.strip()[:60], line=line),
                                  column=err.column, hint=line) from None


def _step_move(rp, item, text: str, number: int, path: str):
    try:
        return _strictly(rp, item, number)
    except NotationSyntaxError as err:
        strict = err
    who = to_move(rp.state)
    if who in (None, CHANCE):
        raise strict
    seatless = item.name.upper() not in rp.players
    spoken = seatless and seat_named(item.name) in rp.players
    if spoken:
        seatless = False                    # "bleu", "ROT": a seat in another language
    if seatless:
        if near_seat(item.name, [*rp.players, *registry.all_seats()]):
            raise strict                    # a misspelt seat: its error names the seat
        try:
            seated = parse_line(f"{who} {text.strip()}", number)
        except RefereeError:
            seated = None
        if seated is not None and seated.kind == I.MOVE:
            try:
                return _strictly(rp, seated, number)
            except NotationSyntaxError as err:
                strict = err
            item = seated
    body = item.body
    try:
        move = read_line(rp.module, body, rp.state)
    except NotRead as err:
        if not ((seatless or spoken) and err.named):
            raise strict from None
        raise _placed(err, item, number, path) from None
    except RefereeError as err:
        raise _placed(err, item, number, path) from None
    return _canonical(rp, move, item, number)


def _strictly(rp, item, number: int):
    """The notation's reading of ``item`` played; its syntax error raised for the caller
    to read the line otherwise."""
    try:
        return item, rp.step(item, canonical=True)
    except OutOfTurnError:
        raise
    except IllegalMoveError as err:
        return _narrower(rp, item, number, err)


def _canonical(rp, move, item, number: int):
    """Play ``move`` as its canonical line (with the comment the player wrote)."""
    line = rp.module.format_move(move, rp.state)
    read = parse_line(line if item.comment is None else f"{line} {item.comment}", number)
    return read, rp.step(read, canonical=True)


def _narrower(rp, item, number: int, strict: IllegalMoveError):
    """The notation read the line but found it illegal or ambiguous. The free reader may
    read more of it ("a kahuna" is one; "both boats" are the seat's boats): its move is
    taken when it is one, legal, and (for an ambiguity) among the notation's candidates;
    else the notation's answer stands, which names the rule."""
    try:
        move = read_line(rp.module, item.body, rp.state)
    except RefereeError:
        raise strict from None
    line = rp.module.format_move(move, rp.state)
    if isinstance(strict, AmbiguousMoveError) and line not in strict.candidates:
        raise strict
    return _canonical(rp, move, item, number)


def _placed(err: RefereeError, item, number: int, path: str) -> RefereeError:
    if err.column is not None:
        err.column = item.body_column + err.column - 1
    return err.at(line=number, text=item.text, file=path)
