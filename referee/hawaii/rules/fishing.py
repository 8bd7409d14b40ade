"""Fishing in the cove (H-R10): 1 foot and 1 boat space per fish token."""
from __future__ import annotations

from collections import Counter
from itertools import product
from typing import TYPE_CHECKING, Iterator

from referee.errors import IllegalMoveError
from referee.hawaii.rules import boats, trips
from referee.hawaii.rules.moves import Fish
from referee.hawaii.rules.turns import acting_chief

if TYPE_CHECKING:
    from referee.hawaii.rules.state import Data


def check(d: "Data", m: Fish) -> None:
    p = acting_chief(d, m.seat)
    if not m.fish:
        raise IllegalMoveError(f"{m.seat} must take at least one fish token (H-R10)")
    lying = [t.value for t in d.cove]
    for value in dict.fromkeys(m.fish):
        n = m.fish.count(value)
        if lying.count(value) < n:
            shown = " ".join(str(t.value) for t in sorted(d.cove, reverse=True)) or "nothing"
            raise IllegalMoveError(f"{m.seat} cannot take {n} fish of {value}: the cove holds {shown} (H-R10)")
    trips.check_trip(d, p, len(m.fish), m.boats, m.payment, "fish", "H-R10")


def take_from_cove(d: "Data", value: int):
    """The fish side hides the spears, so a plain token of that value goes first."""
    candidates = [t for t in d.cove if t.value == value]
    token = min(candidates, key=lambda t: t.spear)
    d.cove.remove(token)
    return token


def apply(d: "Data", m: Fish) -> None:
    p = d.players[m.seat]
    trips.sail(p, [p.realm.boat(n) for n in m.boats], m.payment)
    p.fish.extend(take_from_cove(d, v) for v in m.fish)
    p.at = "cove"


def moves(d: "Data", seat: str) -> Iterator[Fish]:
    p = d.players[seat]
    if not d.cove:
        return
    free = [b for b in p.realm.boats if not b.used]
    room = sum(boats.capacity(b, d.comps) + boats.printed(b, d.comps) for b in free)
    lying = sorted(Counter(t.value for t in d.cove).items(), reverse=True)
    ranges = [range(n + 1) for _, n in lying]
    ctx = trips.context(d, p)
    for counts in product(*ranges):
        k = sum(counts)
        if not 0 < k <= room:
            continue
        fish = tuple(v for (v, _), c in zip(lying, counts) for _ in range(c))
        for names, pay in trips.options(d, p, k, ctx):
            yield Fish(seat, fish, names, pay)
