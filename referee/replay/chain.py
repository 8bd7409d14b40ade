"""The transcript chain (docs/notation.md section 11): a history nobody can rewrite unseen.

Every item that changes the game (a move, a chance line, a control item) is hashed
with the hash of everything before it, so the head after ply N pins the whole
history up to N. Players keep the short head the referee prints after each move
(``ply 37 chain 3f9a1c0b7e22``): a copy of the game whose head at ply 37 differs
has been changed somewhere before it.

What is hashed is the item's canonical text with its spacing folded, so a forum
re-wrap or a comment does not change the chain, while any change of a move, draw,
salt or game-defining tag does. The encoding is fixed-width where it can be and
the free text comes last, so no two different inputs hash the same bytes.
"""
from __future__ import annotations

import hashlib
from typing import Iterable

LABEL = b"referee-chain/1"

# The tags that define the game. [Seed] and [Result] are written at the end and are
# each checked on their own (the seed against [Commit], the result by the replay);
# the players' own tags (Event, Site, a seat's name or address) may change freely.
CHAINED_TAGS = ("game", "players", "rules", "components", "referee", "position",
                "commit", "dealing", "salts", "saltcommit", "salt")


def fold(text: str) -> str:
    """Spacing is not part of an item: runs of white space count as one space."""
    return " ".join(text.split())


def header_text(tags: Iterable[tuple[str, str]]) -> str:
    """The chained tags in canonical order, one ``name value`` line each; salts in the
    order the seats gave them (each names its seat, so the order cannot be forged)."""
    rank = {name: i for i, name in enumerate(CHAINED_TAGS)}
    kept = [(rank[n.lower()], i, n.lower(), fold(v or "")) for i, (n, v) in enumerate(tags)
            if n.lower() in rank]
    kept.sort()
    return "".join(f"{name} {value}\n" for _, _, name, value in kept)


def genesis(tags: Iterable[tuple[str, str]]) -> bytes:
    """h0: the label and the canonical header."""
    return hashlib.sha256(LABEL + b"\n" + header_text(tags).encode("utf-8")).digest()


def link(previous: bytes, ply: int, text: str) -> bytes:
    """h_i = SHA-256(h_(i-1) || i as 8 bytes big-endian || folded canonical text)."""
    if len(previous) != 32 or ply < 1:
        raise ValueError("a chain link follows a 32-byte head, from ply 1 on")
    return hashlib.sha256(previous + ply.to_bytes(8, "big") + fold(text).encode("utf-8")).digest()


def head(tags: Iterable[tuple[str, str]], items: Iterable[str]) -> tuple[int, bytes]:
    """The ply and head after ``items`` (canonical texts, in order)."""
    h, ply = genesis(tags), 0
    for ply, text in enumerate(items, 1):
        h = link(h, ply, text)
    return ply, h


def short(h: bytes) -> str:
    """The witness players keep: the first 12 hex digits."""
    return h.hex()[:12]


def witness(ply: int, h: bytes) -> str:
    return f"ply {ply} chain {short(h)}"
