"""The decisions of seeded random games of any registered title, for tests that look
at many positions of every game (what a seat may do there, how its moves read)."""
from __future__ import annotations

import random
from typing import Iterator

from referee.core.game import CHANCE


def decisions(module, seed: int, plies: int, players: int | None = None
              ) -> Iterator[tuple[object, str, list, random.Random]]:
    """(state, seat to move, its legal moves, the game's rng) at each decision of one
    random game of ``module`` with ``players`` seats (its fewest by default); the
    caller may draw from the rng, and a random legal move is played after each."""
    rng = random.Random(seed)
    state = module.new_state(list(module.seats[:players or module.min_players]))
    for _ in range(plies):
        who = state.current_player()
        if who is None:
            return
        if who == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        moves = list(state.legal_moves())
        yield state, who, moves, rng
        state.apply(rng.choice(moves))
