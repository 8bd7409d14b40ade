"""The strength benchmark played in pieces: each game's line is printed as it ends, a
later piece plays the next games of the same series, and ``sum`` adds the pieces up
to the figures of one whole run."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bots_bench.py"
MATCH = ["match", "haleakala", "basic,random", "--seed", "s"]


def bench(*args, check=True):
    done = subprocess.run([sys.executable, str(BENCH), *map(str, args)],
                          capture_output=True, text=True, timeout=600)
    if check:
        assert done.returncode == 0, done.stderr
    return done


def saved(tmp_path, name, *args) -> Path:
    path = tmp_path / name
    path.write_text(bench(*MATCH, *args).stdout)
    return path


def standings(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("  ")]


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    return saved(tmp_path_factory.mktemp("whole"), "whole.txt", "--games", 4)


def test_each_game_has_its_line_as_it_ends(whole):
    lines = whole.read_text().splitlines()
    assert lines[0] == "match haleakala basic,random seed s"
    games = [line for line in lines if line.startswith("game ")]
    assert [line.split()[:4] for line in games] == [
        ["game", str(k), "seed", f"s-{k}"] for k in range(1, 5)]
    # the levels are turned one seat on each game, and the running total grows
    assert games[0].split()[4].endswith("=basic:" + games[0].split()[4].rsplit(":")[1])
    assert "=random:" in games[1].split()[4]
    assert games[-1].endswith("basic " + games[-1].split("basic ")[-1])
    assert "/4" in games[-1].split("|")[1]


def test_pieces_add_up_to_the_whole_run(tmp_path, whole):
    first = saved(tmp_path, "a.txt", "--games", 2)
    rest = saved(tmp_path, "b.txt", "--games", 3, "--from", 2)    # game 2 played twice
    again = bench("sum", whole).stdout
    pieces = bench("sum", first, rest).stdout
    assert standings(pieces) == standings(again)
    assert "4 games (1-4)" in pieces
    # the piece's games are the same games as in the whole run
    lines = {line for line in whole.read_text().splitlines() if line.startswith("game ")}
    played = [line.split("  |")[0] for line in rest.read_text().splitlines()
              if line.startswith("game ")]
    assert played and all(any(w.startswith(p) for w in lines) for p in played)
    row = pieces.splitlines()[-1]
    assert row.startswith("| haleakala 2p, basic,random (seed s) | 4 | ")
    assert row.endswith("| 50% |")


def test_a_gap_in_the_series_is_shown(tmp_path):
    one = saved(tmp_path, "one.txt", "--games", 1)
    three = saved(tmp_path, "three.txt", "--games", 1, "--from", 3)
    assert "2 games (1, 3)" in bench("sum", one, three).stdout


def other_winner(text: str) -> str:
    """The output with its first game won by the other seat."""
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("game "))
    was = lines[k].split("  |")[0].split()[-1]
    lines[k] = lines[k].replace(f"won {was}", f"won {'YELLOW' if was == 'RED' else 'RED'}")
    return "\n".join(lines)


@pytest.mark.parametrize("change, said", [
    (lambda text: text.replace("seed s\n", "seed t\n", 1), "another series"),
    (lambda text: other_winner(text), "ended otherwise in another file"),
    (lambda text: text.replace("game 1 seed", "game x seed", 1), "not a game line"),
    (lambda text: "\n".join(text.splitlines()[1:]), "a game before the line naming the match"),
    (lambda text: "nothing here\n", "not the output of bots_bench.py match"),
])
def test_files_that_do_not_add_up_are_refused(tmp_path, whole, change, said):
    bad = tmp_path / "bad.txt"
    bad.write_text(change(whole.read_text()))
    done = bench("sum", whole, bad, check=False)
    assert done.returncode == 1
    assert said in done.stderr and "Traceback" not in done.stderr


def test_a_missing_file_is_named(tmp_path, whole):
    done = bench("sum", whole, tmp_path / "absent.txt", check=False)
    assert done.returncode == 1
    assert "absent.txt: cannot be read" in done.stderr
