"""What one ``play`` added, and the header edit both a move and a salt make. Apart from
``play`` so that salting, which ``play`` calls, can build the same answer."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Played:
    lines: list[str] = field(default_factory=list)
    state: object = None
    module: object = None
    result: str | None = None
    written: bool = False
    text: str | None = None        # the whole new transcript (None when nothing changes)
    replay: object = None          # the replay after the line, for the state cache
    witness: str | None = None     # "ply N chain HEX" after the line (docs/notation.md section 11)
    ply: int | None = None
    chain: str | None = None       # the full chain head, hex
    note: str | None = None        # what the referee could not do yet (a dry run's draw)
    voided: str | None = None      # a takeback: the move line it voided
    resigned: str | None = None    # a resignation: the seat
    before: object = None          # the state just before the move (for what_happened)
    move: object = None            # the move played, as the engine holds it (None for others)
    # what a store that keeps the header apart from the body lines needs, so that it
    # reads nothing back: the body lines added, each with its ply and chain head (hex;
    # None when the chain is not tracked), and the new header when a tag joined it
    added: list[tuple[str, int | None, str | None]] = field(default_factory=list)
    header: str | None = None
    # the canonical line when the line typed was not in the notation and the free
    # reader (operations/line_reading.py) read it: front ends say what it was read as
    read_as: str | None = None


def add_tag(text: str, transcript, tag_line: str, *, before: str | None = None) -> str:
    """``tag_line`` after the last tag (or just before the tag ``before``), in text whose
    header still has the line numbers ``transcript`` was read with."""
    item = transcript.tag_item(before) if before else None
    at = item.line - 1 if item is not None else max((t.line for t in transcript.tags), default=0)
    lines = text.split("\n")
    lines.insert(at, tag_line)
    return "\n".join(lines)


def body_links(lines: list[str], links: list | None) -> list[tuple[str, int | None, str | None]]:
    """Each body line played with the ply and chain head it linked (``links``: the
    replay's history entries made while playing them, one per line)."""
    if links is None or len(links) != len(lines):
        return [(line, None, None) for line in lines]
    return [(line, ply, head.hex()) for line, (ply, head, _, _) in zip(lines, links)]
