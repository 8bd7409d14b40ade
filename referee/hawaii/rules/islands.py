"""Island visits (H-R12): dock points at once, then the island's reward.

A dock whose island was taken this round is empty until the round ends, and
an empty dock cannot be visited (referee ruling, docs/rulings.md).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from referee.errors import IllegalMoveError
from referee.hawaii.rules import effects, trips
from referee.hawaii.rules.moves import Visit
from referee.hawaii.rules.turns import acting_chief
from referee.i18n import _

if TYPE_CHECKING:
    from referee.hawaii.rules.state import Data, Player


def tile_choices(d: "Data", p: "Player", island_id: str) -> list[tuple[str | None, int | None]]:
    """(fruit, village) pairs the reward may take; [(None, None)] when nothing is to choose."""
    spec = d.comps.island(island_id)
    if spec.reward == "tile":
        kinds = [spec.tile]
    elif spec.reward == "any-fruit":
        kinds = [k for k, t in d.comps.tiles.items() if t.family == "fruit"]
    else:
        return [(None, None)]
    skip = "german-original" in d.rules
    out = []
    for kind in kinds:
        seller = d.seller_of(kind)
        if not seller or seller.stock.get(kind, 0) <= 0:
            continue
        for v in p.realm.villages_for(kind, d.comps, skip_rows=skip):
            out.append((kind if spec.reward == "any-fruit" else None, v))
    return out or [(None, None)]


def check(d: "Data", m: Visit) -> None:
    p = acting_chief(d, m.seat)
    docks = d.comps.docks
    if not 1 <= m.dock <= len(docks):
        raise IllegalMoveError(_("{seat} cannot visit dock {dock}: docks are 1-{last} (H-R12)").format(
            seat=m.seat, dock=m.dock, last=len(docks)))
    island = d.docks[m.dock - 1]
    if island is None:
        raise IllegalMoveError(_("{seat} cannot visit dock {dock}: its island was already visited this round (H-R12)").format(
            seat=m.seat, dock=m.dock))
    trips.check_trip(d, p, docks[m.dock - 1].feet, m.boats, m.payment, _("visit dock {dock}").format(dock=m.dock),
                     "H-R12")
    choices = tile_choices(d, p, island)
    if (m.fruit, m.village) not in choices:
        if choices == [(None, None)]:
            raise IllegalMoveError(_("{seat}'s reward from {island} needs no fruit or village choice (H-R12)").format(
                seat=m.seat, island=island))
        listed = ", ".join((f"{f} " if f else "") + _("village {village}").format(village=v) for f, v in choices)
        raise IllegalMoveError(_("{seat} must place the {island} reward legally: {listed} (H-R12, H-R8)").format(
            seat=m.seat, island=island, listed=listed))


def apply(d: "Data", m: Visit) -> None:
    p = d.players[m.seat]
    comps = d.comps
    dock = comps.docks[m.dock - 1]
    island = d.docks[m.dock - 1]
    spec = comps.island(island)
    trips.sail(p, [p.realm.boat(n) for n in m.boats], m.payment)
    p.at = f"dock{m.dock}"
    p.add_points("dock", dock.points)
    if spec.reward == "points":
        p.add_points("island", spec.amount)
    elif spec.reward == "fruits":
        p.gain("fruits", spec.amount)
    elif spec.reward in ("kahunas", "tikis"):
        kind = "kahuna" if spec.reward == "kahunas" else "tiki"
        seller = d.seller_of(kind)
        free = (p.realm.free_kahuna_spaces(comps) if kind == "kahuna" else p.realm.free_tiki_spaces(comps))
        n = min(spec.amount, free, seller.stock.get(kind, 0))
        if n:
            seller.stock[kind] -= n
            effects.place_tile(d, p, kind, 1, None, n)
    elif m.village is not None:
        kind = m.fruit or spec.tile
        d.seller_of(kind).stock[kind] -= 1
        effects.place_tile(d, p, kind, 2, m.village)
    d.docks[m.dock - 1] = None
    d.stack_up.append(island)


def moves(d: "Data", seat: str) -> Iterator[Visit]:
    p = d.players[seat]
    ctx = None
    for i, island in enumerate(d.docks):
        if island is None:
            continue
        cost = d.comps.docks[i].feet
        ctx = ctx or trips.context(d, p)
        trip_options = trips.options(d, p, cost, ctx)
        if not trip_options:
            continue
        rewards = tile_choices(d, p, island)
        for names, pay in trip_options:
            for fruit, village in rewards:
                yield Visit(seat, i + 1, names, pay, fruit, village)
