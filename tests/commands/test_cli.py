import json
import os
import subprocess
import sys

import pytest

from tests.toy.helpers import GAME, real_games, referee, run, seats
from referee.core import registry

COMMANDS = ["new", "play", "check", "verify", "show", "moves", "test", "selfplay", "components",
            "rules"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_with_example(command, capsys):
    status, out, _ = run(command, "--help", capsys=capsys)
    assert status == 0 and "Example:" in out and "referee " + command in out


def test_usage_errors_exit_2(tmp_path, capsys):
    assert run("new", "chess", "--players", "red,green", capsys=capsys)[0] == 2
    assert run("new", "toy", "--players", "red,pink", capsys=capsys)[0] == 2
    assert run("new", "toy", "--players", "red", capsys=capsys)[0] == 2
    assert run("new", "toy", "--players", "red,green", "--rules", "long", capsys=capsys)[0] == 2
    assert run("play", tmp_path / "missing.txt", "RED adds 1", capsys=capsys)[0] == 2
    assert run("frobnicate", capsys=capsys)[0] == 2
    assert run("check", capsys=capsys)[0] == 2
    (tmp_path / "g.txt").write_text(GAME)
    status, _, err = run("play", tmp_path / "g.txt", "? total = 1", capsys=capsys)
    assert status == 2 and "usage" in err


def test_new_refuses_to_overwrite(tmp_path, capsys):
    path = tmp_path / "g.txt"
    assert run("new", "toy", "--players", "red,green", "-o", path, capsys=capsys)[0] == 0
    before = path.read_bytes()
    status, _, err = run("new", "toy", "--players", "red,green", "-o", path, capsys=capsys)
    assert status == 2 and "--force" in err and path.read_bytes() == before
    assert run("new", "toy", "--players", "red,green", "-o", path, "--force",
               capsys=capsys)[0] == 0


def test_check_reports_and_summarises(tmp_path, capsys):
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    good.write_text(GAME)
    bad.write_text(GAME + "GREEN mvoes 1\nGREEN adds 9\nRED adds 1\n")
    status, out, err = run("check", good, capsys=capsys)
    assert status == 0 and "ok, 2 moves" in out and err == ""
    status, out, err = run("check", good, bad, capsys=capsys)
    assert status == 1
    assert out.strip() == "checked 2 files: 1 ok, 1 with errors; 4 moves"
    assert f"{bad}:8:7: syntax: expected 'adds', found 'mvoes'" in err
    assert f"{bad}:9:1: illegal-move:" in err
    assert f"{bad}:10:1: not-evaluated:" in err
    assert "    GREEN mvoes 1\n          ^" in err


def test_check_json(tmp_path, capsys):
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    good.write_text(GAME)
    bad.write_text(GAME + "GREEN adds 9\n")
    status, out, _ = run("check", good, bad, "--format", "json", capsys=capsys)
    assert status == 1
    data = json.loads(out)
    assert [d["ok"] for d in data] == [True, False]
    assert data[0]["to_move"] == "GREEN" and data[0]["moves"] == 2
    assert data[1]["errors"][0]["code"] == "illegal-move" and data[1]["errors"][0]["line"] == 8


def test_show_prints_the_players_own_tags(tmp_path, capsys):
    """notation.md §1: any other tag is kept and shown (found missing by an audit)."""
    path = tmp_path / "g.txt"
    path.write_text(GAME.replace('[Players "RED GREEN"]\n', '[Players "RED GREEN"]\n'
                                 '[Event "Club night"]\n[RED "alice@example.org"]\n'))
    status, out, _ = run("show", path, capsys=capsys)
    assert status == 0 and out.startswith("Event: Club night\nRED: alice@example.org\n\n")
    status, out, _ = run("show", path, "--format", "markdown", capsys=capsys)
    assert out.startswith("**Event:** Club night  \n**RED:** alice@example.org  \n\n## Toy")
    status, out, _ = run("show", path, "--format", "json", capsys=capsys)
    assert "Event" not in out                  # the JSON is the state, which loads back as it is


def test_show_and_moves(tmp_path, capsys):
    path = tmp_path / "g.txt"
    path.write_text(GAME)
    status, out, _ = run("show", path, capsys=capsys)
    assert status == 0 and "total 6 of 10" in out
    status, out, _ = run("show", path, "--format", "json", "--at", 5, capsys=capsys)
    assert status == 0 and json.loads(out)["total"] == 3
    status, out, _ = run("show", path, "--format", "markdown", capsys=capsys)
    assert status == 0 and out.startswith("## Toy")
    status, out, _ = run("moves", path, capsys=capsys)
    assert status == 0 and out.splitlines()[1:] == ["GREEN adds 1", "GREEN adds 2", "GREEN adds 3"]
    status, out, _ = run("moves", path, "--limit", 1, capsys=capsys)
    assert out.splitlines()[-1] == "# ... and 2 more (--limit 0 shows all)"
    path.write_text(GAME.replace("* bonus 1\n", ""))
    status, out, _ = run("moves", path, capsys=capsys)
    assert status == 0 and "chance line (bonus)" in out and "* bonus 2  # p=1/2" in out


def test_moves_at_a_deal_shows_a_whole_line_that_is_accepted(tmp_path, capsys):
    """cli.md: 'one canonical line each'; a deal of many draws cannot be one draw a line
    (an audit found '* order RED' offered where the line must give every seat)."""
    path = tmp_path / "g.txt"
    assert run("new", "hawaii", "--players", "red,green,blue", "--seed", 3, "-o", path,
               capsys=capsys)[0] == 0
    header = [line for line in path.read_text().splitlines() if not line.startswith("*")]
    path.write_text("\n".join(header) + "\n")
    status, out, _ = run("moves", path, capsys=capsys)
    lines = out.splitlines()
    assert status == 0
    assert lines[0] == "# a chance line (places) is due: 10 draws in one line, for example"
    assert lines[2] == "# its first draw is one of 10:" and lines[3].startswith("#   A1=")
    path.write_text(path.read_text() + lines[1] + "\n")
    assert run("check", path, capsys=capsys)[0] == 0


def test_test_command(tmp_path, capsys):
    path = tmp_path / "t.txt"
    path.write_text(GAME + '? total = 6\n! RED adds 1 -- "GREEN is to move"\n? RED.score = 5\n')
    status, out, _ = run("test", path, capsys=capsys)
    assert status == 1
    assert f"PASS {path}:8: ? total = 6" in out
    assert f"PASS {path}:9:" in out
    assert f"FAIL {path}:10: ? RED.score = 5" in out
    assert "RED.score is 2, expected = 5" in out
    assert out.strip().endswith("2 passed, 1 failed")
    path.write_text(GAME + "? total = 6\n")
    assert run("test", path, capsys=capsys)[0] == 0


def test_selfplay_writes_replayable_deterministic_games(tmp_path, capsys):
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        status, text, _ = run("selfplay", "toy", "--players", 3, "--games", 3, "--seed", "x",
                              "-o", out, "--check", capsys=capsys)
        assert status == 0 and "wrote 3 games" in text
    names = sorted(p.name for p in a.iterdir())
    assert names == ["toy-x-0001.txt", "toy-x-0002.txt", "toy-x-0003.txt"]
    for name in names:
        assert (a / name).read_bytes() == (b / name).read_bytes()
        assert "[Result " in (a / name).read_text()
    status, out, _ = run("check", *sorted(a.iterdir()), capsys=capsys)
    assert status == 0, out
    assert run("selfplay", "toy", "--players", 9, "-o", tmp_path / "c", capsys=capsys)[0] == 2


def test_components(capsys):
    status, out, _ = run("components", "toy", "--unverified", capsys=capsys)
    assert status == 0 and "bonus" in out and "target" not in out
    status, out, _ = run("components", "toy", "--format", "json", capsys=capsys)
    assert json.loads(out)["components"] == "toy.yaml sha256:0000"


def test_internal_errors_are_one_line_exit_1(tmp_path, capsys, monkeypatch):
    from tests.toy import toygame
    monkeypatch.setattr(toygame.ToyModule, "components_listing",
                        lambda self, unverified_only=False: {}["boom"])
    status, out, err = run("components", "toy", capsys=capsys)
    assert status == 1 and "internal error" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_real_process_never_prints_traceback(tmp_path):
    path = tmp_path / "g.txt"
    path.write_bytes(b"\xff\x00[Game\n")
    done = referee("check", path)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    done = referee("show", path)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    done = referee("--version")
    assert done.returncode == 0 and "0.1.0" in done.stdout


def test_output_into_a_missing_folder_is_a_usage_error_naming_it(tmp_path, capsys):
    """cli.md: -o into a folder that does not exist is exit 2 with the path (issue 10)."""
    for commit in ((), ("--commit",)):
        status, _, err = run("new", "toy", "--players", "red,green", *commit, "-o",
                             tmp_path / "no" / "such" / "dir.txt", capsys=capsys)
        assert status == 2 and f"the folder {tmp_path / 'no' / 'such'} does not exist" in err
    assert not (tmp_path / "no").exists()
    (tmp_path / "file").write_text("")
    status, _, err = run("selfplay", "toy", "--players", 2, "-o", tmp_path / "file" / "d",
                         capsys=capsys)
    assert status == 2 and f"cannot make the folder {tmp_path / 'file' / 'd'}" in err


@pytest.mark.parametrize("command", [("check",), ("verify",), ("test",), ("show",), ("moves",),
                                     ("play", "@", "RED adds 1")])
def test_a_missing_file_is_a_usage_error(command, tmp_path, capsys):
    """cli.md: a missing file is a usage error (2) in every command (issue 10)."""
    missing = tmp_path / "missing.txt"
    args = [missing if a == "@" else a for a in command] if "@" in command else [*command, missing]
    status, _, err = run(*args, capsys=capsys)
    assert status == 2 and "missing.txt" in err and "does not exist" in err


@pytest.mark.parametrize("game", real_games())
def test_every_line_moves_prints_is_a_move_or_a_comment(game, tmp_path, capsys):
    """Issue 10: a script can pass any line of ``moves`` straight to ``play``: the
    heading and '... and N more' are '#' comments, and every other line is accepted."""
    path = tmp_path / "g.txt"
    players = seats(game, min(3, registry.get(game).max_players))
    assert run("new", game, "--players", players, "--seed", 5, "-o", path, capsys=capsys)[0] == 0
    status, out, _ = run("moves", path, "--limit", 3, capsys=capsys)
    lines = out.splitlines()
    assert status == 0 and lines[0].startswith("# ") and lines[-1].startswith("# ... and ")
    for line in lines:
        status, _, err = run("play", path, line, "--dry-run", capsys=capsys)
        assert status == (2 if line.startswith("#") else 0), (line, err)


def test_new_writes_the_tags_a_forum_game_needs(tmp_path, capsys):
    """Issue 10: new takes the event and who holds each seat; show prints them."""
    path = tmp_path / "g.txt"
    status, _, err = run("new", "toy", "--players", "red,green", "--event", 'Forum "cup"',
                         "--seat", "red=alice@example.org", "--seat", "GREEN=Bob Smith",
                         "--tag", "Date=2026-12-01", "-o", path, capsys=capsys)
    assert status == 0, err
    text = path.read_text()
    assert '[Event "Forum \\"cup\\""]\n[RED "alice@example.org"]\n[GREEN "Bob Smith"]\n' \
        '[Date "2026-12-01"]\n' in text
    status, out, _ = run("show", path, capsys=capsys)
    assert out.startswith('Event: Forum "cup"\nRED: alice@example.org\nGREEN: Bob Smith\n')


@pytest.mark.parametrize("option", [("--seat", "BLUE=x"), ("--seat", "RED"), ("--tag", "Seed=1"),
                                    ("--tag", "9x=1"), ("--tag", "Event=a", "--event", "b")])
def test_new_refuses_bad_tags(option, tmp_path, capsys):
    status, _, err = run("new", "toy", "--players", "red,green", *option, "-o",
                         tmp_path / "g.txt", capsys=capsys)
    assert status == 2 and not (tmp_path / "g.txt").exists(), err


def test_new_help_lists_the_seats_and_the_flags(capsys):
    """Issue 10: --players help lists the seats, --rules help lists the flags."""
    status, out, _ = run("new", "--help", capsys=capsys)
    from referee.core import registry
    flat = " ".join(out.split())
    for module in map(registry.get, real_games()):
        assert f"{module.name}: " in flat and " ".join(module.seats) in flat
        assert module.rule_flags and all(flag in flat for flag in module.rule_flags)


def test_an_ambiguous_move_lists_its_candidates_once(tmp_path, capsys):
    """Issue 10: the candidates are listed once, below the reason (H-R8: two villages).
    The hut bought is one the seed's deal offers (the deal follows the component data)."""
    import re
    path = tmp_path / "g.txt"
    assert run("new", "hawaii", "--players", "red,green,blue", "--seed", 42, "-o", path,
               capsys=capsys)[0] == 0
    _, listed, _ = run("moves", path, "--limit", 0, capsys=capsys)
    hut = next(m.group(1) for m in re.finditer(r"^(BLUE moves \S+, buys \S+-hut II with token "
                                              r"\S+), to village 2$", listed, re.M))
    status, _, err = run("play", path, hut.lower().replace(",", ""), capsys=capsys)
    assert status == 1 and "ambiguous-move" in err
    for village in (1, 2):
        assert err.count(f"{hut}, to village {village}") == 1


def test_a_move_posted_twice_is_already_recorded(tmp_path, capsys):
    """Issue 10: the same post sent again is answered with the line it is on; the file is
    unchanged. The seat's next move, if it repeats its last one, is still played."""
    path = tmp_path / "g.txt"
    path.write_text(GAME)
    before = path.read_text()
    status, _, err = run("play", path, "red adds 2", capsys=capsys)
    assert status == 1 and "already recorded at line 6" in err and path.read_text() == before
    assert run("play", path, "GREEN adds 3", capsys=capsys)[0] == 0     # GREEN's turn: played


def test_show_at_a_line_beyond_the_end_says_so(tmp_path, capsys):
    path = tmp_path / "g.txt"
    path.write_text(GAME)
    status, _, err = run("show", path, "--at", 99, capsys=capsys)
    assert status == 2 and "has 7 lines; line 99 is beyond its end" in err


def test_counts_in_messages_agree_with_their_number(tmp_path, capsys):
    """Issue 10: '1 moves', '1 tikis' no more."""
    from referee.core.words import plural
    assert (plural(1, "tikis"), plural(3, "tikis"), plural(1, "feet")) == ("1 tiki", "3 tikis",
                                                                           "1 foot")
    path = tmp_path / "g.txt"
    path.write_text(GAME.replace("RED adds 2\n* bonus 1\n", ""))
    status, out, _ = run("check", path, capsys=capsys)
    assert status == 0 and "ok, 1 move;" in out


@pytest.mark.parametrize("blocked, args, extra", [
    ("sqlalchemy", ["host", "games"], "service"),
    ("sqlalchemy", ["mail", "send", "--smtp", "smtp://127.0.0.1:1"], "service"),
    ("starlette", ["serve", "--demo", "--port", "1"], "service"),
])
def test_a_missing_optional_library_names_the_extra_to_install(tmp_path, blocked, args, extra):
    """Installed without the service extra, the hosted commands said 'internal error:
    ModuleNotFoundError'; they say which extra to install."""
    code = ("import sys, importlib.abc\n"
            "class Block(importlib.abc.MetaPathFinder):\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            f"        if name.split('.')[0] == {blocked!r}:\n"
            "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
            "sys.meta_path.insert(0, Block())\n"
            "from referee.cli import run\n"
            f"sys.exit(run({args!r}))\n")
    env = {**os.environ, "REFEREE_DB": f"sqlite:///{tmp_path / 'store.db'}"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 1, done.stderr
    assert f"pip install 'referee[{extra}]'" in done.stderr and "Traceback" not in done.stderr
