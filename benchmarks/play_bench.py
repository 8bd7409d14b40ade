"""A warm ``referee play`` on a long game, this tree against another (docs/performance.md).

    python benchmarks/play_bench.py --before /work/wt-c-before [--runs 7]

The game is self-played Haleakala (``referee selfplay haleakala --players 2 --games 2
--seed 5``, game 2: 2,733 lines), cut before its last seat's move and without its
[Result]; each run copies it afresh and plays that move with ``referee play``, a whole
process, the state cache already holding the file's replay (a dry run fills it). The
two trees run alternately, each with a cache folder of its own, so the machine's load
falls on both alike. Printed, for each tree: the median CPU time (user + system) of a
whole ``referee play`` process; in a process that has played already (start-up and
imports done), of ``play_line`` and of ``play_text`` handed a replay kept in memory (as
the resident host plays); and their ratios.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
# In a process that has played once already (its imports done), the median CPU time of
# 9 dry runs of the move by play_line (the state from the cache), then of 9 by play_text
# handed a replay kept in memory, as the resident host plays.
DRIVER = """
import statistics, sys, time
from referee.operations.play import play_line, play_text
from referee.replay import snapshot
from referee.replay.replayer import replay
from referee.transcript.reader import read_bytes

path, move = sys.argv[1:3]
raw = open(path, "rb").read()
kept = replay(read_bytes(raw, path), chain=True)


def median(play, setup=lambda: None):
    times = []
    for _ in range(9):
        arg = setup()
        t = time.process_time()
        play(arg)
        times.append(time.process_time() - t)
    return statistics.median(times)


play_line(path, move, dry_run=True)
print(median(lambda _: play_line(path, move, dry_run=True)),
      median(lambda rp: play_text(raw, move, name=path, rp=rp), lambda: snapshot.copy(kept)))
"""


def long_game(folder: Path) -> tuple[Path, str]:
    """The transcript cut before a move of its end game, and that move."""
    subprocess.run([sys.executable, "-m", "referee", "selfplay", "haleakala", "--players", "2",
                    "--games", "2", "--seed", "5", "-o", str(folder / "sp")],
                   check=True, capture_output=True, cwd=HERE, env=_env(HERE, folder / "c"))
    lines = [line for line in (folder / "sp" / "haleakala-5-0002.txt").read_text().split("\n")
             if not line.startswith("[Result")]
    cut = len(lines) - 20
    while not lines[cut].startswith(("RED ", "YELLOW ")):
        cut -= 1
    game = folder / "game.txt"
    game.write_text("\n".join(lines[:cut]) + "\n")
    return game, lines[cut]


def _env(root: Path, cache: Path) -> dict:
    """The tree's code, its own state cache and its own byte-code folder, written to
    (as an install compiles): compiling every module on every start would swamp the
    rest, and the trees themselves are not written to."""
    env = dict(os.environ, PYTHONPATH=str(root), REFEREE_CACHE_DIR=str(cache),
               PYTHONPYCACHEPREFIX=str(cache.parent / "pyc"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def compile_tree(root: Path, cache: Path) -> None:
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(root / "referee")],
                   check=True, env=_env(root, cache))


def one_play(root: Path, game: Path, move: str, work: Path) -> tuple[float, float, float]:
    """CPU s of a whole ``referee play`` process, and of play_line and play_text (with a
    replay in memory) in a warm process."""
    target = work / "game.txt"
    shutil.copyfile(game, target)
    env = _env(root, work / "cache")
    proc = subprocess.Popen([sys.executable, "-m", "referee", "play", str(target), move],
                            cwd=work, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"referee play failed in {root}: {proc.stderr.read().decode()[-500:]}")
    shutil.copyfile(game, target)
    warm = subprocess.run([sys.executable, "-c", DRIVER, str(target), move], cwd=work, env=env,
                          check=True, capture_output=True, text=True)
    return (usage.ru_utime + usage.ru_stime, *map(float, warm.stdout.split()))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", required=True, type=Path, help="the tree to compare with")
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    trees = {"before": args.before.resolve(), "after": HERE}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        game, move = long_game(tmp)
        print(f"{game.read_text().count(chr(10))} lines; the move: {move}")
        work = {}
        for name, root in trees.items():
            work[name] = tmp / name
            work[name].mkdir()
            shutil.copyfile(game, work[name] / "game.txt")
            compile_tree(root, work[name] / "cache")
            subprocess.run([sys.executable, "-m", "referee", "play", "--dry-run",
                            str(work[name] / "game.txt"), move], check=True,
                           capture_output=True, cwd=work[name],
                           env=_env(root, work[name] / "cache"))
        times = {name: [] for name in trees}
        for _ in range(args.runs):
            for name, root in trees.items():
                times[name].append(one_play(root, game, move, work[name]))
    labels = ("referee play", "play_line, warm", "play_text, replay kept")
    medians = {}
    for name, runs in times.items():
        medians[name] = [statistics.median(r[i] for r in runs) for i in range(len(labels))]
        print(f"{name:6} " + "   ".join(
            f"{label} {medians[name][i] * 1000:.2f} ms CPU (runs {min(r[i] for r in runs) * 1000:.2f}"
            f"-{max(r[i] for r in runs) * 1000:.2f})" for i, label in enumerate(labels))
            + f"   median of {len(runs)}")
    print("ratio before/after: " + ", ".join(
        f"{label} {medians['before'][i] / medians['after'][i]:.2f}x"
        for i, label in enumerate(labels)))


if __name__ == "__main__":
    main()
