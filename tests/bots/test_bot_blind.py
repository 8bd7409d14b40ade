"""A bot plays from what its seat can see, and from nothing else (issue 34, item 2).

Two positions that differ only in what a seat cannot see get the same choice at the
same bot seed: a game whose [Seed] is another (the same visible history, as a copy
read without re-deriving its draws has it), and a bag, island stack or deck whose
contents came in another order. The choice is a function of the position, the level
and the seed alone: the global random generator does not move it."""
from __future__ import annotations

import random

import pytest

from referee.bots import LEVELS, bot_seed, choose
from referee.core import registry
from referee.core.game import CHANCE
from referee.operations import check_text
from referee.operations.newgame import new_game
from referee.transcript import render

GAMES = [("hawaii", ["RED", "YELLOW", "GREEN", "BLUE"]), ("haleakala", None)]


def _game_text(key: str, players, plies: int, seed: str) -> str:
    module = registry.get(key)
    players = players or list(module.seats[:2])
    tags, lines, state, table = new_game(module, players, (), seed)
    rng = random.Random(seed)
    while plies:
        if state.current_player() == CHANCE:
            lines += table.deal()
            continue
        lines.append(table.move(rng.choice(state.legal_moves())))
        plies -= 1
    lines += table.deal()
    return render(tags, lines)


@pytest.mark.parametrize("key, players", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_another_public_seed_with_the_same_visible_history_gets_the_same_choice(key, players,
                                                                                level):
    text = _game_text(key, players, 9, "blind-1")
    other = text.replace('[Seed "blind-1"]', '[Seed "another-seed"]')
    assert other != text
    one, two = check_text(text), check_text(other)
    assert one.ok and two.ok
    assert not check_text(other, deal_check=True).ok       # the seed does deal otherwise
    seed = bot_seed(b"\x07" * 32, level)
    players = one.players
    assert choose(one.module, one.state, level, seed, players) == \
        choose(two.module, two.state, level, seed, players)


def _reordered(mapping: dict) -> dict:
    return dict(reversed(list(mapping.items())))


@pytest.mark.parametrize("level", LEVELS)
def test_another_order_of_the_bag_and_the_island_stack_gets_the_same_choice(level):
    rp = check_text(_game_text("hawaii", GAMES[0][1], 14, "blind-2"))
    state = rp.state
    other = state.clone()
    other.d.bag = _reordered(other.d.bag)
    other.d.stack_down = _reordered(other.d.stack_down)
    assert list(other.d.stack_down) != list(state.d.stack_down)
    seed = bot_seed(b"\x01" * 32, level, "stack")
    assert choose(rp.module, state, level, seed, rp.players) == \
        choose(rp.module, other, level, seed, rp.players)


@pytest.mark.parametrize("level", LEVELS)
def test_another_order_of_the_decks_gets_the_same_choice(level):
    rp = check_text(_game_text("haleakala", None, 30, "blind-3"))
    state = rp.state
    other = state.clone()
    other.decks = {d: _reordered(faces) for d, faces in _reordered(other.decks).items()}
    seed = bot_seed(b"\x02" * 32, level, "decks")
    assert choose(rp.module, state, level, seed, rp.players) == \
        choose(rp.module, other, level, seed, rp.players)


@pytest.mark.parametrize("level", LEVELS)
def test_the_global_random_generator_does_not_move_a_choice(level):
    rp = check_text(_game_text("hawaii", GAMES[0][1], 6, "blind-4"))
    seed = bot_seed(b"\x03" * 32, level)
    random.seed(1)
    first = choose(rp.module, rp.state, level, seed, rp.players)
    random.seed(2)
    random.random()
    assert choose(rp.module, rp.state, level, seed, rp.players) == first
