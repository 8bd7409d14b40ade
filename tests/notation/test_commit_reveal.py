"""Commit-reveal dealing (notation.md section 5): the host commits to a secret, every
player adds a salt before the first draw, the draws come from both, and the secret
is revealed as [Seed] when the game ends, so ``referee verify`` can re-derive them."""
import os
from pathlib import Path

import pytest

from helpers import run
from referee.notation.commit import commitment, dealing_seed


def _new(tmp_path, capsys) -> Path:
    path = tmp_path / "g.txt"
    status, out, _ = run("new", "toy", "--players", "red,green", "--commit", "-o", path,
                         capsys=capsys)
    assert status == 0 and "waiting for a salt from each of RED GREEN" in out
    return path


def _salted(tmp_path, capsys) -> Path:
    path = _new(tmp_path, capsys)
    assert run("play", path, '[Salt "RED ab12"]', capsys=capsys)[0] == 0
    assert run("play", path, '[Salt "green cd34"]', capsys=capsys)[0] == 0
    return path


def _play_out(path: Path) -> None:
    from referee.notation.check import check_path
    from referee.notation.play import play_line
    from referee.notation.replay import canonical_move
    while True:
        rp = check_path(str(path))
        assert rp.ok, rp.errors
        who = rp.state.current_player()
        if who is None:
            return
        move = list(rp.state.legal_moves())[0]
        play_line(str(path), canonical_move(rp.module, move, rp.state, who))


def test_a_committed_game_shows_only_the_digest_of_its_secret(tmp_path, capsys):
    path = _new(tmp_path, capsys)
    secret = (tmp_path / "g.txt.secret").read_text().strip()
    text = path.read_text()
    assert f'[Commit "{commitment(secret)}"]' in text and secret not in text
    assert "[Seed" not in text and "*" not in text
    assert os.stat(tmp_path / "g.txt.secret").st_mode & 0o077 == 0


@pytest.mark.parametrize("args", [["--seed", "s1"], []])
def test_commit_takes_no_seed_and_needs_a_file(tmp_path, capsys, args):
    out = ["-o", tmp_path / "g.txt"] if args else []
    status, _, err = run("new", "toy", "--players", "red,green", "--commit", *args, *out,
                         capsys=capsys)
    assert status == 2 and "--commit" in err


def test_nothing_is_dealt_or_played_before_every_salt(tmp_path, capsys):
    path = _new(tmp_path, capsys)
    before = path.read_bytes()
    status, _, err = run("play", path, "RED adds 1", capsys=capsys)
    assert status == 1 and "waiting for a [Salt] from RED GREEN" in err
    status, _, err = run("play", path, "* order RED GREEN", capsys=capsys)
    assert status == 1 and "committed secret" in err
    assert path.read_bytes() == before
    assert run("play", path, '[Salt "RED ab12"]', capsys=capsys)[0] == 0
    assert '[Salt "RED ab12"]' in path.read_text() and "*" not in path.read_text()
    for salt, reason in [('[Salt "red zz"]', "already"), ('[Salt "PINK zz"]', "seat"),
                         ('[Salt "GREEN"]', "one word")]:
        status, _, err = run("play", path, salt, capsys=capsys)
        assert status == 1 and reason in err, err


def test_the_last_salt_deals_the_setup_from_the_secret_and_every_salt(tmp_path, capsys):
    from toygame import MODULE as module
    from referee.notation.chance import draw_lines

    path = _salted(tmp_path, capsys)
    secret = (tmp_path / "g.txt.secret").read_text().strip()
    seed = dealing_seed(secret, {"RED": "ab12", "GREEN": "cd34"}, ["RED", "GREEN"])
    expected, _ = draw_lines(module, module.new_state(["RED", "GREEN"]), seed, 0)
    header, body = path.read_text().split("\n\n")
    assert header.endswith('[Salt "RED ab12"]\n[Salt "GREEN cd34"]')
    assert body.splitlines() == expected


def test_the_end_reveals_the_secret_and_verify_proves_every_draw(tmp_path, capsys):
    path = _salted(tmp_path, capsys)
    status, _, err = run("verify", path, capsys=capsys)
    assert status == 1 and "not revealed yet" in err
    _play_out(path)
    secret = (tmp_path / "g.txt.secret").read_text().strip()
    lines = path.read_text().splitlines()
    assert lines.index(f'[Seed "{secret}"]') + 1 == lines.index(f'[Commit "{commitment(secret)}"]')
    status, out, _ = run("verify", path, capsys=capsys)
    assert status == 0 and "dealt by its [Seed]" in out
    path.write_text(path.read_text().replace('[Salt "GREEN cd34"]', '[Salt "GREEN cd35"]'))
    assert run("check", path, capsys=capsys)[0] == 0
    status, _, err = run("verify", path, capsys=capsys)
    assert status == 1 and "bad-chance: the [Seed] deals" in err


def test_only_the_host_with_the_committed_secret_can_deal(tmp_path, capsys):
    path = _new(tmp_path, capsys)
    assert run("play", path, '[Salt "RED ab12"]', capsys=capsys)[0] == 0
    secret = tmp_path / "g.txt.secret"
    secret.write_text("not-the-secret\n")
    status, _, err = run("play", path, '[Salt "GREEN cd34"]', capsys=capsys)
    assert status == 1 and "is not the one this game's [Commit] binds" in err
    secret.unlink()
    status, _, err = run("play", path, '[Salt "GREEN cd34"]', capsys=capsys)
    assert status == 1 and "not here" in err and "*" not in path.read_text()


def test_no_move_is_taken_once_the_secret_is_gone(tmp_path, capsys):
    """Even a move that needs no draw: the game could not go on to its next one."""
    path = _salted(tmp_path, capsys)
    (tmp_path / "g.txt.secret").unlink()
    before = path.read_bytes()
    order = next(line for line in before.decode().splitlines() if line.startswith("* order"))
    first = order.split()[2]
    status, _, err = run("play", path, f"{first} adds 1", capsys=capsys)
    assert status == 1 and "not here" in err and path.read_bytes() == before


def test_a_salt_belongs_only_to_a_committed_game_before_its_first_draw(tmp_path, capsys):
    path = tmp_path / "s.txt"
    assert run("new", "toy", "--players", "red,green", "--seed", "s1", "-o", path,
               capsys=capsys)[0] == 0
    status, _, err = run("play", path, '[Salt "RED ab12"]', capsys=capsys)
    assert status == 1 and "committed game" in err
