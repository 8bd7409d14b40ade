import multiprocessing
import os

import pytest

from tests.toy.helpers import GAME, referee, run
from referee.errors import RefereeError
from referee.operations.check import check_path
from referee.operations.play import TranscriptHasErrors, play_line


def new_game(tmp_path, seed="7", players="red,green", name="g.txt"):
    path = tmp_path / name
    assert run("new", "toy", "--players", players, "--seed", seed, "-o", path)[0] == 0
    return path


def test_new_is_deterministic_per_seed(tmp_path, capsys):
    texts = {}
    for name, seed in (("a", "s1"), ("b", "s1"), ("c", "s2"), ("d", "s3"), ("e", "s4")):
        status, out, err = run("new", "toy", "--players", "red,green,blue,yellow",
                               "--seed", seed, capsys=capsys)
        assert status == 0 and "first to move:" in err
        texts[name] = out
    assert texts["a"] == texts["b"]
    assert len({texts[k] for k in "acde"}) > 1
    assert '[Seed "s1"]' in texts["a"]
    head = [line for line in texts["a"].splitlines() if line.startswith("[")]
    assert [h.split()[0] for h in head] == ["[Game", "[Players", "[Components", "[Referee",
                                            "[Dealing", "[Seed"]


def test_play_appends_canonical_move_and_following_draws(tmp_path):
    path = new_game(tmp_path)
    rp = check_path(str(path))
    first, second = rp.state.current_player(), [s for s in ("RED", "GREEN")
                                                if s != rp.state.current_player()][0]
    before = path.read_bytes()
    played = play_line(str(path), f"{first.lower()}  add 2   # hello")
    assert played.lines == [f"{first} adds 2  # hello"]
    played = play_line(str(path), f"{second} adds 3")
    assert played.lines[0] == f"{second} adds 3"
    assert played.lines[1].startswith("* bonus ")
    assert run("verify", path)[0] == 0          # the draw is the one its dealing deals
    after = path.read_bytes()
    assert after.startswith(before)
    assert check_path(str(path)).ok


def test_rejected_move_leaves_file_byte_for_byte(tmp_path):
    path = new_game(tmp_path)
    before, stat = path.read_bytes(), path.stat()
    rp = check_path(str(path))
    wrong = "RED" if rp.to_move == "GREEN" else "GREEN"
    for move in (f"{wrong} adds 1", f"{rp.to_move} adds 9", f"{rp.to_move} ads 1", "? total = 1",
                 "* bonus 1", "", "nonsense here", f"{rp.to_move} adds 1 # x\r[Result \"x\"]",
                 f"{rp.to_move} adds 1\n{wrong} adds 1"):
        with pytest.raises(RefereeError):
            play_line(str(path), move)
    assert path.read_bytes() == before
    assert path.stat().st_mtime_ns == stat.st_mtime_ns
    assert sorted(os.listdir(tmp_path)) == ["g.txt", "g.txt.lock"]


def test_dry_run_writes_nothing(tmp_path, capsys):
    path = new_game(tmp_path)
    before = path.read_bytes()
    who = check_path(str(path)).to_move
    status, out, _ = run("play", path, f"{who} adds 1", "--dry-run", capsys=capsys)
    assert status == 0 and f"{who} adds 1" in out and "not changed" in out
    assert path.read_bytes() == before


def test_play_refuses_a_broken_transcript(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(GAME + "GREEN adds 9\n")
    before = path.read_bytes()
    with pytest.raises(TranscriptHasErrors):
        play_line(str(path), "GREEN adds 1")
    assert path.read_bytes() == before


def test_play_to_the_end_adds_result(tmp_path):
    path = new_game(tmp_path)
    for _ in range(40):
        rp = check_path(str(path))
        if rp.to_move is None:
            break
        play_line(str(path), f"{rp.to_move} adds 3")
    rp = check_path(str(path))
    assert rp.ok and rp.to_move is None
    text = path.read_text()
    assert '[Result "' in text
    header = [line for line in text.splitlines() if line.startswith("[")]
    assert header[-1].startswith("[Result")
    with pytest.raises(RefereeError) as info:
        play_line(str(path), "RED adds 1")
    assert "over" in info.value.reason


def test_play_without_seed_takes_hand_chance_lines(tmp_path):
    path = tmp_path / "hand.txt"
    path.write_text('[Game "Toy"]\n[Players "RED GREEN"]\n')
    with pytest.raises(RefereeError) as info:
        play_line(str(path), "RED adds 1")
    assert info.value.code == "bad-chance"
    play_line(str(path), "* order RED GREEN")
    play_line(str(path), "* target 10")
    assert play_line(str(path), "red adds 1").lines == ["RED adds 1"]
    assert path.read_text().endswith("* order RED GREEN\n* target 10\nRED adds 1\n")


def _worker(path, seat, wanted, queue):
    from referee.core import registry
    registry._MODULES["toy"] = "tests.toy.toygame"
    done = 0
    for _ in range(2000):
        if done == wanted:
            break
        try:
            play_line(path, f"{seat} adds 1")
            done += 1
        except RefereeError as err:
            if "over" in err.reason:
                break
    queue.put(done)


def test_concurrent_players_lose_no_update(tmp_path):
    path = str(new_game(tmp_path, players="red,green,blue,yellow", seed="race"))
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    procs = [ctx.Process(target=_worker, args=(path, seat, 2, queue))
             for seat in ("RED", "GREEN", "BLUE", "YELLOW") * 2]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    successes = sum(queue.get(timeout=5) for _ in procs)
    rp = check_path(path)
    assert rp.ok
    assert rp.moves == successes > 0


def test_concurrent_processes_same_move_only_one_wins(tmp_path):
    path = new_game(tmp_path, seed="cli-race")
    who = check_path(str(path)).to_move
    import subprocess
    import sys
    from tests.toy.helpers import RUNNER
    procs = [subprocess.Popen([sys.executable, str(RUNNER), "play", str(path), f"{who} adds 1"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(4)]
    codes = sorted(p.wait(120) for p in procs)
    assert codes == [0, 1, 1, 1]
    rp = check_path(str(path))
    assert rp.ok and rp.moves == 1


def test_play_cli_reads_stdin_and_reports(tmp_path):
    path = new_game(tmp_path)
    who = check_path(str(path)).to_move
    done = referee("play", path, "-", input=f"{who} adds 2\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == f"{who} adds 2"
    assert "next:" in done.stdout
    bad = referee("play", path, f"{who} adds 2")
    assert bad.returncode == 1
    assert f"{path}:" in bad.stderr and "out-of-turn" in bad.stderr and "Traceback" not in bad.stderr


def test_crlf_file_keeps_its_line_ends(tmp_path):
    path = tmp_path / "crlf.txt"
    path.write_bytes(GAME.replace("\n", "\r\n").encode())
    play_line(str(path), "GREEN adds 1")
    assert path.read_bytes().endswith(b"* bonus 1\r\nGREEN adds 1\r\n")
    assert b"\n" not in path.read_bytes().replace(b"\r\n", b"")


def test_play_reuses_the_cached_state_and_misses_on_any_change(tmp_path, monkeypatch):
    import referee.operations.play as replay_mod   # where play looks the replay up
    from referee.replay import snapshot
    path = new_game(tmp_path)
    who = check_path(str(path)).to_move
    other = "RED" if who == "GREEN" else "GREEN"
    play_line(str(path), f"{who} adds 1")
    assert len(list(snapshot.cache_dir().glob("*.json"))) >= 1

    def no_replay(*a, **k):
        raise AssertionError("replayed although the state was cached")
    with monkeypatch.context() as m:
        m.setattr(replay_mod, "replay", no_replay)
        played = play_line(str(path), f"{other} adds 2", dry_run=True)
        assert played.lines[0] == f"{other} adds 2"
        with path.open("a") as f:
            f.write("# a comment changes the bytes\n")
        with pytest.raises(AssertionError, match="replayed"):
            play_line(str(path), f"{other} adds 2")
    for entry in snapshot.cache_dir().glob("*.json"):
        entry.write_text("{broken")
    assert play_line(str(path), f"{other} adds 2").lines[0] == f"{other} adds 2"
    assert check_path(str(path)).ok


def test_cache_can_be_disabled(tmp_path, monkeypatch):
    from referee.replay import snapshot
    monkeypatch.setenv("REFEREE_NO_CACHE", "1")
    path = new_game(tmp_path)
    play_line(str(path), f"{check_path(str(path)).to_move} adds 1")
    assert not list(snapshot.cache_dir().glob("*.json"))


def test_play_text_from_a_kept_replay_gives_what_a_replay_gives(tmp_path, monkeypatch):
    """A resident host hands play_text the replay it kept (snapshot.copy) instead of the
    state cache: every line, the text, the witness and the result must be the same,
    through a resignation (the referee then moves for the seat) and the game's end."""
    from referee.replay import snapshot
    from referee.operations.play import play_text

    monkeypatch.setenv("REFEREE_NO_CACHE", "1")
    raw = new_game(tmp_path, players="red,green,blue").read_bytes()
    kept = None
    for n in range(60):
        rp = check_path_text(raw)
        if rp.to_move is None:
            break
        line = f"{rp.to_move} resigns" if n == 3 else f"{rp.to_move} adds {1 + n % 3}"
        fresh = play_text(raw, line, name="g")
        again = play_text(raw, line, name="g", rp=kept and snapshot.copy(kept))
        assert (again.text, again.lines, again.witness, again.result, again.resigned) == \
            (fresh.text, fresh.lines, fresh.witness, fresh.result, fresh.resigned)
        raw, kept = again.text.encode(), snapshot.copy(again.replay)
    assert n > 5 and '[Result "' in raw.decode()


def check_path_text(raw: bytes):
    from referee.transcript.reader import read_bytes
    from referee.replay.replayer import replay
    return replay(read_bytes(raw, "g"), chain=True)


def test_a_canonical_line_that_reads_back_as_another_move_is_refused(tmp_path, monkeypatch):
    """play's round trip: the line it writes must read back as the move it played (moves
    are values, so the same move gives the same state); a printer that lies is caught
    before anything is written."""
    from tests.toy import toygame

    path = tmp_path / "hand.txt"
    path.write_text('[Game "Toy"]\n[Players "RED GREEN"]\n* order RED GREEN\n* target 10\n')
    before = path.read_text()
    monkeypatch.setattr(toygame.ToyModule, "format_move",
                        lambda self, move, state: f"{move.seat} adds {move.n + 1}")
    with pytest.raises(RefereeError) as info:
        play_line(str(path), "RED adds 1")
    assert info.value.code == "internal" and "replays to a different state" in info.value.reason
    assert path.read_text() == before
