"""Boat trips for fishing and island visits (H-R10, H-R11).

A trip of cost C feet uses unused boats. Each boat II carries a printed foot
that counts as paid; the other C - printed feet are paid and must fit the
boats' spaces. Every boat that sails carries at least one paid foot or fruit
(the printed foot alone does not launch a boat II, and an empty boat does
not sail: referee ruling, docs/rulings.md).
"""
from __future__ import annotations

from itertools import combinations

from referee.hawaii.model import HawaiiComponents
from referee.hawaii.realm import Boat


def capacity(boat: Boat, comps: HawaiiComponents) -> int:
    if boat.side == 0:
        return comps.realm.fishing_boat_capacity
    return comps.tiles["boat"].capacity[boat.side - 1]


def printed(boat: Boat, comps: HawaiiComponents) -> int:
    if boat.side == 0:
        return 0
    return comps.tiles["boat"].printed_feet[boat.side - 1]


def paid_units(cost: int, boats: list[Boat], comps: HawaiiComponents) -> int | None:
    """Feet (or fruits) the player pays for this trip with these boats, None if impossible."""
    paid = cost - sum(printed(b, comps) for b in boats)
    if paid < len(boats) or paid > sum(capacity(b, comps) for b in boats):
        return None
    return paid


def trips(cost: int, boats: list[Boat], comps: HawaiiComponents, *,
          distinct: bool = False) -> list[tuple[tuple[Boat, ...], int]]:
    """Every set of unused boats that can make the trip, with the paid units.

    With ``distinct``, sets that differ only by which of two equal boats sails
    are listed once (the earliest acquired sails).
    """
    free = [b for b in boats if not b.used]
    out = []
    seen = set()
    for k in range(1, len(free) + 1):
        for chosen in combinations(free, k):
            if distinct:
                shape = tuple(b.side for b in chosen)
                if shape in seen:
                    continue
                seen.add(shape)
            paid = paid_units(cost, list(chosen), comps)
            if paid is not None:
                out.append((chosen, paid))
    return out


def default_trip(cost: int, boats: list[Boat], comps: HawaiiComponents):
    """H-R11's default: least spare room, then fewest boats, then earliest acquired."""
    order = {b.name: i for i, b in enumerate(boats)}

    def key(trip):
        chosen, paid = trip
        spare = sum(capacity(b, comps) + printed(b, comps) for b in chosen) - cost
        return spare, len(chosen), sorted(order[b.name] for b in chosen)

    options = trips(cost, boats, comps)
    return min(options, key=key) if options else None
