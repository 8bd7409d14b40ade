"""A simulated host whose players are sometimes absent (issue 34, docs/bots.md).

Each game runs through the real hosted service: its seats are stand-in players that
answer through the hosted entry with a random legal move, and the clock is the
service's own, driven by a simulated time handed to its tick. A player misses a turn
with a given chance; the clock's ``bot`` policy then hands the seat to a bot, which
plays that turn and every later one of the seat until its player writes again. After
each turn the bot played for it, the player comes back for the next one with the same
chance as any turn is answered. Nothing sleeps: the time is a number moved on by hand.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from referee.operations.listing import legal_lines
from referee.service.hosted.clock import tick
from referee.service.hosted.entry import submit
from referee.service.hosted.games import Clock, create_game, game_detail

DEADLINE = 86_400
GRACE = 43_200
# a present player's answer comes this long after the move before it
ANSWER_AFTER = 600
# the most person moves a game may take before it counts as stuck; no game comes near
MOST_STEPS = 5000


@dataclass
class Absences:
    """What happened in one simulated game."""
    game_id: str
    finished: bool = False
    person_moves: int = 0
    missed: dict = field(default_factory=dict)   # seat -> turns the clock gave its bot
    returns: int = 0
    told: dict = field(default_factory=dict)     # seat -> mails saying a bot plays it
    trouble: str = ""


def play_absent(store, game: str, seats: dict[str, str], rng: random.Random, *,
                miss: float = 0.17, level: str = "basic", most_steps: int = MOST_STEPS,
                now: float = 1_000_000.0) -> Absences:
    """Play one game of ``game`` among ``seats`` (seat -> address) until it ends or
    ``most_steps`` person moves were made."""
    gid = create_game(store, game, seats, host_address="referee@host.example",
                      clock=Clock(DEADLINE, GRACE, f"bot:{level}"), now=now)
    out = Absences(gid)
    for seat in seats:
        verdict = submit(store, gid, seat, f"salt {rng.getrandbits(64):x}", via="web", now=now)
        if not verdict.ok:
            out.trouble = f"{seat} could not salt: {verdict.text}"
            return out
    bot_moves = dict.fromkeys(seats, 0)
    for _ in range(most_steps):
        g = game_detail(store, gid)
        if g["status"] != "playing":
            out.finished = g["status"] == "over"
            break
        _come_back(store, g, bot_moves, rng, miss, out, now)
        g = game_detail(store, gid)
        seat = g["to_move"]
        if seat is None or g["replay"] is None:
            out.trouble = f"stopped at ply {g['ply']} with no one to move"
            break
        if rng.random() < miss:
            now += DEADLINE + GRACE + 1
            actions = [a for game_id, a in tick(store, now) if game_id == gid]
            if actions != ["bot"]:
                out.trouble = f"the clock did {actions} for a missed turn at ply {g['ply']}"
                break
            out.missed[seat] = out.missed.get(seat, 0) + 1
            continue
        now += ANSWER_AFTER
        rp = g["replay"]
        line = rng.choice(legal_lines(rp.module, rp.state)[1])
        # the ply it answers, as a careful player writes it: the same words as its last
        # move (another "takes order") are then a new move, not a mail sent twice
        verdict = submit(store, gid, seat, line, via="web", now=now, expect_ply=g["ply"])
        if not verdict.ok:
            out.trouble = f"{seat}'s move {line!r} was refused: {verdict.text}"
            break
        out.person_moves += 1
    out.told = _told(store, gid)
    return out


def _come_back(store, g, bot_moves: dict, rng, miss: float, out: Absences,
               now: float) -> None:
    """Each absent player whose bot moved since the last look writes again, with the
    chance a turn is answered, once for each such move until one brings it back."""
    standing_in = {s["seat"] for s in g["seats"] if s["bot"] and (s["address"] or s["account"])}
    for seat in bot_moves:
        # the log keeps no seat for a bot's move: its line names the seat
        played = sum(1 for it in g["items"]
                     if it["text"].startswith(seat + " ") and "# bot " in it["text"])
        new, bot_moves[seat] = played - bot_moves[seat], played
        if seat in standing_in and any(rng.random() >= miss for _ in range(new)):
            verdict = submit(store, g["id"], seat, "show", via="web", now=now)
            if verdict.ok:
                out.returns += 1


def _told(store, gid: str) -> dict:
    from sqlalchemy import select
    from referee.service.store import schema as S

    with store.read() as conn:
        rows = conn.execute(select(S.outbox.c.recipients, S.outbox.c.subject).where(
            S.outbox.c.game_id == gid, S.outbox.c.kind == "clock"))
        told: dict = {}
        for _, subject in rows:
            if "a bot plays" in subject:
                seat = subject.split("a bot plays ", 1)[1].split()[0]
                told[seat] = told.get(seat, 0) + 1
        return told
