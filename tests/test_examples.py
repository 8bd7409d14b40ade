"""The example games in docs/examples are complete and accepted by `referee check`
(issue: example games for 2, 3, 4 and 5 players), refereed with the shipped data."""
from __future__ import annotations

from pathlib import Path

import pytest

from referee.notation.check import check_path

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "docs" / "examples").glob("*.txt"))


def test_there_is_an_example_for_every_player_count():
    names = {p.name for p in EXAMPLES}
    assert {f"hawaii-{n}p.txt" for n in (2, 3, 4, 5)} <= names
    assert "haleakala.txt" in names


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_is_a_complete_accepted_game(path):
    rp = check_path(str(path))
    assert not rp.errors, [e.reason for e in rp.errors]
    assert not rp.warnings, rp.warnings        # e.g. written with other component data
    assert rp.state.outcome() is not None
