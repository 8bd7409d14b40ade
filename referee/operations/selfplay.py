"""Whole games of random legal moves (corpora for benchmarks, fuzzing, statistics), and
of bots against each other (``selfplay --bots``: tournaments between levels).

Game ``k`` of a run with seed ``S`` gets the seed ``S-k``: its chance lines come
from that seed exactly as ``play`` would draw them, so every transcript can be
continued or re-derived, and its moves come from a generator seeded the same way.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from hashlib import sha256
from typing import Sequence

from referee.bots import bot_seed, choose
from referee.core.game import CHANCE
from referee.operations.bot_moves import bot_comment
from referee.operations.newgame import new_game
from referee.transcript.writer import format_result, render, with_comment


def play_game(module, players, rules=(), seed: str = "0", max_steps: int = 100_000) -> str:
    """The full transcript text of one random game."""
    rng = random.Random(int.from_bytes(sha256(f"{seed}:moves".encode()).digest(), "big"))
    return _play_out(module, players, rules, seed, max_steps,
                     lambda state, table: table.move(rng.choice(state.legal_moves())))[0]


def play_bot_game(module, levels: Sequence[str], rules=(), seed: str = "0",
                  max_steps: int = 100_000):
    """(transcript text, outcome, seats) of one game between bots: seat ``i`` (in the
    title's seat order) is played by ``levels[i]``, every move marked ``# bot LEVEL``
    and made at the seed its chain head gives, so ``referee verify`` plays it again."""
    players = list(module.seats[:len(levels)])

    def bot(state, table) -> str:
        level = levels[players.index(state.current_player())]
        if table.rp.positions is None:      # the first decision: nothing before it counts
            table.rp.track_positions()
        move = choose(module, state, level, bot_seed(table.rp.chain, level), players,
                      table.rp.positions)
        return with_comment(table.move(move), bot_comment(level))
    text, outcome = _play_out(module, players, rules, seed, max_steps, bot)
    return text, outcome, players


def _play_out(module, players, rules, seed: str, max_steps: int, line_of):
    """(text, outcome) of a game dealt from ``seed`` whose every move is the line
    ``line_of(state, table)`` plays."""
    tags, lines, state, table = new_game(module, players, rules, seed)
    for _ in range(max_steps):
        who = state.current_player()
        if who is None:
            break
        if who == CHANCE:
            lines += table.deal()
            continue
        lines.append(line_of(state, table))
    else:
        raise RuntimeError(f"game with seed {seed} did not end in {max_steps} steps")
    outcome = state.outcome()
    if outcome is not None:
        tags.append(("Result", format_result(outcome)))
    return render(tags, lines), outcome


@dataclass
class Standing:
    """One level's results over a tournament: its wins (a shared win counts its share)
    and the share of the games it won, with a 95% Wilson interval."""
    level: str
    seats: int
    wins: float = 0.0
    games: int = 0

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        n, p, z = self.games, self.share, 1.96
        if not n:
            return 0.0, 1.0
        middle = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, middle - half), min(1.0, middle + half)

    def to_dict(self, players: int) -> dict:
        low, high = self.interval()
        return {"level": self.level, "seats": self.seats, "wins": self.wins,
                "games": self.games, "share": round(self.share, 4), "low": round(low, 4),
                "high": round(high, 4), "fair": round(self.seats / players, 4)}


def tournament(module, levels: Sequence[str], games: int, seed: str, rules=(),
               keep=None, first: int = 1, each=None) -> list[Standing]:
    """``games`` bot games, games ``first`` onwards of the series: game k with the seed
    ``seed-k`` and the levels turned k-1 seats on, so that no level always sits in the
    same seat, and a series played in pieces plays the same games as in one run.
    ``keep(k, text)`` is handed each transcript, ``each(k, seated, outcome, standings)``
    each finished game (``seated`` maps seat to level) with the standings so far.
    Each level's standing, in the order first named."""
    standings = {level: Standing(level, levels.count(level)) for level in levels}
    for k in range(first, first + games):
        turned = seating(levels, k)
        text, outcome, players = play_bot_game(module, turned, rules, f"{seed}-{k}")
        if keep is not None:
            keep(k, text)
        seated = dict(zip(players, turned))
        count_game(standings, seated, outcome.winners)
        if each is not None:
            each(k, seated, outcome, list(standings.values()))
    return list(standings.values())


def seating(levels: Sequence[str], k: int) -> list[str]:
    """The level of each seat in game k of a series: turned k-1 seats on."""
    n = len(levels)
    return [levels[(i - (k - 1)) % n] for i in range(n)]


def count_game(standings: dict, seated: dict, winners) -> None:
    """Adds one game to the standings (by level): a shared win counts its share."""
    for standing in standings.values():
        standing.games += 1
    for seat in winners:
        standings[seated[seat]].wins += 1 / len(winners)
