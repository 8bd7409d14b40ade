"""Seats played by a bot (docs/hosting.md, "Bots"): held by one from the start
(``--seat BLUE=bot:strong``) or by the host's choice (``host replace GAME BLUE
bot:strong``), or standing in for a late player under the clock's ``bot`` policy
until that player writes again.

A bot's move is the transcript layer's (:func:`referee.operations.bot_move_line`):
a function of the record, the level and the chain head, so anyone holding the export
can recompute it. It is played in the transaction of the move that made it the bot's
turn, so no one ever waits on a bot, and several bot seats in a row all move. Each
change of holder writes a comment line, ``# BLUE held by bot strong from ply 31``,
the ply being the first one played after the line: a later reading of the record
knows which plies a person chose.
"""
from __future__ import annotations

import logging

from referee.bots import LEVELS
from referee.i18n import _
from referee.operations import bot_move_line
from referee.transcript import UsageError

log = logging.getLogger("referee.service")

PREFIX = "bot:"
# the clock's stand-in when no level is named: it plays sensibly for the absent player
# at the cost of one evaluation per move, and does not outplay the seat's own player
DEFAULT_LEVEL = "basic"
# no game has this many plies in a row without a person's turn; a bound, not a rule
MOST_BOT_PLIES = 5000


def is_bot(value) -> bool:
    """``bot:LEVEL`` (or ``bot``), where an address or an @account may stand."""
    text = str(value or "").strip().lower()
    return text == "bot" or text.startswith(PREFIX)


def level_of(value: str, *, default: str | None = None) -> str:
    """The level of ``bot:LEVEL`` (``bot`` alone is ``default``, if there is one)."""
    text = str(value).strip().lower()
    level = text[len(PREFIX):].strip() if text.startswith(PREFIX) else ""
    if not level and default is not None:
        return default
    if level not in LEVELS:
        raise UsageError(_("'{value}' names no bot: write bot:LEVEL, the level one of "
                           "{levels}").format(value=str(value).strip()[:40],
                                              levels=", ".join(LEVELS)))
    return level


def timeout_level(policy: str | None) -> str | None:
    """The level of a ``bot`` or ``bot:LEVEL`` timeout policy, None for another policy."""
    if not is_bot(policy):
        return None
    return level_of(policy, default=DEFAULT_LEVEL)


def check_people(levels: dict, seats) -> None:
    """A hosted game has at least one person: one of bots only would play itself out
    inside the command that makes it."""
    if len(levels) == len(seats):
        raise UsageError(_("every seat is a bot: give at least one seat to a person "
                           "(referee selfplay plays bots against each other)"))


def holder_line(seat: str, holder: str, ply: int) -> str:
    """The comment a change of holder writes; ``ply`` is the first ply after it."""
    return f"# {seat} held by {holder} from ply {ply}"


def held_by_bot(row) -> bool:
    """The seat is a bot's alone (not a late player's stand-in)."""
    return bool(row.get("bot")) and not row["address"] and not row["account"]


def play_bots(session) -> list[str]:
    """Every bot whose turn it is moves, one after the other, until a person is to move
    or the game is over; the lines they added."""
    lines: list[str] = []
    for _ply in range(MOST_BOT_PLIES):
        game = session.game
        seat = game["to_move"]
        if game["status"] != "playing" or seat is None:
            break
        level = session.seats.get(seat, {}).get("bot")
        if not level:
            break
        verdict = session.play("(bot)", "", sent=None, who=None, player=lambda raw: bot_move_line(
            raw, seat, level, name=session.name, secret=session.secret))
        if not verdict.ok:          # the game is left to its players; the host sees why
            log.error("game %s: the %s bot of %s could not move: %s", game["id"], level,
                      seat, verdict.answer)
            break
        lines += verdict.lines
    return lines


def stand_in(session, seat: str, level: str) -> None:
    """The clock's bot takes ``seat`` until its player writes again."""
    session.set_seat(seat, bot=level)
    session.note(holder_line(seat, f"bot {level}", session.game["ply"] + 1)
                 + " (deadline passed)")


def welcome_back(session) -> bool:
    """A late player wrote again: the stand-in stops and the seat is the player's."""
    row = session.seats[session.seat]
    if not row.get("bot") or held_by_bot(row):
        return False
    session.set_seat(bot=None)
    session.note(holder_line(session.seat, "its player", session.game["ply"] + 1))
    return True


def holder(row) -> str:
    """Who holds a seat, as ``host show`` lists it."""
    person = f"@{row['account']}" if row.get("account") else row.get("address") or ""
    if row.get("bot") and person:
        return f"{person} (bot {row['bot']} standing in)"
    if row.get("bot"):
        return f"bot {row['bot']}"
    return person
