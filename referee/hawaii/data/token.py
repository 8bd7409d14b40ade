"""The price token, a component: the engine, the data file and the notation all name it.

It lives with the data because the component file lists the 25 tokens; the moves
that take one import it from here.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple


class Token(NamedTuple):
    """A price token: value 2..6, ``spear`` when it shows crossed spears.

    Tuple order makes a spear token rank above a plain one of equal value
    (the order-track rule of the setup).
    """
    value: int
    spear: bool = False

    def __str__(self) -> str:
        return f"{self.value}{'s' if self.spear else ''}"

    @staticmethod
    def parse(text: str) -> "Token":
        return _parse_token(text)


@lru_cache(maxsize=256)
def _parse_token(text: str) -> Token:
    """Tokens are read by the thousand (every chance line names 20 or more)."""
    text = text.strip().lower()
    spear = text.endswith("s")
    return Token(int(text[:-1] if spear else text), spear)
