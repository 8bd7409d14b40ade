"""The move builder's cost over ordinary Hawaii positions, the part of a hosted move mail
it is: a mail to the seat to move lists the legal moves with their paths (``move_rows``),
asks the first step (``next_step``) and three example lines (``example_lines``), and a
mailed ``moves ...`` line is first read as builder choices (``read_choices``).

    python benchmarks/rows_bench.py [--positions 300] [--rounds 5] [--against REF]

Plays seeded random 3-player Hawaii games and keeps POSITIONS positions where a seat
is to move (mid-game ones with at least 20 legal moves, a few rich ones), then times
each piece once a position, each on a fresh copy of it, so that what a piece remembers
of a position's moves does not serve the next piece (the caches of labels and paths a
process keeps stay warm, as in a service). ``move_rows`` is also split into listing the
legal moves and making their paths. Each round runs in a child process; with
``--against REF`` (a git revision) the rounds alternate between this tree and REF's
``referee`` package (from ``git archive``), so a busy spell of the shared machine falls
on both alike. Per position the median over the rounds, then over positions the median
and the total (CPU time, ``process_time``).
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PIECES = ("legal_moves", "paths", "move_rows", "next_step", "example_lines", "read_choices")
RICH = 1000          # legal moves that make a position rich
MAX_RICH = 8


def positions(count: int, seed: int = 7):
    """(module, [(state, words of a legal move's line after its verb)])."""
    from referee.core import CHANCE, registry
    from referee.operations import legal_lines
    module = registry.get("hawaii")
    rng = random.Random(seed)
    out, rich = [], 0
    while len(out) < count:
        state = module.new_state(list(module.seats[:3]))
        decision = 0
        while (who := state.current_player()) is not None and len(out) < count:
            if who == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            moves = state.legal_moves()
            big = len(moves) >= RICH
            decision += 1
            # a random game has about 65 decisions; random play often leaves a seat
            # little to choose, which a player's game does not
            middle = 5 <= decision <= 50 and len(moves) >= 20
            if middle and rng.random() < 0.2 and (not big or rich < MAX_RICH):
                rich += big
                _, lines, _ = legal_lines(module, state)
                out.append((state.clone(), rng.choice(lines).split()[2:]))
            state.apply(rng.choice(moves))
    return module, out


def measure(count: int) -> dict:
    """Each piece's CPU milliseconds at each position, one call each."""
    from referee.operations import example_lines, move_rows, next_step
    from referee.service.hosted.steps import read_choices
    module, found = positions(count)
    clock = time.process_time
    times: dict[str, list[float]] = {k: [] for k in PIECES}
    state, words = found[0]     # once untimed: the first call imports the text modules
    read_choices(module, state.clone(), words)
    example_lines(module, state.clone(), 3)
    for state, words in found:
        s = state.clone()
        t0 = clock()
        listed = s.legal_moves()
        moves = list(listed)
        t1 = clock()
        if hasattr(module, "move_paths"):       # from the lazy list, as move_rows does
            list(map(tuple, module.move_paths(listed, s)))
        else:                               # before the paths were made all at once
            [tuple(module.move_path(m, s)) for m in moves]
        t2 = clock()
        s = state.clone()
        t3 = clock()
        rows = move_rows(module, s)
        t4 = clock()
        next_step(module, s, rows=rows)
        t5 = clock()
        example_lines(module, s, 3, rows=rows)
        t6 = clock()
        s = state.clone()
        t7 = clock()
        read_choices(module, s, words)
        t8 = clock()
        for key, ms in zip(PIECES, (t1 - t0, t2 - t1, t4 - t3, t5 - t4, t6 - t5, t8 - t7)):
            times[key].append(ms * 1000)
    times["moves"] = [len(state.legal_moves()) for state, _ in found]
    times["referee"] = sys.modules["referee"].__file__
    return times


def child(tree: Path, count: int) -> dict:
    code = (f"import sys, json; sys.path[:0] = [{str(tree)!r}, {str(ROOT / 'benchmarks')!r}];"
            f"import rows_bench; print(json.dumps(rows_bench.measure({count})))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tempfile.gettempdir())
    if done.returncode:
        sys.exit(done.stderr)
    return json.loads(done.stdout)


def summary(runs: list[dict]) -> dict:
    """Per piece: (median over positions, total over positions) of per-position medians."""
    out = {}
    for key in PIECES:
        per = [statistics.median(r[key][i] for r in runs) for i in range(len(runs[0][key]))]
        out[key] = (statistics.median(per), sum(per))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--against", help="a git revision to time alongside this tree")
    args = ap.parse_args()
    trees = {"this tree": ROOT}
    with tempfile.TemporaryDirectory() as tmp:
        if args.against:
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.against,
                                      "referee", "games"], capture_output=True, check=True).stdout
            subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
            trees = {args.against: Path(tmp), "this tree": ROOT}
        runs: dict[str, list[dict]] = {name: [] for name in trees}
        for _ in range(args.rounds):
            for name, tree in trees.items():
                runs[name].append(child(tree, args.positions))
    for name, r in runs.items():
        print(f"{name}: {r[0]['referee']}")
    first = next(iter(runs.values()))[0]
    moves = first["moves"]
    print(f"{len(moves)} positions, legal moves: median {statistics.median(moves)}, "
          f"max {max(moves)}; {args.rounds} rounds, CPU ms")
    sums = {name: summary(r) for name, r in runs.items()}
    print(f"{'piece':<14}" + "".join(f"{name + ' median':>22}{'total':>10}" for name in sums))
    for key in PIECES:
        print(f"{key:<14}"
              + "".join(f"{s[key][0]:>22.3f}{s[key][1]:>10.1f}" for s in sums.values()))


if __name__ == "__main__":
    main()
