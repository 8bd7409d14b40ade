"""turns.check, which the notation asks instead of playing a move on a copy, must
refuse exactly what apply refuses, with the same reason, and change nothing."""
from __future__ import annotations

import dataclasses
import random

import haleakala_builders as hb
from referee.core.game import CHANCE
from referee.errors import RefereeError
from referee.haleakala.text.state_json import state_to_json


def _variants(st, move, rng) -> list:
    """The move itself and near misses of it: another disc, beach, space or card."""
    out = [move]
    fields = {f.name for f in dataclasses.fields(move)}
    if "value" in fields:
        out.append(dataclasses.replace(move, value=rng.randint(0, 6)))
    if "section" in fields:
        out.append(dataclasses.replace(move, section=rng.randint(0, 7)))
    if "shaman" in fields:
        ring = rng.choice(st.comp.rings)
        out.append(dataclasses.replace(move, shaman=f"{ring}{rng.randint(1, 6)}"))
    if "invocation" in fields:
        out.append(dataclasses.replace(move, invocation=not move.invocation))
    if "card" in fields:
        names = [*st.comp.faces, *st.comp.score_cards, "priestess"]
        out.append(dataclasses.replace(move, card=rng.choice(names)))
    if "src" in fields:
        out.append(dataclasses.replace(move, src=rng.randint(1, 6), dst=rng.randint(1, 6)))
    if "seat" in fields:
        out.append(dataclasses.replace(move, seat=st.other(move.seat)))
    return out


def _outcome(action):
    try:
        action()
    except RefereeError as err:
        return type(err).__name__, err.reason
    return None


def test_check_refuses_what_apply_refuses_and_changes_nothing():
    rng = random.Random(5)
    compared = refused = 0

    def probe(st, move):
        nonlocal compared, refused
        if st.current_player() == CHANCE or rng.random() > 0.3:
            return
        before = state_to_json(st)
        for m in _variants(st, move, rng):
            checked = _outcome(lambda: st.check(m))
            assert state_to_json(st) == before, m
            assert checked == _outcome(lambda: st.clone().apply(m)), m
            compared += 1
            refused += checked is not None
    for seed, rules in ((5, ()), (6, ("tactical",))):
        hb.random_game(seed, rules, check=False, on_move=probe)
    assert compared > 500 and refused > 100, (compared, refused)
