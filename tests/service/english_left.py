"""English left in a text meant for a reader of another language, found by comparing it
with English renderings of the same kind of text (a mail of the same command sent
by an English seat, or by the same seat once switched to English).

A line of the translated text that reads like a line of the English one, once what
differs between two games anyway is masked (seats, numbers, quoted words, addresses,
codes, a subject's game tag), is English left over, unless it is a line that is the same in every language:
the player's own line quoted back, a line to copy (indented by four spaces: a
canonical move, an address, a ``resign CODE``; a draw's notation wrapped on at eight),
the witness line, a line of the board
drawing, or a line with no word of prose in it at all (codes, places, numbers).
"""
from __future__ import annotations

import re

SEATS = ("RED", "YELLOW", "GREEN", "BLUE")
_MASKS = (
    (re.compile(r"\[referee [a-z0-9]+\]"), "TAG"),       # a game's tag in a subject
    (re.compile(r"https?://\S+"), "URL"),
    (re.compile(r"[\w.+-]+@[\w.-]+"), "ADDRESS"),
    (re.compile(r"'[^']*'|«[^»]*»|„[^“]*“|“[^”]*”|\"[^\"]*\""), "QUOTED"),
    (re.compile(r"\b[0-9a-f]{8,}\b"), "HEX"),
    (re.compile(r"\b(?:%s)\b" % "|".join(SEATS)), "SEAT"),
    (re.compile(r"\d+"), "N"),
)
_WITNESS = re.compile(r"^ply \d+ chain [0-9a-f]{12}$")
_PROSE = re.compile(r"\b[a-z][a-z']{2,}\b")        # a word of a sentence, not a code
_MASK_WORDS = ("TAG", "URL", "ADDRESS", "QUOTED", "HEX", "SEAT", "N")


def masked(line: str) -> str:
    """``line`` with what differs from game to game replaced by a placeholder."""
    line = " ".join(line.split())
    for pattern, word in _MASKS:
        line = pattern.sub(word, line)
    return line


def same_everywhere(line: str, board: set[str] = frozenset()) -> bool:
    """Whether ``line`` may be the same in every language."""
    if not line.strip() or line.startswith(">") or line.rstrip() in board:
        return True
    indent = len(line) - len(line.lstrip(" "))
    if indent in (4, 8):            # a line to copy, or the wrapped rest of a draw's line
        return True
    if _WITNESS.match(line.strip()):
        return True
    rest = masked(line)
    for word in _MASK_WORDS:
        rest = rest.replace(word, " ")
    return not _PROSE.search(rest)


def english_left(text: str, english, board=()) -> list[str]:
    """The lines of ``text`` that are English left over: they read as a line of
    ``english`` (one text or several) and are not the same in every language.
    ``board``: texts whose lines are a drawing, allowed as they are."""
    english = [english] if isinstance(english, str) else list(english)
    known = {masked(line) for text_en in english for line in text_en.split("\n")
             if line.strip()}
    drawn = {line.rstrip() for drawing in board for line in drawing.split("\n")}
    return [line for line in text.split("\n")
            if masked(line) in known and not same_everywhere(line, drawn)]


def say_left(where: str, text: str, english, board=()) -> list[str]:
    """:func:`english_left` of ``text``, each line named with ``where`` it was found."""
    return [f"{where}: {line!r}" for line in english_left(text, english, board)]
