"""Whole-process benchmarks of the referee command (docs/performance.md).

    python benchmarks/notation_bench.py [--games 200] [--runs 5]

1. Validation throughput: `referee check` over GAMES self-played 4-player Hawaii
   transcripts, in moves per second of the whole process, against python-chess
   reading and validating GAMES random PGN games (every SAN move is parsed and
   checked for legality) in the same run. python-chess is a benchmark-only
   dependency: `pip install chess`.
2. Start-up: `referee play` of one move on a 150-move game (--dry-run, so the file
   is not changed), against a bare `python -c pass`, medians of RUNS runs.
"""
from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REFEREE = [sys.executable, "-m", "referee"]


def timed(cmd: list[str], runs: int) -> float:
    """Median CPU seconds (user + system) of the whole child process.

    CPU time rather than wall time, so other load on a shared machine disturbs
    the comparison less; both sides of every ratio are measured the same way.
    """
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times)


def move_lines(path: Path) -> int:
    return sum(1 for line in path.read_text().splitlines()
               if line and line[0].isalpha())


def chess_corpus(folder: Path, games: int) -> tuple[Path, int]:
    import chess
    import chess.pgn
    rng = random.Random(1)
    plies = 0
    out = folder / "random.pgn"
    with out.open("w") as f:
        for g in range(games):
            board = chess.Board()
            while not board.is_game_over() and board.ply() < 300:
                board.push(rng.choice(list(board.legal_moves)))
            plies += board.ply()
            game = chess.pgn.Game.from_board(board)
            game.headers["Event"] = f"random {g}"
            print(game, file=f, end="\n\n")
    return out, plies


CHESS_READER = """
import sys, chess.pgn
n = 0
with open(sys.argv[1]) as f:
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        if game.errors:
            raise SystemExit(game.errors)
        n += len(list(game.mainline_moves()))
print(n)
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        corpus = folder / "hawaii"
        subprocess.run([*REFEREE, "selfplay", "hawaii", "--players", "4", "--games", str(args.games),
                        "--seed", "1", "-o", str(corpus)], check=True, stdout=subprocess.DEVNULL)
        files = sorted(corpus.glob("*.txt"))
        moves = sum(move_lines(p) for p in files)
        check = timed([*REFEREE, "check", *map(str, files)], max(1, args.runs // 2))
        print(f"referee check: {len(files)} games, {moves} move lines, {check:.2f} s, "
              f"{moves / check:.0f} moves/s (CPU time of the whole process, median)")
        try:
            pgn, plies = chess_corpus(folder, args.games)
            reader = folder / "read_pgn.py"
            reader.write_text(CHESS_READER)
            chess_time = timed([sys.executable, str(reader), str(pgn)], max(1, args.runs // 2))
            print(f"python-chess:  {args.games} games, {plies} plies, {chess_time:.2f} s, "
                  f"{plies / chess_time:.0f} moves/s (CPU time of the whole process, median)")
            print(f"ratio referee/python-chess moves per second: {moves / check / (plies / chess_time):.2f}")
        except ImportError:
            print("python-chess not installed: pip install chess")

        long_games = folder / "long"
        subprocess.run([*REFEREE, "selfplay", "hawaii", "--players", "5", "--games", "10",
                        "--seed", "2", "-o", str(long_games)], check=True, stdout=subprocess.DEVNULL)
        game = max(long_games.glob("*.txt"), key=move_lines)
        lines = game.read_text().splitlines(keepends=True)
        kept, seen = [], 0
        for line in lines:
            if line[:1].isalpha():
                if seen == 150:
                    break
                seen += 1
            kept.append(line)
        short = folder / "game150.txt"
        short.write_text("".join(kept))
        nxt = subprocess.run([*REFEREE, "moves", str(short), "--limit", "1"], capture_output=True,
                             text=True).stdout.splitlines()
        move = next((line for line in nxt if line[:1].isalpha() and " to move" not in line), None)
        bare = timed([sys.executable, "-c", "pass"], args.runs)
        if move is None or seen < 150:
            print(f"no game with 150 moves to play on (longest: {seen}); skipping the start-up benchmark")
            return
        play = timed([*REFEREE, "play", str(short), move.strip(), "--dry-run"], args.runs)
        print(f"referee play on a {seen}-move game: {play * 1000:.0f} ms; python -c pass: "
              f"{bare * 1000:.0f} ms; ratio {play / bare:.1f}x (target <= 4x)")


if __name__ == "__main__":
    main()
