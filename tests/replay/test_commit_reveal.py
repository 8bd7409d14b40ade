"""Commit-reveal dealing (notation.md section 5): the host commits to the head of a hash
chain, every seat commits to a salt before any salt is revealed, the last salt deals the
setup, and every chance line reveals the key that dealt it, so each draw is verifiable
the moment it is dealt. Legacy committed games (no [Dealing]) keep their old flow."""
import os
from pathlib import Path


from tests.toy.helpers import run
from referee.replay import deal_algorithm as D
from referee.operations.salting import make_salt


def _new(tmp_path, capsys, *args) -> Path:
    path = tmp_path / "g.txt"
    status, out, _ = run("new", "toy", "--players", "red,green", *args, "-o", path,
                         capsys=capsys)
    assert status == 0 and "commit-reveal: waiting for salts from RED GREEN" in out
    return path


def _salts():
    return {"RED": make_salt("red"), "GREEN": make_salt("green")}


def _salted(tmp_path, capsys) -> Path:
    path = _new(tmp_path, capsys)
    salts = _salts()
    for seat in ("RED", "GREEN"):
        assert run("play", path, salts[seat][0], capsys=capsys)[0] == 0
    for seat in ("RED", "GREEN"):
        assert run("play", path, salts[seat][1], capsys=capsys)[0] == 0
    return path


def _first_to_move(path: Path) -> str:
    from referee.operations.check import check_path
    return check_path(str(path)).state.current_player()


def test_new_without_seed_commits_and_shows_only_the_chain_head(tmp_path, capsys):
    path = _new(tmp_path, capsys)                 # neither --seed nor --commit
    secret = bytes.fromhex((tmp_path / "g.txt.secret").read_text().strip())
    text = path.read_text()
    assert f'[Commit "{D.commitment(secret)}"]' in text and secret.hex() not in text
    assert '[Dealing "hmac-sha256/1"]' in text and "[Seed" not in text and "*" not in text
    assert os.stat(tmp_path / "g.txt.secret").st_mode & 0o077 == 0


def test_new_without_a_file_needs_a_seed(tmp_path, capsys):
    status, _, err = run("new", "toy", "--players", "red,green", capsys=capsys)
    assert status == 2 and "--seed" in err
    status, _, err = run("new", "toy", "--players", "red,green", "--seed", "x", "--commit",
                         "-o", tmp_path / "g.txt", capsys=capsys)
    assert status == 2


def test_waiting_for_salts_is_what_show_moves_and_play_say(tmp_path, capsys):
    path = _new(tmp_path, capsys)
    before = path.read_bytes()
    for args in (("show", path), ("moves", path)):
        status, out, _ = run(*args, capsys=capsys)
        assert status == 0 and "waiting for salts from RED GREEN" in out and "chance" not in out
    status, _, err = run("play", path, "RED adds 1", capsys=capsys)
    assert status == 1 and "waiting for salts from RED GREEN" in err
    status, _, err = run("play", path, "* order RED GREEN", capsys=capsys)
    assert status == 1 and "committed secret" in err
    assert path.read_bytes() == before


def test_no_salt_is_revealed_before_every_commitment(tmp_path, capsys):
    path = _new(tmp_path, capsys)
    salts = _salts()
    assert run("play", path, salts["RED"][0], capsys=capsys)[0] == 0
    status, _, err = run("play", path, salts["RED"][1], capsys=capsys)
    assert status == 1 and "waiting for the [SaltCommit] of GREEN" in err
    assert run("play", path, salts["GREEN"][0], capsys=capsys)[0] == 0
    for line, reason in [(salts["RED"][0], "already"), ('[Salt "RED short"]', "at least 16"),
                         (salts["GREEN"][1].replace("GREEN", "RED"), "does not match"),
                         ('[SaltCommit "PINK ' + "0" * 64 + '"]', "names a seat")]:
        status, _, err = run("play", path, line, capsys=capsys)
        assert status == 1 and reason in err, (line, err)
    assert "*" not in path.read_text()


def test_each_chance_line_reveals_a_key_that_hashes_back_to_the_commitment(tmp_path, capsys):
    path = _salted(tmp_path, capsys)
    text = path.read_text()
    keys = [bytes.fromhex(line.rsplit("key=", 1)[1]) for line in text.splitlines()
            if line.startswith("*")]
    commit = D.parse_commitment(text.split('[Commit "')[1].split('"')[0])[1]
    assert len(keys) == 2 and D.back(keys[0]) == commit
    assert all(D.back(b) == a for a, b in zip(keys, keys[1:]))
    status, out, _ = run("verify", path, capsys=capsys)     # mid-game: no [Seed] needed
    assert status == 0 and "dealt by its [Commit]" in out


def test_a_forged_draw_or_key_fails_verify_where_it_is(tmp_path, capsys):
    path = _salted(tmp_path, capsys)
    first = _first_to_move(path)
    other = "GREEN" if first == "RED" else "RED"
    text = path.read_text()
    order = next(line for line in text.splitlines() if line.startswith("* order"))
    swapped = order.replace(f"order {first} {other}", f"order {other} {first}")
    path.write_text(text.replace(order, swapped))
    assert run("check", path, capsys=capsys)[0] == 0
    status, _, err = run("verify", path, capsys=capsys)
    assert status == 1 and "random act 1 deals" in err
    key = order.rsplit("key=", 1)[1]
    path.write_text(text.replace(key, "0" * 64))
    status, _, err = run("verify", path, capsys=capsys)
    assert status == 1 and "does not hash to the [Commit]" in err


def test_a_changed_salt_fails_verify(tmp_path, capsys):
    path = _salted(tmp_path, capsys)
    text = path.read_text()
    salt = text.split('[Salt "RED ')[1].split('"')[0]
    path.write_text(text.replace(salt, "f" * len(salt)))
    status, _, err = run("verify", path, capsys=capsys)
    assert status == 1 and "does not match its [SaltCommit]" in err


def test_a_player_without_the_secret_can_dry_run_a_move_that_triggers_a_draw(tmp_path, capsys):
    path = _salted(tmp_path, capsys)
    (tmp_path / "g.txt.secret").unlink()
    before = path.read_bytes()
    first = _first_to_move(path)
    status, out, _ = run("play", "--dry-run", path, f"{first} adds 1", capsys=capsys)
    assert status == 0 and f"{first} adds 1" in out
    other = "GREEN" if first == "RED" else "RED"
    from referee.operations.play import play_text
    played = play_text(before, f"{first} adds 1", dry_run=True)
    probe = played.text or before.decode() + f"{first} adds 1\n"
    played = play_text(probe.encode(), f"{other} adds 1", dry_run=True)   # ends the round
    assert played.note and "the host will deal what follows" in played.note
    assert run("play", path, f"{first} adds 1", capsys=capsys)[0] == 0   # no draw follows
    before = path.read_bytes()
    status, _, err = run("play", path, f"{other} adds 1", capsys=capsys)
    assert status == 1 and "not here" in err and path.read_bytes() == before


def test_only_the_host_with_the_committed_secret_can_deal(tmp_path, capsys):
    path = _new(tmp_path, capsys)
    salts = _salts()
    for line in (salts["RED"][0], salts["GREEN"][0], salts["RED"][1]):
        assert run("play", path, line, capsys=capsys)[0] == 0
    secret = tmp_path / "g.txt.secret"
    secret.write_text("00" * 32 + "\n")
    status, _, err = run("play", path, salts["GREEN"][1], capsys=capsys)
    assert status == 1 and "is not the one this game's [Commit] binds" in err
    assert "*" not in path.read_text()


def test_deal_now_deals_at_once_and_takes_no_salts(tmp_path, capsys):
    path = tmp_path / "g.txt"
    status, out, _ = run("new", "toy", "--players", "red,green", "--deal-now", "-o", path,
                         capsys=capsys)
    assert status == 0 and "without salts" in out and "first to move" in out
    assert '[Salts "none"]' in path.read_text() and "key=" in path.read_text()
    assert run("verify", path, capsys=capsys)[0] == 0
    status, _, err = run("play", path, make_salt("red")[0], capsys=capsys)
    assert status == 1 and "takes no salts" in err


def test_a_legacy_committed_game_keeps_its_flow(tmp_path, capsys):
    """Games committed before [Dealing]: salts directly, [Seed] revealed at the end."""
    from referee.replay.commit import commitment
    path = tmp_path / "g.txt"
    path.write_text(f'[Game "Toy"]\n[Players "RED GREEN"]\n[Commit "{commitment("abc")}"]\n')
    (tmp_path / "g.txt.secret").write_text("abc\n")
    assert run("play", path, '[Salt "RED ab12"]', capsys=capsys)[0] == 0
    assert run("play", path, '[Salt "GREEN cd34"]', capsys=capsys)[0] == 0
    assert "* order" in path.read_text() and "key=" not in path.read_text()
    from referee.operations.check import check_path
    from referee.operations.play import play_line
    from referee.replay.lines import canonical_move
    while True:
        rp = check_path(str(path))
        who = rp.state.current_player()
        if who is None:
            break
        play_line(str(path), canonical_move(rp.module, rp.state.legal_moves()[0], rp.state, who))
    assert '[Seed "abc"]' in path.read_text()
    status, out, _ = run("verify", path, capsys=capsys)
    assert status == 0 and "dealt by its [Seed]" in out


def test_a_salt_belongs_only_to_a_committed_game_before_its_first_draw(tmp_path, capsys):
    path = tmp_path / "s.txt"
    assert run("new", "toy", "--players", "red,green", "--seed", "s1", "-o", path,
               capsys=capsys)[0] == 0
    status, _, err = run("play", path, '[Salt "RED ab12"]', capsys=capsys)
    assert status == 1 and "committed game" in err
