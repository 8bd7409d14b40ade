"""The Haleakala component data as the rules engine sees it.

Built by :mod:`referee.haleakala.data.components` from ``games/haleakala.yaml``; every
number the rules need comes from here, never from code, so a group that reads
the printed cards can correct the data without touching the engine.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from referee.core.provenance import Provenance  # noqa: F401 (re-export)

DECK_ORDER = ("one", "two", "three")   # refills draw from the first non-empty deck
KEPT_KINDS = ("shell", "beach")
CARD_KINDS = ("statue", "priestess", "shell", "beach", "lava")
SCORE_KINDS = ("per-butterfly", "majority-per-ring", "per-complete-section", "per-statue")


@dataclass(frozen=True)
class CardFace:
    name: str
    kind: str
    baskets: int = 0
    butterflies: int = 0
    pearl: str | None = None     # white, black
    nautilus: int = 0

    @property
    def kept(self) -> bool:
        return self.kind in KEPT_KINDS


@dataclass(frozen=True)
class ScoreCardSpec:
    name: str
    scores: str
    points: int
    cost: int
    ring: str | None = None


@dataclass(frozen=True, eq=False)
class HaleakalaComponents:
    """Compared and hashed by identity: one loaded file, many states share it."""
    seats: tuple[str, ...]
    sections: int
    rings: tuple[str, ...]
    shaman_rings: tuple[str, ...]
    statue_rings: tuple[str, ...]
    slots_per_section: int
    huts: dict[str, int]
    jetty: int
    along_section: bool
    around_ring: bool
    max_steps: int
    max_uphill: int
    priestess_reach: int
    statues_per_player: int
    number_discs: tuple[int, ...]
    invocation_discs: int
    lava_discs: int
    lava_flow: tuple[tuple[str, ...], ...]   # index = lava discs on a crater - 1
    total_cards: int
    first_player_cards: int
    faces: dict[str, CardFace]
    decks: dict[str, dict[str, int]]         # deck -> face -> count
    dealt_at_setup: int
    score_cards: dict[str, ScoreCardSpec]
    priestess_cost: int
    statue_points: dict[str, int]
    baskets_majority: int
    pearl_white: int
    pearl_black: int
    pearl_pair: int
    nautilus_points: int
    shell_left_points: int
    path: str = ""
    sha256: str = ""
    provenance: tuple[Provenance, ...] = field(default=(), compare=False)

    def face_totals(self) -> dict[str, int]:
        """How many cards of each face exist in the whole game."""
        return dict(self._face_totals)

    @cached_property
    def _face_totals(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for deck in self.decks.values():
            for face, n in deck.items():
                out[face] = out.get(face, 0) + n
        return out

    def lava_faces(self) -> frozenset[str]:
        return self._lava_faces

    @cached_property
    def _lava_faces(self) -> frozenset[str]:
        return frozenset(n for n, f in self.faces.items() if f.kind == "lava")

    def unverified(self) -> list[Provenance]:
        return [p for p in self.provenance if p.status == "unverified"]

    @property
    def digest(self) -> str:
        name = self.path.rsplit("/", 1)[-1] if self.path else "haleakala.yaml"
        return f"{name} sha256:{self.sha256}"
