"""Boat trips for fishing and island visits (H-R10, H-R11).

A trip of cost C feet uses unused boats. Each boat II carries a printed foot
that counts as paid; the other C - printed feet are paid and must fit the
boats' spaces. Every boat that sails carries at least one paid foot or fruit
(the printed foot alone does not launch a boat II, and an empty boat does
not sail: referee ruling, docs/rulings.md).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from referee.hawaii.data.model import HawaiiComponents
from referee.hawaii.rules.realm import Boat

BoatSpec = tuple[str, int, int, int]     # name, side, paid spaces, printed feet


def capacity(boat: Boat, comps: HawaiiComponents) -> int:
    if boat.side == 0:
        return comps.realm.fishing_boat_capacity
    return comps.tiles["boat"].capacity[boat.side - 1]


def printed(boat: Boat, comps: HawaiiComponents) -> int:
    if boat.side == 0:
        return 0
    return comps.tiles["boat"].printed_feet[boat.side - 1]


def spec(boat: Boat, comps: HawaiiComponents) -> BoatSpec:
    return boat.name, boat.side, capacity(boat, comps), printed(boat, comps)


def _paid(cost: int, chosen: tuple[BoatSpec, ...]) -> int | None:
    paid, room = cost, 0
    for _, _, spaces, printed_feet in chosen:
        paid -= printed_feet
        room += spaces
    if paid < len(chosen) or paid > room:
        return None
    return paid


def paid_units(cost: int, boats: list[Boat], comps: HawaiiComponents) -> int | None:
    """Feet (or fruits) the player pays for this trip with these boats, None if impossible."""
    return _paid(cost, tuple(spec(b, comps) for b in boats))


def default_units(cost: int, boats: list[Boat], comps: HawaiiComponents) -> int:
    """What a line that names no payment pays for a trip: what these boats leave to
    pay, or the whole cost when they cannot make the trip (the engine then refuses
    the move and names the rule). Both move readers fill in payments this way."""
    paid = paid_units(cost, boats, comps) if boats else None
    return cost if paid is None else paid


@lru_cache(maxsize=1 << 14)
def trips_for(cost: int, free: tuple[BoatSpec, ...], distinct: bool) -> tuple[tuple[tuple[str, ...], int], ...]:
    """(boat names, paid units) for every set of these boats that can make the trip.

    With ``distinct``, sets that differ only by which of two equal boats sails
    are listed once (the earliest acquired sails).
    """
    out = []
    seen = set()
    for k in range(1, len(free) + 1):
        for chosen in combinations(free, k):
            if distinct:
                shape = tuple(b[1] for b in chosen)
                if shape in seen:
                    continue
                seen.add(shape)
            paid = _paid(cost, chosen)
            if paid is not None:
                out.append((tuple(b[0] for b in chosen), paid))
    return tuple(out)


def free_specs(boats: list[Boat], comps: HawaiiComponents) -> tuple[BoatSpec, ...]:
    return tuple(spec(b, comps) for b in boats if not b.used)


def default_trip(cost: int, boats: list[Boat], comps: HawaiiComponents):
    """H-R11's default: least spare room, then fewest boats, then earliest acquired.

    Returns (boat names, paid units), or None when no boats can make the trip.
    """
    specs = {b.name: spec(b, comps) for b in boats}
    order = {b.name: i for i, b in enumerate(boats)}

    def key(trip):
        names, _ = trip
        spare = sum(specs[n][2] + specs[n][3] for n in names) - cost
        return spare, len(names), sorted(order[n] for n in names)

    options = trips_for(cost, free_specs(boats, comps), False)
    return min(options, key=key) if options else None
