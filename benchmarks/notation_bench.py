"""Whole-process benchmarks of the referee command (docs/performance.md).

    python benchmarks/notation_bench.py [--games 200] [--runs 5]

1. Validation throughput: `referee check` over GAMES self-played 4-player Hawaii
   transcripts, in moves per second of the whole process, against python-chess
   reading and validating GAMES random PGN games (every SAN move is parsed and
   checked for legality) in the same run. python-chess is a benchmark-only
   dependency: `pip install chess`.
2. Start-up: `referee play` of one move on a 150-move game (--dry-run, so the file
   is not changed), against a bare `python -c pass`, medians of RUNS runs: with no
   cache at all, with play's state cache cold (the components cache warm, as after
   any earlier command), and with both warm.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REFEREE = [sys.executable, "-m", "referee"]


def timed(cmd: list[str], runs: int, prepare=None) -> float:
    """Median CPU seconds (user + system) of the whole child process.

    CPU time rather than wall time, so other load on a shared machine disturbs
    the comparison less; both sides of every ratio are measured the same way.
    ``prepare`` runs before each run, outside the measure.
    """
    times = []
    for _ in range(runs):
        if prepare is not None:
            prepare()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times)


def instructions(cmd: list[str]) -> int | None:
    """Instructions the whole process executes (valgrind's callgrind, about 50x slower)."""
    if shutil.which("valgrind") is None:
        return None
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
                          capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    return int(found.group(1)) if found else None


def long_game(moves: int) -> tuple[list[str], int]:
    """A 5-player Hawaii transcript cut after ``moves`` move and chance lines, a move due next.

    A whole Hawaii game has about 100 moves and 30 chance lines, so "a 150-move game"
    is read as 150 lines of play, the longest a game gets.

    Random play ends rounds early (it takes the order track as often as anything
    else); a patient player who takes the track only when nothing else is legal
    plays the long games a forum sees.
    """
    from hashlib import sha256

    from referee.core import registry
    from referee.core.game import CHANCE
    from referee.operations.newgame import new_game
    from referee.transcript.writer import render

    module = registry.get("hawaii")
    seed = "bench-150"
    tags, lines, state, table = new_game(module, ["RED", "YELLOW", "GREEN", "BLUE", "BLACK"], (), seed)
    rng = random.Random(int.from_bytes(sha256(seed.encode()).digest(), "big"))
    played = 0
    while state.current_player() is not None:
        if state.current_player() == CHANCE:
            drawn = table.deal()
            lines += drawn
            played += len(drawn)
            continue
        if played >= moves:
            break
        legal = list(state.legal_moves())
        patient = [m for m in legal if type(m).__name__ != "TakeOrder"] or legal
        move = rng.choice(patient)
        before = (list(lines), played)
        lines.append(table.move(move))
        played += 1
    if state.current_player() is None:       # the game ended first: stop before its last move
        lines, played = before
    return render(tags, lines).splitlines(keepends=True), played


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
    ap.add_argument("--instructions", action="store_true",
                    help="also count instructions under valgrind (a few minutes)")
    args = ap.parse_args()
    import referee
    # an installed package has its bytecode compiled by pip; a source tree may not
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(referee.__file__).parent)],
                   check=True, stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        corpus = folder / "hawaii"
        os.environ["REFEREE_CACHE_DIR"] = str(folder / "cache")     # private, not the user's
        subprocess.run([*REFEREE, "selfplay", "hawaii", "--players", "4", "--games", str(args.games),
                        "--seed", "1", "-o", str(corpus)], check=True, stdout=subprocess.DEVNULL)
        files = sorted(corpus.glob("*.txt"))
        moves = sum(move_lines(p) for p in files)
        # selfplay has read the component files into the cache, as any earlier command does
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
            if args.instructions:
                mine = instructions([sys.executable, "-m", "referee", "check", *map(str, files)])
                theirs = instructions([sys.executable, str(reader), str(pgn)])
                if mine and theirs:
                    print(f"instructions per move: referee {mine / moves / 1000:.0f}k "
                          f"({mine / 1e9:.2f} G in all), python-chess {theirs / plies / 1000:.0f}k "
                          f"({theirs / 1e9:.2f} G); ratio {theirs / plies / (mine / moves):.2f}")
                else:
                    print("valgrind not available: no instruction counts")
        except ImportError:
            print("python-chess not installed: pip install chess")

        kept, seen = long_game(150)
        short = folder / "game150.txt"
        short.write_text("".join(kept))
        nxt = subprocess.run([*REFEREE, "moves", str(short), "--limit", "1"], capture_output=True,
                             text=True).stdout.splitlines()
        move = next((line for line in nxt if line[:1].isalpha() and " to move" not in line), None)
        bare = timed([sys.executable, "-c", "pass"], args.runs)
        if move is None:
            print("no move is due at the end of the long game; skipping the start-up benchmark")
            return
        cmd = [*REFEREE, "play", str(short), move.strip(), "--dry-run"]
        print(f"python -c pass: {bare * 1000:.0f} ms CPU (median of {args.runs})")
        cache = folder / "cache"

        def forget_states() -> None:      # the replayed states sit at the top of the cache folder
            for entry in cache.glob("*.json"):
                entry.unlink()

        for label, env, prepare in (("no caches (REFEREE_NO_CACHE=1)", {"REFEREE_NO_CACHE": "1"}, None),
                                    ("state cache cold, components cached", {}, forget_states),
                                    ("state cache warm", {}, None)):
            os.environ.pop("REFEREE_NO_CACHE", None)
            os.environ.update(env)
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            play = timed(cmd, args.runs, prepare)
            print(f"referee play after {seen} lines of play, {label}: {play * 1000:.0f} ms CPU, "
                  f"{play / bare:.1f}x python -c pass (target <= 4x)")
            if args.instructions:
                if prepare is not None:
                    prepare()
                count = instructions(cmd)
                if count:
                    print(f"  instructions: {count / 1e6:.0f} M")
        if args.instructions:
            count = instructions([sys.executable, "-c", "pass"])
            if count:
                print(f"python -c pass instructions: {count / 1e6:.0f} M")


if __name__ == "__main__":
    main()
