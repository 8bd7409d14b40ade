"""What fishing and island visits share: the boats named and the feet paid (H-R11)."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from referee.core.words import plural
from referee.errors import IllegalMoveError
from referee.hawaii.rules import boats, effects, payment

if TYPE_CHECKING:
    from referee.hawaii.rules.realm import Boat
    from referee.hawaii.rules.state import Data, Player


def check_trip(d: "Data", p: "Player", cost: int, names: tuple[str, ...], pay, what: str,
               rule: str) -> list["Boat"]:
    who = p.seat
    if len(set(names)) != len(names):
        raise IllegalMoveError(f"{who} names a boat twice (H-R11)")
    chosen = []
    for name in names:
        b = p.realm.boat(name)
        if b is None:
            raise IllegalMoveError(f"{who} has no boat {name} (H-R11)")
        if b.used:
            raise IllegalMoveError(f"{who}'s {name} has already sailed this round (H-R11)")
        chosen.append(b)
    if not chosen:
        if all(b.used for b in p.realm.boats):
            raise IllegalMoveError(f"{who}'s boats have all sailed this round: each boat sails "
                                   f"at most once a round (H-R11)")
        raise IllegalMoveError(f"{who} needs at least one boat to {what} (H-R11)")
    paid = boats.paid_units(cost, chosen, d.comps)
    if paid is None:
        room = sum(boats.capacity(b, d.comps) for b in chosen)
        printed = sum(boats.printed(b, d.comps) for b in chosen)
        raise IllegalMoveError(f"{who} cannot {what} with {' '.join(names)}: {plural(cost, 'feet')} "
                               f"need{'s' if cost == 1 else ''} room for {plural(cost - printed, 'paid feet')}, "
                               f"at least one in each boat, and the boats hold {room} (H-R11)")
    if pay.total != paid:
        raise IllegalMoveError(f"{who} must pay {paid} to {what} with {' '.join(names)}, not {pay.total} (H-R11)")
    need = payment.exchange_needed(pay, payment.FEET)
    if need > 0:            # plain and all-fruit payments need no hut: most trips skip reading them
        caps = effects.exchange_capacities(p.realm, d.comps)
        if not payment.huts_can_cover([need], caps):
            raise IllegalMoveError(f"{who} cannot mix resources that way: fruits replace a whole payment, "
                                   f"other mixes need exchange huts ({plural(sum(caps), 'units')} available) (H-R6)")
    lacking = payment.shortfall(pay, *p.resources())
    if lacking:
        raise IllegalMoveError(f"{who} cannot {what}: {lacking} ({rule}, H-R6)")
    return chosen


def sail(p: "Player", chosen: list["Boat"], pay) -> None:
    p.pay(pay)
    for b in chosen:
        b.used = True


def context(d: "Data", p: "Player") -> tuple:
    """What every trip of this decision depends on: free boats, resources, exchange."""
    comps = d.comps
    return (boats.free_specs(p.realm.boats, comps), *p.resources(),
            sum(effects.exchange_capacities(p.realm, comps)))


def options(d: "Data", p: "Player", cost: int, ctx: tuple | None = None) -> tuple:
    """(boat names, payment) for every distinct way to make a trip of ``cost`` feet."""
    return _options(cost, *(ctx or context(d, p)))


@lru_cache(maxsize=1 << 14)
def _options(cost: int, free: tuple, shells: int, feet: int, fruits: int, allowance: int) -> tuple:
    out = []
    for names, paid in boats.trips_for(cost, free, True):
        for pay in payment.options(paid, payment.FEET, allowance, shells, feet, fruits):
            out.append((names, pay))
    return tuple(out)
