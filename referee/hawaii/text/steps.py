"""The steps a Hawaii move is chosen in, for the move builder (referee/core/builder.py):
where the chief goes (a place, staying, the cove, a dock, the order track), what it
does there, then the tile's side, the token, the payment and the village. Each choice
is written as the notation writes it, so a player learns the notation by choosing."""
from __future__ import annotations

from functools import lru_cache

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


@lru_cache(maxsize=1 << 15)
def _buy_path(stays: bool, place, tile, side, token, move_payment, tile_payment, village,
              kane_tiki) -> tuple[tuple[str, str], ...]:
    """Remembered, so that the next step of the same position (and the next position,
    which shares most purchases) builds no new tuples: a rich position has over 5,000
    purchases, and making their paths anew each time woke the garbage collector."""
    tiki = f"tiki paying {_words(kane_tiki)}" if kane_tiki is not None else "no tiki"
    return (("where", f"stay at {place}" if stays else place), ("what", tile),
            ("side", names.side_word(tile, side)), ("token", "token " + _words(token)),
            ("payment", _paid(move_payment, tile_payment)), ("village", _village(village)),
            ("extra tiki", tiki))


def move_path(move, state) -> tuple[tuple[str, str], ...]:
    if isinstance(move, Buy):
        stays = move.place == state.d.players[move.seat].at
        return _buy_path(stays, move.place, move.tile, move.side, move.token, move.move_payment,
                         move.tile_payment, move.village, move.kane_tiki)
    if isinstance(move, Fish):
        fish = " ".join(str(t) for t in sorted(move.fish, reverse=True))
        return (("where", "cove"), ("what", "fish"), ("fish", f"fish {fish}"),
                ("boats", f"with {' '.join(move.boats)}"), ("payment", f"paying {move.payment}"))
    if isinstance(move, Visit):
        return (("where", f"dock {move.dock}"), ("what", "visit"),
                ("boats", f"with {' '.join(move.boats)}"), ("payment", f"paying {move.payment}"),
                ("fruit", f"takes {move.fruit}" if move.fruit else "no fruit"),
                ("village", _village(move.village)))
    if isinstance(move, TakeOrder):
        return (("where", "order track"), ("what", f"order {move.space}"))
    if isinstance(move, ChooseIncome):
        return (("where", "income"), ("what", " ".join(move.choices)))
    raise TypeError(f"{move!r} is not a Hawaii move")
