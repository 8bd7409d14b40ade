"""Tile effects that act during the chiefs' phase: exchange huts (H-R6),
spear huts and KU (H-R14), PELE (H-R5). They read the realm as it stood
before the current purchase, so a tile never acts in the turn it is bought."""
from __future__ import annotations

from referee.hawaii.model import HawaiiComponents
from referee.hawaii.realm import Realm
from referee.hawaii.scoring import side_value


def exchange_capacities(realm: Realm, comps: HawaiiComponents) -> list[int]:
    return [side_value(comps.tiles[k].exchange, s) for k, s in realm.tiles()
            if comps.tiles[k].exchange]


def spear_bonus(realm: Realm, comps: HawaiiComponents) -> int:
    return sum(side_value(comps.tiles[k].spear_points, s) for k, s in realm.tiles()
               if comps.tiles[k].spear_points)


def move_cap(realm: Realm, comps: HawaiiComponents) -> int | None:
    caps = [side_value(comps.tiles[k].move_cap, s) for k, s in realm.tiles()
            if comps.tiles[k].move_cap]
    return min(caps) if caps else None


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
