"""A Hawaii move said as a sentence in the reader's language ("RED goes from the beach to
A1 (Boats) and buys a boat, side I, with price token 4"): what an answer shows under
the canonical line it read, for a player who does not read the notation."""
from __future__ import annotations

from referee.hawaii.rules.moves import Buy, ChooseIncome, Fish, TakeOrder, Visit
from referee.hawaii.text.steps import fish_words, income_words, place_name, tile_name
from referee.hawaii.text.worth import side_name
from referee.i18n import N_, _, seat_word


def _where(d, at: str) -> str:
    if at in d.board:
        return _("{place} ({name})").format(place=at, name=place_name(d, at))
    if at == "cove":
        return _("the cove")
    if at.startswith("dock"):
        return _("dock {n}").format(n=at[4:])
    if at.startswith("order"):
        return _("order space {n}").format(n=at[5:])
    return _("the beach")


def say(move, state) -> str:
    """``move`` (legal in ``state``, before it is played) as one sentence."""
    d = state.d
    seat = move.seat
    who = seat_word(seat)          # the colour as the reader's language says it
    origin = _where(d, d.players[seat].at)
    if isinstance(move, Buy):
        head = (_("{seat} stays at {place}").format(seat=who, place=origin)
                if move.place == d.players[seat].at else
                _("{seat} goes from {origin} to {place}").format(
                    seat=who, origin=origin, place=_where(d, move.place)))
        text = _("{head} and buys {tile}, {side}, with price token {token}").format(
            head=head, tile=tile_name(move.tile), side=side_name(move.tile, move.side),
            token=move.token)
        if move.village is not None:
            text += _(", into village {n}").format(n=move.village)
        if move.kane_tiki is not None:
            text += _(", with Kane's extra tiki")
        return text
    if isinstance(move, Fish):
        return _("{seat} goes from {origin} to the cove and fishes {tokens}").format(
            seat=who, origin=origin,
            tokens=", ".join(fish_words(t, d.comps.fish(t)) for t in move.fish))
    if isinstance(move, Visit):
        text = _("{seat} sails from {origin} to the island at dock {n}").format(
            seat=who, origin=origin, n=move.dock)
        if move.fruit:
            text += _(", taking {tile}").format(tile=tile_name(move.fruit))
        if move.village is not None:
            text += _(", into village {n}").format(n=move.village)
        return text
    if isinstance(move, TakeOrder):
        return _("{seat} goes from {origin} to order space {n}").format(
            seat=who, origin=origin, n=move.space)
    if isinstance(move, ChooseIncome):
        return _("{seat} takes as income {choices}").format(seat=who, choices=income_words(move))
    raise TypeError(f"{move!r} is not a Hawaii move")


# where a seat's points came from, as the state JSON keys them (rules/scoring.py)
SOURCES = {
    "round": N_("round"), "lono": N_("lono"), "order": N_("order"), "spear": N_("spear"),
    "dock": N_("dock"), "island": N_("island"), "kahunas": N_("kahunas"),
    "long-huts": N_("long-huts"), "hula": N_("hula"), "irrigation": N_("irrigation"),
    "laka": N_("laka"), "kanaloa": N_("kanaloa"), "order_bonus": N_("order bonus"),
}
