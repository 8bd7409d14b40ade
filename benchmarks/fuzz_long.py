"""The long fuzz run, by hand (docs/trust.md): mutated transcripts of both games
through `referee check` and `verify`, and hostile `referee play` arguments, all
in-process through referee.cli.run (each transcript through one of the two,
in turn; the suite's tests put each through both). Counts every broken contract (an internal
error, a traceback, a rejected play that changed the file) and the slowest run.

    python benchmarks/fuzz_long.py [--transcripts 100000] [--plays 10000] [--workers 1] [--seed 1]

tests/commands/test_fuzz_cli.py runs the same inputs a few hundred at a time.
"""
from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from tests.toy import mutations as M  # noqa: E402

GAMES = ("hawaii", "haleakala")


def _transcripts(job: tuple[int, int]) -> tuple[int, list[str], float]:
    seed, count = job
    rng = random.Random(seed)
    bad, slowest = [], 0.0
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.txt"
        for i in range(count):
            data = M.mutated_transcript(rng, GAMES[i % 2])
            t0 = time.perf_counter()
            why = M.check_mutant(path, data, (("check", "verify")[i % 2],))
            slowest = max(slowest, time.perf_counter() - t0)
            if why:
                bad.append(f"seed {seed} #{i}: {why}")
    return count, bad, slowest


def _plays(job: tuple[int, int]) -> tuple[int, list[str], float]:
    seed, count = job
    rng = random.Random(seed)
    bad, slowest = [], 0.0
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.txt"
        legal: list[str] = []
        for i in range(count):
            if i % 50 == 0:
                game = GAMES[(i // 50) % 2]
                path.unlink(missing_ok=True)
                status, err = M.run_cli(["new", game, "--players", "red,yellow", "--seed",
                                         f"{seed}-{i}", "-o", path])
                assert status == 0, err
                legal = M.legal_lines_of(path)
            move = M.hostile_move(rng, legal)
            t0 = time.perf_counter()
            why = M.play_hostile(path, move, rng.choice(M.PLAY_EXTRAS))
            slowest = max(slowest, time.perf_counter() - t0)
            if why:
                bad.append(f"seed {seed} #{i}: {why}")
    return count, bad, slowest


def _run(kind, func, total: int, workers: int, seed: int) -> None:
    chunk = 500
    jobs = [(seed * 1_000_003 + k, min(chunk, total - k * chunk))
            for k in range((total + chunk - 1) // chunk)]
    t0 = time.perf_counter()
    done, bad, slowest = 0, [], 0.0
    with multiprocessing.Pool(workers) as pool:
        for count, b, s in pool.imap_unordered(func, jobs):
            done, slowest = done + count, max(slowest, s)
            bad.extend(b)
            print(f"  {kind}: {done} runs, {len(bad)} broken, slowest {slowest * 1000:.0f} ms, "
                  f"{time.perf_counter() - t0:.0f} s", flush=True)
    print(f"{kind}: {done} runs in {time.perf_counter() - t0:.0f} s wall, "
          f"{len(bad)} broken contracts, slowest run {slowest * 1000:.0f} ms", flush=True)
    for line in bad[:20]:
        print("  ", line)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--transcripts", type=int, default=100_000)
    ap.add_argument("--plays", type=int, default=10_000)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    _run("hostile play arguments", _plays, args.plays, args.workers, args.seed)
    _run("mutated transcripts (check or verify)", _transcripts, args.transcripts, args.workers,
         args.seed)


if __name__ == "__main__":
    main()
