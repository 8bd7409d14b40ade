"""Haleakala moves: what a seat (or chance) can do, as frozen values.

These are the contract between the rules engine and the notation. A move spells
out every choice that changes the outcome (disc, beach, shaman destination,
invocation disc, card face, lava route), so the engine never guesses. Sections
are numbers 1-6; spaces are names like ``forest3`` (K-R1).
"""
from __future__ import annotations

from dataclasses import dataclass

from referee.core.game import ChanceMove


# --- actions (K-R4) ----------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlaceDisc:
    """Place number disc ``value`` on the beach of ``section``.

    Away from the boat the shaman may then move: ``shaman`` is its destination
    space, None to stay. On the boat's beach the boat sails ``value`` sections and
    ``shaman`` must be None; ``invocation`` adds the invocation disc (K-R11).
    """
    seat: str
    value: int
    section: int
    shaman: str | None = None
    invocation: bool = False


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Take number disc ``value`` back from the beach of ``section``, then move the shaman."""
    seat: str
    value: int
    section: int
    shaman: str | None = None


@dataclass(frozen=True, slots=True)
class Sail:
    """Move the boat one section: only with no number disc in reserve (K-R4)."""
    seat: str


# --- decisions ---------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PickCard:
    """Choose one card (by face) from the landing section's slots (K-R5)."""
    seat: str
    card: str


@dataclass(frozen=True, slots=True)
class PriestessMove:
    """Move one lava disc from crater ``src`` to the neighbouring crater ``dst``;
    both None for ``none`` (K-R6)."""
    seat: str
    src: int | None = None
    dst: int | None = None

    @property
    def is_none(self) -> bool:
        return self.src is None


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy a score card, or ``priestess`` (after a shell card only), with shell cards (K-R7, K-R8)."""
    seat: str
    card: str


@dataclass(frozen=True, slots=True)
class BuyNothing:
    """Decline the purchase offered after a shell card or before a scoring."""
    seat: str


PlayerMove = PlaceDisc | TakeBack | Sail | PickCard | PriestessMove | Buy | BuyNothing


# --- chance moves ------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class FirstPlayerDrawn(ChanceMove):
    """Setup: ``seat`` receives the first-player card (K-R1)."""
    seat: str


@dataclass(frozen=True, slots=True)
class CardDrawn(ChanceMove):
    """The next card drawn from the active palm deck (one-palm, then two, then three).

    At setup it fills the next empty slot (sections 1-6, two slots each); on a
    refill the next empty slot from the landing section on. A lava card puts a
    lava disc on the crater of that section and is discarded (K-R5).
    """
    card: str
