"""The move the referee plays for a Haleakala seat that let its deadline pass
(docs/haleakala.md, least-disruptive move; T-7). A resigned Haleakala seat never
needs one: with two players a resignation ends the game.

Decisions take nothing that is not forced: the priestess moves no lava (``none``),
a purchase buys ``nothing``, and a pick takes the card in the section's first slot
(no judgement of value: the other seat gets the rest as the rules say anyway).

An action, in this order of preference (K-R4; the shaman always stays):
1. with no disc in reserve, sail: the boat moves the least it can (1 section), no
   beach changes, and the game goes on (a seat that only took discs back and put
   them down again would stall it);
2. place the lowest disc in reserve on a beach away from the boat where the other
   seat has no disc (its sums and claims stay as they are), the beach the boat
   reaches last first;
3. the same on a beach where the other seat has discs;
4. take the lowest disc back, the same way; 5. place on the boat's beach (the boat
   sails and lands at once); 6. anything else, in the engine's order.
Every candidate is a legal move of the engine, so the choice is always legal.
"""
from __future__ import annotations

from referee.core.game import CHANCE
from referee.errors import OutOfTurnError
from referee.haleakala.rules import turns as rules
from referee.haleakala.rules.moves import BuyNothing, PickCard, PlaceDisc, PriestessMove, Sail, TakeBack


def least_disruptive_move(st):
    who = rules.current_player(st)
    if who is None or who == CHANCE:
        raise OutOfTurnError("no seat is to move: the referee has no move to play for one")
    moves = rules.legal_moves(st)
    for move in moves:
        if isinstance(move, (BuyNothing, PriestessMove)) and \
                (not isinstance(move, PriestessMove) or move.is_none):
            return move
    picks = [m for m in moves if isinstance(m, PickCard)]
    if picks:
        task = st.pending[0]
        faces = [c for c in st.slots[task["sec"]] if c is not None]
        first = next((f for f in faces if PickCard(who, f) in picks), picks[0].card)
        return PickCard(who, first)
    return min(enumerate(moves), key=lambda im: (_rank(st, who, im[1]), im[0]))[1]


def _rank(st, seat: str, move) -> tuple:
    if isinstance(move, Sail):
        return (0,)
    if not isinstance(move, (PlaceDisc, TakeBack)) or move.shaman is not None \
            or getattr(move, "invocation", False):
        return (6,)
    n = st.comp.sections
    ahead = (move.section - st.boat) % n          # the boat reaches this beach after `ahead` sections
    contested = sum(st.beaches[move.section][st.other(seat)]) > 0
    if isinstance(move, TakeBack):
        return (4, contested, move.value, -ahead)
    if move.section == st.boat:
        return (5, move.value)
    return (2 + contested, move.value, -ahead)
