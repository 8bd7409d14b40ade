"""Position builders for the Hawaii engine tests.

``deal`` starts a game with ``new_state`` and plays the chance moves of our
choice (PlaceDrawn for the 10 positions, OrderDrawn, IslandDrawn, TokenDrawn for
each circle and track space). The editing helpers change a dealt position the
way a referee setting up a puzzle would, but keep conservation: tiles are taken
from their place's stock, tokens from the bag (or, when the bag is empty, from
a place or the cove), resources through the players' ledgers, so
``check_invariants()`` keeps holding.
"""
from __future__ import annotations

import json
from collections import Counter

import pytest

from referee.errors import IllegalMoveError
from referee.hawaii.text import state_json
from referee.hawaii.data.components import load
from referee.hawaii.rules.game import new_state
from referee.hawaii.rules.moves import (Buy, ChooseIncome, Fish, IslandDrawn, OrderDrawn, Payment,
                                  PlaceDrawn, TakeOrder, Token, TokenDrawn, Visit)
from referee.hawaii.rules.realm import Realm

__all__ = ["Buy", "ChooseIncome", "Fish", "Payment", "TakeOrder", "Token", "Visit", "T", "P"]

# Board used unless a test says otherwise (H-R3 coordinates). It fits the French
# first-round example: the long-hut place borders the beach, the shell/foot place
# is next to it, and the gods are 2 steps further (B1 -> B2 -> A3).
DEFAULT_BOARD = {
    "A1": "long-huts-irrigation",
    "B1": "shell-foot-huts",
    "A2": "exchange-spear-huts",
    "B2": "hula-dancers",
    "C2": "fruits",
    "A3": "gods",
    "B3": "kahunas",
    "C3": "tikis",
    "A4": "boats",
    "B4": "surfers",
}
DEFAULT_ISLANDS = ["5-points", "foot-hut", "4-fruits", "2-kahunas"]


def T(text: str | int) -> Token:
    """Token shorthand: T(3), T('3s') (crossed spears)."""
    return Token.parse(str(text))


def P(shells: int = 0, feet: int = 0, fruits: int = 0) -> Payment:
    return Payment(shells, feet, fruits)


# --- dealing -------------------------------------------------------------------------

def deal(seats, *, board=None, order=None, islands=None, tokens=None, track=None,
         rules=(), state=None):
    """A game dealt to the chiefs' phase with the layout asked for.

    ``board``: coordinate -> place id (default DEFAULT_BOARD).
    ``order``: seats by order-track space 1, 2, ... (default: ``seats``).
    ``islands``: island ids for the docks to fill, in dock order.
    ``tokens``: coordinate (or place id) -> the tokens drawn for that place, in
    draw order (unprinted circles first, the printed circle last; a printed draw
    over the limit goes to the cove, as the rules say). Places not named get the
    smallest tokens left in the bag that nobody else asked for.
    ``track``: the tokens drawn for the order track (players - 1 of them).
    With ``state``, continues the pending draws of that state instead.
    """
    s = state if state is not None else new_state(seats, rules)
    board = dict(DEFAULT_BOARD if board is None else board)
    order = list(order or (seats if state is None else []))
    islands = list(DEFAULT_ISLANDS if islands is None else islands)
    d = s.d
    wanted = {}
    for key, toks in (tokens or {}).items():
        coord = key if key in d.comps.positions else _coord_for(board, d, key)
        wanted[coord] = [T(t) if not isinstance(t, Token) else t for t in toks]
    track_q = [T(t) if not isinstance(t, Token) else t for t in (track or [])]
    reserved = Counter(t for q in wanted.values() for t in q) + Counter(track_q)
    while s.current_player() == "chance":
        head = d.pending[0]
        if head[0] == "place":
            move = PlaceDrawn(board[head[1]])
        elif head[0] == "order":
            move = OrderDrawn(order.pop(0).upper())
        elif head[0] == "island":
            move = IslandDrawn(islands.pop(0)) if islands else s.chance_outcomes()[0][0]
        else:
            _, coord, circle = head
            q = track_q if circle == "track" else wanted.get(coord)
            if q:
                tok = q.pop(0)
                reserved[tok] -= 1
            else:
                free = Counter(d.bag) - reserved
                tok = min(t for t, n in free.items() if n > 0)
            move = TokenDrawn(tok)
        s.apply(move)
    s.check_invariants()
    return s


def _coord_for(board, d, place_id):
    for c, p in board.items():
        if p == place_id:
            return c
    raise KeyError(place_id)


def redeal(s, **kw):
    """Play the chance draws now due (next round) with the same options as ``deal``."""
    return deal(None, state=s, board=dict(s.d.board), **kw)


# --- looking at a position --------------------------------------------------------------

def coord(s, key: str) -> str:
    """A coordinate, given a coordinate or a place id."""
    return key if key in s.d.board else s.d.coord_of(key)


def place(s, key: str):
    return s.d.place_at(coord(s, key))


def player(s, seat: str):
    return s.d.players[seat]


def snapshot(s) -> str:
    return json.dumps(state_json.to_json(s), sort_keys=True, default=str)


# --- editing a position (conservation kept) -------------------------------------------------

def _take_token(d, tok: Token) -> Token:
    """Remove one ``tok`` from the bag, else the cove, else a place, else the track."""
    if d.bag.get(tok, 0) > 0:
        d.bag[tok] -= 1
        if not d.bag[tok]:
            del d.bag[tok]
        return tok
    if tok in d.cove:
        d.cove.remove(tok)
        return tok
    for pl in d.places.values():
        if tok in pl.tokens:
            pl.tokens.remove(tok)
            return tok
    for space, t in list(d.track.items()):
        if t == tok:
            del d.track[space]
            return tok
    raise AssertionError(f"token {tok} is nowhere free to take")


def _to_bag(d, toks) -> None:
    for t in toks:
        d.bag[t] = d.bag.get(t, 0) + 1


def set_tokens(s, key: str, toks) -> None:
    """The price tokens on a place become exactly ``toks`` (old ones go to the bag)."""
    d = s.d
    pl = place(s, key)
    old, pl.tokens = pl.tokens, []
    _to_bag(d, old)
    pl.tokens = [_take_token(d, T(t) if not isinstance(t, Token) else t) for t in toks]


def set_cove(s, toks) -> None:
    d = s.d
    old, d.cove = d.cove, []
    _to_bag(d, old)
    d.cove = [_take_token(d, T(t) if not isinstance(t, Token) else t) for t in toks]


def set_track(s, space: int, tok) -> None:
    """The token under order space ``space`` (None: no token)."""
    d = s.d
    old = d.track.pop(space, None)
    if old is not None:
        _to_bag(d, [old])
    if tok is not None:
        d.track[space] = _take_token(d, T(tok) if not isinstance(tok, Token) else tok)


def give_round_tokens(s, seat: str, toks=(), fish=()) -> None:
    """Price (and fish) tokens taken this round by ``seat``."""
    d = s.d
    p = d.players[seat]
    p.tokens += [_take_token(d, T(t) if not isinstance(t, Token) else t) for t in toks]
    p.fish += [_take_token(d, T(t) if not isinstance(t, Token) else t) for t in fish]


def set_resources(s, seat: str, shells=None, feet=None, fruits=None) -> None:
    """Set a chief's resources through the ledgers (income or payment)."""
    p = s.d.players[seat]
    for name, want in (("shells", shells), ("feet", feet), ("fruits", fruits)):
        if want is None:
            continue
        have = getattr(p, name)
        if want > have:
            p.gain(name, want - have)
        elif want < have:
            p.pay(Payment(**{name: have - want}))


def give(s, seat: str, kind: str, side: int = 1, village: int | None = None, count: int = 1) -> None:
    """Put tiles from their place into a realm, without bonuses or payment.

    Village tiles go at the end of ``village`` (default: the first village
    where the engine would let it go, else a new one); kahunas and tikis onto
    the next spaces; boats beside the realm.
    """
    d = s.d
    comps = d.comps
    p = d.players[seat]
    seller = d.seller_of(kind)
    assert seller.stock.get(kind, 0) >= count, f"no {kind} left"
    seller.stock[kind] -= count
    family = comps.tiles[kind].family
    if family == "kahuna":
        p.realm.kahunas += count
    elif family == "tiki":
        p.realm.tikis += count
    elif family == "boat":
        for _ in range(count):
            p.realm.add_boat(side)
    else:
        if village is None:
            legal = p.realm.villages_for(kind, comps)
            assert legal, f"{kind} fits nowhere"
            village = legal[0]
        p.realm.add_to_village(kind, side, village)


def realm(rows, kahunas=0, tikis=0, boats=()):
    """A legal realm from rows of 'kind' or 'kind:II' (village 1 starts with the printed hut)."""
    comps = load()
    r = Realm.new(comps)
    for i, row in enumerate(rows):
        for t in row:
            kind, _, side = t.partition(":")
            r.add_to_village(kind, 2 if side == "II" else 1, i + 1)
    r.kahunas, r.tikis = kahunas, tikis
    for side in boats:
        r.add_boat(side)
    assert r.legality_problems(comps) == []
    return r


def realm_rows(s, seat: str):
    return [[k for k, _ in row] for row in s.d.players[seat].realm.villages]


def put_at(s, seat: str, where: str) -> None:
    s.d.players[seat].at = where


# --- playing ---------------------------------------------------------------------------

def play(s, move) -> None:
    """check, apply, check_invariants: a legal move must pass all three."""
    s.check(move)
    s.apply(move)
    s.check_invariants()


def assert_illegal(s, move, ruling: str | tuple[str, ...], error=IllegalMoveError):
    """The move is refused by check() and apply() naming ``ruling``; apply leaves no trace."""
    rulings = (ruling,) if isinstance(ruling, str) else ruling
    before = snapshot(s)
    with pytest.raises(error) as e1:
        s.check(move)
    with pytest.raises(error) as e2:
        s.apply(move)
    for e in (e1, e2):
        assert any(r in str(e.value) for r in rulings), f"{e.value} does not cite {rulings}"
    assert snapshot(s) == before, "a refused move changed the state"
    s.check_invariants()
    return str(e2.value)


def legal(s, **match):
    """The legal moves whose fields equal ``match``."""
    out = []
    for m in s.legal_moves():
        if all(getattr(m, k, object()) == v for k, v in match.items()):
            out.append(m)
    return out


def end_round(s, spaces: dict[str, int] | None = None) -> None:
    """Every chief still playing takes an order space (``spaces`` or the lowest free)."""
    spaces = dict(spaces or {})
    while s.current_player() in s.d.players and s.d.phase == "chiefs":
        seat = s.current_player()
        space = spaces.get(seat)
        if space is None:
            space = min(k for k in range(1, len(s.d.seats) + 1) if k not in s.d.track_seat)
        play(s, TakeOrder(seat, space))
