"""A replayed transcript as a picture: SVG, PNG, or one HTML page.

The game draws the SVG (``module.render(state, "svg")``); ``referee.operations.picture_files``
turns it into PNG or a page. Here the transcript adds what only it knows: the
title (the players' Event tag, else the game) and the last moves.
"""
from __future__ import annotations

from referee.operations import picture_files as pictures
from referee.transcript.items import CHANCE, MOVE

LAST_MOVES = 10


def last_moves(rp, until: int | None = None, n: int = LAST_MOVES) -> list[str]:
    """The last ``n`` moves and chance lines that were played (up to line ``until``),
    oldest first, as written."""
    stop = rp.stopped_at
    failed = {e.line for e in rp.errors}
    done = [i for i in rp.transcript.items if i.kind in (MOVE, CHANCE)
            and (until is None or i.line <= until) and (stop is None or i.line < stop)
            and i.line not in failed]
    return [(i.body if i.kind == MOVE else f"* {i.body}") for i in done[-n:]] if n else []


def title(rp) -> str:
    event = rp.transcript.tag("Event")
    name = rp.module.name
    return f"{name}: {event}" if event else name


def picture(rp, fmt: str, until: int | None = None) -> str | bytes:
    """``fmt`` is svg (text), png (bytes) or html (text) of the replayed state."""
    svg = rp.module.render(rp.state, "svg")
    if fmt == "svg":
        return svg
    if fmt == "png":
        return pictures.svg_to_png(svg)
    if fmt == "html":
        return pictures.html_page(title(rp), svg, rp.module.render(rp.state, "text"),
                                  last_moves(rp, until))
    raise ValueError(f"unknown picture format {fmt!r}: svg, png or html")
