"""The shortcut for the referee's own Haleakala lines (canonical_moves) against the
lenient Lark reader: the same move for every canonical line, and every other line
left to the reader."""
from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import haleakala_builders as hb
from referee.core.game import CHANCE
from referee.errors import RefereeError
from referee.haleakala.text.canonical_moves import read_move
from referee.haleakala.text.notation import format_move, parse_move

ROOT = Path(__file__).resolve().parents[2]


def _positions(seed: int, rules=(), share: float = 0.1):
    """Positions of a random game where a seat is to move: every decision (they are
    rarer) and a random share of the action turns."""
    rng = random.Random(seed * 7919)
    out = []

    def keep(st, move):
        if st.current_player() != CHANCE and (st.pending or rng.random() < share):
            out.append(st.clone())
    hb.random_game(seed, rules, check=False, on_move=keep)
    return out


@pytest.mark.parametrize("seed,rules", [(11, ()), (12, ("tactical",)), (13, ())])
def test_every_canonical_line_reads_as_the_lenient_reader_reads_it(seed, rules):
    taken = Counter()
    for st in _positions(seed, rules):
        for move in st.legal_moves():
            line = format_move(move, st)
            fast = read_move(line, st)
            assert fast is not None, line
            assert fast == parse_move(line, st, shortcut=False) == move, line
            name = type(move).__name__
            taken[name + ("+invocation" if getattr(move, "invocation", False) else "")] += 1
            taken[name + ("+shaman" if getattr(move, "shaman", None) else "")] += 1
    kinds = {"PlaceDisc", "PlaceDisc+shaman", "TakeBack", "TakeBack+shaman", "Sail",
             "PickCard", "PriestessMove", "Buy", "BuyNothing"}
    assert kinds <= set(taken), taken
    if rules:
        assert taken["PlaceDisc+invocation"], taken


def _dealt():
    """The first action of a dealt game, RED's shaman on plain1 (the boat is at beach2)."""
    st = hb.deal()
    st.shaman["RED"] = "plain1"
    return st


@pytest.mark.parametrize("line", [
    "red places 1 on beach3",                 # the seat in lower case
    "RED places 1 on beach 3",                # a space inside the beach
    "RED puts 1 on beach3",                   # a synonym
    "RED places 1 on 3",                      # a bare section
    "RED places 1 on beach3 ",                # a trailing space
    "RED places 1 on beach3, shaman to forest 1",
    "RED places 1 on beach3 and shaman to forest1",
    "RED  places 1 on beach3",
])
def test_other_spellings_are_left_to_the_lenient_reader(line):
    st = _dealt()
    assert read_move(line, st) is None
    assert parse_move(line, st) == parse_move(line, st, shortcut=False)


@pytest.mark.parametrize("line", [
    "RED places 9 on beach2",                 # no such disc
    "RED places 1 on beach7",                 # no such beach
    "RED places 1 on beach0",
    "RED places 1 on beach2, shaman to lagoon1",
    "RED places 1 on beach2, shaman to mountain6",   # out of reach
    "RED places 1 with invocation on beach2",        # not the tactical game
    "YELLOW places 1 on beach2",              # out of turn
    "GREEN places 1 on beach2",               # no such seat
    "RED takes back 1 from beach2",           # nothing there
    "RED sails",                              # discs still in reserve
    "RED picks statue",                       # no decision due
    "RED priestess crater1->crater2",
    "RED priestess crater9->crater2",
    "RED buys nothing",
    "RED buys none",
])
def test_what_the_shortcut_cannot_take_goes_to_the_reader_for_the_reason(line):
    st = _dealt()
    assert read_move(line, st) is None
    with pytest.raises(RefereeError):
        parse_move(line, st)


def _near_misses(line: str, rng) -> list[str]:
    """A canonical line with one number or name swapped for another of its kind."""
    swaps = {"1": "2", "2": "3", "3": "4", "4": "5", "5": "1", "6": "1", "beach1": "beach4",
             "beach2": "beach6", "beach3": "beach1", "plain1": "forest1", "forest2": "plain2",
             "statue": "shell", "shell": "fish-1", "priestess": "statue", "nothing": "butterflies",
             "butterflies": "complete-section", "sails": "sail"}
    words = line.split(" ")
    out = []
    for i, word in enumerate(words):
        bare = word.rstrip(",")
        for key in (bare, bare[:-1] if bare[-1:].isdigit() else None):
            if key in swaps:
                new = swaps[key] + bare[len(key):]
                out.append(" ".join(words[:i] + [new + word[len(bare):]] + words[i + 1:]))
    rng.shuffle(out)
    return out[:3]


@pytest.mark.parametrize("seed", [21, 22])
def test_a_near_miss_is_never_read_differently(seed):
    """A line one word away from a legal move is read by the shortcut either not at all
    or as the very move the lenient reader finds."""
    rng = random.Random(seed)
    read = 0
    for st in _positions(seed, ("tactical",) if seed % 2 else ()):
        moves = st.legal_moves()
        for move in rng.sample(moves, min(3, len(moves))):
            for line in _near_misses(format_move(move, st), rng):
                fast = read_move(line, st)
                try:
                    slow = parse_move(line, st, shortcut=False)
                except RefereeError:
                    slow = None
                if fast is not None:
                    assert fast == slow, line
                    read += 1
                else:
                    assert slow is None or line != format_move(slow, st), line
    assert read > 20


def test_checking_canonical_lines_does_not_load_lark(tmp_path):
    subprocess.run([sys.executable, "-m", "referee", "selfplay", "haleakala", "--players", "2",
                    "--seed", "5", "-o", str(tmp_path)], cwd=ROOT, check=True,
                   capture_output=True)
    (game,) = tmp_path.glob("*.txt")
    code = ("import sys; from referee.operations.check import check_path; "
            f"rp = check_path({str(game)!r}); "
            "print(not rp.errors and rp.moves > 100, 'lark' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.stdout.split() == ["True", "False"], out.stderr
