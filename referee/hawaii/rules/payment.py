"""Paying for things (H-R6).

A payment is normally all in its own resource (shells for tiles, feet for
movement, fishing and docks) or all in fruits. Each exchange hut lets one
payment of the turn carry up to 1 (side I) or 2 (side II) units of other
resources; a hut serves one payment whole, and huts add up.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from operator import add

from referee.core.words import plural
from referee.hawaii.rules.moves import Payment
from referee.i18n import _

SHELLS, FEET, FRUITS = "shells", "feet", "fruits"
_new_tuple = tuple.__new__


def plain(amount: int, resource: str) -> Payment:
    return Payment(**{resource: amount})


def exchange_needed(pay: Payment, resource: str) -> int:
    """Units of the payment that only exchange huts can allow."""
    total = sum(pay)        # pay.total, without a Python-level property call
    return min(total - getattr(pay, resource), total - pay.fruits)


def huts_can_cover(needs: list[int], capacities: list[int]) -> bool:
    """Can the exchange huts be split so each payment's need is covered?"""
    if max(needs, default=0) <= 0:
        return True
    needs = [n for n in needs if n > 0]
    if sum(needs) > sum(capacities):
        return False
    if len(needs) == 1:
        return True
    first, rest = needs[0], needs[1:]
    idx = range(len(capacities))
    for k in range(1, len(capacities) + 1):
        for chosen in combinations(idx, k):
            if sum(capacities[i] for i in chosen) >= first:
                left = [capacities[i] for i in idx if i not in chosen]
                if huts_can_cover(rest, left):
                    return True
    return False


def plus(a: Payment, b: Payment) -> Payment:
    """The two payments together (made without Payment's Python-level constructor:
    every purchase checked adds its payments)."""
    return _new_tuple(Payment, map(add, a, b))


def mix_refused(who: str, units: int) -> str:
    """Why a payment mixing resources is refused; buying and trips refuse it alike."""
    return _("{who} cannot mix resources that way: fruits replace a whole payment, "
             "other mixes need exchange huts ({units} available) (H-R6)").format(
        who=who, units=plural(units, "units"))


def shortfall(pay: Payment, shells: int, feet: int, fruits: int) -> str | None:
    """What the player lacks for ``pay``, e.g. ``needs 2 feet, has 1``; None if nothing."""
    want_shells, want_feet, want_fruits = pay
    if want_shells <= shells and want_feet <= feet and want_fruits <= fruits:
        return None
    for resource, want, have in zip((SHELLS, FEET, FRUITS), pay, (shells, feet, fruits)):
        if want > have:
            return _("needs {amount}, has {have}").format(amount=plural(want, resource), have=have)
    return None


def options(amount: int, resource: str, allowance: int, shells: int, feet: int,
            fruits: int) -> list[Payment]:
    """Every affordable way to pay ``amount`` with at most ``allowance`` exchanged units."""
    if amount == 0:
        return [Payment()]
    have = {SHELLS: shells, FEET: feet, FRUITS: fruits}
    out = []
    if allowance <= 0:
        if have[resource] >= amount:
            out.append(plain(amount, resource))
        if fruits >= amount:
            out.append(Payment(fruits=amount))
        return out
    own = {SHELLS: 0, FEET: 1}[resource]
    for s in range(min(amount, shells) + 1):
        for f in range(min(amount - s, feet) + 1):
            fr = amount - s - f
            if fr > fruits:
                continue
            if amount - max((s, f)[own], fr) <= allowance:
                out.append(Payment(s, f, fr))
    return out


def two_resources(shells: int, feet: int, fruits: int, amount: int) -> list[Payment]:
    """KANE's extra tiki: any ``amount`` resources, mixed as the player likes (H-R15)."""
    out = []
    for s in range(min(amount, shells) + 1):
        for f in range(min(amount - s, feet) + 1):
            fr = amount - s - f
            if fr <= fruits:
                out.append(Payment(s, f, fr))
    return out


@lru_cache(maxsize=256)
def plain_payment(amount: int, resource: str) -> Payment:
    return plain(amount, resource)


@lru_cache(maxsize=4096)
def move_and_tile(cost: int, price: int, shells: int, feet: int, fruits: int,
                  capacities: tuple[int, ...]) -> tuple[tuple[Payment, Payment], ...]:
    """Every (movement payment, tile payment) a purchase may use (memoised: pure, and
    the same few holdings and prices recur at every purchase decision of a game)."""
    if not capacities:
        return _without_exchange(cost, price, shells, feet, fruits)
    allowance = sum(capacities)
    moves = _needing(cost, FEET, allowance, shells, feet, fruits)
    tiles = _needing(price, SHELLS, allowance, shells, feet, fruits)
    out = []
    for mp, m_need in moves:
        for tp, t_need in tiles:
            if (mp.shells + tp.shells > shells or mp.feet + tp.feet > feet
                    or mp.fruits + tp.fruits > fruits):
                continue
            if m_need and t_need and not _two_covered(m_need, t_need, capacities):
                continue
            out.append((mp, tp))
    return tuple(out)


@lru_cache(maxsize=4096)
def _needing(amount: int, resource: str, allowance: int, shells: int, feet: int,
             fruits: int) -> tuple[tuple[Payment, int], ...]:
    """The options for one payment with the exchange each needs (memoised: pure and hot)."""
    return tuple((p, exchange_needed(p, resource))
                 for p in options(amount, resource, allowance, shells, feet, fruits))


@lru_cache(maxsize=1024)
def _two_covered(a: int, b: int, capacities: tuple[int, ...]) -> bool:
    return huts_can_cover([a, b], list(capacities))


def _without_exchange(cost: int, price: int, shells: int, feet: int, fruits: int):
    """The common case, kept cheap: each payment is all plain or all fruits."""
    out = []
    if feet >= cost:
        if shells >= price:
            out.append((plain_payment(cost, FEET), plain_payment(price, SHELLS)))
        if fruits >= price:
            out.append((plain_payment(cost, FEET), plain_payment(price, FRUITS)))
    if fruits >= cost and cost:
        if shells >= price:
            out.append((plain_payment(cost, FRUITS), plain_payment(price, SHELLS)))
        if fruits >= cost + price:
            out.append((plain_payment(cost, FRUITS), plain_payment(price, FRUITS)))
    return tuple(out)
