"""[Position] files are "validated for possibility" (notation.md §1): each edit below
makes a Haleakala position that no game reaches, or one the referee never writes, and
loading it must refuse it rather than play on or quietly load something else. Found by
an audit; the round and scoring checks also run after every move of the seeded playouts."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from referee.errors import BadPositionError
from referee.haleakala.text.state_json import state_from_json

BASE = json.loads((Path(__file__).resolve().parents[1] / "transcripts" / "haleakala"
                   / "priestess_position.json").read_text())     # round 1, RED first, no scoring yet


def _set(path: str, value):
    def change(d):
        *head, last = path.split(".")
        for key in head:
            d = d[key]
        d[last] = value
    return change


CASES = {
    # K-R8: the second scoring ends the game and needs the first
    "second-scoring-in-round-1": (_set("pending", [{"do": "scoring", "n": 2, "by": "RED"}]),
                                  "scoring 2 cannot be due after 0"),
    # K-R1: the first player is drawn once, before the deal
    "first-player-drawn-again": (_set("pending", [{"do": "first"}]), "drawn again"),
    # K-R9: points come only from the scorings
    "points-before-any-scoring": (_set("players.RED.score", 25), "points are scored only"),
    # what the referee writes: whole numbers, known keys, section numbers as it spells them
    "round-true": (_set("round", True), "round must be a whole number"),
    "score-float": (_set("players.RED.score", 7.9), "whole number"),
    "disc-as-text": (_set("players.RED.reserve", ["1", 2, 3, 5]), "reserve disc must be a whole number"),
    "unknown-key": (_set("fooo", 1), "no key 'fooo'"),
    "unknown-player-key": (_set("players.RED.scroe", 1), "no key 'scroe'"),
    "section-spelt-03": (lambda d: d["beaches"].update({"03": d["beaches"].pop("3")}),
                         "'03' is not a section number"),
}


def test_the_unedited_position_loads():
    state_from_json(copy.deepcopy(BASE))


@pytest.mark.parametrize("case", CASES)
def test_an_impossible_or_foreign_position_is_refused(case):
    change, says = CASES[case]
    data = copy.deepcopy(BASE)
    change(data)
    with pytest.raises(BadPositionError) as err:
        state_from_json(data)
    assert says in err.value.reason


@pytest.mark.parametrize("key", ["²", "①", "٣"])
def test_a_section_number_written_in_other_digits_is_refused(key):
    """``str.isdigit`` says yes to these and ``int`` then raised (or read ٣ as 3)."""
    data = copy.deepcopy(BASE)
    data["beaches"][key] = data["beaches"].pop("1")
    with pytest.raises(BadPositionError, match="section number"):
        state_from_json(data)
