"""What a transcript is made of, independent of any game.

Every item remembers its line, column and source text so that any later
error (from the game module, an assertion, the file lock) can point at it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.errors import RefereeError

TAG, CHANCE, MOVE, ASSERT, REJECT, COMMENT = "tag", "chance", "move", "assert", "reject", "comment"


@dataclass(slots=True)
class Item:
    kind: str
    line: int
    text: str                 # the whole source line
    column: int = 1           # where the item starts
    body: str = ""            # move text (seat included), chance body, or rejected text
    body_column: int = 1
    name: str = ""            # tag name, or the seat of a move
    value: Any = None         # tag value, asserted value, or text a rejection must mention
    op: str = ""
    path: str = ""
    comment: str | None = None


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
