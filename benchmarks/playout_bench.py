"""Random-playout speed of the rules engines, this tree against another commit.

    python benchmarks/playout_bench.py [--base COMMIT] [--games 20] [--runs 5]

Each run is a fresh process that plays GAMES random complete games of each game
(4-player Hawaii, 2-player Haleakala): every decision lists the legal moves, clones
the state as a search would, and applies a uniformly random move; every chance
draw is sampled with the true odds. The figure is plies (decisions plus draws)
per CPU second of that process. With --base, the engine of COMMIT (its
``referee`` and ``games`` folders, taken with ``git archive``) runs in alternate processes with
the same seeds, so both sides see the same load; the medians and the ratio of
this tree to the base are printed. Not a test.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = {"hawaii": ("RED", "YELLOW", "GREEN", "BLUE"), "haleakala": ("RED", "YELLOW")}


def playout(game: str, games: int, seed: int) -> dict:
    """Runs in the child: the tree to measure is first on sys.path."""
    from importlib import import_module

    from referee.core.game import CHANCE
    new_state = import_module(f"referee.{game}.rules.game").new_state
    new_state(GAMES[game])       # reads the component files, outside the measure
    plies = decisions = 0
    start = time.process_time()
    for g in range(games):
        rng = random.Random(seed + g)
        state = new_state(GAMES[game])
        while (who := state.current_player()) is not None:
            if who == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                moves = state.legal_moves()
                state.clone()
                decisions += 1
                state.apply(moves[rng.randrange(len(moves))])
            plies += 1
    return {"plies": plies, "decisions": decisions, "cpu": time.process_time() - start}


def child(tree: str, game: str, games: int, seed: int) -> dict:
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); sys.path.insert(1, sys.argv[2]);"
            "import referee, playout_bench as b;"
            "assert referee.__file__.startswith(sys.argv[1]), referee.__file__;"
            "print(json.dumps(b.playout(sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))))")
    out = subprocess.run([sys.executable, "-c", code, tree, str(ROOT / "benchmarks"), game,
                          str(games), str(seed)], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def export(commit: str, folder: Path) -> str:
    """The engine of ``commit`` (its package and its component files), unpacked under ``folder``."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "referee", "games"], check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(folder, filter="data")
    return str(folder)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", help="a commit whose engine runs beside this tree's")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--game", choices=sorted(GAMES), nargs="+", default=sorted(GAMES))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"this tree": str(ROOT)}
        if args.base:
            trees[args.base] = export(args.base, Path(tmp))
        for tree in trees.values():     # compile once, outside the measure
            subprocess.run([sys.executable, "-m", "compileall", "-q", f"{tree}/referee"], check=True,
                           stdout=subprocess.DEVNULL)
        print(f"{'game':<10} {'engine':<12} {'plies/s':>9} {'decisions/s':>11}   "
              f"(median of {args.runs} processes x {args.games} games)")
        for game in args.game:
            rates: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
            for r in range(args.runs):
                for name, tree in trees.items():
                    got = child(tree, game, args.games, 1000 * r)
                    rates[name].append((got["plies"] / got["cpu"], got["decisions"] / got["cpu"]))
            medians = {name: statistics.median(p for p, _ in rs) for name, rs in rates.items()}
            for name, rs in rates.items():
                print(f"{game:<10} {name[:12]:<12} {medians[name]:>9.0f} "
                      f"{statistics.median(c for _, c in rs):>11.0f}")
            if args.base:
                print(f"{game:<10} ratio this tree / {args.base[:12]}: "
                      f"{medians['this tree'] / medians[args.base]:.2f}")


if __name__ == "__main__":
    main()
