"""[Position] files are "validated for possibility" (notation.md §1, docs/state.md):
each edit below makes a position that no game could reach, and loading it must say so
as bad-position instead of playing on (or failing later as an internal error)."""
from __future__ import annotations

import copy
import random

import pytest

from referee.core.game import CHANCE
from referee.errors import BadPositionError
from referee.hawaii.text import state_json
from referee.hawaii.rules.game import new_state


def _chiefs_of_round(n: int) -> dict:
    """The state JSON of a seeded 3-player game when round ``n``'s chiefs' phase begins."""
    s, rng = new_state(["RED", "GREEN", "BLUE"]), random.Random(7)
    while s.d.round < n or s.current_player() == CHANCE or s.d.phase != "chiefs":
        s.apply(s.sample_chance(rng) if s.current_player() == CHANCE else rng.choice(s.legal_moves()))
    return state_json.to_json(s)


DEALT = _chiefs_of_round(1)     # the first chiefs' phase, nobody on the order track yet
assert DEALT["phase"] == "chiefs" and DEALT["track"]["1"] is None


def _edit(base: dict, change) -> dict:
    data = copy.deepcopy(base)
    change(data)
    return data


CASES = {
    # H-R13: a seat on the order track stands there
    "track-without-its-chief": (lambda d: d["track"].update({"1": "RED"}), "order space 1 holds RED"),
    # H-R5: a chief stands on the beach, a place, the cove, a dock or an order space
    "nowhere": (lambda d: d["players"]["RED"].update({"at": "Z9"}), "no place a chief can be"),
    # H-R17: income is chosen at the round end, by an owner of irrigation II
    "income-in-the-chiefs-phase": (lambda d: d.update({"income_queue": ["RED"]}), "irrigation income"),
    "to-move-of-no-seat": (lambda d: d.update({"to_move": "PURPLE"}), "to_move says 'PURPLE'"),
    # H-R18: only the draws of a round's set-up can be pending
    "draw-of-no-kind": (lambda d: d.update({"pending": [["bogus"]]}), "random draw"),
    "history-of-nothing": (lambda d: d.update({"history": [{"x": 1}]}), "history entry 1"),
    # what the referee never writes is refused, not converted (an audit saw used: "\u0000" load as true)
    "boat-used-as-text": (lambda d: d["players"]["RED"]["boats"][0].update({"used": "\u0000"}),
                          "used must be true or false"),
    "shells-true": (lambda d: d["players"]["RED"].update({"shells": True}), "whole numbers"),
    "round-as-text": (lambda d: d.update({"round": "1"}), "round must be a whole number"),
}


def test_the_unedited_position_loads():
    state_json.from_json(copy.deepcopy(DEALT))


@pytest.mark.parametrize("case", CASES)
def test_an_impossible_position_is_refused(case):
    change, says = CASES[case]
    with pytest.raises(BadPositionError) as err:
        state_json.from_json(_edit(DEALT, change))
    assert says in err.value.reason


def test_a_hand_made_position_may_leave_out_earlier_round_reports():
    """Reports are a record, not rules: test authors need not copy them (tests/transcripts)."""
    later = _chiefs_of_round(3)
    assert len(later["history"]) == 2
    state_json.from_json(_edit(later, lambda d: d.update({"history": []})))
