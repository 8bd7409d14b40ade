"""Moving to a place and buying a tile there (H-R3, H-R5..H-R9, H-R14, H-R15)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from referee.core.words import plural
from referee.errors import IllegalMoveError
from referee.hawaii.rules import effects, movement, payment
from referee.hawaii.rules.moves import Buy, Payment, fast_constructor
from referee.hawaii.rules.turns import acting_chief

if TYPE_CHECKING:
    from referee.hawaii.rules.state import Data, Player

MULTI = ("kahuna", "tiki")
_new_buy = fast_constructor(Buy)   # families bought one or two at a time instead of by side


def _count(d: "Data", kind: str, side: int) -> int:
    return side if d.comps.tiles[kind].family in MULTI else 1


def targets(d: "Data", p: "Player", kind: str, count: int) -> "list[int | None] | tuple[int, ...]":
    """Where ``count`` tiles of ``kind`` may go: villages, or [None] outside villages."""
    comps = d.comps
    family = comps.tiles[kind].family
    if family == "kahuna":
        return [None] if p.realm.free_kahuna_spaces(comps) >= count else []
    if family == "tiki":
        return [None] if p.realm.free_tiki_spaces(comps) >= count else []
    if family == "boat":
        return [None]
    return p.realm.villages_for(kind, comps, skip_rows="german-original" in d.rules)


def move_cost(d: "Data", p: "Player", coord: str) -> int:
    return movement.capped(movement.steps(p.at, coord, d.comps), effects.move_cap(p.realm, d.comps))


def _kane_tiki_ok(d: "Data", p: "Player") -> bool:
    tiki_place = d.seller_of("tiki")
    return bool(tiki_place and tiki_place.stock.get("tiki", 0) > 0
                and p.realm.free_tiki_spaces(d.comps) >= 1)


def _from(at: str) -> str:
    return at if at[:1].isupper() else "beach"


def check(d: "Data", m: Buy) -> None:
    p = acting_chief(d, m.seat)
    comps = d.comps
    who = m.seat
    if m.place not in d.board:
        raise IllegalMoveError(f"{who} cannot move to {m.place}: there is no such place (H-R3)")
    place = d.place_at(m.place)
    spec = comps.place(place.place_id)
    if m.tile not in spec.sells:
        raise IllegalMoveError(f"{who} cannot buy {m.tile} at {m.place}: it sells only {', '.join(spec.sells)} (H-R7)")
    if m.side not in (1, 2):
        raise IllegalMoveError(f"{who} cannot buy side {m.side}: sides are I and II (H-R7)")
    if not place.tokens:
        raise IllegalMoveError(f"{who} cannot stop at {m.place}: no price token is left there (H-R3)")
    if not place.tiles_left():
        raise IllegalMoveError(f"{who} cannot stop at {m.place}: no place tile is left there (H-R3)")
    count = _count(d, m.tile, m.side)
    if place.stock.get(m.tile, 0) < count:
        raise IllegalMoveError(f"{who} cannot buy {count} {m.tile} at {m.place}: {place.stock.get(m.tile, 0)} left (H-R7)")
    if m.token not in place.tokens:
        have = ", ".join(str(t) for t in place.tokens)
        raise IllegalMoveError(f"{who} cannot take token {m.token} at {m.place}: it holds {have} (H-R7)")
    cost = move_cost(d, p, m.place)
    if m.move_payment.total != cost:
        raise IllegalMoveError(f"{who} moving {_from(p.at)}->{m.place} must pay {cost} for the move, not {m.move_payment.total} (H-R5)")
    price = m.token.value * m.side
    if m.tile_payment.total != price:
        raise IllegalMoveError(f"{who} buying {m.tile} with token {m.token} must pay {price}, not {m.tile_payment.total} (H-R7)")
    needs = [payment.exchange_needed(m.move_payment, payment.FEET),
             payment.exchange_needed(m.tile_payment, payment.SHELLS)]
    if max(needs) > 0:      # plain and all-fruit payments need no hut: most buys skip reading them
        caps = effects.exchange_capacities(p.realm, comps)
        if not payment.huts_can_cover(needs, caps):
            raise IllegalMoveError(f"{who} cannot mix resources that way: fruits replace a whole payment, "
                                   f"other mixes need exchange huts ({plural(sum(caps), 'units')} available) (H-R6)")
    have = p.resources()
    lacking = payment.shortfall(m.move_payment, *have)
    if lacking:
        raise IllegalMoveError(f"{who} cannot move {_from(p.at)}->{m.place}: {lacking} (H-R5)")
    total = payment.plus(m.move_payment, m.tile_payment)
    lacking = payment.shortfall(total, *have)
    if lacking:
        raise IllegalMoveError(f"{who} cannot pay for the move and {m.tile} with token {m.token}: "
                               f"{lacking} (H-R6, H-R7)")
    if m.kane_tiki is not None:
        if m.tile != "kane":
            raise IllegalMoveError(f"{who} can take an extra tiki only right after buying KANE (H-R15)")
        if not _kane_tiki_ok(d, p):
            raise IllegalMoveError(f"{who} cannot take KANE's tiki: no tiki or no free tiki space (H-R15)")
        need = comps.tiles["kane"].tiki_cost
        if m.kane_tiki.total != need:
            raise IllegalMoveError(f"{who} must pay {need} resources for KANE's tiki, not {m.kane_tiki.total} (H-R15)")
        lacking = payment.shortfall(payment.plus(total, m.kane_tiki), *have)
        if lacking:
            raise IllegalMoveError(f"{who} cannot also pay for KANE's tiki: {lacking} (H-R15)")
    where = targets(d, p, m.tile, count)
    if not where:
        raise IllegalMoveError(f"{who} cannot buy {m.tile}: it could not be placed in the realm at once (H-R7, H-R8)")
    if m.village not in where:
        if where == [None]:
            raise IllegalMoveError(f"{who} places {m.tile} outside the villages; no village is named (H-R8)")
        raise IllegalMoveError(f"{who} cannot put {m.tile} in village {m.village}: "
                               f"legal villages are {', '.join(map(str, where))} (H-R8)")


def apply(d: "Data", m: Buy) -> None:
    p = d.players[m.seat]
    comps = d.comps
    place = d.place_at(m.place)
    p.pay(m.move_payment)
    p.pay(m.tile_payment)
    p.at = m.place
    place.tokens.remove(m.token)
    p.tokens.append(m.token)
    if m.token.spear:
        p.add_points("spear", effects.spear_bonus(p.realm, comps))
    count = _count(d, m.tile, m.side)
    place.stock[m.tile] -= count
    side = 1 if comps.tiles[m.tile].family in MULTI else m.side
    effects.place_tile(d, p, m.tile, side, m.village, count)
    if m.kane_tiki is not None:
        p.pay(m.kane_tiki)
        d.seller_of("tiki").stock["tiki"] -= 1
        effects.place_tile(d, p, "tiki", 1, None, 1)


def moves(d: "Data", seat: str) -> list:
    """Every legal purchase, as chunks of a MoveList (built lazily)."""
    p = d.players[seat]
    comps = d.comps
    caps = effects.exchange_capacities(p.realm, comps)
    cap = effects.move_cap(p.realm, comps)
    shells, feet, fruits = p.resources()
    where_cache: dict[tuple[str, int], list] = {}
    pair_cache: dict[tuple[int, int], tuple] = {}
    chunks: list = []
    tiles = comps.tiles

    def pairs(cost: int, price: int) -> tuple:
        key = (cost, price)
        pp = pair_cache.get(key)
        if pp is None:
            pp = pair_cache[key] = payment.move_and_tile(cost, price, shells, feet, fruits, caps)
        return pp

    costs = movement.costs_from(p.at, comps, cap)
    append = chunks.append
    for coord, place_id in d.board.items():
        place = d.places[place_id]
        if not place.tokens:
            continue
        cost = costs[coord]
        tokens = sorted(set(place.tokens))
        if not pairs(cost, tokens[0].value):     # cannot even pay the cheapest: nothing here
            continue
        offers = [(side, [(token, pp) for token in tokens if (pp := pairs(cost, token.value * side))])
                  for side in (1, 2)]
        for kind, left in place.stock.items():
            multi = tiles[kind].family in MULTI
            for side, priced in offers:
                count = side if multi else 1
                if not priced or left < count:
                    continue
                key = (kind, count)
                where = where_cache.get(key)
                if where is None:
                    where = where_cache[key] = targets(d, p, kind, count)
                if not where:
                    continue
                for token, pp in priced:
                    if kind == "kane":
                        append(_kane_buys(d, p, coord, side, token, where, pp))
                    else:
                        append(Buys((seat, coord, kind, side, token), where, pp))
    return chunks


class Buys:
    """The purchases of one (place, tile, side, token): every village x payment pair,
    built only when the MoveList is indexed or iterated. ``head`` (seat, place, tile,
    side, token), ``where`` (the villages) and ``pairs`` (the move and tile payments)
    are read by the move builder's paths too (hawaii/text/steps.py)."""
    __slots__ = ("head", "where", "pairs", "n")

    def __init__(self, head: tuple, where, pairs):
        self.head, self.where, self.pairs = head, where, pairs
        self.n = len(where) * len(pairs)

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i: int) -> Buy:
        v, k = divmod(i, len(self.pairs))
        mp, tp = self.pairs[k]
        return _new_buy(*self.head, self.where[v], mp, tp, None)

    def __iter__(self):
        seat, coord, kind, side, token = self.head
        return (_new_buy(seat, coord, kind, side, token, v, mp, tp, None)
                for v in self.where for mp, tp in self.pairs)


def _kane_buys(d: "Data", p: "Player", coord: str, side: int, token, where, pp) -> list[Buy]:
    out = []
    tiki = _kane_tiki_ok(d, p)
    cost = d.comps.tiles["kane"].tiki_cost
    for mp, tp in pp:
        extras: list[Payment | None] = [None]
        if tiki:
            extras += payment.two_resources(p.shells - mp.shells - tp.shells, p.feet - mp.feet - tp.feet,
                                            p.fruits - mp.fruits - tp.fruits, cost)
        out += [Buy(p.seat, coord, "kane", side, token, v, mp, tp, extra) for v in where for extra in extras]
    return out
