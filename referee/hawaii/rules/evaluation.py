"""What a Hawaii bot knows of the game beyond its rules (docs/bots.md): how good a
position looks for a seat, which moves are one choice paid in different ways, and
the world its search plays in.

The evaluation counts in points, as a Hawaii player reckons a position:

- the score so far, and what the realm would score if the game ended now (H-R19,
  H-R20);
- a point for each tile, kahuna, tiki and boat held while a later round remains to
  build on it, half a point in the last round, when only the final scoring is left;
- this round's scoring on the tokens and fish taken so far (H-R16), plus half the
  lowest points of the round spread over the way towards the seat's target;
- shells, feet and fruits as what buys the coming points: a fifth of a point each
  while another round follows, a tenth in the last round; the income still to come
  from huts, fruit tiles and irrigation II (H-R17) counts at the same rate for each
  payout left;
- while the seat is still in the round its resources count a tenth of a point more
  each, since it can still turn them into tokens and tiles this round; once it has
  taken the order track in the last round they count nothing, as nothing is left to
  buy (only a tie looks at them, H-R21);
- each spear hut and KU as the spear bonuses it will still pay (H-R14): its points
  once for each round the seat will still take tokens in, about one token with
  crossed spears a round.

Tempo has no term of its own: the order track already counts through the price token
it gives, and a bonus for an early space makes the seat end its round with resources
it could still spend.

Each of these is public: every chief sees the realms, the tokens taken and the
resources (H-R1).
"""
from __future__ import annotations

from referee.hawaii.rules import effects, scoring
from referee.hawaii.rules.moves import Buy, Fish, Visit

# a resource buys a fifth of a point: a tile costs 1 to 6 shells and brings a point
# or more, and feet pay the moves that reach it
RESOURCE_WORTH = 0.2
PIECE_WORTH = 1.0
# what a resource is worth more while the seat can still spend it this round: without
# it, taking the order track looked as good as buying, and the bot ended its rounds,
# the last one too, with its resources unspent
LIVE_WORTH = 0.1
# tokens with crossed spears a seat can expect to take in a round (about two in five
# tokens show them, and a seat takes three or four), each paying its spear huts and KU
SPEARS_A_ROUND = 1.0
# the way to the round's target is worth a share of the lowest points of the round
ROUND_PROGRESS = 0.5


def evaluate(state, seat: str) -> float:
    d = state.d
    p = d.players[seat]
    if d.phase == "over":
        return float(p.score)
    comps = d.comps
    realm = p.realm
    last = len(comps.rounds)
    later_round = d.round < last
    resource_worth = RESOURCE_WORTH if later_round else RESOURCE_WORTH / 2
    in_hand = resource_worth
    if d.phase == "chiefs":
        if not p.done:
            in_hand += LIVE_WORTH
        elif not later_round:
            in_hand = 0.0
    piece_worth = PIECE_WORTH if later_round else PIECE_WORTH / 2
    pieces = len(realm.tiles()) + realm.kahunas + realm.tikis + len(realm.boat_tiles())
    value = p.score + in_hand * (p.shells + p.feet + p.fruits) + piece_worth * pieces
    value += sum(scoring.final_breakdown(realm, comps, d.rules).values())
    value += resource_worth * payouts_left(d) * income(realm, comps)
    value += SPEARS_A_ROUND * rounds_to_play(d, p) * effects.spear_bonus(realm, comps)
    if d.phase == "chiefs" and d.round <= last:
        spec = comps.rounds[d.round - 1]
        sums = {s: q.round_sum(comps) for s, q in d.players.items()}
        targets = {s: scoring.threshold_for(q, spec.threshold, comps)
                   for s, q in d.players.items()}
        value += scoring.round_scores(sums, targets, spec.points)[seat]
        if targets[seat] > 0:
            value += ROUND_PROGRESS * spec.points[2] * min(sums[seat], targets[seat]) / targets[seat]
    return value


def payouts_left(d) -> int:
    """Income is paid after each round but the last (H-R17); once the chiefs of a round
    are done, its payout is already in hand, and a round being laid out is still to pay."""
    left = len(d.comps.rounds) - d.round
    return left if d.phase in ("chiefs", "setup") else max(left - 1, 0)


def rounds_to_play(d, p) -> int:
    """The rounds in which the seat will still take price tokens: those to come, and the
    one being played while the seat has not taken the order track."""
    left = len(d.comps.rounds) - d.round
    if d.phase == "setup" or (d.phase == "chiefs" and not p.done):
        return left + 1
    return left


def income(realm, comps) -> int:
    """Resources the realm's tiles pay at each income (H-R17), irrigation II's choice included."""
    total = 0
    for kind, side in realm.tiles():
        pays = comps.tile_income.get(kind)
        if pays:
            total += sum(pays[side - 1])
        total += scoring.side_value(comps.tiles[kind].income_choice, side) if kind in comps.tiles else 0
    return total


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
