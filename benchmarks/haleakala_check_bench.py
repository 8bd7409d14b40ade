"""Checking a long Haleakala game: this tree against another one, in the same run.

    python benchmarks/haleakala_check_bench.py --before /path/to/other/worktree [--runs 7] [--file F]

Without ``--file`` the game is the longest of 40 random games written by
``referee selfplay haleakala --players 2 --games 40 --seed 1`` (2,596 moves).
Each run starts fresh Python processes for both trees, one after the other
and alternating which goes first, so that a noisy machine slows both alike:

- ``check``: ``referee.operations.check.check_path(FILE)``, the function behind
  ``referee check``, timed inside a new process (its first call, as a command
  makes it, so loading the Lark grammar counts where the tree loads it);
- ``again``: a second call in that process (what a batch of files pays per file);
- ``command``: the wall time of ``python -m referee check FILE``, start-up included.

Each tree has its own cache folder, filled by one untimed run first, so both
read the component file from the cache as a second command would. It prints
the median of each measure per tree and the ratio before / after.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

WORKER = """
import json, sys, time
t0 = time.perf_counter()
import referee
from referee.operations.check import check_path
t1 = time.perf_counter()
rp = check_path(sys.argv[1])
t2 = time.perf_counter()
check_path(sys.argv[1])
t3 = time.perf_counter()
print(json.dumps({"file": referee.__file__, "import": t1 - t0, "check": t2 - t1, "again": t3 - t2,
                  "moves": rp.moves, "ok": not rp.errors}))
"""


def _env(tree: Path, cache: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree), REFEREE_CACHE_DIR=str(cache))
    env.pop("REFEREE_NO_CACHE", None)
    return env


def measure(tree: Path, cache: Path, game: Path) -> tuple[float, float, float, int]:
    """(check, again, command seconds, moves) of one fresh run of ``tree``."""
    out = subprocess.run([sys.executable, "-c", WORKER, str(game)], cwd=tree, env=_env(tree, cache),
                         capture_output=True, text=True, check=True)
    got = json.loads(out.stdout)
    if not got["file"].startswith(str(tree)) or not got["ok"]:
        raise SystemExit(f"{tree}: checked with {got['file']}, ok={got['ok']}")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "referee", "check", str(game)], cwd=tree,
                   env=_env(tree, cache), capture_output=True, check=True)
    return got["check"], got["again"], time.perf_counter() - start, got["moves"]


def longest_game(folder: Path) -> Path:
    subprocess.run([sys.executable, "-m", "referee", "selfplay", "haleakala", "--players", "2",
                    "--games", "40", "--seed", "1", "-o", str(folder)],
                   cwd=HERE, env=dict(os.environ, PYTHONPATH=str(HERE)), check=True,
                   capture_output=True)
    def moves(p: Path) -> int:
        return sum(1 for line in p.read_text().splitlines() if line[:1].isalpha())
    return max(sorted(folder.glob("*.txt")), key=moves)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", required=True, type=Path, help="the tree to compare with")
    ap.add_argument("--after", type=Path, default=HERE, help="default: this tree")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--file", type=Path, help="a Haleakala transcript (default: see above)")
    args = ap.parse_args()
    trees = {"before": args.before.resolve(), "after": args.after.resolve()}
    with tempfile.TemporaryDirectory() as tmp:
        game = args.file.resolve() if args.file else longest_game(Path(tmp) / "games")
        caches = {k: Path(tmp) / f"cache-{k}" for k in trees}
        for k, tree in trees.items():
            measure(tree, caches[k], game)                  # untimed: fills the caches
        times: dict[str, list[tuple[float, float, float]]] = {k: [] for k in trees}
        moves = 0
        for run in range(args.runs):
            order = list(trees) if run % 2 == 0 else list(reversed(trees))
            for k in order:
                *seconds, moves = measure(trees[k], caches[k], game)
                times[k].append(tuple(seconds))
    print(f"haleakala check of {game.name if args.file else 'the longest of 40 random games'}: "
          f"{moves} moves, {args.runs} runs each, alternating")
    names = ("check_path", "check_path again", "referee check")
    medians = {}
    for k in trees:
        medians[k] = [statistics.median(run[i] for run in times[k]) for i in range(3)]
        for i, name in enumerate(names):
            runs = ", ".join(f"{run[i] * 1000:.0f}" for run in times[k])
            print(f"  {k:6} {name:16} median {medians[k][i] * 1000:6.1f} ms  (runs {runs})")
    print("  ratio before/after: " + ", ".join(
        f"{name} {medians['before'][i] / medians['after'][i]:.2f}x" for i, name in enumerate(names)))


if __name__ == "__main__":
    main()
