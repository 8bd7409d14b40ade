"""The free reader's answer time on the richest Hawaii position random games reach.

    python benchmarks/reading_bench.py [--games 40] [--runs 21] [--players 5]

Finds the position as benchmarks/builder_bench.py does (the most legal moves of GAMES
random games), then times ``referee.core.free_reader.read_line`` (what ``play_text`` runs
for a line the notation cannot read) on a line it reads, a line it answers with
candidates and a line no move fits: median wall and CPU time over RUNS calls each, in
this warm process, and the first call (CPU time is what a busy machine disturbs least).
Each line is read twice: with the words of every language (what the referee does) and,
as a baseline, with the English words only, so the cost of the other languages shows in
the same run. Recorded in docs/performance.md.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from builder_bench import richest_from_arguments  # noqa: E402
from referee.core.free_reader import read_free, read_line  # noqa: E402
from referee.hawaii.text import free_words  # noqa: E402
from referee.errors import RefereeError  # noqa: E402


def lines_for(module, state) -> dict[str, str]:
    """A line naming one legal purchase in words, one naming a tile only, one naming
    a token no place holds."""
    move = next(m for m in state.legal_moves() if type(m).__name__ == "Buy"
                and m.village is not None and m.kane_tiki is None
                and str(m.move_payment) == f"{m.move_payment.feet} feet"
                and m.tile_payment.shells == m.tile_payment.total)
    side = "II" if move.side == 2 else "I"
    return {"reads": f"I buy the {move.tile} {side} at {move.place} with the {move.token} "
                     f"to village {move.village}",
            "candidates": f"buy a {move.tile}",
            "no move": "buy a tiki with the 9",
            "French": f"j'achète le {move.tile} {side} en {move.place} avec le {move.token} "
                      f"dans le village {move.village}"}


def read_english(module, line: str, state):
    """The baseline: the same reading with the English words only."""
    moves = list(state.legal_moves())
    return read_free(line, state.current_player(), moves,
                     free_words.hear(line, state, ("en",)), module.move_facts(moves, state),
                     lambda m: module.format_move(m, state))


def timed(read, module, state, line: str, runs: int) -> tuple[list, list, str]:
    times, cpu, answer = [], [], ""
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        try:
            answer = module.format_move(read(module, line, state), state)
        except RefereeError as err:
            answer = f"{err.code}: {err.reason[:60]}"
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return times, cpu, answer


def main() -> None:
    args, module, state = richest_from_arguments(__doc__)
    for what, line in lines_for(module, state).items():
        times, cpu, answer = timed(read_line, module, state, line, args.runs)
        _, english, _ = timed(read_english, module, state, line, args.runs)
        print(f"  {what}: '{line}': median {statistics.median(times):.1f} ms wall, "
              f"{statistics.median(cpu):.1f} ms CPU (English words only: "
              f"{statistics.median(english):.1f} ms CPU; wall min {min(times):.1f}, max "
              f"{max(times):.1f}; the first call {times[0]:.1f})")
        print(f"    -> {answer}")

if __name__ == "__main__":
    main()
