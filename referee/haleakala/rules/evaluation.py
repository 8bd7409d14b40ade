"""What a Haleakala bot knows of the game beyond its rules (docs/bots.md): how good a
position looks for a seat, which moves are the same choice, and the world its search
plays in.

The evaluation counts in points: the seat's score so far; what the next scoring
would give it if it came now (K-R9: its statues, the basket majority, its pearls, at
the last scoring its nautilus and shells, and the score cards it bought); half a
point for each card lying on a beach where the seat's discs lead (it picks first
when the boat lands there, K-R5) and a quarter where it trails but is there; and a
twentieth of a point less for each disc still in reserve, so that with nothing
better to do a seat puts its discs out and the boat moves on. The other seat's count
is taken off, halved: a point kept from it matters as well as one won. Every term is
on the table for both seats to see.
"""
from __future__ import annotations

from referee.haleakala.rules import scoring

LEAD, PRESENT, IDLE_DISC = 0.5, 0.25, 0.05


def _standing(st, seat: str) -> float:
    if st.result is not None:
        return float(st.score[seat])
    n = min(len(st.scorings) + 1, 2)
    value = st.score[seat] + scoring.points(st, seat, n)["total"]
    other = st.other(seat)
    for sec, beach in st.beaches.items():
        mine = sum(beach[seat])
        if not mine:
            continue
        lying = sum(1 for card in st.slots[sec] if card is not None)
        value += lying * (LEAD if mine > sum(beach[other]) else PRESENT)
    return value - IDLE_DISC * len(st.reserve[seat])


def evaluate(state, seat: str) -> float:
    return _standing(state, seat) - 0.5 * _standing(state, state.other(seat))


def move_family(move):
    """Each Haleakala move is its own choice: none is a payment variant of another."""
    return move


def determinize(state, seat: str, rng):
    """The position itself: its decks are counts of faces with no order and each card
    is drawn when it is due, so nothing in it is hidden from either seat."""
    return state.clone()
