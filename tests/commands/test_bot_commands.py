"""``referee play --bot LEVEL`` and ``referee verify`` of the lines it writes: a bot's
move is marked, verify plays every bot again, and a move edited after the bot made it
is named (issue 34, item 3)."""
from __future__ import annotations

import pytest

from referee.bots import LEVELS
from tests.toy.helpers import run


def _bot_game(tmp_path, capsys, levels, game="hawaii", players="red,yellow,green"):
    path = tmp_path / "game.txt"
    status, _, err = run("new", game, "--players", players, "--seed", "bots-7", "-o", path,
                         capsys=capsys)
    assert status == 0, err
    for level, seed in levels:
        extra = ["--seed", seed] if seed else []
        status, out, err = run("play", path, "--bot", level, *extra, capsys=capsys)
        assert status == 0, err
        assert f"# bot {level}" in out
    return path


@pytest.mark.parametrize("game, players", [("hawaii", "red,yellow,green"),
                                           ("haleakala", "red,yellow")])
def test_verify_replays_every_bot_move(tmp_path, capsys, game, players):
    path = _bot_game(tmp_path, capsys, [(level, None) for level in LEVELS] + [("basic", "s1")],
                     game, players)
    text = path.read_text()
    assert "# bot basic seed s1" in text
    status, out, err = run("verify", path, capsys=capsys)
    assert status == 0, err
    assert ": ok, 4 moves" in out


def test_verify_names_an_edited_bot_move(tmp_path, capsys):
    path = _bot_game(tmp_path, capsys, [("strong", None), ("basic", None), ("basic", None)])
    lines = path.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if line.endswith("# bot basic"))
    seat = lines[index].split()[0]
    # the position before that line, and another move of the same seat played in its place
    head = "\n".join(lines[:index]) + "\n"
    probe = tmp_path / "probe.txt"
    probe.write_text(head)
    status, out, err = run("moves", probe, capsys=capsys)
    assert status == 0, err
    bot_move = lines[index].split("  #")[0]
    others = [line.strip() for line in out.splitlines()
              if line.strip().startswith(seat) and line.strip() != bot_move]
    assert others
    edited = lines[:index] + [f"{others[0]}  # bot basic"]
    forged = tmp_path / "forged.txt"
    forged.write_text("\n".join(edited) + "\n")
    status, _, err = run("check", forged, capsys=capsys)
    assert status == 0, err                  # a legal move: check does not play bots again
    status, out, err = run("verify", forged, capsys=capsys)
    assert status == 1
    assert f"forged.txt:{index + 1}:1: not-the-bot: the basic bot does not play this move " \
           f"here: it plays '{bot_move}'" in err


def test_verify_names_a_mark_of_no_level(tmp_path, capsys):
    path = _bot_game(tmp_path, capsys, [("random", None)])
    text = path.read_text().replace("# bot random", "# bot genius")
    path.write_text(text)
    status, _, err = run("verify", path, capsys=capsys)
    assert status == 1
    assert "not-the-bot: '# bot genius' names no bot of this referee" in err


def test_a_bot_cannot_play_when_no_seat_is_to_move(tmp_path, capsys):
    path = tmp_path / "toy.txt"
    path.write_text('[Game "Toy"]\n[Players "RED GREEN"]\n')
    before = path.read_text()
    status, _, err = run("play", path, "--bot", "basic", capsys=capsys)
    assert status == 1
    assert "a chance line is due" in err
    assert path.read_text() == before


@pytest.mark.parametrize("args, said", [
    (["--bot", "strong", "--seed", "two words"], "a bot seed is 1 to 64 letters"),
    (["--seed", "3"], "--seed goes with --bot"),
    (["--bot", "basic", "RED adds 1"], "give a move or --bot, not both"),
    (["--bot", "genius"], "'genius' is not one of"),
])
def test_bad_bot_arguments_are_refused_and_change_nothing(tmp_path, capsys, args, said):
    path = _bot_game(tmp_path, capsys, [])
    before = path.read_text()
    status, _, err = run("play", path, *args, capsys=capsys)
    assert status == 2
    assert said in err
    assert path.read_text() == before


def test_a_tournament_counts_each_levels_wins_and_its_games_verify(tmp_path, capsys):
    status, out, err = run("selfplay", "haleakala", "--bots", "basic,random", "--games", "4",
                           "--seed", "t", "--format", "json", "-o", tmp_path / "games",
                           "--check", capsys=capsys)
    assert status == 0, err
    import json
    result = json.loads(out)
    assert result["players"] == 2 and result["games"] == 4
    levels = {row["level"]: row for row in result["levels"]}
    assert set(levels) == {"basic", "random"}
    assert levels["basic"]["wins"] + levels["random"]["wins"] == 4
    for row in levels.values():
        assert 0 <= row["low"] <= row["share"] <= row["high"] <= 1
        assert row["fair"] == 0.5
    files = sorted((tmp_path / "games").iterdir())
    assert len(files) == 4
    first_movers = set()
    for path in files:
        text = path.read_text()
        red = next(line for line in text.splitlines() if line.startswith("RED "))
        first_movers.add(red.split("# bot ")[1])
    assert first_movers == {"basic", "random"}           # the levels change seats
    status, out, err = run("verify", *files, capsys=capsys)
    assert status == 0, err


def test_a_tournament_prints_the_standings_as_text(tmp_path, capsys):
    status, out, err = run("selfplay", "toy", "--bots", "basic,random,random", "--games", "3",
                           "--seed", "2", capsys=capsys)
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == "Toy, 3 players, 3 games (seed 2), the levels turned one seat on each game:"
    assert lines[1].split()[:3] == ["basic", "1", "seat"]
    assert "95% interval" in lines[1] and "(fair share 33%)" in lines[1]
    assert lines[2].split()[:3] == ["random", "2", "seats"]
    assert not list(tmp_path.iterdir())                  # no -o: nothing written


@pytest.mark.parametrize("args, said", [
    (["--bots", "strong,genius"], "'genius' is no bot level"),
    (["--bots", "strong"], "Hawaii takes 2 to 5 players"),
    (["--bots", "basic,basic", "--players", "3"], "--players 3 but 2 levels in --bots"),
    (["--players", "3"], "say where the transcripts go"),
    ([], "say how many seats"),
])
def test_bad_tournament_arguments_are_refused(tmp_path, capsys, args, said):
    status, _, err = run("selfplay", "hawaii", "--games", "1", *args, capsys=capsys)
    assert status == 2
    assert said in err
