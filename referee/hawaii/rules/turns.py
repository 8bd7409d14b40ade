"""Whose decision it is, checked before any rule of the move itself."""
from __future__ import annotations

from typing import TYPE_CHECKING

from referee.errors import IllegalMoveError, OutOfTurnError
from referee.i18n import _

if TYPE_CHECKING:
    from referee.hawaii.rules.state import Data, Player


def acting_chief(d: "Data", seat: str) -> "Player":
    if seat not in d.players:
        raise IllegalMoveError(_("{seat} is not a seat of this game").format(seat=seat))
    if d.phase == "over":
        raise OutOfTurnError(_("{seat} cannot act: the game is over").format(seat=seat))
    if d.phase == "income":
        raise OutOfTurnError(_("{seat} cannot act now: {who} must choose irrigation income (H-R17)").format(
            seat=seat, who=d.income_queue[0]))
    if d.phase != "chiefs" or d.pending:
        raise OutOfTurnError(_("{seat} cannot act now: a random draw is due").format(seat=seat))
    if d.turn != seat:
        raise OutOfTurnError(_("{seat} cannot move now: {who} is to move (H-R4)").format(
            seat=seat, who=d.turn))
    return d.players[seat]
