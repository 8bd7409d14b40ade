"""Every legal move prints to a line that reads back as that very move, and every
chance group prints to a line that reads back as the same draws."""
import pytest

from hn_helpers import chance_groups, random_game
from referee.hawaii.notation import format_chance, format_move, parse_chance, parse_move

GAMES = [(seed, 2 + seed % 4) for seed in range(20)]


@pytest.mark.parametrize("seed,players", GAMES)
def test_every_legal_move_round_trips(seed, players):
    checked = 0
    for s in random_game(seed, players):
        for move in s.legal_moves():
            line = format_move(move, s)
            assert parse_move(line, s) == move, line
            checked += 1
    assert checked > 100


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
    from referee.hawaii.move_syntax import _read_canonical, read
    for s in random_game(seed, players):
        for move in s.legal_moves():
            line = format_move(move, s)
            fast = _read_canonical(line)
            assert fast is not None, line
            assert _said(fast) == _said(read(line, fast=False)), line
