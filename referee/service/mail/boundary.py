"""The MIME boundary test of the standard library's mail parser, without a regular
expression compiled for every mail.

For each multipart message ``email.feedparser`` compiles the pattern
``(?P<sep>--BOUNDARY)(?P<end>--)?(?P<ws>[ \\t]*)(?P<linesep>\\r\\n|\\r|\\n)?$``.
Every mail has a boundary of its own, so Python's cache of patterns never holds it,
and the compile costs about 0.12 ms: a fortieth of a move by mail, whose clients
nearly all send multipart mail. :func:`install` gives the parser a ``re`` whose
``compile`` answers exactly that pattern with :class:`Delimiter`, string tests that
match the same lines with the same groups (tests/service/test_mail_boundary.py
holds them to the compiled pattern), and passes every other pattern, or a changed
form of this one in another Python, to :func:`re.compile` itself.
"""
from __future__ import annotations

import email.feedparser
import re

_HEAD = "(?P<sep>"
_TAIL = r")(?P<end>--)?(?P<ws>[ \t]*)(?P<linesep>\r\n|\r|\n)?$"
_ESCAPED = re.compile(r"\\(.)", re.S)
_ENDINGS = ("\r\n", "\r", "\n")


class Found:
    """A line that is a boundary: what the pattern's groups would hold."""
    __slots__ = ("_groups",)

    def __init__(self, sep: str, end: str | None, ws: str, linesep: str | None):
        self._groups = {"sep": sep, "end": end, "ws": ws, "linesep": linesep}

    def group(self, name):
        return self._groups[name]


class Delimiter:
    """``match`` of the boundary pattern for the separator ``sep`` ("--" and the
    boundary), as the compiled pattern matches from a line's start: the separator,
    "--" if the line closes the multipart, blanks, then at most a line ending (a
    ``$`` also allows one "\\n" after it)."""
    __slots__ = ("sep",)

    def __init__(self, sep: str):
        self.sep = sep

    def match(self, line: str) -> Found | None:
        sep = self.sep
        if not line.startswith(sep):
            return None
        at = len(sep)
        end = "--" if line.startswith("--", at) else None
        if end:
            at += 2
        blank = at
        while blank < len(line) and line[blank] in " \t":
            blank += 1
        rest = line[blank:]
        for ending in _ENDINGS:                 # the alternatives in the pattern's order
            if rest.startswith(ending) and rest[len(ending):] in ("", "\n"):
                return Found(sep, end, line[at:blank], ending)
        if rest == "":
            return Found(sep, end, line[at:blank], None)
        return None


class _Re:
    """The ``re`` module as the parser sees it: the same, but for its boundary pattern."""

    def __getattr__(self, name):
        return getattr(re, name)

    @staticmethod
    def compile(pattern, flags=0):
        if flags == 0 and isinstance(pattern, str) and pattern.startswith(_HEAD) \
                and pattern.endswith(_TAIL):
            escaped = pattern[len(_HEAD):-len(_TAIL)]
            sep = _ESCAPED.sub(r"\1", escaped)
            if re.escape(sep) == escaped:       # exactly re.escape's output: a literal
                return Delimiter(sep)
        return re.compile(pattern, flags)


def install() -> None:
    """Give ``email.feedparser`` the boundary test above (once; idempotent)."""
    if not isinstance(email.feedparser.re, _Re):
        email.feedparser.re = _Re()
