"""The bots' strength and the strong bot's decision time (docs/bots.md).

    python benchmarks/bots_bench.py match GAME LEVEL,LEVEL… [--games 20] [--seed 1]
    python benchmarks/bots_bench.py time [--positions 20] [--games 40] [--seed 1]

``match`` plays a tournament between levels, as ``referee selfplay --bots`` does (game k
seeded ``S-k``, the levels turned one seat on each game), and prints each level's wins
with a 95% interval. ``time`` plays random 5-player Hawaii games, keeps in each the
position with the most legal moves, takes the POSITIONS richest of those, and times one
``strong`` decision on each in this process (its processor time, one core): the median
and the longest.
"""
from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.bots import bot_seed, choose  # noqa: E402
from referee.core import registry  # noqa: E402
from referee.operations import tournament  # noqa: E402

from builder_bench import richest as richest_of  # noqa: E402


def match(game: str, levels: list[str], games: int, seed: str) -> None:
    module = registry.get(game)
    started = time.perf_counter()
    standings = tournament(module, levels, games, seed)
    spent = time.perf_counter() - started
    print(f"{module.name}, {','.join(levels)}, {games} games, seed {seed}, "
          f"{spent:.0f} s in all")
    for s in standings:
        low, high = s.interval()
        print(f"  {s.level:<7} {s.seats} seat(s)  {s.wins:g} wins  {s.share:.1%}  "
              f"95% interval {low:.1%} to {high:.1%}  (fair share {s.seats / len(levels):.0%})")


def richest(games: int, seed: int, players: int = 5) -> list:
    """(legal moves, position) of the richest position of each of ``games`` random
    games, the richest first."""
    found = []
    for k in range(games):
        _, best, most = richest_of(1, players, seed * 1000 + k)
        found.append((most, best))
    found.sort(key=lambda f: -f[0])
    return found


def timing(positions: int, games: int, seed: int) -> None:
    module = registry.get("hawaii")
    players = list(module.seats[:5])
    chosen = richest(games, seed)[:positions]
    times = []
    for k, (_, state) in enumerate(chosen):
        # processor time of this process: on a shared machine the wall clock also
        # counts the other programs' turns, and the target is one core's work
        started = time.process_time()
        choose(module, state, "strong", bot_seed(bytes(32), "strong", str(k)), players)
        times.append(time.process_time() - started)
    print(f"strong decisions on the {len(chosen)} richest positions of {games} random "
          f"5-player Hawaii games ({chosen[-1][0]} to {chosen[0][0]} legal moves): "
          f"median {statistics.median(times):.2f} s, longest {max(times):.2f} s")
    print(f"machine: {platform.processor() or platform.machine()}, Python "
          f"{platform.python_version()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    m = sub.add_parser("match")
    m.add_argument("game")
    m.add_argument("levels")
    m.add_argument("--games", type=int, default=20)
    m.add_argument("--seed", default="1")
    t = sub.add_parser("time")
    t.add_argument("--positions", type=int, default=20)
    t.add_argument("--games", type=int, default=40)
    t.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.what == "match":
        match(args.game, args.levels.split(","), args.games, args.seed)
    else:
        timing(args.positions, args.games, args.seed)


if __name__ == "__main__":
    main()
