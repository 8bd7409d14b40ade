"""Random complete Hawaii games per second, legal-move generation at every decision.

    python benchmarks/hawaii_bench.py [--games 50] [--runs 5] [--players 2 3 4 5]

Prints, per player count, the median over runs of games/s and moves/s (player
decisions plus chance draws) per CPU second of this process (process_time), so
other load on the machine disturbs the figures less. Not a test.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from referee.core.game import CHANCE
from referee.hawaii.rules.game import SEATS, new_state


def play_one(players: int, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    state = new_state(SEATS[:players])
    decisions = draws = 0
    while True:
        who = state.current_player()
        if who is None:
            return decisions, draws
        if who == CHANCE:
            state.apply(state.sample_chance(rng))
            draws += 1
        else:
            state.apply(rng.choice(state.legal_moves()))
            decisions += 1


def run(players: int, games: int, seed: int) -> tuple[float, float, float]:
    start = time.process_time()
    decisions = draws = 0
    for g in range(games):
        dec, dr = play_one(players, seed + g)
        decisions += dec
        draws += dr
    elapsed = time.process_time() - start
    return games / elapsed, (decisions + draws) / elapsed, decisions / elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    args = ap.parse_args()
    print(f"{'players':>7} {'games/s':>9} {'moves/s':>9} {'decisions/s':>12}   (median of {args.runs} runs x {args.games} games)")
    for n in args.players:
        results = [run(n, args.games, 1000 * r) for r in range(args.runs)]
        g, m, dec = (statistics.median(x) for x in zip(*results))
        print(f"{n:>7} {g:>9.1f} {m:>9.0f} {dec:>12.0f}")


if __name__ == "__main__":
    main()
