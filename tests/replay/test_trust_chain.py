"""The chain in the replay (notation.md section 11): what play, show and verify print, the
--ply guard against a re-sent move, and verify against a witness or another copy."""
from pathlib import Path

from tests.toy.helpers import run
from referee.operations.check import check_path
from referee.operations.play import play_line


def _game(tmp_path, name="g.txt", seed="7") -> Path:
    path = tmp_path / name
    assert run("new", "toy", "--players", "red,green", "--seed", seed, "-o", path)[0] == 0
    return path


def _play_some(path: Path, n: int) -> list:
    out = []
    for _ in range(n):
        rp = check_path(str(path))
        who = rp.state.current_player()
        if who is None:
            break
        out.append(play_line(str(path), f"{who} adds 1"))
    return out


def _head(path: Path):
    rp = check_path(str(path), chain=True)
    assert rp.ok, rp.errors
    return rp.ply, rp.chain


def test_play_and_show_print_the_witness(tmp_path, capsys):
    path = _game(tmp_path)
    who = check_path(str(path)).state.current_player()
    status, out, _ = run("play", path, f"{who} adds 2", capsys=capsys)
    ply, head = _head(path)
    assert status == 0 and f"ply {ply} chain {head.hex()[:12]}" in out and ply == 3
    status, out, _ = run("show", path, capsys=capsys)
    assert f"ply 3 chain {head.hex()[:12]}" in out


def test_spacing_comments_case_and_rewrapping_do_not_change_the_chain(tmp_path):
    path = _game(tmp_path)
    _play_some(path, 3)
    ply, head = _head(path)
    text = path.read_text()
    lines = text.splitlines()
    mangled = ["# pasted from the forum", ""]
    for line in lines:
        if line.startswith("["):
            mangled.append(line.replace("[", "[  ", 1) + "   # tag")
        elif line.startswith("*"):
            mangled.append("  *   " + "   ".join(line[1:].split()) + "  # drawn\r")
        elif line:
            mangled += [line.lower().replace(" ", "   "), ""]
    copy = tmp_path / "copy.txt"
    copy.write_text("\n".join(mangled) + "\n")
    assert _head(copy) == (ply, head)


def test_any_change_of_a_move_draw_or_chained_tag_changes_the_chain(tmp_path):
    path = _game(tmp_path)
    _play_some(path, 3)
    _, head = _head(path)
    text = path.read_text()
    who = next(line.split()[0] for line in text.splitlines() if line.endswith("adds 1"))
    copy = tmp_path / "edit.txt"
    copy.write_text(text.replace(f"{who} adds 1", f"{who} adds 2", 1))
    assert check_path(str(copy), chain=True).chain != head
    from referee.replay import chain
    tags = [("Game", "Toy"), ("Players", "RED GREEN"), ("Dealing", "hmac-sha256/1")]
    base = chain.head(tags, ["* order RED GREEN"])
    assert chain.head(tags + [("SaltCommit", "RED " + "0" * 64)], ["* order RED GREEN"]) != base
    assert chain.head(tags, ["* order RED GREEN key=" + "0" * 64]) != base
    assert chain.head(tags + [("Event", "cup")], ["* order RED GREEN"]) == base


def test_a_re_sent_move_is_refused_by_the_guard(tmp_path, capsys):
    """The audit's case: a move legal again after a round end was applied twice."""
    path = _game(tmp_path)
    who = check_path(str(path)).state.current_player()
    status, out, _ = run("play", path, f"{who} adds 1", capsys=capsys)
    ply = int(out.split("ply ")[1].split()[0])
    nxt = check_path(str(path)).state.current_player()
    assert run("play", path, "--ply", ply, f"{nxt} adds 1", capsys=capsys)[0] == 0
    before = path.read_bytes()
    # the same message arrives again; the seat may well be to move again by now
    status, _, err = run("play", path, "--ply", ply, f"{nxt} adds 1", capsys=capsys)
    assert status == 1 and "stale" in err and f"sent for ply {ply}" in err
    assert path.read_bytes() == before
    _, head = _head(path)
    from referee.operations.play import play_text
    from referee.errors import StaleGuardError
    import pytest
    with pytest.raises(StaleGuardError):
        play_text(before, "RED adds 1", expect_chain="00000000")
    who = check_path(str(path)).state.current_player()
    assert play_text(before, f"{who} adds 1", expect_chain=head.hex()[:12]).text


def test_verify_against_a_witness_catches_a_cut_and_replayed_game(tmp_path, capsys):
    path = _game(tmp_path)
    _play_some(path, 4)
    ply, head = _head(path)
    status, _, _ = run("verify", path, "--chain", f"{ply}:{head.hex()[:12]}", capsys=capsys)
    assert status == 0
    lines = path.read_text().splitlines()
    cut = tmp_path / "cut.txt"
    # cut after the setup and replay differently: every move adds 3 instead
    keep = [line for line in lines if not line.endswith("adds 1") and not line.startswith("* bonus")]
    cut.write_text("\n".join(keep) + "\n")
    for _ in range(4):
        rp = check_path(str(cut))
        if rp.state.current_player() in (None, "chance"):
            break
        play_line(str(cut), f"{rp.state.current_player()} adds 3")
    status, _, err = run("verify", cut, "--chain", f"{ply}:{head.hex()[:12]}", capsys=capsys)
    assert status == 1 and ("the history was changed" in err or "ends at ply" in err)
    status, _, err = run("verify", path, cut, capsys=capsys)
    assert status == 1 and "part ways at ply 3" in err
    status, _, err = run("verify", path, "--chain", "nonsense", capsys=capsys)
    assert status == 2


def test_verify_of_different_games_with_one_header_compares_nothing(tmp_path, capsys):
    """Seeded games of the same seats share their chained header ([Seed] is not chained):
    they are different games, not copies of one."""
    a, b = _game(tmp_path, "a.txt", seed="1"), _game(tmp_path, "b.txt", seed="2")
    _play_some(a, 2)
    _play_some(b, 2)
    status, out, _ = run("verify", a, b, capsys=capsys)
    assert status == 0 and "2 ok" in out
