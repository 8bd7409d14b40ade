"""Random complete Haleakala games per second (median of several runs).

    python benchmarks/haleakala_bench.py [--games 50] [--runs 5] [--rules tactical] [--check]

Uniformly random legal moves and true chance odds (referee.core.game.play_random).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.core.game import play_random
from referee.haleakala.rules.game import new_state


def run(games: int, rules: tuple[str, ...], check: bool, seed0: int) -> float:
    start = time.perf_counter()
    for i in range(games):
        play_random(new_state(("RED", "YELLOW"), rules), random.Random(seed0 + i), check=check)
    return games / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--rules", default="", help="variant flags, e.g. tactical")
    ap.add_argument("--check", action="store_true", help="check invariants after every move")
    args = ap.parse_args()
    rules = tuple(r for r in args.rules.split(",") if r)
    rates = [run(args.games, rules, args.check, k * args.games) for k in range(args.runs)]
    print(f"haleakala {','.join(rules) or 'base'}{' +check' if args.check else ''}: "
          f"median {statistics.median(rates):.1f} games/s over {args.runs} runs of "
          f"{args.games} games ({', '.join(f'{r:.1f}' for r in rates)})")


if __name__ == "__main__":
    main()
