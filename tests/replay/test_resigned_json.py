"""Resignations are part of the state JSON (docs/state.md): what ``show --format json``
prints for a game with resigned seats loads back through ``[Position]`` to the same
state, resignations and result included, for both games."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli import run
from referee.operations import check_path
from referee.replay import state_json

ROOT = Path(__file__).resolve().parent.parent / "transcripts"


@pytest.mark.parametrize("name, players, winner", [
    ("hawaii/t-control-resign-json.txt", "RED GREEN BLUE", "RED"),
    ("haleakala/t-control-resign-json.txt", "RED YELLOW", "YELLOW"),
])
def test_show_json_of_a_resigned_game_loads_back(tmp_path, capsys, name, players, winner):
    source = ROOT / name
    assert run(["show", str(source), "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["result"]["winners"] == [winner] and printed["resigned"]
    (tmp_path / "position.json").write_text(json.dumps(printed), encoding="utf-8")
    game = "Hawaii" if name.startswith("hawaii") else "Haleakala"
    (tmp_path / "game.txt").write_text(
        f'[Game "{game}"]\n[Players "{players}"]\n[Position "position.json"]\n\n'
        f"? result.winners = [{winner}]\n", encoding="utf-8")
    rp = check_path(str(tmp_path / "game.txt"))
    assert rp.ok and all(c.passed for c in rp.checks), rp.errors
    assert state_json(rp.module, rp.state) == printed
    assert rp.to_move is None


def test_a_resigned_seat_that_is_not_a_seat_is_refused(tmp_path, capsys):
    assert run(["show", str(ROOT / "haleakala/t-control-resign-json.txt"),
                "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    printed["resigned"] = ["BLUE"]
    (tmp_path / "position.json").write_text(json.dumps(printed), encoding="utf-8")
    (tmp_path / "game.txt").write_text(
        '[Game "Haleakala"]\n[Players "RED YELLOW"]\n[Position "position.json"]\n',
        encoding="utf-8")
    rp = check_path(str(tmp_path / "game.txt"))
    assert not rp.ok and rp.errors[0].code == "bad-position"
