"""Absent players kept in the game (docs/bots.md, "Absent players").

    python benchmarks/absence_bench.py [--games 200] [--game hawaii] [--players 4]
                                       [--miss 0.17] [--level basic] [--seed 1]

Plays GAMES hosted games on a fresh SQLite store through the real hosted service, with
the clock's ``--on-timeout bot:LEVEL`` policy: every seat is a stand-in player that
answers its turn with a random legal move through the hosted entry, and misses it with
the chance MISS; the clock is driven by a simulated time handed to its tick
(tests/service/absentees.py). Prints how many games reached a final score, the turns
missed and the processor time per game.
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.core import registry  # noqa: E402
from referee.service.store import open_store  # noqa: E402
from tests.service.absentees import play_absent  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--game", default="hawaii")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--miss", type=float, default=0.17)
    ap.add_argument("--level", default="basic")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    seats = list(registry.get(args.game).seats)[:args.players]
    addresses = {seat: f"{seat.lower()}@players.example" for seat in seats}
    finished = missed = moves = 0
    troubles = []
    started, cpu = time.perf_counter(), time.process_time()
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(f"sqlite:///{tmp}/referee.db")
        try:
            for k in range(args.games):
                out = play_absent(store, args.game, addresses, random.Random(f"{args.seed}-{k}"),
                                  miss=args.miss, level=args.level)
                finished += out.finished
                missed += sum(out.missed.values())
                moves += out.person_moves
                if out.trouble or not out.finished:
                    troubles.append(f"game {k} ({out.game_id}): {out.trouble or 'unfinished'}")
                print(f"game {k + 1}: {'final score' if out.finished else 'unfinished'}, "
                      f"{out.person_moves} moves by players, "
                      f"{sum(out.missed.values())} turns missed", flush=True)
        finally:
            store.dispose()
    games = args.games
    print(f"{args.game}, {args.players} players, {games} games, each turn missed with "
          f"chance {args.miss}, the clock's bot {args.level}, seed {args.seed}")
    print(f"  reached a final score: {finished} of {games} ({finished / games:.1%})")
    print(f"  turns missed: {missed}, moves by players: {moves}")
    print(f"  {(time.process_time() - cpu) / games:.2f} s of processor time a game, "
          f"{(time.perf_counter() - started) / games:.2f} s of wall time")
    for line in troubles:
        print("  " + line)
    return 0 if finished == games else 1


if __name__ == "__main__":
    sys.exit(main())
