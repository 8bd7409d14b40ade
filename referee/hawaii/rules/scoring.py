"""Round-end scoring (H-R16), final scoring (H-R19, H-R20) and the winner (H-R21)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from referee.hawaii.rules.realm import Realm

if TYPE_CHECKING:
    from referee.hawaii.data.model import HawaiiComponents
    from referee.hawaii.rules.state import Data, Player


def side_value(pair, side: int) -> int:
    return pair[side - 1] if pair else 0


def sides_total(realm: Realm, kind: str, pair) -> int:
    """What the realm's ``kind`` tiles give, ``pair`` being the effect of side I and II.

    A plain loop, no generator: asked for every seat at every round end, and
    most realms hold none of the kind."""
    total = 0
    for side in realm.sides_of(kind):
        total += side_value(pair, side)
    return total


def threshold_for(p: "Player", threshold: int, comps: "HawaiiComponents") -> int:
    return threshold - sides_total(p.realm, "surfer", comps.tiles["surfer"].threshold_reduction)


def round_scores(sums: dict[str, int], targets: dict[str, int],
                 points: tuple[int, int, int]) -> dict[str, int]:
    """First/second/rest among those who reach their target, with the seeds' tie rules."""
    reached = {s: v for s, v in sums.items() if v >= targets[s]}
    out = dict.fromkeys(sums, 0)
    if not reached:
        return out
    ranked = sorted(set(reached.values()), reverse=True)
    top = [s for s, v in reached.items() if v == ranked[0]]
    second = []
    if len(top) == 1 and len(ranked) > 1:
        second = [s for s, v in reached.items() if v == ranked[1]]
    for s in reached:
        out[s] = points[0] if s in top else points[1] if s in second else points[2]
    return out


def score_round(d: "Data") -> dict:
    comps = d.comps
    spec = comps.rounds[d.round - 1]
    sums = {s: p.round_sum() for s, p in d.players.items()}
    targets = {s: threshold_for(p, spec.threshold, comps) for s, p in d.players.items()}
    scores = round_scores(sums, targets, spec.points)
    lono = comps.tiles["lono"].threshold_bonus
    report = {"round": d.round, "sums": sums, "targets": targets, "points": {}}
    for s, p in d.players.items():
        p.add_points("round", scores[s])
        bonus = 0
        if sums[s] >= targets[s]:
            bonus = sides_total(p.realm, "lono", lono)
            p.add_points("lono", bonus)
        report["points"][s] = scores[s] + bonus
    return report


def final_breakdown(realm: Realm, comps: "HawaiiComponents", rules: frozenset[str]) -> dict[str, int]:
    """Points of the final scoring for one realm, by source (H-R19, H-R20)."""
    kept = realm.kept_villages(comps)
    tiles = comps.tiles
    out = {"kahunas": 0, "long-huts": 0, "hula": 0, "irrigation": 0, "laka": 0, "kanaloa": 0}
    for i in range(realm.kahunas):
        if kept[i]:
            out["kahunas"] += comps.realm.kahuna_points[i]
    kept_tiles = [(k, s) for row, keep in zip(realm.villages, kept) if keep for k, s in row]
    fruit_shown = 0
    surfers = 0
    for row, keep in zip(realm.villages, kept):
        if not keep:
            continue
        fruit_tiles = sum(1 for k, _ in row if k in tiles and tiles[k].family == "fruit")
        for kind, side in row:
            spec = tiles.get(kind)
            if spec is None:
                continue
            if spec.final_points:
                out["long-huts"] += side_value(spec.final_points, side)
            if spec.per_tile_points:
                out["hula"] += side_value(spec.per_tile_points, side) * len(row)
            if kind == "irrigation":
                table = comps.irrigation_points
                out["irrigation"] += table[min(fruit_tiles, len(table) - 1)]
            if spec.family == "fruit":
                fruit_shown += side_value(spec.fruits_shown, side)
            if kind == "surfer":
                surfers += 1
    boats = len(realm.boat_tiles()) + (1 if "kanaloa-fishing-boat" in rules else 0)
    for kind, side in kept_tiles:
        spec = tiles.get(kind)
        if spec and spec.per_fruit_points:
            out["laka"] += side_value(spec.per_fruit_points, side) * fruit_shown
        if spec and spec.per_boat_points:
            out["kanaloa"] += side_value(spec.per_boat_points, side) * (boats + surfers)
    return out


def final_scoring(d: "Data") -> dict:
    report = {}
    for s, p in d.players.items():
        parts = final_breakdown(p.realm, d.comps, d.rules)
        for why, n in parts.items():
            p.add_points(why, n)
        report[s] = parts
    return report


def winners(d: "Data", among=None) -> tuple[str, ...]:
    """H-R21; ``among``: only these seats can win (the others resigned, T-6)."""
    seats = [s for s in d.players if among is None or s in among]
    if not seats:
        return ()
    best = max(d.players[s].score for s in seats)
    tied = [s for s in seats if d.players[s].score == best]
    if len(tied) > 1 and "german-original" not in d.rules:
        left = {s: sum(d.players[s].resources()) for s in tied}
        most = max(left.values())
        tied = [s for s in tied if left[s] == most]
    return tuple(s for s in d.seats if s in tied)
