"""A move said in words, in the reader's language: what an answer shows under the
canonical line it read (each game says its own moves, ``GameModule.say``), a draw,
and the takeback and the resignation, which are no game's moves."""
from __future__ import annotations

from referee.core.game import CHANCE
from referee.i18n import _


def say_move(module, state, move) -> str:
    """``move``, played from ``state`` (the state before it), as a sentence: a seat's
    move in the game's own words, a draw as the chance line that deals it."""
    if state.current_player() == CHANCE:
        line = module.format_chance(state.chance_kind(), [move], state)
        return _("the referee draws: {line}").format(line=line.removeprefix("* "))
    return module.say(move, state)


def say_control(seat: str, control: str) -> str:
    """A takeback (``undo``) or a resignation (``resign``) as a sentence."""
    if control == "undo":
        return _("{seat} takes back its last move").format(seat=seat)
    if control == "resign":
        return _("{seat} resigns").format(seat=seat)
    raise ValueError(f"{control!r} is no control a seat says")
