"""Island geometry: space names, shaman steps (K-R2), boat and crater neighbours.

Spaces are ``(ring, section)`` pairs named ``forest3``. Rings are indexed from
the sea inwards, so "uphill" is a larger ring index. Reachability depends only on
the components and the start space, so it is computed once per start and cached;
the other shaman is filtered out afterwards (it may be passed, not ended on).
"""
from __future__ import annotations

import re
from functools import lru_cache

from referee.haleakala.data.model import HaleakalaComponents

_SPACE = re.compile(r"^\s*([a-z]+)\s*(\d+)\s*$")


def space(ring: str, section: int) -> str:
    return f"{ring}{section}"


def parse_space(comp: HaleakalaComponents, text: str) -> tuple[str, int] | None:
    """``(ring, section)`` for a space name like ``forest3`` / ``forest 3``, else None."""
    return _parse(comp, str(text))


@lru_cache(maxsize=4096)
def _parse(comp: HaleakalaComponents, text: str) -> tuple[str, int] | None:
    m = _SPACE.match(str(text).lower())
    if not m or m.group(1) not in comp.rings:
        return None
    sec = int(m.group(2))
    if not 1 <= sec <= comp.sections:
        return None
    return m.group(1), sec


def step(comp: HaleakalaComponents, section: int, n: int) -> int:
    """The section ``n`` steps clockwise of ``section``."""
    return (section - 1 + n) % comp.sections + 1


def crater_neighbours(comp: HaleakalaComponents, section: int) -> list[int]:
    out = []
    for d in range(1, comp.priestess_reach + 1):
        for s in (step(comp, section, d), step(comp, section, -d)):
            if s != section and s not in out:
                out.append(s)
    return sorted(out)


def _neighbours(comp: HaleakalaComponents, ri: int, sec: int):
    if comp.along_section:
        for d in (1, -1):
            if 0 <= ri + d < len(comp.rings):
                yield ri + d, sec
    if comp.around_ring:
        for d in (1, -1):
            s = step(comp, sec, d)
            if s != sec:
                yield ri, s


@lru_cache(maxsize=None)
def reachable(comp: HaleakalaComponents, start: str) -> tuple[str, ...]:
    """Spaces a shaman at ``start`` can end on (start excluded), ignoring the other shaman."""
    parsed = parse_space(comp, start)
    if parsed is None:
        return ()
    ring, sec = parsed
    walk = {comp.rings.index(r) for r in comp.shaman_rings}
    found: set[tuple[int, int]] = set()
    frontier = {(comp.rings.index(ring), sec, 0)}
    for _ in range(comp.max_steps):
        nxt = set()
        for ri, s, up in frontier:
            for r2, s2 in _neighbours(comp, ri, s):
                if r2 not in walk:
                    continue
                up2 = up + (1 if r2 > ri else 0)
                if up2 > comp.max_uphill:
                    continue
                nxt.add((r2, s2, up2))
                found.add((r2, s2))
        frontier = nxt
    found.discard((comp.rings.index(ring), sec))
    return tuple(sorted(space(comp.rings[r], s) for r, s in found))


def shaman_destinations(comp: HaleakalaComponents, start: str, other: str) -> list[str]:
    return [d for d in reachable(comp, start) if d != other]
