"""The Hawaii component data as the rules engine sees it.

Built by :mod:`referee.hawaii.data.components` from ``games/hawaii.yaml``; every
number the rules need comes from here, never from code. Tile effects are
pairs ``(side I, side II)``; None means the tile has no such effect.
The records are NamedTuples rather than frozen dataclasses: every command
builds these classes at start-up, and creating a frozen dataclass is many times
slower, enough to be felt in a command as short as ``play``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from referee.core.provenance import Provenance  # noqa: F401 (re-export)
from referee.hawaii.data.token import Token

Pair = tuple[int, int]


class TileSpec(NamedTuple):
    kind: str
    count: int
    family: str            # hut, village, fruit, god, boat, kahuna, tiki
    starts_village: bool = False
    income_shells: Pair | None = None
    income_feet: Pair | None = None
    income_fruits: Pair | None = None
    income_choice: Pair | None = None      # irrigation II: 1 shell/foot/fruit
    spear_points: Pair | None = None
    exchange: Pair | None = None
    final_points: Pair | None = None       # long hut II
    per_tile_points: Pair | None = None    # hula
    fruits_shown: Pair | None = None       # fruit tiles (LAKA)
    per_fruit_points: Pair | None = None   # LAKA
    per_boat_points: Pair | None = None    # KANALOA
    threshold_reduction: Pair | None = None  # surfer
    threshold_bonus: Pair | None = None    # LONO
    move_cap: Pair | None = None           # PELE
    capacity: Pair | None = None           # boat: paid feet it holds
    printed_feet: Pair | None = None       # boat II's printed foot
    tiki_cost: int | None = None           # KANE: resources for the extra tiki
    aliases: tuple[str, ...] = ()


class PlaceSpec(NamedTuple):
    id: str
    sells: dict[str, int]   # tile kind -> tiles on the place at setup
    circles: int            # purchase circles, the printed one included
    limit: int              # the number printed on the last circle
    name: str = ""


class RoundSpec(NamedTuple):
    threshold: int
    points: tuple[int, int, int]   # first, second, the rest who reach the threshold
    income_shells: int             # paid after this round (0 after round 5)
    income_feet: int


class DockSpec(NamedTuple):
    feet: int
    points: int


class IslandSpec(NamedTuple):
    id: str
    count: int
    reward: str            # points, tile, any-fruit, kahunas, tikis, fruits
    amount: int = 0        # points, tiles or fruits given
    tile: str | None = None


class RealmSpec(NamedTuple):
    villages: int                       # rows
    kahuna_points: tuple[int, ...]      # per kahuna space, top to bottom
    kahuna_shells: tuple[int, ...]      # shells printed on each kahuna space
    tiki_columns: tuple[int, ...]       # column under each tiki space, in fill order
    tiki_feet: tuple[int, ...]          # feet printed on each tiki space, in fill order
    printed_tiki_column: int | None     # the pre-printed tiki, None if absent
    start_hut: bool                     # printed hut at row 1, column 1
    fishing_boat_capacity: int


@dataclass(frozen=True)
class HawaiiComponents:
    places: tuple[PlaceSpec, ...]
    positions: tuple[str, ...]                 # board coordinates in layout order
    adjacency: dict[str, frozenset[str]]       # coordinate -> neighbouring coordinates
    beach_adjacent: frozenset[str]
    tokens: tuple[Token, ...]                  # the 25 price tokens
    token_fish: dict[Token, int]               # the fish on each token's other side (H-R10)
    rounds: tuple[RoundSpec, ...]
    docks: tuple[DockSpec, ...]
    islands: tuple[IslandSpec, ...]
    tiles: dict[str, TileSpec]
    realm: RealmSpec
    irrigation_points: tuple[int, ...]         # index = fruit tiles in the village
    start_shells: int
    start_feet: int
    start_fruits: tuple[int, ...]              # by order-track space 1..5
    last_round_order_bonus: int                # H-R16, order space 1 after round 5
    path: str = ""
    sha256: str = ""
    provenance: tuple[Provenance, ...] = field(default=(), compare=False)
    # lookups the rules make on every move, built once from the fields above
    gods: frozenset[str] = field(init=False, repr=False, compare=False)
    # kind -> income (shells, feet, fruits) on side I and on side II, for kinds that give any
    tile_income: dict[str, tuple[tuple[int, int, int], ...]] = field(init=False, repr=False,
                                                                    compare=False)
    _place_by_id: dict[str, PlaceSpec] = field(init=False, repr=False, compare=False)
    _seller_of: dict[str, PlaceSpec] = field(init=False, repr=False, compare=False)
    _island_by_id: dict[str, IslandSpec] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        built = {
            "gods": frozenset(k for k, t in self.tiles.items() if t.family == "god"),
            "tile_income": {k: _income(t) for k, t in self.tiles.items()
                            if t.income_shells or t.income_feet or t.income_fruits},
            "_place_by_id": _first_by(self.places, lambda p: [p.id]),
            "_seller_of": _first_by(self.places, lambda p: p.sells),
            "_island_by_id": _first_by(self.islands, lambda i: [i.id]),
        }
        for name, value in built.items():
            object.__setattr__(self, name, value)

    def place(self, place_id: str) -> PlaceSpec:
        try:
            return self._place_by_id[place_id]
        except (KeyError, TypeError):
            raise KeyError(place_id) from None

    def seller(self, kind: str) -> PlaceSpec | None:
        return self._seller_of.get(kind)

    def island(self, island_id: str) -> IslandSpec:
        try:
            return self._island_by_id[island_id]
        except (KeyError, TypeError):
            raise KeyError(island_id) from None

    def fish(self, token: Token) -> int:
        """What ``token`` counts as a fish token (H-R10); 0 for a token the file lacks
        (a position naming one is refused before it gets here)."""
        return self.token_fish.get(token, 0)

    def unverified(self) -> list[Provenance]:
        return [p for p in self.provenance if p.status == "unverified"]


def _income(t: TileSpec) -> tuple[tuple[int, int, int], ...]:
    pairs = (t.income_shells, t.income_feet, t.income_fruits)
    return tuple(tuple(pair[side] if pair else 0 for pair in pairs) for side in (0, 1))


def _first_by(items, keys_of) -> dict:
    """Each key mapped to the first item that has it (the order a linear search finds)."""
    out: dict = {}
    for item in items:
        for key in keys_of(item):
            out.setdefault(key, item)
    return out
