"""Shared fixtures for the Hawaii engine tests.

The builders live in ``hawaii_builders`` (this directory is put on sys.path so
the tests can ``import hawaii_builders as hb``): a dealt position is reached
with real chance moves, then edited with conservation kept.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import hawaii_builders as hb  # noqa: E402


@pytest.fixture
def two():
    """A dealt 2-player game, RED first then GREEN, on hb.DEFAULT_BOARD."""
    return hb.deal(["RED", "GREEN"])


@pytest.fixture
def four():
    """A dealt 4-player game in the order RED, GREEN, BLUE, YELLOW."""
    return hb.deal(["RED", "GREEN", "BLUE", "YELLOW"])
