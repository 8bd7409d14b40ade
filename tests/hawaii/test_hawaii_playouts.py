"""Random complete Hawaii games with every invariant checked after every move.

Conservation of the 126 tiles and 25 tokens, legal realms, resources and
points explained by the ledgers, a legal move until the end, and a result
after round 5 (H-R16..H-R21). 240 seeded games over 2-5 players.
"""
from __future__ import annotations

import random

import pytest

from referee.core.game import CHANCE
from referee.hawaii.rules.game import SEATS, new_state

GAMES_PER_COUNT = 60


def play_checked(players: int, seed: int, probe_moves: bool = False):
    rng = random.Random(seed)
    state = new_state(SEATS[:players])
    rounds_seen = {1}
    while True:
        state.check_invariants()
        who = state.current_player()
        if who is None:
            return state, rounds_seen
        if who == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            moves = state.legal_moves()
            assert len(moves) > 0, f"{who} has no legal move"
            if probe_moves:
                for m in rng.sample(list(moves), min(5, len(moves))):
                    state.check(m)
            state.apply(moves[rng.randrange(len(moves))])
        rounds_seen.add(state.d.round)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players):
    for seed in range(GAMES_PER_COUNT):
        state, rounds_seen = play_checked(players, 10_000 * players + seed, probe_moves=seed % 10 == 0)
        outcome = state.outcome()
        assert rounds_seen == {1, 2, 3, 4, 5}
        assert state.d.round == 5 and state.d.phase == "over"
        assert set(outcome.scores) == set(SEATS[:players])
        assert outcome.winners and set(outcome.winners) <= set(outcome.scores)
        best = max(outcome.scores.values())
        assert all(outcome.scores[w] == best for w in outcome.winners)
