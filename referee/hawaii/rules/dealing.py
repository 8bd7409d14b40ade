"""Random acts: the place layout, the first turn order, the islands and the
price-token layout, one draw at a time (setup, H-R18).

The token layout follows the seeds: per place in layout order, one token per
unprinted circle, then one for the printed circle, which stays on it only if
the place's sum stays within the printed limit, else it goes fish side up to
the cove; then players-1 tokens on order spaces 2..N, lowest first, a spear
token above a plain one of the same value. The game's start (the starting
resources, the first chief) is a step of the first layout, so it lives here
and the round's frame (:mod:`referee.hawaii.rules.rounds`) can import this
module without this module importing it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from referee.errors import BadChanceError
from referee.hawaii.rules.moves import IslandDrawn, OrderDrawn, PlaceDrawn, TokenDrawn

if TYPE_CHECKING:
    from fractions import Fraction

    from referee.hawaii.rules.state import Data

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
        if head[0] == "token":          # most draws: nothing to set up
            return
        if head[0] == "layout":
            d.pending[0:1] = layout_steps(d)
        elif head[0] == "island" and not d.stack_down:
            _reshuffle(d.stack_down, d.stack_up)
        elif head[0] == "start":
            d.pending.pop(0)
            start_game(d)
        elif head[0] == "chiefs":
            d.pending.pop(0)
            start_chiefs(d)
        else:
            return


def start_game(d: "Data") -> None:
    """The first order is known: hand out the starting resources (H-X13)."""
    d.order = [d.track_seat[k] for k in sorted(d.track_seat)]
    d.track_seat = {}
    comps = d.comps
    for space, seat in enumerate(d.order):
        p = d.players[seat]
        p.gain("shells", comps.start_shells)
        p.gain("feet", comps.start_feet)
        p.gain("fruits", comps.start_fruits[space])


def start_chiefs(d: "Data") -> None:
    d.phase = "chiefs"
    d.turn = d.order[0]


def kind(d: "Data") -> str | None:
    return KINDS[d.pending[0][0]] if d.pending else None


def outcomes(d: "Data") -> list[tuple[object, Fraction]]:
    from fractions import Fraction     # exact odds are asked for by tools, not by a replay

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
    refuse(d.pending[0], move, d)
    _play(d, move)


def apply_tried(d: "Data", moves, landings) -> None:
    """Play draws :func:`trial` has just accepted on this very position, with the
    ``landings`` it found: each is played as :func:`apply` plays it, without asking
    :func:`refuse` again.

    A run of price tokens (a whole layout, twenty and more draws) has nothing to
    set up between its draws, so its steps leave the queue at once, and each
    printed circle keeps or loses its token as the trial found."""
    pending = d.pending
    if pending[0][0] != "token":
        for move in moves:
            _play(d, move)
        return
    steps = pending[:len(moves)]
    del pending[:len(moves)]
    bag, places, board = d.bag, d.places, d.board
    for (_, coord, circle), move, landing in zip(steps, moves, landings):
        token = move.token
        _take(bag, token)
        if circle == "track":
            _lay_on_track(d, token)
        elif landing is None or landing[0]:     # an open circle, or a printed one within the limit
            places[board[coord]].tokens.append(token)
        else:
            places[board[coord]].printed_empty = True
            d.cove.append(token)
    normalize(d)


def _play(d: "Data", move) -> None:
    head = d.pending[0]
    step = head[0]
    if step == "token":             # 20 or more a round: first
        _take(d.bag, move.token)
        _lay_token(d, head, move.token)
    elif step == "place":
        d.board[head[1]] = move.place_id
    elif step == "order":
        d.track_seat[head[1]] = move.seat
    else:
        _take(d.stack_down, move.island_id)
        d.docks[head[1]] = move.island_id
    d.pending.pop(0)
    normalize(d)


class Pools(NamedTuple):
    """What draws take from, copied so a whole chance line can be tried (:func:`trial`)."""
    laid: set[str]          # places on the board
    seated: set[str]        # seats on the order track
    stack: dict[str, int]   # face-down islands
    bag: dict               # price tokens


def refuse(head: tuple, move, d: "Data", pools: Pools | None = None) -> None:
    """Raise why ``move`` cannot be the draw for step ``head``: in ``d`` itself, or
    against ``pools`` when a line is tried. One rule for playing a draw and trying one."""
    step = head[0]
    if step == "token":
        if not isinstance(move, TokenDrawn):
            raise BadChanceError(f"a price token must be drawn now, not {_describe(move)} (H-R18)")
        if (d.bag if pools is None else pools.bag).get(move.token, 0) <= 0:
            raise BadChanceError(f"price token {move.token} is not in the bag (H-R18)")
    elif step == "place":
        if not isinstance(move, PlaceDrawn):
            raise BadChanceError(f"a place for {head[1]} must be drawn now, not {_describe(move)} (H-R3)")
        try:
            spec = d.comps.place(move.place_id)
        except KeyError:
            raise BadChanceError(f"there is no place {move.place_id!r} in the components (H-R3)") from None
        if spec.id in (d.board.values() if pools is None else pools.laid):
            raise BadChanceError(f"place {spec.id} is already laid out (H-R3)")
    elif step == "order":
        if not isinstance(move, OrderDrawn):
            raise BadChanceError(f"the seat for order space {head[1]} must be drawn now, not {_describe(move)} (H-R13)")
        if move.seat not in d.seats:
            raise BadChanceError(f"{move.seat} is not a seat of this game (H-R13)")
        if move.seat in (d.track_seat.values() if pools is None else pools.seated):
            raise BadChanceError(f"{move.seat} already has an order space (H-R13)")
    else:
        if not isinstance(move, IslandDrawn):
            raise BadChanceError(f"an island for dock {head[1] + 1} must be drawn now, not {_describe(move)} (H-R18)")
        if (d.stack_down if pools is None else pools.stack).get(move.island_id, 0) <= 0:
            raise BadChanceError(f"island {move.island_id} is not in the face-down stack (H-R18)")


def trial(d: "Data", steps: list[tuple], moves) -> list[tuple[bool, int] | None]:
    """Try a run of draws for ``steps`` without changing ``d``: how a chance line is
    checked before it is played, without copying the whole game.

    For a printed circle: (whether the token stays on it, the place's sum with it);
    None for other draws. A refused draw raises BadChanceError with ``index`` set.
    """
    pools = Pools(set(d.board.values()), set(d.track_seat.values()), dict(d.stack_down), dict(d.bag))
    up = list(d.stack_up)
    sums: dict[str, int] = {}
    out: list[tuple[bool, int] | None] = []
    bag = pools.bag
    for i, (head, move) in enumerate(zip(steps, moves)):
        step = head[0]
        if step == "island" and not pools.stack:
            _reshuffle(pools.stack, up)
        # a token in the bag is the common case, accepted without asking refuse()
        if step != "token" or type(move) is not TokenDrawn or bag.get(move.token, 0) <= 0:
            try:
                refuse(head, move, d, pools)
            except BadChanceError as err:
                err.index = i
                raise
        landing = None
        if step == "token":
            token = move.token
            _take(bag, token)
            _, where, circle = head
            if where != "track":
                base = sums.get(where)
                if base is None:
                    base = sums[where] = sum(t.value for t in d.place_at(where).tokens)
                total = base + token.value
                stays = circle == "open" or _fits_printed(d, where, total)
                if stays:
                    sums[where] = total
                if circle == "printed":
                    landing = (stays, total)
        elif head[0] == "place":
            pools.laid.add(move.place_id)
        elif head[0] == "order":
            pools.seated.add(move.seat)
        else:
            _take(pools.stack, move.island_id)
        out.append(landing)
    return out


def _fits_printed(d: "Data", coord: str, total: int) -> bool:
    """A printed circle keeps its token only while the place's sum stays within the limit."""
    return total <= d.comps.place(d.board[coord]).limit


def _reshuffle(stack_down: dict, stack_up: list) -> None:
    for island in stack_up:           # a face-up island comes up: shuffle
        stack_down[island] = stack_down.get(island, 0) + 1
    stack_up.clear()


def _take(counts: dict, key) -> None:
    counts[key] -= 1
    if not counts[key]:
        del counts[key]


def _lay_token(d: "Data", head: tuple, token) -> None:
    _, coord, circle = head
    if circle == "track":
        _lay_on_track(d, token)
        return
    place = d.place_at(coord)
    if circle == "open" or _fits_printed(d, coord, sum(t.value for t in place.tokens) + token.value):
        place.tokens.append(token)
    else:
        place.printed_empty = True
        d.cove.append(token)


def _lay_on_track(d: "Data", token) -> None:
    """Order spaces 2..N take the track's tokens lowest first, once all are drawn."""
    d.track_draws.append(token)
    if len(d.track_draws) == len(d.seats) - 1:
        for space, t in enumerate(sorted(d.track_draws), start=2):
            d.track[space] = t
        d.track_draws = []


def _describe(move) -> str:
    return type(move).__name__
