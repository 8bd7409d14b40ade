"""Fishing in the cove (H-R10): 1 foot and 1 boat space per fish token.

A fish token counts its fish (1 to 3, from the data file) at the round end; its
price number stays known, since it was seen when drawn, so a move names the very
tokens taken.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Iterator

from referee.errors import IllegalMoveError
from referee.hawaii.rules import boats, trips
from referee.hawaii.rules.moves import Fish, fast_constructor
from referee.hawaii.rules.turns import acting_chief
from referee.i18n import _

if TYPE_CHECKING:
    from referee.hawaii.rules.state import Data

_new_fish = fast_constructor(Fish)   # a cove of five tokens offers dozens of catches a decision


def check(d: "Data", m: Fish) -> None:
    p = acting_chief(d, m.seat)
    if not m.fish:
        raise IllegalMoveError(_("{seat} must take at least one fish token (H-R10)").format(seat=m.seat))
    for token in dict.fromkeys(m.fish):
        n = m.fish.count(token)
        if d.cove.count(token) < n:
            taken = (_("{n} tokens {token}").format(n=n, token=token) if n > 1
                     else _("token {token}").format(token=token))
            raise IllegalMoveError(_("{seat} cannot take {taken}: the cove holds {cove} (H-R10)").format(
                seat=m.seat, taken=taken, cove=cove_text(d)))
    trips.check_trip(d, p, len(m.fish), m.boats, m.payment, _("fish"), "H-R10")


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
    ctx = trips.context(d, p)
    for counts in _catches(tuple(n for _, n in lying), room):
        k = sum(counts)
        if not k:
            continue
        fish = tuple(t for (t, _), c in zip(lying, counts) for _ in range(c))
        for names, pay in trips.options(d, p, k, ctx):
            yield _new_fish(seat, fish, names, pay)


def _catches(lying: tuple[int, ...], room: int) -> Iterator[tuple[int, ...]]:
    """How many of each kind of token to take, at most ``lying[i]`` of kind i and ``room``
    in all, in the order of ``itertools.product``: a full cove with few free boat spaces
    would otherwise list thousands of catches only to drop them."""
    if not lying:
        yield ()
        return
    first, rest = lying[0], lying[1:]
    for c in range(min(first, room) + 1):
        for tail in _catches(rest, room - c):
            yield (c, *tail)
