"""What a Haleakala bot knows of the game beyond its rules (docs/bots.md): how good a
position looks for a seat, which moves are the same choice, and the world its search
plays in.

The evaluation counts in points: the seat's score so far plus what the next scoring
would give it if it came now (K-R9: its statues, the basket majority, its pearls, at
the last scoring its nautilus and shells, and the score cards it bought), less what
the same count gives the other seat, halved, since a point taken from the other seat
matters as much as one won. Every term is on the table for both seats to see.
"""
from __future__ import annotations

from referee.haleakala.rules import scoring


def _standing(st, seat: str) -> float:
    if st.result is not None:
        return float(st.score[seat])
    n = min(len(st.scorings) + 1, 2)
    return st.score[seat] + scoring.points(st, seat, n)["total"]


def evaluate(state, seat: str) -> float:
    return _standing(state, seat) - 0.5 * _standing(state, state.other(seat))


def move_family(move):
    """Each Haleakala move is its own choice: none is a payment variant of another."""
    return move


def determinize(state, seat: str, rng):
    """The position itself: its decks are counts of faces with no order and each card
    is drawn when it is due, so nothing in it is hidden from either seat."""
    return state.clone()
