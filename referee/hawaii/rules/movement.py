"""Chief movement on the 2-3-3-2 board (H-R3, H-R5).

Distances are shortest paths over the adjacency in games/hawaii.yaml; the
beach is one step from row 1. Passing through any place is allowed.
"""
from __future__ import annotations

from collections import deque

from referee.hawaii.data.model import HawaiiComponents

BEACH = "beach"


_CACHE: dict[int, tuple[HawaiiComponents, dict]] = {}


def _distances(comps: HawaiiComponents) -> dict[str, dict[str, int]]:
    hit = _CACHE.get(id(comps))
    if hit is None or hit[0] is not comps:
        hit = _CACHE[id(comps)] = (comps, _shortest_paths(comps))
    return hit[1]


def _shortest_paths(comps: HawaiiComponents) -> dict[str, dict[str, int]]:
    nodes = list(comps.positions)
    graph = {n: set(comps.adjacency.get(n, ())) for n in nodes}
    graph[BEACH] = set(comps.beach_adjacent)
    for b in comps.beach_adjacent:
        graph[b].add(BEACH)
    out: dict[str, dict[str, int]] = {}
    for start in [BEACH, *nodes]:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            n = queue.popleft()
            for m in graph[n]:
                if m not in dist:
                    dist[m] = dist[n] + 1
                    queue.append(m)
        out[start] = dist
    return out


def is_on_board(at: str, comps: HawaiiComponents) -> bool:
    return at in comps.adjacency or at in comps.positions


def steps(origin: str, dest: str, comps: HawaiiComponents) -> int:
    """Feet a move costs before PELE: staying costs 1; beach spaces count as the beach.

    The distance table starts from the beach and from every board position (the
    components make the adjacency's places exactly the positions), so an origin
    it lacks is off the board, as :func:`is_on_board` would say.
    """
    if origin == dest:
        return 1
    from_start = _distances(comps)
    return (from_start.get(origin) or from_start[BEACH])[dest]


def costs_from(origin: str, comps: HawaiiComponents, pele_cap: int | None) -> dict[str, int]:
    """Feet to reach every place from ``origin`` (staying included, PELE applied)."""
    start = origin if is_on_board(origin, comps) else BEACH
    out = {dest: capped(n, pele_cap) for dest, n in _distances(comps)[start].items() if dest != BEACH}
    if start != BEACH:
        out[start] = capped(1, pele_cap)
    return out


def capped(cost: int, pele_cap: int | None) -> int:
    return cost if pele_cap is None else min(cost, pele_cap)
