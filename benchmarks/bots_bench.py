"""The bots' strength and the strong bot's decision time (docs/bots.md).

    python benchmarks/bots_bench.py match GAME LEVEL,LEVEL… [--games 20] [--seed 1] [--from 1]
    python benchmarks/bots_bench.py sum FILE…
    python benchmarks/bots_bench.py time [--positions 20] [--games 40] [--seed 1]

``match`` plays a tournament between levels, as ``referee selfplay --bots`` does (game k
seeded ``S-k``, the levels turned one seat on each game). It prints a line for each game
as soon as it ends (its seed, each seat's level and score, the winners) with the running
total, so a run that is stopped keeps what it played; ``--from K`` plays games K,
K+1, … of the same series, so a long series can be played in pieces. ``sum`` reads the
output of such pieces (saved to files) and adds them up into one row with the 95%
interval, each game counted once. ``time`` plays random 5-player Hawaii games, keeps in
each the position with the most legal moves, takes the POSITIONS richest of those, and
times one ``strong`` decision on each in this process (its processor time, one core):
the median and the longest.
"""
from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.bots import LEVELS, bot_seed, choose  # noqa: E402
from referee.core import registry  # noqa: E402
from referee.operations import tournament  # noqa: E402
from referee.operations.selfplay import Standing, count_game  # noqa: E402

from builder_bench import richest as richest_of  # noqa: E402


def match(game: str, levels: list[str], games: int, seed: str, first: int = 1) -> None:
    module = registry.get(game)
    started = time.perf_counter()
    print(header(module.key, levels, seed), flush=True)

    def each(k, seated, outcome, standings):
        print(game_line(k, seed, seated, outcome.scores, outcome.winners) + "  |  "
              + running(standings), flush=True)
    standings = tournament(module, levels, games, seed, first=first, each=each)
    spent = time.perf_counter() - started
    print(f"{module.name}, {','.join(levels)}, games {first} to {first + games - 1}, "
          f"seed {seed}, {spent:.0f} s in all")
    print_standings(standings, len(levels))


def header(game: str, levels: list[str], seed: str) -> str:
    return f"match {game} {','.join(levels)} seed {seed}"


def game_line(k: int, seed: str, seated: dict, scores: dict, winners) -> str:
    seats = " ".join(f"{seat}={level}:{scores[seat]}" for seat, level in seated.items())
    return f"game {k} seed {seed}-{k} {seats} won {','.join(winners)}"


def running(standings) -> str:
    return "  ".join(f"{s.level} {s.wins:g}/{s.games}" for s in standings)


def print_standings(standings, players: int) -> None:
    for s in standings:
        low, high = s.interval()
        print(f"  {s.level:<7} {s.seats} seat(s)  {s.wins:g} wins of {s.games}  {s.share:.1%}  "
              f"95% interval {low:.1%} to {high:.1%}  (fair share {s.seats / players:.0%})")


class SumError(Exception):
    """Files that cannot be added up, with the reason in words."""


def read_games(paths: list[str]) -> tuple[str, dict]:
    """(the match's header line, {game number: (seat → level, winners)}) of the
    saved output of ``match`` runs of one series; a game played in two runs counts
    once, and must have ended the same way in both."""
    head, games = None, {}
    for path in paths:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise SumError(f"{path}: cannot be read ({exc})") from None
        found = None
        for number, line in enumerate(text.splitlines(), 1):
            where = f"{path}, line {number}"
            if line.startswith("match "):
                if head is not None and line != head:
                    raise SumError(f"{where}: another series ({line!r}, not {head!r})")
                head = found = line
            elif line.startswith("game "):
                if found is None:
                    raise SumError(f"{where}: a game before the line naming the match")
                k, result = parse_game(line, where)
                if k in games and games[k] != result:
                    raise SumError(f"{where}: game {k} ended otherwise in another file")
                games[k] = result
        if found is None:
            raise SumError(f"{path}: no line 'match GAME LEVELS seed S': not the output "
                           "of bots_bench.py match")
    return head, games


def parse_game(line: str, where: str):
    """(k, (seat → level, winners)) of one line written by ``game_line``."""
    words = line.split("  |  ")[0].split()
    try:
        if words[2] != "seed" or words[-2] != "won":
            raise ValueError
        k = int(words[1])
        seated = {}
        for word in words[4:-2]:
            seat, rest = word.split("=", 1)
            seated[seat] = rest.rsplit(":", 1)[0]
        winners = tuple(words[-1].split(","))
        if not seated or not set(winners) <= set(seated):
            raise ValueError
    except (IndexError, ValueError):
        raise SumError(f"{where}: not a game line: {line[:80]!r}") from None
    return k, (seated, winners)


def spans(numbers) -> str:
    """1-40, 61-80: the games played, in runs."""
    runs, numbers = [], sorted(numbers)
    for k in numbers:
        if runs and k == runs[-1][1] + 1:
            runs[-1][1] = k
        else:
            runs.append([k, k])
    return ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in runs)


def add_up(paths: list[str]) -> None:
    head, games = read_games(paths)
    _, game, levels, _, seed = head.split(" ", 4)
    levels = levels.split(",")
    standings = {level: Standing(level, levels.count(level)) for level in levels}
    for seated, winners in games.values():
        count_game(standings, seated, winners)
    print(f"{head}: {len(games)} games ({spans(games)})")
    print_standings(standings.values(), len(levels))
    first = standings[levels[0]]
    low, high = first.interval()
    print(f"| {game} {len(levels)}p, {','.join(levels)} (seed {seed}) | {first.games} | "
          f"{first.wins:g} | {first.share:.1%} | {low:.1%} to {high:.1%} | "
          f"{first.seats / len(levels):.0%} |")


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
    m.add_argument("--from", dest="first", type=int, default=1,
                   help="the number of the first game to play (default 1)")
    a = sub.add_parser("sum")
    a.add_argument("files", nargs="+")
    t = sub.add_parser("time")
    t.add_argument("--positions", type=int, default=20)
    t.add_argument("--games", type=int, default=40)
    t.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.what == "match":
        if args.first < 1 or args.games < 1:
            parser.error("--from and --games count from 1")
        levels = args.levels.split(",")
        if args.game not in registry.keys():
            parser.error(f"no game {args.game!r}: the games are {', '.join(registry.keys())}")
        if not set(levels) <= set(LEVELS):
            parser.error(f"the levels are {', '.join(LEVELS)}, not {args.levels!r}")
        match(args.game, levels, args.games, args.seed, args.first)
    elif args.what == "sum":
        try:
            add_up(args.files)
        except SumError as err:
            sys.exit(f"bots_bench.py sum: {err}")
    else:
        timing(args.positions, args.games, args.seed)


if __name__ == "__main__":
    main()
