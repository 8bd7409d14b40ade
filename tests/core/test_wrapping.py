"""referee.core.wrap_line wraps every line into the lines textwrap makes of it."""
from __future__ import annotations

import random
import textwrap

import pytest

from referee.core import wrap_line


def _textwrap(line, width, indent):
    return textwrap.wrap(line, width, subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False)


@pytest.mark.parametrize("seed", range(4))
def test_random_lines_wrap_as_textwrap_wraps_them(seed):
    rng = random.Random(seed)
    letters = "abcdefghij-,.;:()|*0123456789\u00e9\u00a0"
    for _ in range(3000):
        words = ["".join(rng.choice(letters) for _ in range(
                 rng.choice((1, 2, 3, 5, 8, 12, 30, 90)))) for _ in range(rng.randrange(0, 25))]
        seps = [rng.choice([" "] * 12 + ["  ", "\t", "\n", " \r"]) for _ in words]
        line = "".join(w + s for w, s in zip(words, seps))
        if rng.random() < 0.7:
            line = line.rstrip(" \t\n\r")
        if rng.random() < 0.1:
            line = " " + line
        width = rng.choice((1, 4, 10, 20, 40, 58, 60, 78))
        indent = rng.choice(("", " ", "    ", " " * 10, " " * 30))
        assert wrap_line(line, width, indent) == _textwrap(line, width, indent), (line, width)


def test_a_plain_line_is_wrapped_without_textwrap(monkeypatch):
    line = "RED at B2: 12 shells, 3 feet, 4 fruits; tokens 1 2 3s 4 5; sum 14 of 20; score 33"
    want = _textwrap(line, 40, "    ")
    monkeypatch.setattr(textwrap, "wrap", lambda *a, **k: pytest.fail("textwrap was used"))
    assert wrap_line(line, 40, "    ") == want
