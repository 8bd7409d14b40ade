"""What a game page shows about the play: the position at any ply, what the last
moves did, and whether the exported transcript checks and verifies.

Everything here comes from the transcript the store exports, replayed by the
transcript layer, never from the store's own bookkeeping, so the page shows what
``referee check`` and ``referee verify`` would. The latest version's views come from
the game's replays carried on from one version to the next (:mod:`replays`), so the
first reader after a move pays for the move, not for the game. Views are cached by
what pins them: a past position by the chain head at its ply, the latest ones by
the export's digest (and the stored head the audit compares it with), so a cached
view never belongs to another history, and a move needs no invalidation.
"""
from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass
from threading import Lock

from referee.errors import BadChoiceError
from referee.operations import (check_text, digest, format_errors, legal_lines, next_step,
                                who_next)
from referee.replay import head
from referee.service.store.record import chain_text, header_tags
from referee.service.web.replays import Recent, carried
from referee.transcript import split_text

CACHE_SIZE = 128


@dataclass
class Position:
    ply: int
    svg: str
    text: str           # the state as text (the page's no-picture fallback)
    digest: str         # round, phase, scores
    next: str           # who is to move, or the result
    item: str | None    # the item played at this ply


@dataclass
class Audit:
    checks: bool
    check_note: str
    verifies: bool | None     # None: nothing to verify against yet (no [Seed])
    verify_note: str
    chain: str | None         # recomputed from the transcript
    chain_matches: bool


class _LRU:
    def __init__(self, size: int):
        self.size, self.data, self.lock = size, OrderedDict(), Lock()

    def get(self, key, make):
        with self.lock:
            if key in self.data:
                self.data.move_to_end(key)
                return self.data[key]
        value = make()
        with self.lock:
            self.data[key] = value
            while len(self.data) > self.size:
                self.data.popitem(last=False)
        return value


_cache = _LRU(CACHE_SIZE)


def header_count(text: str) -> int:
    return len(split_text(text)[0].splitlines())


def until_line(text: str, items: list[dict], ply: int) -> int:
    """The transcript line of the item at ``ply`` (the header's last line for ply 0)."""
    base = header_count(text)
    if ply == 0:
        return base
    item = [it for it in items if it["ply"] is not None][ply - 1]
    return base + 1 + item["seq"]


def position(text: str, items: list[dict], ply: int, key: str) -> Position:
    """The position after ``ply``, a past one (:func:`latest` draws the last)."""
    def make():
        rp = check_text(text, "<game>", until=until_line(text, items, ply))
        return _drawn(rp, ply, items)
    return _cache.get(("position", key, ply), make)


def _drawn(rp, ply: int, items: list[dict]) -> Position:

    plied = [it for it in items if it["ply"] is not None]
    item = plied[ply - 1]["text"] if ply else None
    if rp.state is None:
        return Position(ply, "", "", "", "the position cannot be shown: "
                        + "; ".join(e.reason for e in rp.errors), item)
    return Position(ply, rp.module.render(rp.state, "svg"), rp.module.render(rp.state, "text"),
                    digest(rp.module, rp.state), who_next(rp.state), item)


def latest(game_id: str, text: str, items: list[dict], ply: int) -> Position:
    """The position after the whole export ``text`` (lines after the last ply count
    too), from the game's check carried on over what the last move added
    (:mod:`replays`); drawn once per text."""
    def make():
        return carried(game_id, text, lambda check, verify, recent: _drawn(check, ply, items))
    return _cache.get(("latest", game_id, _digest(text)), make)


def audited(game_id: str, text: str, stored_chain: str | None) -> tuple[list[Recent], Audit]:
    """The last moves and the audit of the export ``text``, from the game's check and
    verify carried on over what the last move added (:mod:`replays`); once per text
    and stored chain head."""
    def make():
        return carried(game_id, text, lambda check, verify, recent: (
            recent, _audit(check, verify, text, stored_chain)))
    return _cache.get(("audited", game_id, _digest(text), stored_chain), make)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _audit(rp, verified, text: str, stored_chain: str | None) -> Audit:
    """``referee check`` and ``referee verify`` on the export, and its chain recomputed."""
    checks = rp.ok
    check_note = (f"replays cleanly: {rp.moves} moves, {rp.draws} draws" if checks
                  else format_errors(rp.errors, "game.txt"))
    t = rp.transcript
    keyed = t.tag("Dealing") is not None and not t.tag("Seed")   # each draw shows its key
    if verified.ok:
        dealt_by = "its [Commit] deals, key by key," if keyed else "its [Seed] deals"
        verifies, verify_note = True, f"every draw is the one {dealt_by} ({verified.draws})"
    else:
        # only a committed game without per-draw keys has nothing to verify before its
        # seed is revealed; a game whose draws carry their keys is verified as it grows,
        # and a forged key or salt shows as the failure it is
        waiting = not t.tag("Seed") and not keyed and t.tag("Commit") is not None
        verifies = None if waiting and checks else False
        verify_note = ("the seed is revealed when the game ends; the draws can be "
                       "verified then" if verifies is None
                       else format_errors(verified.errors, "game.txt"))
    header, body = split_text(text)
    canon = [c for c in (chain_text(line, k) for k, line in enumerate(body, 1))
             if c is not None]
    recomputed = head(header_tags(header), canon)[1].hex()
    return Audit(checks, check_note, verifies, verify_note, recomputed,
                 stored_chain is None and not canon or recomputed == stored_chain)


def legal(game_id: str, text: str, cap: int) -> tuple[str | None, list[str], int]:
    """The heading, the first ``cap`` legal lines and their number after ``text``
    (:func:`referee.operations.listing.legal_lines`), from the game's replay kept."""
    def use(check, verify, recent):
        return (None, [], 0) if check.state is None else \
            legal_lines(check.module, check.state, cap)
    return carried(game_id, text, use)


def step(game_id: str, text: str, chosen: list[str]) -> dict:
    """The move builder's next step after ``chosen`` (:func:`referee.operations.next_step`),
    from the game's replay kept; BadChoiceError for a choice it does not offer."""
    def use(check, verify, recent):
        if check.state is None:
            raise BadChoiceError("the game's record does not replay, so no move can be chosen "
                                 "from it: " + "; ".join(e.reason for e in check.errors))
        return next_step(check.module, check.state, chosen)
    return carried(game_id, text, use)
