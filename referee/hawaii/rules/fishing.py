"""Fishing in the cove (H-R10): 1 foot and 1 boat space per fish token.

A fish token counts its fish (1 to 3, from the data file) at the round end; its
price number stays known, since it was seen when drawn, so a move names the very
tokens taken.
"""
from __future__ import annotations

from collections import Counter
from itertools import product
from typing import TYPE_CHECKING, Iterator

from referee.errors import IllegalMoveError
from referee.hawaii.rules import boats, trips
from referee.hawaii.rules.moves import Fish, fast_constructor
from referee.hawaii.rules.turns import acting_chief

if TYPE_CHECKING:
    from referee.hawaii.rules.state import Data

_new_fish = fast_constructor(Fish)   # a cove of five tokens offers dozens of catches a decision


def check(d: "Data", m: Fish) -> None:
    p = acting_chief(d, m.seat)
    if not m.fish:
        raise IllegalMoveError(f"{m.seat} must take at least one fish token (H-R10)")
    for token in dict.fromkeys(m.fish):
        n = m.fish.count(token)
        if d.cove.count(token) < n:
            taken = f"{n} tokens {token}" if n > 1 else f"token {token}"
            raise IllegalMoveError(f"{m.seat} cannot take {taken}: the cove holds "
                                   f"{cove_text(d)} (H-R10)")
    trips.check_trip(d, p, len(m.fish), m.boats, m.payment, "fish", "H-R10")


def cove_text(d: "Data") -> str:
    """The cove as players see it: each token's price number and its fish."""
    shown = [f"{t} ({d.comps.fish(t)} fish)" for t in sorted(d.cove, reverse=True)]
    return ", ".join(shown) or "nothing"


def apply(d: "Data", m: Fish) -> None:
    p = d.players[m.seat]
    trips.sail(p, [p.realm.boat(n) for n in m.boats], m.payment)
    for token in m.fish:
        d.cove.remove(token)
    p.fish.extend(m.fish)
    p.at = "cove"


def moves(d: "Data", seat: str) -> Iterator[Fish]:
    p = d.players[seat]
    if not d.cove:
        return
    free = [b for b in p.realm.boats if not b.used]
    room = sum(boats.capacity(b, d.comps) + boats.printed(b, d.comps) for b in free)
    lying = sorted(Counter(d.cove).items(), reverse=True)
    ranges = [range(n + 1) for _, n in lying]
    ctx = trips.context(d, p)
    for counts in product(*ranges):
        k = sum(counts)
        if not 0 < k <= room:
            continue
        fish = tuple(t for (t, _), c in zip(lying, counts) for _ in range(c))
        for names, pay in trips.options(d, p, k, ctx):
            yield _new_fish(seat, fish, names, pay)
