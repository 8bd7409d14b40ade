"""What a game page shows about the play: the position at any ply, what the last
moves did, and whether the exported transcript checks and verifies.

The latest position, its legal moves and the move builder's steps come from the
game's state as the store keeps it (:mod:`referee.service.store.games_state`: the
state the last move left, sealed to the exact text it is the end of), read with the
game, so a page after a move replays and parses nothing. A past position is the
export replayed up to its ply; the audit is the export as ``referee check`` and
``referee verify`` would judge it, from replays carried on from one version to the
next (:mod:`replays`), so the first reader after a move pays for the move, not for
the game. Drawn views are cached by what pins them: a past position by the chain
head at its ply, the latest ones by the export's digest (and the stored head the
audit compares it with), so a cached view never belongs to another history, and a
move needs no invalidation. A view holds words, so it is also kept per language.
"""
from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass
from threading import Lock

from referee import i18n
from referee.errors import BadChoiceError
from referee.operations import (check_text, digest, format_errors, legal_lines, next_step,
                                who_next)
from referee.replay import PLY_KINDS, head
from referee.service.store.record import chain_text, header_tags
from referee.service.web.replays import Recent, carried
from referee.transcript import items as I
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
    return _cache.get(("position", key, ply, i18n.language()), make)


def _drawn(rp, ply: int, items: list[dict]) -> Position:

    plied = [it for it in items if it["ply"] is not None]
    item = plied[ply - 1]["text"] if ply else None
    if rp.state is None:
        return Position(ply, "", "", "", i18n._("the position cannot be shown: {reasons}")
                        .format(reasons="; ".join(e.reason for e in rp.errors)), item)
    return Position(ply, rp.module.render(rp.state, "svg"), rp.module.render(rp.state, "text"),
                    digest(rp.module, rp.state), who_next(rp.state), item)


def latest(detail: dict) -> Position:
    """The position after the game's whole export (lines after the last ply count
    too), from the state the store keeps for it; drawn once per text."""
    def make():
        return _drawn(_at_end(detail), detail["ply"], detail["items"])
    return _cache.get(("latest", detail["id"], _digest(detail["text"]), i18n.language()), make)


def _at_end(detail: dict):
    """The replay at the end of the game's export: the store's state, or for a text
    that does not replay cleanly, the check that says why."""
    rp = detail["replay"]
    return rp if rp is not None else check_text(detail["text"], "game.txt")


def audited(game_id: str, text: str, stored_chain: str | None) -> tuple[list[Recent], Audit]:
    """The last moves and the audit of the export ``text``, from the game's check and
    verify carried on over what the last move added (:mod:`replays`); once per text
    and stored chain head."""
    def make():
        return carried(game_id, text, lambda check, verify, recent: (
            recent, _audit(check, verify, text, stored_chain)))
    return _cache.get(("audited", game_id, _digest(text), stored_chain, i18n.language()), make)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _audit(rp, verified, text: str, stored_chain: str | None) -> Audit:
    """``referee check`` and ``referee verify`` on the export, and its chain recomputed."""
    checks = rp.ok
    check_note = (i18n._("replays cleanly: {moves}, {draws}").format(
        moves=i18n.ngettext("{n} move", "{n} moves", rp.moves).format(n=rp.moves),
        draws=i18n.ngettext("{n} draw", "{n} draws", rp.draws).format(n=rp.draws))
        if checks else format_errors(rp.errors, "game.txt"))
    t = rp.transcript
    keyed = t.tag("Dealing") is not None and not t.tag("Seed")   # each draw shows its key
    if verified.ok:
        verifies = True
        verify_note = (i18n._("every draw is the one its [Commit] deals, key by key ({draws})")
                       if keyed else i18n._("every draw is the one its [Seed] deals ({draws})")
                       ).format(draws=verified.draws)
    else:
        # only a committed game without per-draw keys has nothing to verify before its
        # seed is revealed; a game whose draws carry their keys is verified as it grows,
        # and a forged key or salt shows as the failure it is
        waiting = not t.tag("Seed") and not keyed and t.tag("Commit") is not None
        verifies = None if waiting and checks else False
        verify_note = (i18n._("the seed is revealed when the game ends; the draws can be "
                              "verified then") if verifies is None
                       else format_errors(verified.errors, "game.txt"))
    if t.errors:
        header, body = split_text(text)
        tags = header_tags(header)
        canon = [c for c in (chain_text(line, k) for k, line in enumerate(body, 1))
                 if c is not None]
    else:                   # the export as read already: its tags and items, parsed once
        tags = [(tag.name, tag.value) for tag in t.tags]
        canon = ["* " + it.body if it.kind == I.CHANCE else it.body
                 for it in t.items if it.kind in PLY_KINDS]
    recomputed = head(tags, canon)[1].hex()
    return Audit(checks, check_note, verifies, verify_note, recomputed,
                 stored_chain is None and not canon or recomputed == stored_chain)


def legal(detail: dict, cap: int) -> tuple[str | None, list[str], int]:
    """The heading, the first ``cap`` legal lines and their number after the game's
    export (:func:`referee.operations.listing.legal_lines`), from the store's state."""
    rp = _at_end(detail)
    return (None, [], 0) if rp.state is None else legal_lines(rp.module, rp.state, cap)


def step(detail: dict, chosen: list[str]) -> dict:
    """The move builder's next step after ``chosen`` (:func:`referee.operations.next_step`)
    on the game's state as the store keeps it; BadChoiceError for a choice it does
    not offer."""
    rp = _at_end(detail)
    if rp.state is None:
        raise BadChoiceError(i18n._("the game's record does not replay, so no move can be "
                                    "chosen from it: {reasons}")
                             .format(reasons="; ".join(e.reason for e in rp.errors)))
    return next_step(rp.module, rp.state, chosen)
