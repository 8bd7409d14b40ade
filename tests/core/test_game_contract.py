"""The State and GameModule contract (referee/core/game.py), held for every registered
game: what the transcript layer, the CLI and the host assume of a title without knowing
it. Every title is a GameModule whose named parts hold what the contract reaches. Seeded random playouts, a few per title, mixing random moves
with the least-disruptive one; a title's own rules are its own tests' business.

Along each playout: invariants after every move and draw; a legal move until the end
and ``outcome()`` None until then; the least-disruptive move legal wherever a seat is
to move; chance outcomes whose odds sum to one, the state JSON loading back to the same
outcomes, and every chance line (the draws of one kind in a row) reading back as its
draws. At every other decision: every listed move distinct, accepted by ``apply`` and
reading back from its canonical line; the state JSON (as text) loading to the same
JSON and moves, and the loaded state playing on alike; and the same at the end.
"""
from __future__ import annotations

import importlib
import json
import random
from fractions import Fraction

import pytest

from referee.core import registry
from referee.core.game import CHANCE, GameModule

GAMES_PER_TITLE = 8
SAMPLE_EVERY = 2          # decisions between sampled positions
FOLLOW = 12               # moves a state loaded from JSON is played on beside the original


def _setups(module):
    """(players, rules) of each playout: every seat count in turn, and each variant flag."""
    counts = range(module.min_players, module.max_players + 1)
    flags = [()] + [(flag,) for flag in module.rule_flags]
    return [(list(module.seats[:counts[k % len(counts)]]), flags[k % len(flags)])
            for k in range(GAMES_PER_TITLE)]


def _sampled_position(module, state) -> None:
    moves = list(state.legal_moves())
    assert len(set(moves)) == len(moves), "legal_moves() lists a move twice"
    for move in moves:
        line = module.format_move(move, state)
        assert module.parse_move(line, state) == move, line
        state.clone().apply(move)
    assert state.outcome() is None


def _json_copy(module, state):
    data = module.state_to_json(state)
    back = module.state_from_json(json.loads(json.dumps(data)))
    assert module.state_to_json(back) == data
    if state.current_player() == CHANCE:
        assert back.chance_outcomes() == state.chance_outcomes()
    elif state.current_player() is not None:
        assert list(back.legal_moves()) == list(state.legal_moves())
    return back


def _chance_line(module, state, rng, draws_seen: set) -> list:
    """Draw one chance line's outcomes, checking them as they come and as a line."""
    kind, before, draws = state.chance_kind(), state.clone(), []
    while state.current_player() == CHANCE and state.chance_kind() == kind:
        outcomes = state.chance_outcomes()
        assert outcomes and sum(p for _, p in outcomes) == Fraction(1), kind
        draws.append(state.sample_chance(rng))
        state.apply(draws[-1])
        state.check_invariants()
    line = module.format_chance(kind, draws, before).strip()
    body = line[1:].strip() if line.startswith("*") else line    # as the referee writes it
    assert body.split()[0] == kind, line
    assert module.parse_chance(body, before.clone()) == draws, line
    assert module.parse_chance("* " + body, before.clone()) == draws, line
    draws_seen.add(kind)
    return draws


def playout(module, players, rules, seed):
    """Play one game to its end checking the contract; its final state JSON."""
    state, rng = module.new_state(players, rules), random.Random(seed)
    seats, kinds, followers, decisions = set(players), set(), [], 0
    while (who := state.current_player()) is not None:
        assert state.outcome() is None
        if who == CHANCE:
            _json_copy(module, state)
            played = _chance_line(module, state, rng, kinds)
        else:
            assert who in seats
            moves = state.legal_moves()
            assert len(moves) > 0, f"{who} has no legal move"
            least = module.least_disruptive_move(state)
            assert least in moves, least
            if decisions % SAMPLE_EVERY == 0:
                _sampled_position(module, state)
                followers.append([_json_copy(module, state), 0])
            move = least if rng.random() < 0.3 else moves[rng.randrange(len(moves))]
            state.apply(move)
            state.check_invariants()
            played = [move]
            decisions += 1
        for follower in followers:
            for move in played:
                follower[0].apply(move)
            follower[1] += 1
        for follower, _ in (f for f in followers if f[1] >= FOLLOW):
            assert module.state_to_json(follower) == module.state_to_json(state)
        followers = [f for f in followers if f[1] < FOLLOW]
    for follower, _ in followers:
        assert module.state_to_json(follower) == module.state_to_json(state)
    _json_copy(module, state)
    outcome = state.outcome()
    assert outcome is not None and set(outcome.scores) == seats
    assert outcome.winners and set(outcome.winners) <= seats
    assert decisions > 0 and kinds
    return module.state_to_json(state)


# each part a GameModule names, and what the contract takes from it
PARTS = {"notation": ("parse_move", "format_move"), "chance_lines": ("parse_chance", "format_chance"),
         "renderer": ("render",), "picture": ("render_svg",), "steps": ("move_path",),
         "free_words": ("hear", "move_facts"), "palette": ("SEAT_FILL",),
         "evaluation": ("evaluate", "move_family", "determinize")}


@pytest.mark.parametrize("game", registry.keys())
def test_every_title_implements_the_one_contract(game):
    module = registry.get(game)
    assert isinstance(module, GameModule)
    assert module.key == game and module.name.lower() == game
    assert module.min_players <= module.max_players <= len(module.seats)
    for part, names in PARTS.items():
        found = importlib.import_module(getattr(module, part))
        assert all(hasattr(found, name) for name in names), (part, names)


@pytest.mark.parametrize("game", registry.keys())
@pytest.mark.parametrize("k", range(GAMES_PER_TITLE))
def test_random_playouts_keep_the_contract(game, k):
    module = registry.get(game)
    players, rules = _setups(module)[k]
    playout(module, players, rules, seed=1000 * k + 17)


@pytest.mark.parametrize("game", registry.keys())
def test_the_same_seed_plays_the_same_game(game):
    """A playout depends on nothing but its seed: not on the clock, nor on what an earlier
    game left behind in the process."""
    module = registry.get(game)
    players, rules = _setups(module)[0]
    assert playout(module, players, rules, 5) == playout(module, players, rules, 5)


def _play_to_end(state, rng) -> None:
    while (who := state.current_player()) is not None:
        if who == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])


@pytest.mark.parametrize("game", registry.keys())
def test_a_clone_and_its_original_play_on_apart(game):
    """A copy may share with its original only what no move changes: playing either one
    to the end, scorings and result included, leaves the other exactly as it was."""
    module = registry.get(game)
    players, rules = _setups(module)[0]
    rng = random.Random(23)
    state, plies = module.new_state(players, rules), 0
    while state.current_player() is not None:
        if plies % 40 == 0:
            before = module.state_to_json(state)
            copy = state.clone()
            _play_to_end(copy, random.Random(plies))
            assert module.state_to_json(state) == before
            after = module.state_to_json(copy)
            _play_to_end(state.clone(), random.Random(plies + 1))
            assert module.state_to_json(copy) == after
        who = state.current_player()
        if who == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
        plies += 1
