"""``referee verify``: every draw of a seeded game must be the one its [Seed] deals
(notation.md §5: "anyone can re-derive them"), and a [Commit] must be the seed's digest."""
from pathlib import Path

import pytest

from tests.toy.helpers import run
from referee.replay.commit import commitment

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "docs" / "examples").glob("*.txt"))


def _legacy(tmp_path) -> Path:
    """A game as the referee wrote them before [Dealing]: every draw from random.Random."""
    from tests.toy.toygame import MODULE as module
    from referee.replay.dealer import LegacyDealer
    from referee.operations.newgame import Table, header
    from referee.transcript.writer import render

    tags = [t for t in header(module, ["RED", "GREEN"], [], "s1") if t[0] != "Dealing"]
    table = Table(module, tags, ["RED", "GREEN"], [], LegacyDealer("s1"))
    path = tmp_path / "g.txt"
    path.write_text(render(tags, table.deal()))
    return path


def _new(tmp_path, capsys) -> Path:
    path = tmp_path / "g.txt"
    assert run("new", "toy", "--players", "red,green", "--seed", "s1", "-o", path,
               capsys=capsys)[0] == 0
    return path


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_a_game_dealt_by_its_seed_verifies(tmp_path, capsys):
    path = _new(tmp_path, capsys)
    status, out, _ = run("verify", path, capsys=capsys)
    assert status == 0 and "all 3 draws dealt by its [Seed]" in out


def test_a_legal_draw_the_seed_did_not_deal_is_caught_where_it_is(tmp_path, capsys):
    """Check accepts any possible draw; verify names the line the seed deals instead."""
    path = _new(tmp_path, capsys)
    _edit(path, "* order RED GREEN", "* order GREEN RED")
    assert run("check", path, capsys=capsys)[0] == 0
    status, _, err = run("verify", path, capsys=capsys)
    assert status == 1
    assert f"{path}:8:3: bad-chance: random act 1 deals '* order RED GREEN' here" in err


def test_a_legacy_game_keeps_verifying_and_a_legacy_draw_is_caught(tmp_path, capsys):
    path = _legacy(tmp_path)
    assert "[Dealing" not in path.read_text()
    status, out, _ = run("verify", path, capsys=capsys)
    assert status == 0 and "all 3 draws dealt by its [Seed]" in out
    _edit(path, "* order RED GREEN", "* order GREEN RED")
    status, _, err = run("verify", path, capsys=capsys)
    assert status == 1 and ":7:3: bad-chance: the [Seed] deals '* order RED GREEN' here" in err


def test_a_commit_must_be_the_digest_of_the_seed(tmp_path, capsys):
    path = _legacy(tmp_path)
    _edit(path, '[Seed "s1"]', f'[Seed "s1"]\n[Commit "{commitment("s1")}"]')
    assert run("verify", path, capsys=capsys)[0] == 0
    _edit(path, commitment("s1"), commitment("s2"))
    status, _, err = run("verify", path, capsys=capsys)
    assert status == 1 and ":6:1: bad-header: the [Seed] does not match the [Commit]" in err


@pytest.mark.parametrize("header,reason", [
    ("", "no [Seed] tag"),
    (f'[Commit "{commitment("s1")}"]', "the seed is not revealed yet"),
    ('[Seed "s1"]\n[Salt "PINK ab12"]', "[Salt] names a seat"),
])
def test_what_cannot_be_verified_is_said(tmp_path, capsys, header, reason):
    path = _legacy(tmp_path)
    _edit(path, '[Seed "s1"]', header)
    status, _, err = run("verify", path, capsys=capsys)
    assert status == 1 and "bad-header" in err and reason in err


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_bundled_example_was_dealt_by_its_seed(path, capsys):
    status, out, _ = run("verify", path, capsys=capsys)
    assert status == 0, out
