"""Positions for the Haleakala tests.

A position is reached with real chance moves (first player, the 12 slot draws)
and then edited directly, always keeping the 49 cards, the discs and the
statues conserved, so every test position passes ``check_invariants``.
(pytest puts this directory on sys.path: ``import haleakala_builders as hb``.)
"""
from __future__ import annotations

import random

from referee.core.game import CHANCE
from referee.haleakala.rules.game import new_state
from referee.haleakala.rules.moves import CardDrawn, FirstPlayerDrawn
from referee.haleakala.text.state_json import state_from_json, state_to_json

# 12 of the one-palm deck's 15 cards, sections 1-6, two slots each
DEFAULT_SLOTS = {
    1: ["statue", "shell"],
    2: ["fish-1", "pearl-white"],
    3: ["priestess", "fish-2"],
    4: ["statue", "statue"],
    5: ["shell", "pearl-black"],
    6: ["fish-1-butterfly", "shell"],
}


def deal(first: str = "RED", slots: dict | None = None, rules=()):
    st = new_state(("RED", "YELLOW"), rules)
    st.apply(FirstPlayerDrawn(first))
    for sec in range(1, 7):
        for card in (slots or DEFAULT_SLOTS)[sec]:
            st.apply(CardDrawn(card))
    st.check_invariants()
    return st


def put(st, seat: str, value: int, section: int):
    """Move a number disc from the reserve to a beach (sum rule not checked here)."""
    st.reserve[seat].remove(value)
    st.beaches[section][seat] = sorted(st.beaches[section][seat] + [value])
    return st


def statue(st, seat: str, space: str):
    st.statues[space] = seat
    st.statues_left[seat] -= 1
    return st


def give(st, seat: str, card: str):
    """Hand ``seat`` a kept card taken from a deck, else from a slot (conservation kept)."""
    for deck in ("one", "two", "three"):
        if st.decks[deck].get(card):
            st.decks[deck][card] -= 1
            if not st.decks[deck][card]:
                del st.decks[deck][card]
            st.cards[seat] = sorted(st.cards[seat] + [card])
            return st
    for slot in st.slots.values():
        if card in slot:
            slot[slot.index(card)] = None
            st.cards[seat] = sorted(st.cards[seat] + [card])
            return st
    raise AssertionError(f"no {card} left in the decks or slots")


def leave(st, decks: dict):
    """Keep only the given cards in the named decks; the rest goes to the discard."""
    for name, keep in decks.items():
        deck = st.decks[name]
        for f, n in list(deck.items()):
            k = min(n, keep.get(f, 0))
            if n - k:
                st.discard[f] = st.discard.get(f, 0) + n - k
            if k:
                deck[f] = k
            else:
                del deck[f]
        assert all(deck.get(f, 0) == n for f, n in keep.items()), "cards not in the deck"
    return st


def empty_decks(st, round_: int = 2):
    """Discard every card still in the decks: the second-scoring end game."""
    for deck in st.decks.values():
        for f, n in deck.items():
            st.discard[f] = st.discard.get(f, 0) + n
        deck.clear()
    st.round = round_
    if round_ == 2 and not st.scorings:
        st.scorings.append({"n": 1, "destroyed": [], "points": {}})
    return st


def resolve_chance(st, draws=()):
    """Apply the given card draws while chance is due (then stop)."""
    draws = list(draws)
    while st.current_player() == CHANCE and draws:
        st.apply(CardDrawn(draws.pop(0)))
    return st


def roundtrip(st):
    return state_from_json(state_to_json(st))


def random_game(seed: int, rules=(), check: bool = True, on_move=None):
    """A complete random game; ``on_move(state, move)`` is called before each move."""
    rng = random.Random(seed)
    st = new_state(("RED", "YELLOW"), rules)
    steps = 0
    while st.current_player() is not None:
        if st.current_player() == CHANCE:
            move = st.sample_chance(rng)
        else:
            moves = st.legal_moves()
            assert moves, f"no legal move for {st.current_player()} (seed {seed})"
            move = rng.choice(moves)
        if on_move:
            on_move(st, move)
        st.apply(move)
        if check:
            st.check_invariants()
        steps += 1
        assert steps < 20000, "game did not end"
    return st
