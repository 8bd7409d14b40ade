"""What fishing and island visits share: the boats named and the feet paid (H-R11)."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from referee.core.words import plural
from referee.errors import IllegalMoveError
from referee.hawaii.rules import boats, effects, payment
from referee.i18n import _, ngettext

if TYPE_CHECKING:
    from referee.hawaii.rules.realm import Boat
    from referee.hawaii.rules.state import Data, Player


def check_trip(d: "Data", p: "Player", cost: int, names: tuple[str, ...], pay, what: str,
               rule: str) -> list["Boat"]:
    who = p.seat
    if len(set(names)) != len(names):
        raise IllegalMoveError(_("{who} names a boat twice (H-R11)").format(who=who))
    chosen = []
    for name in names:
        b = p.realm.boat(name)
        if b is None:
            raise IllegalMoveError(_("{who} has no boat {name} (H-R11)").format(who=who, name=name))
        if b.used:
            raise IllegalMoveError(_("{who}'s {name} has already sailed this round (H-R11)").format(who=who, name=name))
        chosen.append(b)
    if not chosen:
        if all(b.used for b in p.realm.boats):
            raise IllegalMoveError(_("{who}'s boats have all sailed this round: each boat sails at most once a round (H-R11)").format(
                who=who))
        raise IllegalMoveError(_("{who} needs at least one boat to {what} (H-R11)").format(who=who, what=what))
    paid = boats.paid_units(cost, chosen, d.comps)
    if paid is None:
        room = sum(boats.capacity(b, d.comps) for b in chosen)
        printed = sum(boats.printed(b, d.comps) for b in chosen)
        raise IllegalMoveError(ngettext(
            "{who} cannot {what} with {boats}: {feet} needs room for {paid}, at least one in each boat, and the boats hold {room} (H-R11)",
            "{who} cannot {what} with {boats}: {feet} need room for {paid}, at least one in each boat, and the boats hold {room} (H-R11)",
            cost).format(who=who, what=what, boats=" ".join(names), feet=plural(cost, "feet"),
                         paid=plural(cost - printed, "paid feet"), room=room))
    if pay.total != paid:
        raise IllegalMoveError(_("{who} must pay {paid} to {what} with {boats}, not {total} (H-R11)").format(
            who=who, paid=paid, what=what, boats=" ".join(names), total=pay.total))
    need = payment.exchange_needed(pay, payment.FEET)
    if need > 0:            # plain and all-fruit payments need no hut: most trips skip reading them
        caps = effects.exchange_capacities(p.realm, d.comps)
        if not payment.huts_can_cover([need], caps):
            raise IllegalMoveError(payment.mix_refused(who, sum(caps)))
    lacking = payment.shortfall(pay, *p.resources())
    if lacking:
        raise IllegalMoveError(_("{who} cannot {what}: {lacking} ({rule}, H-R6)").format(who=who, what=what, lacking=lacking, rule=rule))
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
