"""The ``strong`` bot: Monte Carlo tree search over the seat's information set, with a
fixed number of iterations.

Why this search: in both games every hidden thing (the bag, the island stack, the
decks) is a random act still to come, and a position holds it only as counts. So
each iteration starts from ``determinize`` (the world as the seat may believe it)
and samples every draw afresh as it walks, and the tree is keyed by the seats'
decisions only (open loop): a node stands for the same choices whatever was drawn
in between, as in information-set MCTS, and no draw is ever read from the record.
A node's moves depend on what was drawn, so a child is weighed against the times it
was available, not against its parent's visits (ISMCTS's subset-armed bandit).

Branching: the root weighs the best of each move family (one per payment mix) and
only the ``ROOT_WIDTH`` best by the evaluation one move ahead (the ``basic`` view),
so the budget goes to the moves worth comparing. Below the root a family is tried
by its first move in the engine's order. Playouts are uniformly random, the cheapest
guide there is, and stop after ``PLAYOUT_PLIES`` decisions: each random ply costs a
full list of legal moves (over a thousand on a rich Hawaii turn) and adds noise to the
evaluation at the end, so the playout stays short. A finished game scores
1 for a win (shared among tied winners), an unfinished one the game's evaluation
turned into a chance of being ahead of the best other seat. Each seat maximises its
own reward at its own decisions (max^n).
"""
from __future__ import annotations

import math

from referee.core.game import CHANCE

ITERATIONS = 160
ROOT_WIDTH = 8
PLAYOUT_PLIES = 2
EXPLORE = 0.7
SCALE = 4.0          # points of lead that make "ahead" about three chances in four


class _Node:
    __slots__ = ("children", "visits", "available", "reward", "move")

    def __init__(self, move=None):
        self.children: dict = {}
        self.visits = 0
        self.available = 0
        self.reward: dict[str, float] = {}
        self.move = move


def strong_move(module, state, seat: str, players, rng, ranked: list[tuple[float, object]]):
    candidates = [move for _, move in ranked[:ROOT_WIDTH]]
    if len(candidates) == 1:
        return candidates[0]
    root = _Node()
    root_keys = [(module.move_family(m), m) for m in candidates]
    for _ in range(ITERATIONS):
        world = module.determinize(state, seat, rng)
        path = [root]
        node = root
        expanded = False
        while not expanded:
            who = _settle(world, rng)
            if who is None:
                break
            offered = root_keys if node is root else _families(module, world)
            node, move, expanded = _descend(node, offered, who, rng)
            world.apply(move)
            path.append(node)
        reward = _playout(module, world, players, rng)
        for visited in path:
            visited.visits += 1
            for s, r in reward.items():
                visited.reward[s] = visited.reward.get(s, 0.0) + r
    return max(root.children.values(),
               key=lambda n: (n.visits, n.reward.get(seat, 0.0))).move


def _settle(world, rng):
    """Play the draws due (sampled) and return the seat to decide, None at the end."""
    while True:
        who = world.current_player()
        if who != CHANCE:
            return who
        world.apply(world.sample_chance(rng))


def _families(module, world) -> list[tuple[object, object]]:
    seen = {}
    for move in world.legal_moves():
        seen.setdefault(module.move_family(move), move)
    return list(seen.items())


def _descend(node: _Node, offered, who: str, rng) -> tuple[_Node, object, bool]:
    """The child to walk into, the move of this world it stands for, and whether it
    was new (the walk stops there)."""
    untried = [(k, m) for k, m in offered if k not in node.children]
    for key, _ in offered:
        child = node.children.get(key)
        if child is not None:
            child.available += 1
    if untried:
        key, move = untried[rng.randrange(len(untried))]
        child = node.children[key] = _Node(move)
        child.available = 1
        return child, move, True
    best, chosen, best_value = None, None, -math.inf
    for key, move in offered:
        child = node.children[key]
        value = child.reward.get(who, 0.0) / child.visits + \
            EXPLORE * math.sqrt(math.log(max(child.available, 1)) / child.visits)
        if value > best_value:
            best, chosen, best_value = child, move, value
    return best, chosen, False


def _playout(module, world, players, rng) -> dict[str, float]:
    for _ in range(PLAYOUT_PLIES):
        who = _settle(world, rng)
        if who is None:
            break
        moves = world.legal_moves()
        world.apply(moves[rng.randrange(len(moves))])
    who = _settle(world, rng)
    outcome = world.outcome() if who is None else None
    if outcome is not None:
        share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
        return {s: (share if s in outcome.winners else 0.0) for s in outcome.scores}
    values = {s: module.evaluate(world, s) for s in players}
    out = {}
    for s in players:
        rival = max((v for t, v in values.items() if t != s), default=values[s])
        out[s] = 1.0 / (1.0 + math.exp(-(values[s] - rival) / SCALE))
    return out

