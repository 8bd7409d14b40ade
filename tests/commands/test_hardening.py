"""Hardening found by the trust audit (issue 11): each case a regression test."""
import os
from pathlib import Path

import pytest

from tests.toy.helpers import GAME, run
from referee.operations.check import check_path


def _game(tmp_path, name="g.txt") -> Path:
    path = tmp_path / name
    assert run("new", "toy", "--players", "red,green", "--seed", "7", "-o", path)[0] == 0
    return path


def test_an_over_long_move_or_line_is_refused_at_once(tmp_path, capsys):
    path = _game(tmp_path)
    before = path.read_bytes()
    status, _, err = run("play", path, "RED adds " + "1 " * 20_000, capsys=capsys)
    assert status == 2 and "at most 2000" in err and path.read_bytes() == before
    path.write_text(before.decode() + "RED moves " + "x" * 40_000 + "\n")
    rp = check_path(str(path))
    assert any("at most 2000" in e.reason for e in rp.errors)


def test_a_file_of_syntax_errors_keeps_a_bounded_number_of_them(tmp_path):
    from referee.transcript.reader import MAX_ERRORS
    path = tmp_path / "bad.txt"
    path.write_text(GAME + "%% nonsense\n" * 5_000)
    rp = check_path(str(path))
    assert len(rp.errors) <= MAX_ERRORS + 1 and "not read" in rp.errors[-1].reason


def test_a_file_of_bad_moves_stops_replaying_at_the_error_cap(tmp_path):
    """Move lines the line reader accepts but the game's reader does not: the replay
    goes on past each (a syntax error costs only its line), up to MAX_ERRORS."""
    from referee.transcript.reader import MAX_ERRORS
    head = (Path(__file__).parents[2] / "docs" / "examples" / "haleakala.txt").read_text()
    path = tmp_path / "bad.txt"
    lines = [x for x in head.splitlines()[:12] if not x.startswith("[Result")]
    path.write_text("\n".join(lines + ["YELLOW flies to the moon"] * 5_000) + "\n")
    rp = check_path(str(path))
    assert len(rp.errors) == MAX_ERRORS + 1
    assert {e.code for e in rp.errors} == {"syntax"} and "not read" in rp.errors[-1].reason
    assert rp.errors[-1].line == rp.errors[-2].line + 1


def test_huge_integers_are_errors_not_internal_ones(tmp_path, capsys):
    path = tmp_path / "g.txt"
    path.write_text(GAME + "? total = " + "9" * 1990 + "\n")
    status, _, err = run("check", path, capsys=capsys)
    assert "internal" not in err
    pos = tmp_path / "pos.json"
    pos.write_text('{"total": ' + "9" * 4400 + "}")
    path.write_text('[Game "Toy"]\n[Players "RED GREEN"]\n[Position "pos.json"]\n')
    status, _, err = run("check", path, capsys=capsys)
    assert status == 1 and "bad-position" in err and "internal" not in err


@pytest.mark.parametrize("name,reason", [("/dev/zero", "not in the transcript's folder"),
                                         ("../outside.json", "not in the transcript's folder"),
                                         ("deep.json", "nests deeper"),
                                         ("fifo", "not a regular file")])
def test_a_position_file_is_a_small_regular_file_below_the_transcript(tmp_path, capsys, name,
                                                                       reason):
    folder = tmp_path / "games"
    folder.mkdir()
    (tmp_path / "outside.json").write_text("{}")
    (folder / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    os.mkfifo(folder / "fifo")
    path = folder / "g.txt"
    path.write_text(f'[Game "Toy"]\n[Players "RED GREEN"]\n[Position "{name}"]\n')
    status, _, err = run("check", path, capsys=capsys)
    assert status == 1 and reason in err and "internal" not in err


def test_a_symlinked_transcript_gets_the_move_and_stays_a_link(tmp_path):
    from referee.operations.play import play_line
    target = _game(tmp_path, "real.txt")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    who = check_path(str(target)).state.current_player()
    play_line(str(link), f"{who} adds 1")
    assert link.is_symlink() and f"{who} adds 1" in target.read_text()


def test_error_echoes_escape_control_characters(tmp_path, capsys):
    path = tmp_path / "g.txt"
    path.write_text(GAME + "RED \x1b]0;owned\x07adds 1\n")
    status, _, err = run("check", path, capsys=capsys)
    assert status == 1 and "\x1b" not in err and "\x07" not in err and "\\x1b" in err


def test_the_lock_gives_up_with_a_message(tmp_path):
    from referee.transcript.problems import UsageError
    from referee.transcript.storage import locked
    path = _game(tmp_path)
    with locked(path):
        with pytest.raises(UsageError, match="busy"):
            with locked(path, timeout=0.2):
                pass


def test_an_edited_cache_entry_cannot_change_a_verdict(tmp_path, monkeypatch):
    """The audit edited a cached state so that an illegal move was accepted."""
    import json
    from referee.core.cache import cache_root
    from referee.operations.play import play_line
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "cache"))
    path = _game(tmp_path)
    who = check_path(str(path)).state.current_player()
    play_line(str(path), f"{who} adds 1")                     # leaves a cache entry
    root = cache_root()
    assert os.stat(root).st_mode & 0o077 == 0
    for entry in root.glob("*.json"):
        mac, _, body = entry.read_bytes().partition(b"\n")
        data = json.loads(body)
        data["state"]["turn"] = 1 - data["state"]["turn"]     # the wrong seat to move
        entry.write_bytes(mac + b"\n" + json.dumps(data).encode())
    wrong = who                                               # moved already: not its turn
    before = path.read_bytes()
    with pytest.raises(Exception, match="turn|to move"):          # (not a repeated post:
        play_line(str(path), f"{wrong} adds 2")                  # that is refused anyway)
    assert path.read_bytes() == before


def test_cache_writes_follow_no_symlink_and_old_temporaries_go(tmp_path, monkeypatch):
    from referee.core.cache import cache_root, entry_name
    from referee.operations.play import play_line
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "cache"))
    path = _game(tmp_path)
    who = check_path(str(path)).state.current_player()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    root = cache_root()
    root.mkdir(mode=0o700)
    stale = root / ".x.json.1.tmp"
    stale.write_text("left by a killed play")
    os.utime(stale, (1, 1))
    text = path.read_text() + f"{who} adds 1\n"
    (root / entry_name(text.encode())).symlink_to(victim)
    play_line(str(path), f"{who} adds 1", dry_run=True)
    play_line(str(path), f"{who} adds 1")
    assert victim.read_text() == "precious" and not stale.exists()
