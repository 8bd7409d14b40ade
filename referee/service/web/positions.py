"""What a game page shows about the play: the position at any ply, what the last
moves did, and whether the exported transcript checks and verifies.

Everything here comes from the transcript the store exports, replayed by the
transcript layer (``check_text``, ``replay``), never from the store's own
bookkeeping, so the page shows what ``referee check`` would. Replays are cached
by the chain head at the ply shown: the head pins the whole history up to it, so
a cached view can never belong to another history, and a move (a new head)
needs no invalidation.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from threading import Lock

from referee.notation import items as I

CACHE_SIZE = 128
RECENT = 8            # the last moves shown with what they did


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


@dataclass
class Recent:
    ply: int
    text: str
    did: list[str] = field(default_factory=list)


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
    from referee.service.record import split_text
    return len(split_text(text)[0].splitlines())


def until_line(text: str, items: list[dict], ply: int) -> int:
    """The transcript line of the item at ``ply`` (the header's last line for ply 0)."""
    base = header_count(text)
    if ply == 0:
        return base
    item = [it for it in items if it["ply"] is not None][ply - 1]
    return base + 1 + item["seq"]


def position(text: str, items: list[dict], ply: int, key: str, *, whole: bool = False
             ) -> Position:
    """The position after ``ply`` (after the whole transcript with ``whole``)."""
    def make():
        from referee.notation.check import check_text
        from referee.notation.report import digest, who_next

        rp = checked(text, key) if whole else \
            check_text(text, "<game>", until=until_line(text, items, ply))
        plied = [it for it in items if it["ply"] is not None]
        item = plied[ply - 1]["text"] if ply else None
        if rp.state is None:
            return Position(ply, "", "", "", "the position cannot be shown: "
                            + "; ".join(e.reason for e in rp.errors), item)
        return Position(ply, rp.module.render(rp.state, "svg"),
                        rp.module.render(rp.state, "text"), digest(rp.module, rp.state),
                        who_next(rp.state), item)
    return _cache.get(("position", key, ply, whole), make)


def recent(text: str, key: str, n: int = RECENT) -> list[Recent]:
    """The last ``n`` moves and chance lines, each with what it set off (the transcript
    layer's :func:`referee.notation.happened.what_happened`): one replay up to the
    first of them, then a step at a time."""
    def make():
        from referee.notation.happened import what_happened
        from referee.notation.reader import read_text
        from referee.notation.replay import replay

        transcript = read_text(text, "<game>")
        plied = [i for i in transcript.items if i.kind in (I.MOVE, I.CHANCE)]
        tail = plied[-n:]
        if not tail:
            return []
        first_ply = len(plied) - len(tail) + 1
        rp = replay(transcript, until=tail[0].line - 1)
        out = [Recent(first_ply + k, it.body if it.kind == I.MOVE else f"* {it.body}")
               for k, it in enumerate(tail)]
        if rp.errors or rp.state is None:
            return out
        for entry, item in zip(out, tail):
            before = rp.state.clone()
            try:
                rp.step(item)
                entry.did = what_happened(rp.module, before, rp.state, [item.text])
            except Exception:
                break
        return out
    return _cache.get(("recent", key, n), make)


def checked(text: str, key: str):
    """``referee check`` of the whole export, once per text (the latest position and
    the audit both read it)."""
    def make():
        from referee.notation.check import check_text
        return check_text(text, "game.txt")
    return _cache.get(("checked", key), make)


def audit(text: str, stored_chain: str | None, key: str) -> Audit:
    """``referee check`` and ``referee verify`` on the export, and its chain recomputed."""
    def make():
        from referee.notation import chain
        from referee.notation.reader import read_text
        from referee.notation.replay import replay
        from referee.notation.report import format_errors
        from referee.service.record import chain_text, header_tags, split_text

        rp = checked(text, key)
        checks = rp.ok
        check_note = (f"replays cleanly: {rp.moves} moves, {rp.draws} draws" if checks
                      else format_errors(rp.errors, "game.txt"))
        verified = replay(read_text(text, "game.txt"), deal_check=True)
        if verified.ok:
            verifies, verify_note = True, f"every draw is the one its [Seed] deals ({verified.draws})"
        else:
            no_seed = not rp.transcript.tag("Seed")
            verifies = None if no_seed and checks else False
            verify_note = ("the seed is revealed when the game ends; the draws can be "
                           "verified then" if verifies is None
                           else format_errors(verified.errors, "game.txt"))
        header, body = split_text(text)
        canon = [c for c in (chain_text(line, k) for k, line in enumerate(body, 1))
                 if c is not None]
        recomputed = chain.head(header_tags(header), canon)[1].hex()
        return Audit(checks, check_note, verifies, verify_note, recomputed,
                     stored_chain is None and not canon or recomputed == stored_chain)
    return _cache.get(("audit", key), make)
