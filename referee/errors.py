"""One exception hierarchy for every rejection the referee makes.

Each error carries a stable ``code`` (part of the notation contract), a
one-sentence ``reason`` naming the rule, and, once the notation layer knows
them, the ``line``, ``column`` and quoted ``text`` of the offending input.
The rules engine raises these without positions; the transcript layer fills
them in with :meth:`RefereeError.at`.
"""
from __future__ import annotations


class RefereeError(Exception):
    code = "error"

    def __init__(self, reason: str, *, line: int | None = None, column: int | None = None,
                 text: str | None = None, file: str | None = None, rule: str | None = None,
                 hint: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.line = line
        self.column = column
        self.text = text
        self.file = file
        self.rule = rule
        self.hint = hint

    def at(self, *, line: int | None = None, column: int | None = None,
           text: str | None = None, file: str | None = None) -> "RefereeError":
        """Attach a position (keeps any position already known)."""
        if self.line is None:
            self.line = line
        if self.column is None:
            self.column = column
        if self.text is None:
            self.text = text
        if self.file is None:
            self.file = file
        return self

    def to_dict(self) -> dict:
        return {"code": self.code, "reason": self.reason, "file": self.file,
                "line": self.line, "column": self.column, "text": self.text,
                "hint": self.hint or None}

    def __str__(self) -> str:
        return self.reason


class IllegalMoveError(RefereeError):
    code = "illegal-move"


class AmbiguousMoveError(IllegalMoveError):
    code = "ambiguous-move"

    def __init__(self, reason: str, candidates: list[str] | None = None, **kw):
        super().__init__(reason, **kw)
        self.candidates = list(candidates or [])

    def to_dict(self) -> dict:
        d = super().to_dict()
        d["candidates"] = self.candidates
        return d


class OutOfTurnError(IllegalMoveError):
    code = "out-of-turn"


class NotationSyntaxError(RefereeError):
    code = "syntax"


class BadChoiceError(RefereeError):
    """A step of the move builder was given a choice it does not offer."""
    code = "bad-choice"


class BadChanceError(RefereeError):
    code = "bad-chance"


class BadHeaderError(RefereeError):
    code = "bad-header"


class AssertionFailedError(RefereeError):
    code = "assertion-failed"


class BadPositionError(RefereeError):
    code = "bad-position"


class ComponentError(RefereeError):
    """A component data file is malformed or inconsistent (file:line in the reason)."""
    code = "bad-components"


class InvariantError(RefereeError):
    """The engine broke one of its own invariants: always a bug, never user input."""
    code = "invariant"


class BotMoveError(RefereeError):
    """A line marked ``# bot LEVEL`` is not the move that bot makes there (``verify``)."""
    code = "not-the-bot"


class StaleGuardError(RefereeError):
    """``play --ply N``: the game has moved on since the ply the player last saw."""
    code = "stale"
