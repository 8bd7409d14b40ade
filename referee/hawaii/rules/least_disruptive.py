"""The move the referee plays for a Hawaii seat that has resigned or let its deadline
pass (docs/notation-hawaii.md, least-disruptive move; T-7).

The chief goes to the beach and takes the highest-numbered free order space (H-R4,
H-R13): its round ends at once, so it buys no tile, takes no place or fish token and
visits no island, and the board stays as the other chiefs left it. The highest free
space is the one nobody else prefers (the lower spaces move earlier next round and
space 1 carries the last round's bonus), and it puts the seat behind every other
chief of this round in the next round's order, so the others keep their order among
themselves. Irrigation II income goes to the seat alone and touches nothing shared:
it takes shells, the first of the words, so the choice is fixed.
"""
from __future__ import annotations

from referee.core.game import CHANCE
from referee.errors import OutOfTurnError
from referee.hawaii.rules.game import HawaiiState, income_options
from referee.hawaii.rules.moves import ChooseIncome, TakeOrder
from referee.hawaii.rules.rounds import irrigation_twos


def least_disruptive_move(state: HawaiiState):
    d = state.d
    who = state.current_player()
    if who is None or who == CHANCE:
        raise OutOfTurnError("no seat is to move: the referee has no move to play for one")
    if d.phase == "income":
        return ChooseIncome(who, income_options(irrigation_twos(d, who))[0])
    free = [k for k in range(1, len(d.seats) + 1) if k not in d.track_seat]
    return TakeOrder(who, max(free))
