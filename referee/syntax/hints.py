"""Syntax errors with a position and a ``did you mean`` suggestion.

Shared by the transcript grammar and the game move grammars: a game's
``parse_move`` can turn a lark exception into a ``NotationSyntaxError`` with
:func:`from_lark`, and the replay adds a suggestion from the game's grammar
keywords when a module raised one without a hint.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from referee.core import paths
from referee.errors import NotationSyntaxError
from referee.i18n import N_, _

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_'-]*|\S")
_LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"i?')
_TERMINAL = re.compile(r"^\s*[A-Z_][A-Z0-9_]*(?:\.\d+)?\s*:\s*/(.*)/[imslux]*\s*$")


def suggest(word: str, candidates: Iterable[str]) -> str | None:
    """The closest candidate to ``word`` (case-insensitive), if it is close enough."""
    import difflib  # only a line with a mistake gets here

    word = word.lower()
    pool = {c.lower(): c for c in candidates if c and c.lower() != word}
    found = difflib.get_close_matches(word, list(pool), n=1, cutoff=0.6)
    return pool[found[0]] if found else None


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    best = suggest(word, candidates)
    return _("did you mean '{word}'?").format(word=best) if best else None


def near_seat(word: str, seats: Iterable[str], cutoff: float = 0.75) -> str | None:
    """The seat ``word`` spells or nearly spells ("gren", "Yelow"), if any."""
    import difflib  # only a line with a mistake gets here

    word = word.upper()
    seats = list(seats)
    if word in seats:
        return word
    found = difflib.get_close_matches(word, seats, n=1, cutoff=cutoff)
    return found[0] if found else None


def seat_hint(word: str, players: Iterable[str], seats: Iterable[str], text: str) -> str:
    """What to say of a line whose first word is no seat of the game: the seat it nearly
    names, or, when it names a seat of the title that does not play here, the nearest
    seat that does; else how a move line starts. Never a keyword: a verb suggested for
    a verb sends the player round in a circle ('move' -> 'moves' -> 'move')."""
    import difflib  # only a line with a mistake gets here

    players = list(players)
    near = near_seat(word, players)
    if near:
        return _("did you mean '{word}'?").format(word=near)
    title = near_seat(word, seats)
    if title and players:
        best = difflib.get_close_matches(title, players, n=1, cutoff=0) or players[:1]
        return _("{seat} does not play in this game: did you mean '{word}'?").format(
            seat=title, word=best[0])
    rest = " ".join(text.split()[1:]) if title else " ".join(text.split())
    return _("a move line starts with the seat that moves: '{line}'").format(
        line=f"{players[0]} {rest[:60]}") if players else \
        _("a move line starts with the seat that moves")


def word_at(text: str, column: int) -> str:
    """The word starting at (or containing) the 1-based ``column`` of ``text``."""
    i = max(0, min(len(text), (column or 1) - 1))
    while i > 0 and i < len(text) and (text[i - 1].isalnum() or text[i - 1] in "-_'") \
            and (text[i].isalnum() or text[i] in "-_'"):
        i -= 1
    m = _WORD.match(text, i)
    return m.group(0) if m else ""


def keywords_of(parser, names: Iterable[str] | None = None) -> list[str]:
    """Keyword spellings of a lark parser's terminals (all, or only ``names``)."""
    wanted = set(names) if names is not None else None
    words = []
    for term in parser.terminals:
        if wanted is not None and term.name not in wanted:
            continue
        pattern = term.pattern
        if type(pattern).__name__ == "PatternStr":
            if pattern.value[:1].isalpha():
                words.append(pattern.value)
        else:
            words.extend(expand_words(pattern.value))
    return words


def expand_words(regex: str) -> list[str]:
    """The words a simple keyword regex like ``(?i:moves?|fish(?:es)?)\\b`` matches.

    Alternatives using anything beyond letters, ``?`` and ``(?:...)?`` are skipped.
    """
    body = regex.replace("\\b", "")
    m = re.fullmatch(r"\(\?i:(.*)\)", body)
    if m:
        body = m.group(1)
    out = []
    for alt in _top_level_split(body):
        out.extend(f for f in _expand(alt) if f[:1].isalpha())
    return out


def _expand(alt: str) -> list[str]:
    forms = [""]
    i = 0
    while i < len(alt):
        group = re.match(r"\(\?:([A-Za-z-]+)\)\?", alt[i:])
        if group:
            forms = [f + g for f in forms for g in ("", group.group(1))]
            i += group.end()
            continue
        ch = alt[i]
        if not (ch.isascii() and ch.isalpha() or ch == "-"):
            return []
        if alt[i + 1:i + 2] == "?":
            forms = [f + g for f in forms for g in ("", ch)]
            i += 2
        else:
            forms = [f + ch for f in forms]
            i += 1
    return forms


def _top_level_split(text: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


@lru_cache(maxsize=None)
def grammar_keywords(name: str) -> tuple[str, ...]:
    """Quoted keywords of ``grammar/<name>.lark``, read as text (no parser built)."""
    try:
        source = (paths.grammar_dir() / f"{name}.lark").read_text(encoding="utf-8")
    except OSError:
        return ()
    found = []
    for line in source.splitlines():
        line = line.split("//", 1)[0]
        found.extend(w for w in _LITERAL.findall(line) if re.fullmatch(r"[A-Za-z][\w-]*", w))
        term = _TERMINAL.match(line)
        if term:
            found.extend(expand_words(term.group(1)))
    return tuple(dict.fromkeys(found))


def from_lark(exc, text: str, parser=None, *, what: str = N_("the input")) -> NotationSyntaxError:
    """A ``NotationSyntaxError`` for a lark ``UnexpectedInput`` on ``text``.

    The column is 1-based in ``text``; the hint proposes the expected keyword
    closest to the word found there. ``what`` is marked with ``N_`` by the caller.
    """
    column = getattr(exc, "column", None)
    if not isinstance(column, int) or column < 1:
        column = len(text) + 1
    token = getattr(exc, "token", None)
    if getattr(token, "type", None) == "$END" or type(exc).__name__ == "UnexpectedEOF":
        column = len(text.rstrip()) + 1
    expected = set(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ())
    found = word_at(text, column) if column <= len(text) else ""
    keywords = keywords_of(parser, expected) if parser is not None and expected else []
    if found:
        reason = _("unexpected '{word}' in {what}").format(word=found, what=_(what))
    else:
        reason = _("{what} ends too early").format(what=_(what))
    if keywords:
        shown = ", ".join(f"'{k}'" for k in sorted(set(keywords))[:6])
        reason = expected_after(reason, shown)
    elif expected:
        reason = expected_after(reason, _describe(expected, parser))
    hint = did_you_mean(found, keywords) if found else None
    return NotationSyntaxError(reason, column=column, text=text, hint=hint)


def expected_after(reason: str, shown: str) -> str:
    return _("{reason}: expected {what}").format(reason=reason, what=shown)


_NAMES = {"STRING": N_("a quoted string"), "NAME": N_("a name"), "BODY": N_("more text"),
          "PATH": N_("a path like RED.shells"), "OP": N_("one of = != < <= > >="),
          "BARE": N_("a value"), "LSQB": "'['", "RSQB": "']'", "COMMA": "','",
          "REJECTED": N_("a move"), "INT": N_("a number"), "WORD": N_("a word"),
          "SEAT": N_("a seat name"), "$END": N_("the end of the line")}


def _describe(expected: set[str], parser) -> str:
    names = []
    for name in sorted(expected):
        if name in _NAMES:
            names.append(_(_NAMES[name]))
            continue
        literal = None
        if parser is not None:
            for term in parser.terminals:
                if term.name == name and type(term.pattern).__name__ == "PatternStr":
                    literal = f"'{term.pattern.value}'"
        names.append(literal or name.lower())
    names = list(dict.fromkeys(names))
    return names[0] if len(names) == 1 else _("{some} or {last}").format(
        some=", ".join(names[:-1]), last=names[-1])
