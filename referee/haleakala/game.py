"""The Haleakala title: components, variants and a fresh position."""
from __future__ import annotations

from typing import Sequence

from referee.core.game import Game
from referee.errors import BadHeaderError
from referee.haleakala import components
from referee.haleakala.model import HaleakalaComponents
from referee.haleakala.serial import state_from_json, state_to_json  # noqa: F401 (re-export)
from referee.haleakala.state import HaleakalaState

RULE_FLAGS = ("tactical",)


def check_setup(comp: HaleakalaComponents, players: Sequence[str], rules: Sequence[str]):
    seats = [p.strip().upper() for p in players]
    if sorted(seats) != sorted(comp.seats):
        raise BadHeaderError(f"Haleakala is played by exactly {' and '.join(comp.seats)}, "
                             f"not {' '.join(seats) or 'nobody'} (K-R1)")
    flags = [r.strip().lower() for r in rules if r.strip()]
    for f in flags:
        if f not in RULE_FLAGS:
            raise BadHeaderError(f"unknown Haleakala rule flag {f!r}: known flags are "
                                 f"{', '.join(RULE_FLAGS)}")
    return seats, flags


class HaleakalaGame(Game):
    name = "Haleakala"
    min_players = 2
    max_players = 2

    def __init__(self, comp: HaleakalaComponents | None = None):
        self.comp = comp or components.default()
        self.seats = self.comp.seats

    def new_state(self, players: Sequence[str] = ("RED", "YELLOW"),
                  rules: Sequence[str] = ()) -> HaleakalaState:
        """A game before its setup draws: the first chance act is the first player."""
        _, flags = check_setup(self.comp, players, rules)
        return HaleakalaState(self.comp, flags)


def new_state(players: Sequence[str] = ("RED", "YELLOW"), rules: Sequence[str] = (),
              comp: HaleakalaComponents | None = None) -> HaleakalaState:
    return HaleakalaGame(comp).new_state(players, rules)
