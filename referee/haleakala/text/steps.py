"""The steps a Haleakala move is chosen in, for the move builder (referee/core/builder.py):
the action, then the disc, the beach, where the shaman goes and the invocation disc (or
the card, or the lava route). Each choice is written as the notation writes it."""
from __future__ import annotations

from referee.haleakala.rules.moves import (Buy, BuyNothing, PickCard, PlaceDisc, PriestessMove,
                                           Sail, TakeBack)


def move_path(move, state) -> tuple[tuple[str, str], ...]:
    if isinstance(move, (PlaceDisc, TakeBack)):
        stays = move.shaman is None or move.shaman == state.shaman.get(move.seat)
        shaman = "shaman stays" if stays else f"shaman to {move.shaman}"
        path = (("action", "places" if isinstance(move, PlaceDisc) else "takes back"),
                ("disc", f"disc {move.value}"), ("beach", f"beach{move.section}"), ("shaman", shaman))
        if isinstance(move, PlaceDisc):
            path += (("invocation", "with invocation" if move.invocation else "no invocation"),)
        return path
    if isinstance(move, Sail):
        return (("action", "sails"),)
    if isinstance(move, PickCard):
        return (("action", "picks"), ("card", move.card))
    if isinstance(move, PriestessMove):
        route = "none" if move.is_none else f"crater{move.src}->crater{move.dst}"
        return (("action", "priestess"), ("lava", route))
    if isinstance(move, (Buy, BuyNothing)):
        return (("action", "buys"), ("card", "nothing" if isinstance(move, BuyNothing) else move.card))
    raise TypeError(f"{move!r} is not a Haleakala move")
