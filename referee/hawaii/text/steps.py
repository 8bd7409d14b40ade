"""The steps a Hawaii move is chosen in, for the move builder (referee/core/builder.py):
where the chief goes (a place, staying, the cove, a dock, the order track), what it
does there, then the tile's side, the token, the payment and the village. Each choice
is written as the notation writes it, so a player learns the notation by choosing."""
from __future__ import annotations

from referee.hawaii.rules.moves import Buy, ChooseIncome, Fish, TakeOrder, Visit
from referee.hawaii.text import names


def move_path(move, state) -> tuple[tuple[str, str], ...]:
    if isinstance(move, Buy):
        at = state.d.players[move.seat].at
        where = f"stay at {move.place}" if move.place == at else move.place
        village = f"village {move.village}" if move.village is not None else "no village"
        tiki = f"tiki paying {move.kane_tiki}" if move.kane_tiki is not None else "no tiki"
        return (("where", where), ("what", move.tile),
                ("side", names.side_word(move.tile, move.side)), ("token", f"token {move.token}"),
                ("payment", f"move {move.move_payment}, tile {move.tile_payment}"),
                ("village", village), ("extra tiki", tiki))
    if isinstance(move, Fish):
        fish = " ".join(str(t) for t in sorted(move.fish, reverse=True))
        return (("where", "cove"), ("what", "fish"), ("fish", f"fish {fish}"),
                ("boats", f"with {' '.join(move.boats)}"), ("payment", f"paying {move.payment}"))
    if isinstance(move, Visit):
        return (("where", f"dock {move.dock}"), ("what", "visit"),
                ("boats", f"with {' '.join(move.boats)}"), ("payment", f"paying {move.payment}"),
                ("fruit", f"takes {move.fruit}" if move.fruit else "no fruit"),
                ("village", f"village {move.village}" if move.village is not None else "no village"))
    if isinstance(move, TakeOrder):
        return (("where", "order track"), ("what", f"order {move.space}"))
    if isinstance(move, ChooseIncome):
        return (("where", "income"), ("what", " ".join(move.choices)))
    raise TypeError(f"{move!r} is not a Hawaii move")
