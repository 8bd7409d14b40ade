"""Positions for the notation tests, set up the way a test author would: chance
lines for the layout, then a few direct edits for the player under test."""
from __future__ import annotations

import random

from referee.core.game import CHANCE
from referee.hawaii.text import chance_lines
from referee.hawaii.rules.game import new_state
from referee.hawaii.rules.moves import Token

SETUP = [
    "places A1=gods B1=fruits A2=surfers B2=exchange-spear-huts C2=kahunas "
    "A3=long-huts-irrigation B3=shell-foot-huts C3=tikis A4=boats B4=hula-dancers",
    "order RED GREEN BLUE",
    "islands hula 5-points shell-hut any-fruit",
    "tokens A1=4 B1=5,3,2 A2=3s,5 B2=4s,- C2=6,3,2s A3=4 B3=3,6,2 C3=4,4s A4=6s,2 B4=5s,- "
    "cove=6,5 track=3s,6s",
]


def setup(players=("RED", "GREEN", "BLUE"), lines=SETUP):
    """RED to move at the start of round 1 (13 shells, 7 feet, 0 fruits)."""
    s = new_state(list(players))
    for line in lines:
        for m in chance_lines.parse_chance(line, s.clone()):
            s.apply(m)
    assert s.current_player() == players[0]
    return s


def swap(s, coord: str, place_id: str) -> None:
    """Put ``place_id`` (with its tokens) at ``coord``."""
    d = s.d
    other = d.coord_of(place_id)
    d.board[coord], d.board[other] = place_id, d.board[coord]


def tokens(s, coord: str, words: str) -> None:
    s.d.place_at(coord).tokens = [Token.parse(w) for w in words.split()]


def player(s, seat: str = "RED", *, at=None, shells=None, feet=None, fruits=None, rows=None,
           boats=(), kahunas=None, tikis=None):
    """Edit one chief; ``rows[i]`` is appended to village i+1 (village 1 holds the start hut)."""
    p = s.d.players[seat]
    if at is not None:
        p.at = at
    for name, v in (("shells", shells), ("feet", feet), ("fruits", fruits)):
        if v is not None:
            setattr(p, name, v)
    if rows is not None:
        for i, row in enumerate(rows):
            for word in row.split():
                kind, _, side = word.partition(":")
                p.realm.add_to_village(kind, {"I": 1, "II": 2}[side], i + 1)   # keeps its memo true
    for side in boats:
        p.realm.add_boat(side)
    if kahunas is not None:
        p.realm.kahunas = kahunas
    if tikis is not None:
        p.realm.tikis = tikis
    return p


def random_game(seed: int, n: int):
    """Yield every decision state (not chance) of one seeded random game, and play on."""
    rng = random.Random(seed)
    s = new_state(["RED", "YELLOW", "GREEN", "BLUE", "BLACK"][:n])
    while s.current_player() is not None:
        if s.current_player() == CHANCE:
            s.apply(s.sample_chance(rng))
            continue
        yield s
        s.apply(rng.choice(list(s.legal_moves())))


def chance_groups(seed: int, n: int):
    """(kind, draws, state before) for every chance line of one seeded random game."""
    rng = random.Random(seed)
    s = new_state(["RED", "YELLOW", "GREEN", "BLUE", "BLACK"][:n])
    while s.current_player() is not None:
        if s.current_player() != CHANCE:
            s.apply(rng.choice(list(s.legal_moves())))
            continue
        kind, before, draws = s.chance_kind(), s.clone(), []
        while s.current_player() == CHANCE and s.chance_kind() == kind:
            draws.append(s.sample_chance(rng))
            s.apply(draws[-1])
        yield kind, draws, before
