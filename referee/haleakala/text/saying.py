"""A Haleakala move said as a sentence in the reader's language ("RED places disc 3 on
beach 2, and the shaman goes to forest 2"): what an answer shows under the canonical
line it read, for a player who does not read the notation."""
from __future__ import annotations

from referee.haleakala.rules import board
from referee.haleakala.rules.moves import (Buy, BuyNothing, PickCard, PlaceDisc, PriestessMove,
                                           Sail, TakeBack)
from referee.haleakala.text.steps import named, space_words
from referee.i18n import N_, _, seat_word


def say(move, state) -> str:
    """``move`` (legal in ``state``, before it is played) as one sentence."""
    seat = move.seat
    who = seat_word(seat)          # the colour as the reader's language says it
    if isinstance(move, (PlaceDisc, TakeBack)):
        beach = space_words(state, board.space("beach", move.section))
        text = (_("{seat} places disc {n} on {beach}") if isinstance(move, PlaceDisc)
                else _("{seat} takes disc {n} back from {beach}")).format(
            seat=who, n=move.value, beach=beach)
        if move.shaman is not None and move.shaman != state.shaman.get(seat):
            text += _(", and the shaman goes to {space}").format(
                space=space_words(state, move.shaman))
        if getattr(move, "invocation", False):
            text += _(", with the invocation disc")
        return text
    if isinstance(move, Sail):
        return _("{seat} sails").format(seat=who)
    if isinstance(move, PickCard):
        return _("{seat} picks the card: {card}").format(seat=who, card=named("cards", move.card))
    if isinstance(move, PriestessMove):
        if move.is_none:
            return _("{seat} leaves the lava where it is").format(seat=who)
        return _("{seat} moves the lava from {src} to {dst}").format(
            seat=who, src=space_words(state, board.space("crater", move.src)),
            dst=space_words(state, board.space("crater", move.dst)))
    if isinstance(move, Buy):
        return _("{seat} buys the card: {card}").format(seat=who, card=named("cards", move.card))
    if isinstance(move, BuyNothing):
        return _("{seat} buys nothing").format(seat=who)
    raise TypeError(f"{move!r} is not a Haleakala move")


# where a seat's points came from at a scoring, as rules/scoring.py keys them
SOURCES = {"statues": N_("statues"), "baskets": N_("baskets"), "pearls": N_("pearls"),
           "nautilus": N_("nautilus"), "shells": N_("shells")}


def name_of_source(key: str) -> str:
    """A bought score card scores under its own code: it is named as the card is named
    wherever the reader sees it (the word lists' card names)."""
    return named("cards", key)
