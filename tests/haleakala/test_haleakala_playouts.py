"""Random complete games, base and tactical: invariants after every move (200 games).

check_invariants covers: 49 cards conserved, 5 number discs and 8 statues per player,
at most 4 lava discs, the sum rule on every beach (K-R3). Here also: a legal move
exists until the game ends, and it ends after two scorings with scores and a winner.
"""
from __future__ import annotations

import random

import pytest

import haleakala_builders as hb
from referee.errors import IllegalMoveError
from referee.haleakala.text.state_json import state_to_json

BASE_SEEDS = range(0, 120)
TACTICAL_SEEDS = range(1000, 1080)


def _finished(st):
    out = st.outcome()
    assert out is not None and len(st.scorings) == 2
    assert set(out.scores) == {"RED", "YELLOW"}
    assert len(out.winners) == 1                   # K-R10 always breaks ties
    for seat in ("RED", "YELLOW"):
        assert out.scores[seat] == sum(s["points"][seat]["total"] for s in st.scorings)
    best = max(out.scores.values())
    assert out.scores[out.winners[0]] == best


@pytest.mark.parametrize("block", range(6))
def test_random_base_games(block):
    """K-R1..K-R10 together: 120 seeded base games."""
    for seed in BASE_SEEDS[block::6]:
        _finished(hb.random_game(seed))


@pytest.mark.parametrize("block", range(4))
def test_random_tactical_games(block):
    """K-R11: 80 seeded tactical games; no lava card is ever drawn."""
    for seed in TACTICAL_SEEDS[block::4]:
        st = hb.random_game(seed, rules=("tactical",))
        _finished(st)
        assert "lava" not in st.discard and st.box == {"lava": 8}


def _mutations(move):
    """Near-miss variants of a legal move (mostly illegal)."""
    from dataclasses import fields, replace
    out = []
    for f in fields(move):
        v = getattr(move, f.name)
        if isinstance(v, bool):
            out.append(replace(move, **{f.name: not v}))
        elif isinstance(v, int):
            out += [replace(move, **{f.name: v + 1}), replace(move, **{f.name: v - 2})]
        elif f.name == "shaman":
            out += [replace(move, shaman=s) for s in ("forest1", "mountain4", "crater2", "plain3")]
        elif f.name == "card":
            out.append(replace(move, card="statue"))
    return out


def test_apply_agrees_with_legal_moves():
    """apply() validates on its own: it accepts exactly the moves legal_moves() lists, and a
    rejected move leaves the state untouched."""
    for seed in (7, 8):
        rng = random.Random(seed)

        def probe(st, move):
            if st.current_player() == "chance" or rng.random() > 0.3:
                return
            legal = set(st.legal_moves())
            before = state_to_json(st)
            for cand in _mutations(move):
                trial = st.clone()
                try:
                    trial.apply(cand)
                    assert cand in legal or _same_as_stay(st, cand, legal), cand
                except IllegalMoveError as exc:
                    assert cand not in legal, (cand, exc)
                    assert "(K-R" in exc.reason or "cannot act now" in exc.reason, exc.reason
                    assert state_to_json(trial) == before
        hb.random_game(seed, rules=("tactical",) if seed == 8 else (), check=False, on_move=probe)


def _same_as_stay(st, move, legal):
    from dataclasses import replace
    return getattr(move, "shaman", None) == st.shaman.get(getattr(move, "seat", None)) and \
        replace(move, shaman=None) in legal
