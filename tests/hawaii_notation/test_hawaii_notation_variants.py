"""Looser spellings of legal moves read as the same move, or as an ambiguity that
offers it: the lenient reader never picks a different move."""
import random
import re

import pytest

from hn_helpers import random_game
from referee.errors import AmbiguousMoveError, IllegalMoveError
from referee.hawaii.text.notation import format_move, parse_move

REWRITES = [
    ("lower case", lambda t: t.lower()),
    ("no commas", lambda t: t.replace(",", "")),
    ("no origin", lambda t: re.sub(r"moves \S+->", "moves ", t)),
    ("arrow spaced", lambda t: t.replace("->", " -> ")),
    ("no movement", lambda t: re.sub(r"^(\w+) (moves \S+|stays at \S+), ", r"\1 ", t)),
    ("no token word", lambda t: t.replace("with token ", "").replace("with plain token ", "plain ")),
    ("no village", lambda t: re.sub(r", to village \d+", "", t)),
    ("no token", lambda t: re.sub(r" with (plain )?token \d+s?", "", t)),
    ("no side", lambda t: re.sub(r" (II|I|x1|x2) with", " with", t)),
    ("no boats", lambda t: re.sub(r"^(\w+ (?:fishes [\d ]+|visits dock \d+)) with [\w -]+?(?= paying|,|$)",
                                  r"\1", t)),
    ("synonyms", lambda t: t.replace("moves", "goes").replace("buys", "purchases")
     .replace("paying", "pays").replace("to village", "into row").replace("fishes", "fish")),
    ("words for hyphens", lambda t: t.replace("shell-hut", "shell hut").replace("fishing-boat", "fishing boat")),
]


@pytest.mark.parametrize("seed,players", [(s, 2 + s % 4) for s in range(8)])
def test_variants_never_name_another_move(seed, players):
    rng = random.Random(seed)
    tried = 0
    for s in random_game(seed, players):
        moves = list(s.legal_moves())
        for move in rng.sample(moves, min(len(moves), 12)):
            line = format_move(move, s)
            for name, rewrite in REWRITES:
                text = rewrite(line)
                if text == line:
                    continue
                tried += 1
                try:
                    got = parse_move(text, s)
                except AmbiguousMoveError as err:
                    assert line in err.candidates, (name, text)
                    continue
                except IllegalMoveError:
                    assert name == "no boats", text    # the H-R11 default may be unaffordable
                    continue
                if name == "no boats":                 # ... or another trip than the one named
                    assert type(got) is type(move) and got.boats, text
                    continue
                assert got == move, (name, text, format_move(got, s))
    assert tried > 200
