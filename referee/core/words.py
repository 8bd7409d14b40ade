"""Counted words in messages: ``1 tiki``, ``2 tikis``, ``1 foot``. Every layer says
numbers to people, so this sits at the bottom, where every layer may import it."""
from __future__ import annotations

_SINGULAR = {"feet": "foot", "tikis": "tiki", "kahunas": "kahuna", "shells": "shell",
             "fruits": "fruit", "points": "point", "statues": "statue", "discs": "disc",
             "moves": "move", "errors": "error", "lines": "line", "draws": "draw",
             "files": "file", "cards": "card", "tokens": "token", "boats": "boat",
             "lava discs": "lava disc", "paid feet": "paid foot"}


def plural(n: int, word: str) -> str:
    """``plural(1, "tikis")`` -> ``1 tiki``; the word is given in its plural form."""
    one = _SINGULAR.get(word, word[:-1] if word.endswith("s") else word)
    return f"{n} {one if abs(n) == 1 else word}"
