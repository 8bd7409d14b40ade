"""Golden pictures: the SVG of a few positions of each game is pinned byte for byte,
so any change to what a picture shows is seen in review.

After a deliberate change, regenerate them and look at the difference:

    REFEREE_UPDATE_GOLDEN=1 python -m pytest tests/pictures/test_golden.py

(then render a few to PNG and look at them: docs/pictures.md).
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from referee.operations.check import check_path

GOLDEN = Path(__file__).parent / "golden"
EXAMPLES = Path(__file__).parents[2] / "docs" / "examples"

# name -> (example transcript, line to stop after or None for the whole game)
POSITIONS = {
    "hawaii-5p-setup": ("hawaii-5p.txt", 11),
    "hawaii-5p-mid-round": ("hawaii-5p.txt", 60),
    "hawaii-5p-round-end": ("hawaii-5p.txt", 72),
    "hawaii-3p-final": ("hawaii-3p.txt", None),
    "hawaii-2p-final": ("hawaii-2p.txt", None),
    "haleakala-setup": ("haleakala.txt", 9),
    "haleakala-mid-round": ("haleakala.txt", 400),
    "haleakala-round-2": ("haleakala.txt", 1200),
    "haleakala-final": ("haleakala.txt", None),
    "haleakala-tactical-mid": ("haleakala-tactical.txt", 700),
}


def render(file: str, at: int | None) -> str:
    rp = check_path(str(EXAMPLES / file), until=at)
    assert rp.state is not None and not rp.errors, rp.errors
    return rp.module.render(rp.state, "svg")


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_svg_matches_golden(name):
    svg = render(*POSITIONS[name])
    path = GOLDEN / f"{name}.svg"
    if os.environ.get("REFEREE_UPDATE_GOLDEN"):
        path.write_text(svg, encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}: run with REFEREE_UPDATE_GOLDEN=1"
    assert svg == path.read_text(encoding="utf-8"), (
        f"{name}: the picture changed; if on purpose, REFEREE_UPDATE_GOLDEN=1 (see the docstring)")


def test_rendering_is_deterministic():
    """Two renders of the same state give the same bytes (the golden files rely on it)."""
    assert render("hawaii-5p.txt", 60) == render("hawaii-5p.txt", 60)
