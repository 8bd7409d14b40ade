"""The parser's boundary test without a compile a mail (referee/service/mail/boundary.py)
matches exactly the lines the standard library's compiled pattern matches, with the
same groups, and is the one the installed parser uses."""
from __future__ import annotations

import email.feedparser
import random
import re
from email.parser import BytesParser
from email.policy import compat32

import pytest

from referee.service.mail import boundary, incoming  # noqa: F401 (installs it)

GROUPS = ("sep", "end", "ws", "linesep")
PIECES = ["--", "-", " ", "\t", "\r", "\n", "\r\n", "x", "=", "\u00e9", "\x0b", ""]


def _stdlib(separator: str):
    """The pattern as email.feedparser compiles it, by the real re module."""
    return re.compile("(?P<sep>" + re.escape(separator)
                      + r")(?P<end>--)?(?P<ws>[ \t]*)(?P<linesep>\r\n|\r|\n)?$")


def _same(separator: str, line: str) -> None:
    want = _stdlib(separator).match(line)
    got = boundary.Delimiter(separator).match(line)
    assert (got is None) == (want is None), (separator, line)
    if want is not None:
        assert [got.group(g) for g in GROUPS] == [want.group(g) for g in GROUPS], line


@pytest.mark.parametrize("separator", ["--b", "--===============1234567890==",
                                       "--a.b(c)[d]{e}?*+|^$\\ z", "--\u00e9t\u00e9 --",
                                       "--" + "x" * 70])
def test_every_line_shape_matches_as_the_compiled_pattern_matches(separator):
    rng = random.Random(separator)
    lines = [separator + "".join(tail) for tail in
             ([], ["--"], ["--", "\n"], ["--", "\r\n"], [" ", "\t", "\n"], ["\r"], ["\r", "\r\n"],
              ["\n", "\n"], ["\r\n", "\n"], ["\n", "x"], ["--", "--"], [" ", "x"], ["--", " ", "\r"])]
    lines += [separator[:-1], "x" + separator, separator.upper(), ""]
    for _ in range(3000):
        head = separator if rng.random() < 0.8 else separator[:rng.randrange(len(separator))]
        lines.append(head + "".join(rng.choice(PIECES) for _ in range(rng.randrange(6))))
    for line in lines:
        _same(separator, line)


def test_the_installed_parser_compiles_no_boundary_and_reads_the_parts(monkeypatch):
    assert isinstance(email.feedparser.re, boundary._Re)
    compiled = []
    real = re.compile
    monkeypatch.setattr(re, "compile", lambda *a, **k: compiled.append(a[0]) or real(*a, **k))
    seen = []
    match = boundary.Delimiter.match
    monkeypatch.setattr(boundary.Delimiter, "match",
                        lambda self, line: seen.append(line) or match(self, line))
    raw = (b"From: a@example.org\r\nMIME-Version: 1.0\r\n"
           b'Content-Type: multipart/alternative; boundary="b.(1)+"\r\n\r\n'
           b"preamble\r\n--b.(1)+\r\nContent-Type: text/plain\r\n\r\nmoves A1\r\n"
           b"--b.(1)+ \t\r\nContent-Type: text/html\r\n\r\n<p>moves A1</p>\r\n--b.(1)+--\r\n"
           b"epilogue\r\n")
    msg = BytesParser(policy=compat32).parsebytes(raw)
    assert [p.get_payload() for p in msg.get_payload()] == ["moves A1", "<p>moves A1</p>"]
    assert msg.preamble == "preamble" and msg.epilogue == "epilogue\r\n"
    assert seen and not compiled        # the lines went through Delimiter, nothing compiled


def test_another_pattern_is_compiled_by_re():
    shim = boundary._Re()
    assert isinstance(shim.compile("(?P<sep>--a)(?P<end>--)?$"), re.Pattern)
    assert isinstance(shim.compile("(?P<sep>" + re.escape("--a") + boundary._TAIL, re.I),
                      re.Pattern)
    assert isinstance(shim.compile("(?P<sep>--a.b" + boundary._TAIL), re.Pattern)   # not escaped
    assert shim.escape("a.b") == re.escape("a.b")
