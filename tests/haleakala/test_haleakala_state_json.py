"""State JSON (spec cli.md): the documented keys, and impossible positions refused (the
exact round trip along random games is tests/core/test_game_contract.py's, for every game)."""
from __future__ import annotations

import copy
import json
import random

import pytest

import haleakala_builders as hb
from referee.errors import BadPositionError
from referee.haleakala.rules.game import new_state
from referee.haleakala.text.state_json import state_from_json, state_to_json


def test_documented_keys():
    """cli.md: the documented Haleakala keys are present."""
    d = state_to_json(hb.deal())
    for key in ("game", "round", "to_move", "boat", "players", "beaches", "slots", "craters",
                "statues", "decks", "result"):
        assert key in d
    for key in ("score", "shaman", "reserve", "statues_left", "cards", "score_cards"):
        assert key in d["players"]["RED"]
    assert d["game"] == "Haleakala" and d["to_move"] == "RED" and d["boat"] == 2
    assert d["decks"] == {"one": 3, "two": 12, "three": 15}
    assert d["slots"]["4"] == ["statue", "statue"]
    json.dumps(d)


def _bad(mutate):
    d = state_to_json(hb.deal())
    mutate(d)
    with pytest.raises(BadPositionError) as exc:
        state_from_json(d)
    return exc.value.reason


def test_refuses_cards_not_conserved():
    """49 cards must be conserved."""
    def extra(d):
        d["deck_contents"]["one"]["statue"] += 1
        d["decks"]["one"] += 1
    assert "card statue: 12 found, the game has 11" in _bad(extra)
    assert "disagrees" in _bad(lambda d: d["deck_contents"]["one"].update(statue=5))
    assert "score cards" in _bad(lambda d: d["players"]["RED"]["score_cards"].append("butterflies"))


def test_refuses_wrong_discs():
    """Each player owns number discs 1-5 once each."""
    assert "number discs" in _bad(lambda d: d["players"]["RED"]["reserve"].append(3))
    assert "number discs" in _bad(lambda d: d["players"]["YELLOW"]["reserve"].remove(5))


def test_refuses_too_much_lava():
    """At most 4 lava discs (craters plus supply)."""
    def more(d):
        d["craters"]["3"] = 5
    assert "lava" in _bad(more)


def test_refuses_broken_sum_rule():
    """K-R3 must hold on every beach."""
    def tie(d):
        d["players"]["RED"]["reserve"].remove(2)
        d["players"]["YELLOW"]["reserve"].remove(2)
        d["beaches"]["5"] = {"RED": [2], "YELLOW": [2]}
    assert "K-R3" in _bad(tie)


def test_refuses_statues_and_shamans_misplaced():
    def crater_statue(d):
        d["statues"]["crater2"] = "RED"
        d["players"]["RED"]["statues_left"] = 7
    assert "statue" in _bad(crater_statue)
    assert "8 statues" in _bad(lambda d: d["players"]["RED"].update(statues_left=7))
    assert "shaman" in _bad(lambda d: d["players"]["RED"].update(shaman="crater1"))


def test_refuses_garbage():
    with pytest.raises(BadPositionError):
        state_from_json({"game": "Hawaii"})
    with pytest.raises(BadPositionError):
        state_from_json({"game": "Haleakala", "round": 1})
    d = state_to_json(new_state())
    state_from_json(copy.deepcopy(d))             # before the first draw is fine


def _leaves(node, path=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(node, list) and node:
        for i, v in enumerate(node):
            yield from _leaves(v, path + (i,))
    else:
        yield path




def _positions():
    """Mid-game positions to mutate: a few snapshots of two random games."""
    out = []
    for seed, rules in ((11, ()), (12, ("tactical",))):
        snaps = []
        hb.random_game(seed, rules, check=False,
                       on_move=lambda st, m: snaps.append(state_to_json(st)) if len(snaps) < 400 else None)
        out += snaps[::40]
    return out


POSITIONS = _positions()

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as hs  # noqa: E402

_VALUES = hs.one_of(hs.integers(-3, 60), hs.sampled_from(
    ["RED", "YELLOW", "GREEN", "beach1", "plain3", "crater2", "statue", "lava", "nautilus", "",
     None, True, [], {}, [1], {"do": "land"}, "reserve", "up", "down", "scoring"]))


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(hs.integers(0, 10_000), hs.integers(0, 10_000), _VALUES)
def test_mutated_positions_load_or_are_refused(which, where, value):
    """A mutated state JSON either loads as a playable position or is refused with
    BadPositionError; nothing else escapes, and a loaded one plays on without crashing."""
    from referee.errors import RefereeError
    data = copy.deepcopy(POSITIONS[which % len(POSITIONS)])
    leaves = list(_leaves(data))
    path = leaves[where % len(leaves)]
    node = data
    for k in path[:-1]:
        node = node[k]
    if path:
        node[path[-1]] = value
    try:
        st = state_from_json(data)
    except BadPositionError:
        return
    st.check_invariants()
    rng = random.Random(where)
    for _ in range(30):
        if st.is_over():
            break
        try:
            m = st.sample_chance(rng) if st.current_player() == "chance" else rng.choice(st.legal_moves())
            st.apply(m)
        except RefereeError as exc:          # only a refusal with a reason, never a crash
            raise AssertionError(f"legal move refused after loading: {exc}") from None
        st.check_invariants()
