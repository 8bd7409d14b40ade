"""The move builder's answer time on the richest position random games reach.

    python benchmarks/builder_bench.py [--games 40] [--runs 21] [--players 5]

Plays GAMES random Hawaii games of PLAYERS seats, keeps the position with the most legal
moves, then times ``referee.operations.next_step`` (what ``referee moves --steps``, the
seat page and mail call) for the first step and for every step of a walk down to one
move: median wall time over RUNS calls each, in this (warm) process, and the first call
of each (the first call on the position makes the moves' paths, later ones find them
remembered). The target is 20 ms a step (docs/performance.md).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.core import CHANCE, registry  # noqa: E402
from referee.operations import next_step  # noqa: E402


def richest(games: int, players: int, seed: int):
    module = registry.get("hawaii")
    best, most = None, -1
    rng = random.Random(seed)
    for _ in range(games):
        state = module.new_state(list(module.seats[:players]))
        while (who := state.current_player()) is not None:
            if who == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            moves = state.legal_moves()
            if len(moves) > most:
                best, most = state.clone(), len(moves)
            state.apply(rng.choice(moves))
    return module, best, most


def richest_from_arguments(doc: str):
    """The command line (--games, --runs, --players) and the richest position it asks for,
    announced: (arguments, module, state)."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--players", type=int, default=5)
    args = ap.parse_args()
    module, state, most = richest(args.games, args.players, 1)
    print(f"richest position of {args.games} random {args.players}-player games: "
          f"{most} legal moves")
    return args, module, state


def main() -> None:
    args, module, state = richest_from_arguments(__doc__)
    chosen: list[str] = []
    while True:
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            step = next_step(module, state, chosen)
            times.append((time.perf_counter() - start) * 1000)
        what = step.get("step", "move")
        print(f"  after {len(chosen)} choice(s), {what}: median {statistics.median(times):.1f} ms "
              f"(min {min(times):.1f}, max {max(times):.1f}; the first call {times[0]:.1f})")
        if "move" in step:
            print(f"  -> {step['move']}")
            break
        biggest = max(step["choices"], key=lambda c: c["moves"])
        chosen = step["made"] + [biggest["choice"]]


if __name__ == "__main__":
    main()
