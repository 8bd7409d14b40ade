"""Every chance group prints to a line that reads back as the same draws, of every kind
Hawaii has; the canonical shortcut reads what the lenient reader reads (that every legal
move reads back from its line is tests/core/test_game_contract.py's, for every game)."""
import pytest

from hn_helpers import chance_groups, random_game, setup
from referee.errors import RefereeError
from referee.hawaii.text.chance_lines import format_chance, parse_chance
from referee.hawaii.text.notation import format_move, parse_move

GAMES = [(seed, 2 + seed % 4) for seed in range(20)]


@pytest.mark.parametrize("seed,players", GAMES)
def test_every_chance_line_round_trips(seed, players):
    kinds = set()
    for kind, draws, before in chance_groups(seed, players):
        line = format_chance(kind, draws, before)
        assert line.split()[0] == kind
        assert parse_chance(line, before.clone()) == draws, line
        assert parse_chance("* " + line, before.clone()) == draws
        kinds.add(kind)
    assert kinds == {"places", "order", "islands", "tokens"}


def _said(said):
    fields = dict(said.fields)
    for key in ("move_pay", "tile_pay", "kane_pay", "pay"):
        if key in fields:
            fields[key] = [(n, r, t.column) for n, r, t in fields[key].parts]
    if "boats" in fields:
        fields["boats"] = [(n, t.column) for n, t in fields["boats"]]
    where = {k: v.column for k, v in said.where.items()
             if k in ("tile", "dest", "origin", "movement", "kane", "fruit")}
    return said.seat, said.action, fields, where


@pytest.mark.parametrize("seed,players", GAMES[:4])
def test_fast_reader_agrees_with_the_grammar(seed, players):
    """Canonical lines skip lark; both readers must say the same."""
    from referee.hawaii.text.move_syntax import _read_canonical, read
    for s in random_game(seed, players):
        for move in s.legal_moves():
            line = format_move(move, s)
            fast = _read_canonical(line)
            assert fast is not None, line
            assert _said(fast) == _said(read(line, fast=False)), line


@pytest.mark.parametrize("seed,players", GAMES[:6])
def test_canonical_shortcut_reads_the_same_move(seed, players):
    """The shortcut for the referee's own lines must name the move the lenient reader
    names, and must take every legal line the referee writes (that is its point)."""
    from collections import Counter

    from referee.hawaii.text.canonical_moves import read_move
    taken = Counter()
    for s in random_game(seed, players):
        for move in s.legal_moves():
            line = format_move(move, s)
            assert parse_move(line, s, shortcut=False) == move, line
            assert read_move(line, s) == move, line
            taken[type(move).__name__] += 1
    assert taken["Buy"] > 100 and taken["Fish"] and taken["TakeOrder"], taken


def test_canonical_shortcut_takes_island_visits_and_income_choices():
    """The rarer lines (island visits, irrigation income) take the shortcut too."""
    from referee.hawaii.text.canonical_moves import read_move
    seen = set()
    for seed, players in GAMES:
        for s in random_game(seed, players):
            for move in s.legal_moves():
                if type(move).__name__ in ("Visit", "ChooseIncome"):
                    line = format_move(move, s)
                    assert read_move(line, s) == move == parse_move(line, s, shortcut=False), line
                    seen.add(type(move).__name__)
        if len(seen) == 2:
            return
    pytest.fail(f"random games gave only {seen}")


@pytest.mark.parametrize("line", [
    "RED moves beach->A1, buys surfer I with token 9",         # no such token there
    "RED moves A1->A2, buys surfer I with token 2",            # RED is on the beach
    "RED stays at A1, buys surfer I with token 2",
    "RED fishes 3 with boat7",                                  # no such boat
    "RED visits dock 9 with fishing-boat",                      # no such dock
    "RED visits dock 1 with boat7",
    "RED chooses shell",                                        # no income is due
    "RED takes order 9",
    "RED moves beach->Z9, buys surfer I with token 2",
])
def test_canonical_shortcut_declines_what_it_cannot_take(line):
    """Anything the shortcut cannot take goes back to the lenient reader for the reason."""
    from referee.hawaii.text.canonical_moves import read_move
    s = setup()
    assert read_move(line, s) is None
    with pytest.raises(RefereeError):
        parse_move(line, s)


def _mutations(line: str, rng) -> list[str]:
    """Near misses of a canonical line: one word swapped for a word of the same kind."""
    words = line.split(" ")
    swaps = {"I": "II", "II": "I", "x1": "x2", "x2": "x1", "beach->A1,": "beach->B2,",
             "1": "2", "2": "3", "3": "1", "4": "5", "5": "4", "6": "2", "2s": "2", "4s": "4",
             "shell": "fruit", "foot": "shell", "fruits": "feet", "feet": "shells",
             "boat1": "fishing-boat", "fishing-boat": "boat1", "banana": "breadfruit",
             "breadfruit": "banana"}
    out = []
    for i, w in enumerate(words):
        bare = w.rstrip(",")
        if bare in swaps:
            out.append(" ".join(words[:i] + [swaps[bare] + w[len(bare):]] + words[i + 1:]))
    rng.shuffle(out)
    return out[:4]


@pytest.mark.parametrize("seed,players", GAMES[:5])
def test_canonical_shortcut_never_reads_a_near_miss_differently(seed, players):
    """A line one word away from a legal move is read by the shortcut either not at all or
    as the very move the lenient reader finds; it never accepts what the reader refuses."""
    import random

    from referee.hawaii.text.canonical_moves import read_move
    rng = random.Random(seed)
    tried = 0
    for s in random_game(seed, players):
        moves = list(s.legal_moves())
        for move in rng.sample(moves, min(3, len(moves))):
            for line in _mutations(format_move(move, s), rng):
                fast = read_move(line, s)
                try:
                    slow = parse_move(line, s, shortcut=False)
                except RefereeError:
                    slow = None
                if fast is not None:
                    assert fast == slow, line
                    tried += 1
    assert tried > 20
