"""Checking a history against what players hold (docs/notation.md section 11).

A player who kept ``ply 37 chain 3f9a1c0b7e22`` from a ``play`` reply can prove
that a copy of the game has not been changed before ply 37; two copies of one
game are compared item by item through their chain heads, so the first item
where they part ways is found even when they were re-spaced differently.
"""
from __future__ import annotations

import re

from referee.errors import BadHeaderError
from referee.i18n import _
from referee.replay.chain import genesis, short
from referee.transcript.problems import UsageError

_WITNESS = re.compile(r"\s*(?:ply\s+)?([0-9]{1,9})\s*(?::|\s+chain\s+|\s+)([0-9a-fA-F]{1,64})\s*")


def parse(text: str) -> tuple[int, str]:
    """``37:3f9a1c0b7e22`` (or ``ply 37 chain 3f9a1c0b7e22``) -> (37, "3f9a1c0b7e22")."""
    m = _WITNESS.fullmatch(text or "")
    if m is None or len(m.group(2)) < 8:
        raise UsageError(_("a witness reads PLY:HEX, like 37:3f9a1c0b7e22 (at least 8 hex "
                           "digits), not '{text}'").format(text=(text or "")[:80]))
    return int(m.group(1)), m.group(2).lower()


def check(rp, ply: int, prefix: str) -> None:
    """BadHeaderError unless the replayed history ``rp`` has ``prefix`` at ``ply``."""
    t = rp.transcript
    heads = {0: (genesis((x.name, x.value) for x in t.tags), 1, None)}
    heads.update({p: (h, line, text) for p, h, line, text in rp.history or []})
    first = t.tags[0] if t.tags else None
    if ply not in heads:
        raise BadHeaderError(_("the witness is for ply {ply}, but this copy of the game ends at "
                               "ply {end}: items are missing").format(ply=ply, end=rp.ply)).at(
            line=len(t.lines) or 1, column=1, text=t.line_text(len(t.lines)) or "", file=t.file)
    head, line, text = heads[ply]
    if head.hex().startswith(prefix):
        return
    said = _("at ply {ply} this copy's chain is {head}, not the witness's {witness}: the "
             "history was changed at or before ply {ply}") if ply else \
        _("at ply {ply} this copy's chain is {head}, not the witness's {witness}: the history "
          "was changed at or before ply {ply} (in the header: a game-defining tag differs)")
    raise BadHeaderError(said.format(ply=ply, head=short(head), witness=prefix[:12])).at(
        line=line or (first.line if first else 1), column=1,
        text=t.line_text(line) if line else (first.text if first else ""), file=t.file)


def compare(a, b) -> str | None:
    """Where two replayed copies of one game part ways, in words; None when one copy's
    history is all in the other (the same game, one further on)."""
    ga = genesis((x.name, x.value) for x in a.transcript.tags)
    gb = genesis((x.name, x.value) for x in b.transcript.tags)
    if ga != gb:
        return (f"{a.file} and {b.file} differ in their header (a game-defining tag: Game, "
                f"Players, Rules, Components, Dealing, Commit, salts, ...): chain "
                f"{short(ga)} against {short(gb)} at ply 0")
    for (pa, ha, la, ta), (_, hb, lb, tb) in zip(a.history or [], b.history or []):
        if ha != hb:
            return (f"{a.file} and {b.file} part ways at ply {pa}: line {la} of {a.file} "
                    f"is '{ta}', line {lb} of {b.file} is '{tb}'")
    return None
