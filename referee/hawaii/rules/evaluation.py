"""What a Hawaii bot knows of the game beyond its rules (docs/bots.md): how good a
position looks for a seat, which moves are one choice paid in different ways, and
the world its search plays in.

The evaluation counts in points: the seat's score so far, what its realm would score
if the game ended now (H-R19, H-R20), what this round's scoring would give on the
tokens and fish taken so far (H-R16), and a quarter point for each shell, foot and
fruit in hand (resources buy the tiles that score, and break a tie, H-R21). Each is
public: every chief sees the realms, the tokens taken and the resources.
"""
from __future__ import annotations

from referee.hawaii.rules import scoring
from referee.hawaii.rules.moves import Buy, Fish, Visit

RESOURCE_WORTH = 0.25


def evaluate(state, seat: str) -> float:
    d = state.d
    p = d.players[seat]
    value = p.score + RESOURCE_WORTH * (p.shells + p.feet + p.fruits)
    if d.phase == "over":
        return float(p.score)
    value += sum(scoring.final_breakdown(p.realm, d.comps, d.rules).values())
    if d.phase == "chiefs" and d.round <= len(d.comps.rounds):
        spec = d.comps.rounds[d.round - 1]
        sums = {s: q.round_sum(d.comps) for s, q in d.players.items()}
        targets = {s: scoring.threshold_for(q, spec.threshold, d.comps)
                   for s, q in d.players.items()}
        value += scoring.round_scores(sums, targets, spec.points)[seat]
    return value


def move_family(move):
    """A move without its payment: buying, fishing and sailing the same way paid with
    another mix of shells, feet and fruits is the same choice on the board."""
    if isinstance(move, Buy):
        return (Buy, move.place, move.tile, move.side, move.token, move.village,
                move.kane_tiki is not None)
    if isinstance(move, Fish):
        return (Fish, move.fish, move.boats)
    if isinstance(move, Visit):
        return (Visit, move.dock, move.boats, move.fruit, move.village)
    return move


def determinize(state, seat: str, rng):
    """The position itself: it keeps the bag and the face-down island stack as counts
    with no order, and every draw is made when it is due (rules/dealing.py, in sorted
    order, so the way a count was filled in does not matter). Nothing in it is hidden
    from a seat, so a search that samples the draws as it goes sees only what the
    seat sees."""
    return state.clone()
