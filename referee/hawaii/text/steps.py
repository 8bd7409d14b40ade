"""The steps a Hawaii move is chosen in, for the move builder (referee/core/builder.py):
where the chief goes (a place, staying, the cove, a dock, the order track), what it
does there, then the tile's side, the token, the payment and the village. Each choice
is written as the notation writes it, so a player learns the notation by choosing."""
from __future__ import annotations

from functools import lru_cache

from referee.hawaii.rules.buying import Buys
from referee.hawaii.rules.moves import Buy, ChooseIncome, Fish, TakeOrder, Visit
from referee.hawaii.text import names


@lru_cache(maxsize=4096)
def _words(value) -> str:
    """A payment's or a token's words, remembered: a rich position has thousands of
    purchases that differ only in how they are paid, made of a few dozen payments."""
    return str(value)


@lru_cache(maxsize=4096)
def _paid(move_payment, tile_payment) -> str:
    return f"move {move_payment}, tile {tile_payment}"


@lru_cache(maxsize=256)
def _village(village) -> str:
    return f"village {village}" if village is not None else "no village"


@lru_cache(maxsize=4096)
def _buy_head(stays: bool, place, tile, side, token) -> tuple[tuple[str, str], ...]:
    return (("where", f"stay at {place}" if stays else place), ("what", tile),
            ("side", names.side_word(tile, side)), ("token", "token " + _words(token)))


@lru_cache(maxsize=4096)
def _buy_tail(move_payment, tile_payment, village, kane_tiki) -> tuple[tuple[str, str], ...]:
    tiki = f"tiki paying {_words(kane_tiki)}" if kane_tiki is not None else "no tiki"
    return (("payment", _paid(move_payment, tile_payment)), ("village", _village(village)),
            ("extra tiki", tiki))


def _buy_path(stays: bool, move) -> tuple[tuple[str, str], ...]:
    """A purchase's path is where and what it buys, then how it pays and places it: a
    rich position has over 5,000 purchases made of a few hundred heads and a few dozen
    tails, so both halves are remembered and a path costs one new tuple. (Remembering
    whole paths missed on nearly every new position and made eight tuples a miss.)"""
    return (_buy_head(stays, move.place, move.tile, move.side, move.token)
            + _buy_tail(move.move_payment, move.tile_payment, move.village, move.kane_tiki))


@lru_cache(maxsize=4096)
def _buy_tails(where: tuple, pairs: tuple) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The tails of a chunk of purchases (``buying.Buys``), in its moves' order."""
    return tuple(_buy_tail(mp, tp, village, None) for village in where for mp, tp in pairs)


def move_paths(moves, state) -> list[tuple[tuple[str, str], ...]]:
    """:func:`move_path` of each of ``moves``. The legal moves' purchases come in chunks
    of one place, tile, side and token (``buying.Buys``): a chunk's paths are its head
    joined to each of its tails, read from the chunk without making its moves."""
    chunks = getattr(moves, "chunks", None)
    if chunks is None:
        return [move_path(move, state) for move in moves]
    players = state.d.players
    out: list = []
    for chunk in chunks:
        if type(chunk) is not Buys:
            out += [move_path(move, state) for move in chunk]
            continue
        seat, place, tile, side, token = chunk.head
        head = _buy_head(place == players[seat].at, place, tile, side, token)
        out += [head + tail for tail in _buy_tails(tuple(chunk.where), chunk.pairs)]
    return out


@lru_cache(maxsize=1024)
def _fish_path(fish, boats, payment) -> tuple[tuple[str, str], ...]:
    """Remembered, as the trips below: a cove of five tokens offers dozens of catches
    each decision, each written from its tokens, boats and payment, and the next
    decision of the game offers most of them again."""
    fish = " ".join(str(t) for t in sorted(fish, reverse=True))
    return (("where", "cove"), ("what", "fish"), ("fish", f"fish {fish}"),
            ("boats", f"with {' '.join(boats)}"), ("payment", f"paying {payment}"))


@lru_cache(maxsize=1024)
def _visit_path(dock, boats, payment, fruit, village) -> tuple[tuple[str, str], ...]:
    return (("where", f"dock {dock}"), ("what", "visit"),
            ("boats", f"with {' '.join(boats)}"), ("payment", f"paying {payment}"),
            ("fruit", f"takes {fruit}" if fruit else "no fruit"), ("village", _village(village)))


def move_path(move, state) -> tuple[tuple[str, str], ...]:
    if isinstance(move, Buy):
        return _buy_path(move.place == state.d.players[move.seat].at, move)
    if isinstance(move, Fish):
        return _fish_path(move.fish, move.boats, move.payment)
    if isinstance(move, Visit):
        return _visit_path(move.dock, move.boats, move.payment, move.fruit, move.village)
    if isinstance(move, TakeOrder):
        return (("where", "order track"), ("what", f"order {move.space}"))
    if isinstance(move, ChooseIncome):
        return (("where", "income"), ("what", " ".join(move.choices)))
    raise TypeError(f"{move!r} is not a Hawaii move")
