"""Which lines of a player's mail are commands, and which are chatter.

Players write like people ("Hi all, here is my move:", the move, "good luck!"),
so a line counts only when its first word is a seat, one of the game's move
verbs or a command word; the rest is listed back to the sender as ignored. Two
kinds of sentence begin like commands and are chatter too: a command word with
other words after it ("Show me what you've got"; only ``salt WORD`` and
``resign CODE``, the line that confirms a resignation, take one),
and, in a mail whose moves carry their seat word (as the referee's template
does), a line that begins with a verb ("Moves are hard this week"). ``moves``
followed by words may be the move builder's choices (``moves B1 kahuna``) or a
sentence; only the game can tell, so such a line is kind "ask" and the game
decides. A client may put a bullet or a number in front of a line, and a player
may end a move with ``#N``, the ply they expect it to follow (a guard against
crossing mails). ``token WORD`` carries the seat's secret for hosts without
plus-addressing; it is not a command.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from referee.service.plaintext.line_ends import split_lines

# ``language LANG`` as each language of the referee says it: a player who reads only
# their own language finds its word for the command.
LANGUAGE_WORDS = ("language", "langue", "sprache", "lingua")
COMMAND_WORDS = ("salt", "show", "moves", "history", "undo", "accept", "decline",
                 "resign", "help", "confirm", *LANGUAGE_WORDS)
# salt WORD; resign CODE, the confirming line; language LANG
WORD_TAKERS = ("salt", "resign", *LANGUAGE_WORDS)
ASK_WORD = "moves"          # the one command word that takes the move builder's choices
TOKEN_WORD = "token"
MAX_LINES = 2000            # lines looked at; a player's mail never has more
MAX_LINE = 1000             # characters of one line kept

# What clients and people put in front of a line: bullets, dashes, list numbers.
_LEAD = re.compile(r"^(?:[\s\-*•◦·‣⁃–—+>»›:.,;)\]]|\(\d{1,3}\)|\d{1,3}[.)](?=\s))*")
_WORD = re.compile(r"[^\W\d_][\w'-]*")
_GUARD = re.compile(r"\s*#\s*(\d{1,9})\s*$")
_INVISIBLE = re.compile(r"[\u200b\u200c\u200d\u2060\ufeff]")
_END = ".!?:;,"              # what a person puts after a one-word command
# ``salt WORD`` as people write it: ``salt: WORD``, ``salt:WORD``, ``Salt = WORD``,
# ``salt - WORD`` (a dash needs a space before it: ``salt-WORD`` is one word). The mark
# is never part of the salt, so a salt word cannot begin with one.
_SALT = re.compile(r"salt\s*(?::|=|\s[-–—])?\s*([^\s:=\-–—]\S*)", re.I)


@dataclass(frozen=True)
class CommandLine:
    text: str               # the line without leading bullets and without the guard
    word: str               # its first word: the seat or verb as the caller spelt it,
                            # or the command word in lower case
    guard: int | None       # N of a trailing "#N"
    kind: str = "command"   # "seat", "verb", "command", or "ask": ``moves`` with words
                            # after it, the builder's choices or a sentence; "line": a
                            # line of a form's box, a command whatever it says


@dataclass(frozen=True)
class Commands:
    lines: tuple[CommandLine, ...]
    ignored: tuple[str, ...]
    token: str | None


@dataclass(frozen=True)
class Lines:
    """A mail body read once: each line cleaned (the words, then the text after any
    bullet, then its first word in lower case) and the token. Which lines are commands
    depends on the game's seats and verbs, known only once the token has found it."""
    lines: tuple[tuple[str, str, str], ...]
    token: str | None

    def commands(self, *, seats: Sequence[str], verbs: Sequence[str]) -> Commands:
        """The commands in order and the chatter lines, for a game with these seats and
        verbs."""
        by_word: dict[str, tuple[str, str]] = {}
        for word in COMMAND_WORDS:
            by_word[word] = (word, "command")
        for verb in verbs:
            by_word[str(verb).lower()] = (str(verb), "verb")
        for seat in seats:
            by_word[str(seat).lower()] = (str(seat), "seat")
        seen: list[tuple[str, CommandLine | None]] = []   # (line, command or None: chatter)
        for line, text, word in self.lines:
            if word not in by_word:
                seen.append((line, None))
                continue
            guard = None
            found = _GUARD.search(text)
            if found:
                guard = int(found.group(1))
                text = text[:found.start()].rstrip()
            spelt, kind = by_word[word]
            if kind == "command":
                text = salt_text(text)
                words = text.rstrip(_END).split()
                if word == ASK_WORD and len(words) > 1:
                    kind = "ask"                       # the builder's choices, or a sentence
                elif len(words) > (2 if word in WORD_TAKERS else 1):
                    seen.append((line, None))          # a sentence, not a command
                    continue
                else:
                    text = " ".join(words)
            seen.append((line, CommandLine(text=text, word=spelt, guard=guard, kind=kind)))
        if any(c is not None and c.kind == "seat" for _, c in seen):
            seen = [(line, _unseated(c)) for line, c in seen]
        return Commands(lines=tuple(c for _, c in seen if c is not None),
                        ignored=tuple(line for line, c in seen if c is None), token=self.token)


    def each_line(self, *, guard: int | None = None) -> Commands:
        """Every line a command, as a form's box is read: nothing is chatter. ``guard``
        (the ply the sender saw) guards a single line."""
        lines = tuple(CommandLine(text=line, word=word, guard=guard if len(self.lines) == 1
                                  else None, kind="line") for line, _, word in self.lines)
        return Commands(lines=lines, ignored=(), token=self.token)


def read_lines(body: str) -> Lines:
    """Every non-blank line of ``body`` cleaned once, and the token. A second ``token``
    line with another word is kept as a line (chatter)."""
    lines: list[tuple[str, str, str]] = []
    token: str | None = None
    for raw in split_lines(body)[:MAX_LINES]:
        line = " ".join(_INVISIBLE.sub("", raw).split())[:MAX_LINE]
        if not line:
            continue
        text = line[_LEAD.match(line).end():]
        first = _WORD.match(text)
        word = first.group(0).lower() if first else ""
        if word == TOKEN_WORD:
            rest = text[first.end():].split()
            if len(rest) == 1 and (token is None or token == rest[0]):
                token = rest[0]
                continue
            word = ""                                  # never a command
        lines.append((line, text, word))
    return Lines(tuple(lines), token)


def salt_text(text: str) -> str:
    """``salt WORD`` for a salt line written with a colon, an equals sign or a dash
    between (docs/mail.md section 3); any other line as it is."""
    found = _SALT.fullmatch(text.rstrip(_END))
    return f"salt {found.group(1)}" if found else text


def _unseated(c: CommandLine | None) -> CommandLine | None:
    """A line in a mail whose moves carry their seat word: one that begins with a verb
    is chatter, unless the verb is also a command word written alone (Hawaii's
    ``moves``); ``moves`` with more words may be the builder's choices (kind "ask")."""
    if c is None or c.kind != "verb":
        return c
    if c.text.rstrip(_END).lower() in COMMAND_WORDS:
        return c
    if c.word.lower() == ASK_WORD:
        return CommandLine(text=c.text, word=c.word, guard=c.guard, kind="ask")
    return None
