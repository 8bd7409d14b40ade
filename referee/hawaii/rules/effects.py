"""Tile effects that act during the chiefs' phase: exchange huts (H-R6),
spear huts and KU (H-R14), PELE (H-R5). They read the realm as it stood
before the current purchase, so a tile never acts in the turn it is bought."""
from __future__ import annotations

from referee.hawaii.data.model import HawaiiComponents
from referee.hawaii.rules.realm import START_HUT, Realm
from referee.hawaii.rules.scoring import side_value


def exchange_capacities(realm: Realm, comps: HawaiiComponents) -> tuple[int, ...]:
    return realm.derived("effects", _read_effects, comps)[0]


def spear_bonus(realm: Realm, comps: HawaiiComponents) -> int:
    return realm.derived("effects", _read_effects, comps)[2]


def move_cap(realm: Realm, comps: HawaiiComponents) -> int | None:
    return realm.derived("effects", _read_effects, comps)[1]


def _read_effects(realm: Realm, comps: HawaiiComponents) -> tuple:
    """(exchange capacities, PELE's cap, spear bonus): one pass serves all three."""
    tiles = comps.tiles
    caps, move_caps, spear = [], [], 0
    for row in realm.villages:
        for k, s in row:
            if k == START_HUT:
                continue
            t = tiles[k]
            if t.exchange:
                caps.append(side_value(t.exchange, s))
            if t.move_cap:
                move_caps.append(side_value(t.move_cap, s))
            if t.spear_points:
                spear += side_value(t.spear_points, s)
    return tuple(caps), min(move_caps) if move_caps else None, spear


def place_tile(d, p, kind: str, side: int, village: int | None, count: int = 1) -> None:
    """Put a bought or won tile into the realm, paying out space bonuses (H-R9)."""
    comps = d.comps
    family = comps.tiles[kind].family
    if family == "kahuna":
        p.gain("shells", p.realm.add_kahunas(count, comps))
    elif family == "tiki":
        p.gain("feet", p.realm.add_tikis(count, comps))
    elif family == "boat":
        p.realm.add_boat(side)
    else:
        p.realm.add_to_village(kind, side, village)
