"""A chief's realm: villages in rows, kahuna and tiki spaces, boats (H-R8, H-R9).

Placement legality lives here because buying, island rewards, invariants and
position loading all need the same answer to "where may this tile go?".
"""
from __future__ import annotations

from dataclasses import dataclass, field

from referee.hawaii.data.model import HawaiiComponents

START_HUT = "start-hut"
FISHING_BOAT = "fishing-boat"


@dataclass
class Boat:
    name: str          # fishing-boat, boat1, boat2, ... in the order acquired
    side: int          # 0 for the fishing boat, else 1 or 2
    used: bool = False


@dataclass
class Realm:
    villages: list[list[tuple[str, int]]]     # rows of (kind, side); the start hut has side 0
    kahunas: int = 0
    tikis: int = 0
    boats: list[Boat] = field(default_factory=list)
    # answers derived from the villages, forgotten when a tile is added
    _memo: dict = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def new(cls, comps: HawaiiComponents) -> "Realm":
        rows: list[list[tuple[str, int]]] = [[] for _ in range(comps.realm.villages)]
        if comps.realm.start_hut:
            rows[0].append((START_HUT, 0))
        return cls(rows, boats=[Boat(FISHING_BOAT, 0)])

    def clone(self) -> "Realm":
        # the derived answers hold for the copy too: they depend on the villages alone
        return Realm([list(r) for r in self.villages], self.kahunas, self.tikis,
                     [Boat(b.name, b.side, b.used) for b in self.boats], dict(self._memo))

    # --- answers derived from the villages ----------------------------------------

    def derived(self, name, compute, *args):
        """``compute(self, *args)``, remembered until a tile joins the villages.

        The rules ask the same questions of a realm many times between two
        purchases, so tiles must join through :meth:`add_to_village`. A realm
        belongs to one game's components, so answers that read them need not
        be keyed by them.
        """
        found = self._memo.get(name)
        if found is None:
            found = self._memo[name] = compute(self, *args)
        return found

    # --- what the realm holds -------------------------------------------------

    def tiles(self) -> list[tuple[str, int]]:
        """Every (kind, side) in the villages, the start hut excluded."""
        return self.derived("tiles", _tiles)

    def sides_of(self, kind: str) -> list[int]:
        return [s for k, s in self.tiles() if k == kind]

    def boat_tiles(self) -> list[Boat]:
        return [b for b in self.boats if b.side]

    def next_boat_name(self) -> str:
        return f"boat{len(self.boat_tiles()) + 1}"

    def boat(self, name: str) -> Boat | None:
        for b in self.boats:
            if b.name == name:
                return b
        return None

    # --- where a tile may go (H-R8) -------------------------------------------

    def villages_for(self, kind: str, comps: HawaiiComponents, *,
                     skip_rows: bool = False) -> tuple[int, ...]:
        """Rows (1-based) that may take one ``kind`` tile now; () if none."""
        return self.derived((kind, skip_rows), Realm._villages_for, kind, comps, skip_rows)

    def _villages_for(self, kind: str, comps: HawaiiComponents, skip_rows: bool) -> tuple[int, ...]:
        """One pass over the rows: a purchase asks this once per tile joining the realm."""
        may_start = comps.tiles[kind].starts_village     # an empty village may be begun
        gods = comps.gods
        is_god = kind in gods
        out = []
        for i, row in enumerate(self.villages, 1):
            if not row:
                if may_start:
                    out.append(i)
                    may_start = skip_rows    # only the first empty village, unless rows may be skipped
                continue
            kinds = dict(row)                # kind -> side
            if kind in kinds:
                if is_god:
                    return ()                # a god stands once in the whole realm
                continue
            if is_god and not gods.isdisjoint(kinds):
                continue                     # one god per village
            out.append(i)
        return tuple(out)

    def free_kahuna_spaces(self, comps: HawaiiComponents) -> int:
        return len(comps.realm.kahuna_points) - self.kahunas

    def free_tiki_spaces(self, comps: HawaiiComponents) -> int:
        return len(comps.realm.tiki_columns) - self.tikis

    # --- placing (bonuses are returned, the caller pays them out) ---------------

    def add_kahunas(self, n: int, comps: HawaiiComponents) -> int:
        shells = sum(comps.realm.kahuna_shells[self.kahunas:self.kahunas + n])
        self.kahunas += n
        return shells

    def add_tikis(self, n: int, comps: HawaiiComponents) -> int:
        feet = sum(comps.realm.tiki_feet[self.tikis:self.tikis + n])
        self.tikis += n
        return feet

    def add_to_village(self, kind: str, side: int, village: int) -> None:
        self.villages[village - 1].append((kind, side))
        self._memo = {}

    def add_boat(self, side: int) -> str:
        name = self.next_boat_name()
        self.boats.append(Boat(name, side))
        return name

    # --- final scoring geometry (H-R19) ------------------------------------------

    def tiki_columns(self, comps: HawaiiComponents) -> list[int]:
        cols = list(comps.realm.tiki_columns[:self.tikis])
        if comps.realm.printed_tiki_column is not None:
            cols.append(comps.realm.printed_tiki_column)
        return cols

    def kept_villages(self, comps: HawaiiComponents) -> list[bool]:
        """A village of length L is kept when some tiki stands over a column 1..L."""
        cols = self.tiki_columns(comps)
        reach = min(cols) if cols else None
        return [bool(row) and reach is not None and len(row) >= reach for row in self.villages]

    def legality_problems(self, comps: HawaiiComponents, *, skip_rows: bool = False) -> list[str]:
        """Why this realm could not arise under H-R8 (empty when it could)."""
        problems = []
        seen_empty = False
        gods_seen: set[str] = set()
        for i, row in enumerate(self.villages, start=1):
            kinds = [k for k, _ in row]
            if not row:
                seen_empty = True
                continue
            if seen_empty and not skip_rows:
                problems.append(f"village {i} started after an empty village")
            if len(set(kinds)) != len(kinds):
                problems.append(f"village {i} holds two tiles of one kind")
            first = kinds[0]
            if first != START_HUT and not comps.tiles[first].starts_village:
                problems.append(f"village {i} starts with {first}, not a hut")
            if START_HUT in kinds and (i != 1 or kinds.index(START_HUT) != 0):
                problems.append(f"the printed start hut is misplaced in village {i}")
            gods = [k for k in kinds if k != START_HUT and comps.tiles[k].family == "god"]
            if len(gods) > 1:
                problems.append(f"village {i} holds more than one god")
            for g in gods:
                if g in gods_seen:
                    problems.append(f"god {g} appears twice in the realm")
                gods_seen.add(g)
            for k in kinds:
                if k != START_HUT and comps.tiles[k].family in ("boat", "kahuna", "tiki"):
                    problems.append(f"{k} cannot stand in a village")
        if comps.realm.start_hut and (not self.villages[0] or self.villages[0][0][0] != START_HUT):
            problems.append("village 1 lacks the printed start hut")
        if not 0 <= self.kahunas <= len(comps.realm.kahuna_points):
            problems.append(f"{self.kahunas} kahunas do not fit the kahuna spaces")
        if not 0 <= self.tikis <= len(comps.realm.tiki_columns):
            problems.append(f"{self.tikis} tikis do not fit the tiki spaces")
        if not self.boats or self.boats[0].name != FISHING_BOAT:
            problems.append("the fishing boat is missing")
        return problems


def _tiles(realm: Realm) -> list[tuple[str, int]]:
    return [tile for row in realm.villages for tile in row if tile[0] != START_HUT]
