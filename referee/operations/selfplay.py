"""Whole games of random legal moves: corpora for benchmarks, fuzzing, statistics.

Game ``k`` of a run with seed ``S`` gets the seed ``S-k``: its chance lines come
from that seed exactly as ``play`` would draw them, so every transcript can be
continued or re-derived, and its moves come from a generator seeded the same way.
"""
from __future__ import annotations

import random
from hashlib import sha256

from referee.core.game import CHANCE
from referee.operations.newgame import new_game
from referee.transcript.writer import format_result, render


def play_game(module, players, rules=(), seed: str = "0", max_steps: int = 100_000) -> str:
    """The full transcript text of one random game."""
    tags, lines, state, table = new_game(module, players, rules, seed)
    rng = random.Random(int.from_bytes(sha256(f"{seed}:moves".encode()).digest(), "big"))
    for _ in range(max_steps):
        who = state.current_player()
        if who is None:
            break
        if who == CHANCE:
            lines += table.deal()
            continue
        lines.append(table.move(rng.choice(state.legal_moves())))
    else:
        raise RuntimeError(f"game with seed {seed} did not end in {max_steps} steps")
    outcome = state.outcome()
    if outcome is not None:
        tags.append(("Result", format_result(outcome)))
    return render(tags, lines)
