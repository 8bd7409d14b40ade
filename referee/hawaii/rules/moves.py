"""Hawaii moves: what a seat (or chance) can do, as frozen values.

These are the contract between the rules engine and the notation. A move
spells out every choice that changes the outcome (token, side, village,
payment mix, boats), so the engine never guesses; the notation fills in
what the player left out when only one reading is legal.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import NamedTuple

from referee.core.game import ChanceMove
from referee.hawaii.data.token import Token  # noqa: F401 (moves name tokens)


class Payment(NamedTuple):
    """Resources handed to the supply for one payment."""
    shells: int = 0
    feet: int = 0
    fruits: int = 0

    @property
    def total(self) -> int:
        return self.shells + self.feet + self.fruits

    def __str__(self) -> str:
        parts = []
        for n, one, many in ((self.shells, "shell", "shells"), (self.feet, "foot", "feet"),
                             (self.fruits, "fruit", "fruits")):
            if n:
                parts.append(f"{n} {one if n == 1 else many}")
        return " ".join(parts) or "nothing"



# --- player moves -----------------------------------------------------------

@dataclass(frozen=True)
class Buy:
    """Move to (or stay at) ``place`` and buy one tile there.

    ``side`` is 1 or 2 (for kahuna and tiki: how many). ``village`` is the
    row (1-5) for village tiles, None for boats, kahunas and tikis.
    ``kane_tiki`` is the payment for KANE's extra tiki (H-R15), if taken.
    """
    seat: str
    place: str
    tile: str
    side: int
    token: Token
    village: int | None
    move_payment: Payment
    tile_payment: Payment
    kane_tiki: Payment | None = None


@dataclass(frozen=True)
class Fish:
    """Go to the cove and take these fish tokens, highest first (H-R10).

    Each counts its fish at the round end (``HawaiiComponents.fish``), not its price."""
    seat: str
    fish: tuple[Token, ...]
    boats: tuple[str, ...]
    payment: Payment


@dataclass(frozen=True, slots=True)
class Visit:
    """Sail to the island at ``dock`` (H-R12).

    ``fruit`` names the fruit tile taken from an any-fruit island; ``village``
    where a tile reward goes. Both None when the reward is not a village tile
    (or cannot be placed: then only the dock points score).
    """
    seat: str
    dock: int
    boats: tuple[str, ...]
    payment: Payment
    fruit: str | None = None
    village: int | None = None


@dataclass(frozen=True, slots=True)
class TakeOrder:
    """Take space ``space`` of the order track, ending the seat's round (H-R13)."""
    seat: str
    space: int


@dataclass(frozen=True, slots=True)
class ChooseIncome:
    """Irrigation II income: one of shell/foot/fruit per irrigation II owned (H-R17)."""
    seat: str
    choices: tuple[str, ...]


PlayerMove = Buy | Fish | Visit | TakeOrder | ChooseIncome


def fast_constructor(cls):
    """Build instances of a frozen dataclass from positional values without its
    per-field ``object.__setattr__`` calls: legal-move generation makes
    thousands of moves per game. Only for values already known to be well-formed
    (the engine's own enumeration). The function is written out field by field, as
    ``dataclasses`` writes ``__init__``: a store per field is the cheapest way
    Python has to fill an object, and a rich position makes thousands of moves."""
    names = [f.name for f in fields(cls)]
    stores = "".join(f"\n    d[{name!r}] = {name}" for name in names)
    scope = {"new": object.__new__, "cls": cls}
    exec(f"def make({', '.join(names)}):\n    obj = new(cls)\n    d = obj.__dict__{stores}\n"
         "    return obj", scope)
    return scope["make"]


# --- chance moves ------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlaceDrawn(ChanceMove):
    """Setup: the next board position (A1, B1, A2, ...) gets place ``place_id``."""
    place_id: str


@dataclass(frozen=True, slots=True)
class OrderDrawn(ChanceMove):
    """Setup: the next order-track space (1, 2, ...) goes to ``seat``."""
    seat: str


@dataclass(frozen=True, slots=True)
class IslandDrawn(ChanceMove):
    """An island is drawn from the face-down stack onto the next empty dock."""
    island_id: str


@dataclass(frozen=True, slots=True)
class TokenDrawn(ChanceMove):
    """A price token is drawn from the bag for the next circle or track space."""
    token: Token
