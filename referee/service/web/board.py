"""The board at a ply as a picture with an address of its own, ``/game/ID/board.png?ply=N``
and ``.svg``: what a forum post embeds or links (docs/web.md, docs/forum-markup.md).

A hosted game's log only grows: a takeback and a resignation are plies of their own
and an adopted game gets a new id, so ply N of game ID is one position for good, and
a past ply's picture may be kept by any cache for good. The current ply's picture
is asked again each time, its ETag the chain head at that ply. A PNG takes a fifth
of a second to draw, so the last few drawn are kept.
"""
from __future__ import annotations

import hashlib

from referee import i18n
from referee.operations import svg_to_png
from referee.service.web import positions
from referee.service.web.languages import VARY

PAST = "public, max-age=31536000, immutable"
CURRENT = "no-cache"          # keep it, but ask (ETag) before showing it again
PNG_KEPT = 32
TYPES = {"png": "image/png", "svg": "image/svg+xml"}

_png = positions._LRU(PNG_KEPT)


def etag(fmt: str, ply: int, key: str, lang: str = "en") -> str:
    """The picture's tag: its format, its ply, the chain head there (``key``) and the
    language of its labels."""
    return '"' + hashlib.sha256(f"{fmt}\0{ply}\0{key}\0{lang}".encode()).hexdigest()[:32] + '"'


def unchanged(if_none_match: str | None, tag: str) -> bool:
    """Whether a client's ``If-None-Match`` names ``tag`` (RFC 9110 section 13.1.2)."""
    if not if_none_match:
        return False
    given = [t.strip().removeprefix("W/") for t in if_none_match.split(",")]
    return tag in given or "*" in given


def headers(fmt: str, ply: int, key: str, current: bool, lang: str = "en") -> dict[str, str]:
    return {"ETag": etag(fmt, ply, key, lang), "Cache-Control": CURRENT if current else PAST,
            **VARY}


def drawn(detail: dict, ply: int, key: str, fmt: str) -> bytes:
    """The picture of ``detail``'s game after ``ply`` as ``fmt`` (png or svg), drawn
    from its export as the game page draws it. PicturesUnavailable without the PNG
    library or a font."""
    gid, text, items = detail["id"], detail["text"], detail["items"]
    pos = positions.latest(detail) if ply == detail["ply"] else \
        positions.position(text, items, ply, key)
    if not pos.svg:
        raise LookupError(pos.next)
    if fmt == "svg":
        return pos.svg.encode("utf-8")
    return _png.get((gid, ply, key, i18n.language()), lambda: svg_to_png(pos.svg))
