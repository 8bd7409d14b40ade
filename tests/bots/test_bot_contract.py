"""Every level of bot on every registered game (and the toy game, which gives nothing
for its bots but its evaluation): from random positions it plays a legal move, the
same one at the same seed, and a seat with one legal move gets that move."""
from __future__ import annotations

import random

import pytest

from referee.bots import LEVELS, best_by_family, bot_seed, choose
from referee.core import registry
from referee.core.game import CHANCE

POSITIONS = 3            # random positions per game and seat count


def _positions(module, players, seed: int):
    """Positions of a seeded random game, a seat to move in each, spread over the game."""
    rng = random.Random(seed)
    state = module.new_state(players)
    seen = []
    while state.current_player() is not None:
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        seen.append(state.clone())
        state.apply(rng.choice(state.legal_moves()))
    return sorted(rng.sample(seen, min(POSITIONS, len(seen))), key=seen.index)


def _cases():
    out = []
    for game in [*registry.keys(), "toy"]:
        low, high = (2, 4) if game == "toy" else (None, None)
        module = None if game == "toy" else registry.get(game)
        counts = {low, high} if module is None else {module.min_players, module.max_players}
        out += [(game, n, level) for n in sorted(counts) for level in LEVELS]
    return out


@pytest.mark.parametrize("game, count, level", _cases())
def test_each_level_plays_a_legal_move_the_same_at_a_seed(game, count, level):
    module = registry.get(game)
    players = list(module.seats[:count])
    positions = _positions(module, players, seed=count * 31 + len(game))
    assert positions
    for ply, state in enumerate(positions):
        before = module.state_to_json(state)
        seed = bot_seed(bytes(32), level, f"contract-{ply}")
        move = choose(module, state, level, seed, players)
        state.clone().check(move)                            # legal: check raises otherwise
        assert move in list(state.legal_moves())
        assert choose(module, state.clone(), level, seed, players) == move
        assert module.state_to_json(state) == before         # the bot only looks


@pytest.mark.parametrize("game", [*registry.keys(), "toy"])
def test_basic_takes_the_best_evaluation_one_move_ahead(game):
    module = registry.get(game)
    players = list(module.seats[:module.min_players])
    state = _positions(module, players, seed=5)[0]
    seat = state.current_player()
    move = choose(module, state, "basic", bot_seed(bytes(32), "basic"), players)
    after = state.clone()
    after.apply(move)
    best = best_by_family(module, state, seat, state.legal_moves())[0][0]
    assert module.evaluate(after, seat) == best


@pytest.mark.parametrize("game, count, level", _cases())
def test_no_level_brings_back_a_position_the_game_has_had_while_another_move_does_not(
        game, count, level):
    """What keeps two bots from taking the same move back for ever (Haleakala's K-R4
    take-back): told that the position its move leads to has been seen, a bot plays
    another move, one that leads somewhere new."""
    module = registry.get(game)
    players = list(module.seats[:count])

    def key_after(state, move):
        after = state.clone()
        after.apply(move)
        return module.position_key(after)

    tried = 0
    for ply, state in enumerate(_positions(module, players, seed=count * 17 + len(game))):
        seed = bot_seed(bytes(32), level, f"repeat-{ply}")
        moves = list(state.legal_moves())
        move = choose(module, state, level, seed, players)
        seen = {module.position_key(state), key_after(state, move)}
        if all(key_after(state, m) in seen for m in moves[:40]):
            continue                     # nothing new within reach here: nothing to avoid
        tried += 1
        assert key_after(state, choose(module, state, level, seed, players, seen)) not in seen
        if len(moves) <= 40:             # every move brings one back: the bot still moves
            seen = {key_after(state, m) for m in moves}
            assert choose(module, state, level, seed, players, seen) in moves
    assert tried
