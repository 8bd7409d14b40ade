"""The line the referee writes for a move: the game's canonical text with its seat first.
Apart from the replay so that control items, listings and new games can write it too."""
from __future__ import annotations


def canonical_move(module, move, state, seat: str) -> str:
    line = module.format_move(move, state).strip()
    first = line.split(None, 1)[0] if line else ""
    return line if first.upper() == seat else f"{seat} {line}"
