"""What a transcript is made of, independent of any game.

Every item remembers its line, column and source text so that any later
error (from the game module, an assertion, the file lock) can point at it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.errors import RefereeError

TAG, CHANCE, MOVE, ASSERT, REJECT, COMMENT = "tag", "chance", "move", "assert", "reject", "comment"
# A control item (docs/notation.md section 10): a seat's line that is not a move
# of its game but ``SEAT takes back`` or ``SEAT resigns``; ``value`` says which.
CONTROL = "control"
TAKEBACK, RESIGN = "takeback", "resign"
# What a player may type for each (lenient input); the referee writes the first form.
CONTROL_WORDS = {("takes", "back"): TAKEBACK, ("take", "back"): TAKEBACK, ("takeback",): TAKEBACK,
                 ("resigns",): RESIGN, ("resign",): RESIGN}
# Header tags a file may hold once per seat (the commit-reveal salts); every other tag once.
REPEATABLE_TAGS = ("salt", "saltcommit")
CONTROL_TEXT = {TAKEBACK: "takes back", RESIGN: "resigns"}
_CONTROL_ENDS = frozenset(c for words in CONTROL_WORDS for c in (words[-1][-1], words[-1][-1].upper()))


@dataclass(slots=True)
class Item:
    kind: str
    line: int
    text: str                 # the whole source line
    column: int = 1           # where the item starts
    body: str = ""            # move or control text (seat included), chance body, or rejected text
    body_column: int = 1
    name: str = ""            # tag name, or the seat of a move or control item
    value: Any = None         # tag value, asserted value, text a rejection must mention, or
                              # TAKEBACK / RESIGN
    op: str = ""
    path: str = ""
    comment: str | None = None


def as_control(item: Item) -> Item:
    """A move line whose words after the seat are exactly a control word becomes a
    control item; any other move stays a move (Haleakala's ``takes back 2 from beach4``
    is a move of the game)."""
    body = item.body
    if body[-1:] not in _CONTROL_ENDS:     # nearly every move: one comparison, no split
        return item
    words = body.split()
    if 2 <= len(words) <= 3:
        kind = CONTROL_WORDS.get(tuple(w.lower() for w in words[1:]))
        if kind is not None:
            item.kind, item.value = CONTROL, kind
    return item


@dataclass
class Transcript:
    file: str
    lines: list[str]
    tags: list[Item] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    errors: list[RefereeError] = field(default_factory=list)

    def tag(self, name: str, default: str | None = None) -> str | None:
        item = self.tag_item(name)
        return item.value if item is not None else default

    def tag_item(self, name: str) -> Item | None:
        name = name.lower()
        for item in self.tags:
            if item.name.lower() == name:
                return item
        return None

    def line_text(self, line: int | None) -> str | None:
        if line is None or not 1 <= line <= len(self.lines):
            return None
        return self.lines[line - 1]
