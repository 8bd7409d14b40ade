"""One line of text within a width, as :func:`textwrap.wrap` wraps it.

A mail's board and every notification pass each long line through the wrapper, and
textwrap's general chunking by regular expression is more than such lines need: the
lines the referee writes are words between single spaces. :func:`wrap_line` wraps
those directly and gives any other line to textwrap itself (tests/core/test_wrapping.py
holds the two to the same lines)."""
from __future__ import annotations

import textwrap


def wrap_line(line: str, width: int, indent: str = "") -> list[str]:
    """``textwrap.wrap(line, width, subsequent_indent=indent, break_long_words=False,
    break_on_hyphens=False)``: a word is never broken, not even at a hyphen."""
    # not printable: a tab, a line break, a Unicode space (which textwrap drops at a
    # line's ends as it drops blanks)
    if not line or "  " in line or line[0] == " " or line[-1] == " " or not line.isprintable():
        return textwrap.wrap(line, width, subsequent_indent=indent, break_long_words=False,
                             break_on_hyphens=False)
    lines: list[str] = []
    words: list[str] = []
    room, used = width, -1
    for word in line.split(" "):
        if used + 1 + len(word) <= room or not words:     # a long word stands alone
            words.append(word)
            used += 1 + len(word)
            continue
        lines.append((indent if lines else "") + " ".join(words))
        words, used, room = [word], len(word), width - len(indent)
    lines.append((indent if lines else "") + " ".join(words))
    return lines
