"""Where a line of a person's text ends: the one rule every channel (a mail, a forum
post, the web page's box) reads by.

Only \\n, \\r\\n and \\r end a line. The other characters Python's str.splitlines breaks
at are read as spaces: a page or a post shows them inside a line, so a player never
sees the line they would split, and one line stays one command with its own guard.
"""
from __future__ import annotations

_NOT_LINE_ENDS = str.maketrans(dict.fromkeys("\v\f\x1c\x1d\x1e\x85\u2028\u2029", " "))


def split_lines(text: str) -> list[str]:
    """``text`` cut into lines the one way every channel cuts a player's text."""
    return str(text).translate(_NOT_LINE_ENDS).replace("\r\n", "\n").replace("\r", "\n") \
        .split("\n")
