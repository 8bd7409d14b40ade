"""Error codes the transcript layer adds to those of ``referee.errors``.

Kept here rather than in ``referee.errors`` because only replays produce
them: they describe what happened to a line, not what is wrong with a move.
"""
from __future__ import annotations

from referee.errors import RefereeError


class InternalError(RefereeError):
    """A bug in the referee or a game module, reported instead of a traceback."""
    code = "internal"


class NotEvaluated(RefereeError):
    """A line after the error that ended the replay."""
    code = "not-evaluated"


class UsageError(RefereeError):
    """The command was asked for something impossible (maps to exit status 2)."""
    code = "usage"


def internal(exc: BaseException) -> InternalError:
    message = str(exc).splitlines()[0] if str(exc) else ""
    return InternalError(f"{type(exc).__name__}: {message}".rstrip(": "))
