"""Random acts: the place layout, the first turn order, the islands and the
price-token layout, one draw at a time (setup, H-R18).

The token layout follows the seeds: per place in layout order, one token per
unprinted circle, then one for the printed circle, which stays on it only if
the place's sum stays within the printed limit, else it goes fish side up to
the cove; then players-1 tokens on order spaces 2..N, lowest first, a spear
token above a plain one of the same value.
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from referee.errors import BadChanceError
from referee.hawaii.moves import IslandDrawn, OrderDrawn, PlaceDrawn, TokenDrawn

if TYPE_CHECKING:
    from referee.hawaii.state import Data

KINDS = {"place": "places", "order": "order", "island": "islands", "token": "tokens"}


def setup_steps(d: "Data") -> list[tuple]:
    steps: list[tuple] = [("place", c) for c in d.comps.positions]
    steps += [("order", k) for k in range(1, len(d.seats) + 1)]
    steps.append(("start",))
    steps += [("island", i) for i in range(len(d.comps.docks))]
    steps.append(("layout",))
    steps.append(("chiefs",))
    return steps


def layout_steps(d: "Data") -> list[tuple]:
    steps: list[tuple] = []
    for coord in d.comps.positions:
        spec = d.comps.place(d.board[coord])
        steps += [("token", coord, "open")] * (spec.circles - 1)
        steps.append(("token", coord, "printed"))
    steps += [("token", "track", "track")] * (len(d.seats) - 1)
    return steps


def normalize(d: "Data") -> None:
    """Expand markers and do the deterministic parts until a real draw (or nothing) is due."""
    while d.pending:
        head = d.pending[0]
        if head[0] == "layout":
            d.pending[0:1] = layout_steps(d)
        elif head[0] == "island" and not d.stack_down:
            for island in d.stack_up:           # a face-up island comes up: shuffle
                d.stack_down[island] = d.stack_down.get(island, 0) + 1
            d.stack_up.clear()
        elif head[0] == "start":
            d.pending.pop(0)
            from referee.hawaii.rounds import start_game
            start_game(d)
        elif head[0] == "chiefs":
            d.pending.pop(0)
            from referee.hawaii.rounds import start_chiefs
            start_chiefs(d)
        else:
            return


def kind(d: "Data") -> str | None:
    return KINDS[d.pending[0][0]] if d.pending else None


def outcomes(d: "Data") -> list[tuple[object, Fraction]]:
    head = d.pending[0]
    if head[0] == "place":
        left = [p.id for p in d.comps.places if p.id not in d.board.values()]
        return [(PlaceDrawn(p), Fraction(1, len(left))) for p in left]
    if head[0] == "order":
        left = [s for s in d.seats if s not in d.track_seat.values()]
        return [(OrderDrawn(s), Fraction(1, len(left))) for s in left]
    if head[0] == "island":
        total = sum(d.stack_down.values())
        return [(IslandDrawn(i), Fraction(n, total)) for i, n in sorted(d.stack_down.items()) if n]
    total = sum(d.bag.values())
    return [(TokenDrawn(t), Fraction(n, total)) for t, n in sorted(d.bag.items()) if n]


def sample(d: "Data", rng):
    """One outcome with the true odds, without building fractions (hot in playouts)."""
    head = d.pending[0]
    if head[0] == "token":
        items = sorted(d.bag.items())
    elif head[0] == "island":
        items = sorted(d.stack_down.items())
    else:
        return rng.choice(outcomes(d))[0]
    pick = rng.randrange(sum(n for _, n in items))
    for thing, n in items:
        if pick < n:
            return TokenDrawn(thing) if head[0] == "token" else IslandDrawn(thing)
        pick -= n
    raise AssertionError("unreachable")


def apply(d: "Data", move) -> None:
    if not d.pending:
        raise BadChanceError(f"no random draw is due now: {_describe(move)} cannot happen")
    head = d.pending[0]
    step = head[0]
    if step == "token":             # 20 or more a round: first
        if not isinstance(move, TokenDrawn):
            raise BadChanceError(f"a price token must be drawn now, not {_describe(move)}")
        if d.bag.get(move.token, 0) <= 0:
            raise BadChanceError(f"price token {move.token} is not in the bag")
        _take_from_bag(d, move.token)
        _lay_token(d, head, move.token)
    elif step == "place":
        if not isinstance(move, PlaceDrawn):
            raise BadChanceError(f"a place for {head[1]} must be drawn now, not {_describe(move)}")
        try:
            spec = d.comps.place(move.place_id)
        except KeyError:
            raise BadChanceError(f"there is no place {move.place_id!r} in the components") from None
        if spec.id in d.board.values():
            raise BadChanceError(f"place {spec.id} is already laid out")
        d.board[head[1]] = spec.id
    elif step == "order":
        if not isinstance(move, OrderDrawn):
            raise BadChanceError(f"the seat for order space {head[1]} must be drawn now, not {_describe(move)}")
        if move.seat not in d.seats:
            raise BadChanceError(f"{move.seat} is not a seat of this game")
        if move.seat in d.track_seat.values():
            raise BadChanceError(f"{move.seat} already has an order space")
        d.track_seat[head[1]] = move.seat
    else:
        if not isinstance(move, IslandDrawn):
            raise BadChanceError(f"an island for dock {head[1] + 1} must be drawn now, not {_describe(move)}")
        if d.stack_down.get(move.island_id, 0) <= 0:
            raise BadChanceError(f"island {move.island_id} is not in the face-down stack")
        d.stack_down[move.island_id] -= 1
        if not d.stack_down[move.island_id]:
            del d.stack_down[move.island_id]
        d.docks[head[1]] = move.island_id
    d.pending.pop(0)
    if d.pending and d.pending[0][0] != "token":    # the layout's next draw needs no setting up
        normalize(d)


def _take_from_bag(d: "Data", token) -> None:
    d.bag[token] -= 1
    if not d.bag[token]:
        del d.bag[token]


def _lay_token(d: "Data", head: tuple, token) -> None:
    _, coord, circle = head
    if circle == "track":
        d.track_draws.append(token)
        if len(d.track_draws) == len(d.seats) - 1:
            for space, t in enumerate(sorted(d.track_draws), start=2):
                d.track[space] = t
            d.track_draws = []
        return
    place = d.place_at(coord)
    if circle == "open":
        place.tokens.append(token)
        return
    limit = d.comps.place(place.place_id).limit
    if sum(t.value for t in place.tokens) + token.value <= limit:
        place.tokens.append(token)
    else:
        place.printed_empty = True
        d.cove.append(token)


def _describe(move) -> str:
    return type(move).__name__
