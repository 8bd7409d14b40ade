"""Moving to a place and buying a tile there (H-R3, H-R5..H-R9, H-R14, H-R15)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from referee.errors import IllegalMoveError
from referee.hawaii.rules import effects, movement, payment
from referee.hawaii.rules.moves import Buy, Payment, fast_constructor
from referee.hawaii.rules.turns import acting_chief
from referee.i18n import _

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
        raise IllegalMoveError(_("{who} cannot move to {place}: there is no such place (H-R3)").format(who=who, place=m.place))
    place = d.place_at(m.place)
    spec = comps.place(place.place_id)
    if m.tile not in spec.sells:
        raise IllegalMoveError(_("{who} cannot buy {tile} at {place}: it sells only {sells} (H-R7)").format(
            who=who, tile=m.tile, place=m.place, sells=", ".join(spec.sells)))
    if m.side not in (1, 2):
        raise IllegalMoveError(_("{who} cannot buy side {side}: sides are I and II (H-R7)").format(who=who, side=m.side))
    if not place.tokens:
        raise IllegalMoveError(_("{who} cannot stop at {place}: no price token is left there (H-R3)").format(who=who, place=m.place))
    if not place.tiles_left():
        raise IllegalMoveError(_("{who} cannot stop at {place}: no place tile is left there (H-R3)").format(who=who, place=m.place))
    count = _count(d, m.tile, m.side)
    if place.stock.get(m.tile, 0) < count:
        raise IllegalMoveError(_("{who} cannot buy {count} {tile} at {place}: {left} left (H-R7)").format(
            who=who, count=count, tile=m.tile, place=m.place, left=place.stock.get(m.tile, 0)))
    if m.token not in place.tokens:
        have = ", ".join(str(t) for t in place.tokens)
        raise IllegalMoveError(_("{who} cannot take token {token} at {place}: it holds {have} (H-R7)").format(
            who=who, token=m.token, place=m.place, have=have))
    cost = move_cost(d, p, m.place)
    if m.move_payment.total != cost:
        raise IllegalMoveError(_("{who} moving {path} must pay {cost} for the move, not {paid} (H-R5)").format(
            who=who, path=f"{_from(p.at)}->{m.place}", cost=cost, paid=m.move_payment.total))
    price = m.token.value * m.side
    if m.tile_payment.total != price:
        raise IllegalMoveError(_("{who} buying {tile} with token {token} must pay {price}, not {paid} (H-R7)").format(
            who=who, tile=m.tile, token=m.token, price=price, paid=m.tile_payment.total))
    move_need = payment.exchange_needed(m.move_payment, payment.FEET)
    tile_need = payment.exchange_needed(m.tile_payment, payment.SHELLS)
    if move_need > 0 or tile_need > 0:      # plain and all-fruit payments need no hut: most buys skip reading them
        caps = effects.exchange_capacities(p.realm, comps)
        if not payment.huts_can_cover([move_need, tile_need], caps):
            raise IllegalMoveError(payment.mix_refused(who, sum(caps)))
    have = p.resources()
    lacking = payment.shortfall(m.move_payment, *have)
    if lacking:
        raise IllegalMoveError(_("{who} cannot move {path}: {lacking} (H-R5)").format(
            who=who, path=f"{_from(p.at)}->{m.place}", lacking=lacking))
    total = payment.plus(m.move_payment, m.tile_payment)
    lacking = payment.shortfall(total, *have)
    if lacking:
        raise IllegalMoveError(_("{who} cannot pay for the move and {tile} with token {token}: {lacking} (H-R6, H-R7)").format(
            who=who, tile=m.tile, token=m.token, lacking=lacking))
    if m.kane_tiki is not None:
        if m.tile != "kane":
            raise IllegalMoveError(_("{who} can take an extra tiki only right after buying KANE (H-R15)").format(who=who))
        if not _kane_tiki_ok(d, p):
            raise IllegalMoveError(_("{who} cannot take KANE's tiki: no tiki or no free tiki space (H-R15)").format(who=who))
        need = comps.tiles["kane"].tiki_cost
        if m.kane_tiki.total != need:
            raise IllegalMoveError(_("{who} must pay {need} resources for KANE's tiki, not {paid} (H-R15)").format(
                who=who, need=need, paid=m.kane_tiki.total))
        lacking = payment.shortfall(payment.plus(total, m.kane_tiki), *have)
        if lacking:
            raise IllegalMoveError(_("{who} cannot also pay for KANE's tiki: {lacking} (H-R15)").format(who=who, lacking=lacking))
    where = targets(d, p, m.tile, count)
    if not where:
        raise IllegalMoveError(_("{who} cannot buy {tile}: it could not be placed in the realm at once (H-R7, H-R8)").format(
            who=who, tile=m.tile))
    if m.village not in where:
        if where == [None]:
            raise IllegalMoveError(_("{who} places {tile} outside the villages; no village is named (H-R8)").format(who=who, tile=m.tile))
        raise IllegalMoveError(_("{who} cannot put {tile} in village {village}: legal villages are {villages} (H-R8)").format(
            who=who, tile=m.tile, village=m.village, villages=", ".join(map(str, where))))


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
