"""Many `referee play` processes on one file, and plays killed with SIGKILL midway:
nothing lost, doubled or torn; the file is always a whole old or new version that
replays; a killed writer's temporary file goes with the next play (issue 11)."""
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from tests.toy.helpers import RUNNER, real_games, seats
from referee.operations.check import check_path
from referee.operations.listing import legal_lines


def _start(*args):
    return subprocess.Popen([sys.executable, str(RUNNER), *map(str, args)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _game(tmp_path, game):
    path = tmp_path / "game.txt"
    done = subprocess.run([sys.executable, str(RUNNER), "new", game, "--players", seats(game),
                           "--seed", "burst", "-o", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return path


def _replays(path):
    rp = check_path(str(path))
    assert rp.errors == [], rp.errors[:3]
    return rp


def _moves(rp):
    return [it.text for it in rp.transcript.items if it.kind == "move"]


@pytest.mark.parametrize("game", real_games())
def test_bursts_of_plays_lose_double_and_tear_nothing(tmp_path, game):
    path = _game(tmp_path, game)
    for burst in range(3):
        rp = _replays(path)
        before = _moves(rp)
        options = legal_lines(rp.module, rp.state, 3)[1]
        # the same move re-sent for this ply by several players, other legal moves too
        sends = [["--ply", rp.ply, options[0]]] * 5 + [["--ply", rp.ply, o] for o in options[1:]]
        sends += [[o] for o in options][:10 - len(sends)]
        procs = [_start("play", path, *args) for args in sends]
        results = [(p.wait(timeout=120), p.stderr.read()) for p in procs]
        for p in procs:
            p.stdout.close()
            p.stderr.close()
        assert all(code in (0, 1) for code, _ in results), results
        assert not any("internal" in err or "Traceback" in err for _, err in results)
        won = sum(code == 0 for code, _ in results)
        guarded = [code for (code, _), args in zip(results, sends) if args[0] == "--ply"]
        assert guarded.count(0) <= 1
        after = _moves(_replays(path))
        assert after[:len(before)] == before and len(after) == len(before) + won >= len(before) + 1


@pytest.mark.parametrize("game", real_games())
def test_a_play_killed_midway_leaves_the_old_or_the_new_file(tmp_path, game):
    rng = random.Random(f"kill-{game}")
    path = _game(tmp_path, game)
    for _ in range(5):
        rp = _replays(path)
        old = path.read_bytes()
        move = legal_lines(rp.module, rp.state, 5)[1][0]
        proc = _start("play", path, move)
        time.sleep(rng.uniform(0.05, 0.6))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        proc.stderr.close()
        now = path.read_bytes()
        assert now == old or (now.startswith(old) and move in now.decode()[len(old):])
        _replays(path)
        # what a writer killed between its temporary file and the rename leaves behind,
        # and a live writer's temporary file, which must stay
        (tmp_path / f".game.txt.{proc.pid}.0.tmp").write_bytes(old[:len(old) // 2])
        (tmp_path / f".game.txt.{os.getpid()}.999.tmp").write_bytes(b"")
        rp = _replays(path)
        nxt = legal_lines(rp.module, rp.state, 5)[1][0]
        done = subprocess.run([sys.executable, str(RUNNER), "play", str(path), nxt],
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        leftovers = [n for n in os.listdir(tmp_path) if n.endswith(".tmp")]
        assert leftovers == [f".game.txt.{os.getpid()}.999.tmp"]
        os.unlink(tmp_path / leftovers[0])
        _replays(path)
