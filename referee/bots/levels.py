"""The three bot levels, for any registered game (docs/bots.md).

A bot is a function of the position, its level and a seed: the same three give the
same move on any machine, which is what lets anyone recompute a move marked
``# bot LEVEL`` (``referee verify``). It never reads the clock and never touches the
global random generator; its only randomness is a ``random.Random`` of its seed.
What it knows of a game is the contract (``State``) and the three things each title
gives in its evaluation module: ``evaluate``, ``move_family`` and ``determinize``.
"""
from __future__ import annotations

import hashlib
import random
from itertools import islice

from referee.bots.search import ROOT_WIDTH, strong_move
from referee.core.game import CHANCE
from referee.errors import OutOfTurnError

LEVELS = ("random", "basic", "strong")

# what each level is, in a sentence a player understands (``referee play --help``, docs)
MEANING = {
    "random": "a legal move chosen at random, every move as likely",
    "basic": "the move whose position looks best one move ahead by the game's evaluation",
    "strong": "a search that plays the game on from each good move, with the draws "
              "sampled, a fixed number of times, and keeps the move that fared best",
}

SEED_LABEL = b"referee-bot/1"


def bot_seed(head: bytes, level: str, seed: str = "") -> bytes:
    """The seed of a bot's decision: the chain head before the move (so the choice is
    pinned to the whole history), the level, and the seed a player may add."""
    return hashlib.sha256(SEED_LABEL + b"\n" + head + b"\n" + level.encode("ascii") + b"\n"
                          + seed.encode("utf-8")).digest()


def choose(module, state, level: str, seed: bytes, players, seen=frozenset()):
    """The move the bot of ``level`` plays for the seat to act in ``state``, a game
    between ``players``. ``seen`` holds the ``position_key`` of every position the game
    has had (``Replay.track_positions``): a move that brings one back is played only
    when every move does, so two bots never go round a cycle of take-backs for ever."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    seat = state.current_player()
    if seat is None or seat == CHANCE:
        raise OutOfTurnError("no seat is to move: a bot has no move to play")
    rng = random.Random(seed)
    moves = list(state.legal_moves())
    if len(moves) == 1:
        return moves[0]
    fresh = _Fresh(module, state, seen)
    if level == "random":
        while len(moves) > 1:
            move = moves.pop(rng.randrange(len(moves)))
            if fresh(move):
                return move
        return moves[0]
    ranked = best_by_family(module, state, seat, moves)
    if seen:     # the best that bring no position back: as many as the search weighs
        ranked = list(islice((p for p in ranked if fresh(p[1])), ROOT_WIDTH)) or ranked
    if level == "basic":
        return ranked[0][1]
    return strong_move(module, state, seat, list(players), rng, ranked)


class _Fresh:
    """Whether a move leads to a position not in ``seen``; the key of the position after
    a move is worked out only when asked, as it costs a copy and the state's JSON."""

    def __init__(self, module, state, seen):
        self.module, self.state, self.seen = module, state, seen

    def __call__(self, move) -> bool:
        if not self.seen:
            return True
        after = self.state.clone()
        after.apply(move)
        return self.module.position_key(after) not in self.seen


def best_by_family(module, state, seat: str, moves) -> list[tuple[float, object]]:
    """(value, move) of the best move of each family (``move_family``), best first; among
    equals the engine's order decides, so the ranking is a function of the position."""
    best: dict = {}
    for index, move in enumerate(moves):
        after = state.clone()
        after.apply(move)
        value = module.evaluate(after, seat)
        key = module.move_family(move)
        if key not in best or value > best[key][0]:
            best[key] = (value, -index, move)
    ranked = sorted(best.values(), key=lambda v: (-v[0], -v[1]))
    return [(value, move) for value, _, move in ranked]
