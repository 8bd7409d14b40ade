"""Reading a header costs in proportion to its tags (issue 32: each tag was looked for
among all the tags before it, so 200,000 tags, a file well inside every limit, took
minutes).

Timing the reader would be a timed assertion, so the first test counts the steps the
reader runs (each call of a function, in Python or built in, and each resumption of a
generator) for two header lengths: a reader in linear time runs four times the steps
for four times the tags, one in quadratic time sixteen. The second reads the longest
such header a file may hold whole, with a generous timeout as a backstop only.
"""
import sys
from contextlib import contextmanager

import pytest

from referee.transcript.reader import read_bytes_lazily, read_text

GAME = '[Game "Toy"]\n[Players "RED GREEN"]\n'


def _header(tags: int) -> str:
    return GAME + "".join(f'[Note{i} "a tag nobody reads"]\n' for i in range(tags)) \
        + "RED adds 1\n"


@contextmanager
def _counting_steps(count: list):
    def profile(_frame, event, _arg):
        if event in ("call", "c_call"):
            count[0] += 1

    before = sys.getprofile()
    sys.setprofile(profile)
    try:
        yield
    finally:
        sys.setprofile(before)


def _steps(read, tags: int) -> int:
    text = _header(tags)
    count = [0]
    with _counting_steps(count):
        transcript = read(text)
        assert len(transcript.tags) == tags + 2 and not transcript.errors
    return count[0]


@pytest.mark.parametrize("read", [read_text, lambda text: read_bytes_lazily(text.encode())],
                         ids=["eager", "lazy"])
def test_the_steps_of_reading_a_header_grow_with_its_length_not_its_square(read):
    short, long = _steps(read, 1000), _steps(read, 4000)
    assert long < 5 * short, (short, long)


@pytest.mark.timeout(300)
def test_two_hundred_thousand_tags_are_read():
    text = _header(200_000)
    assert len(text.encode()) < 8 * 1024 * 1024       # inside the file size limit
    transcript = read_text(text)
    assert len(transcript.tags) == 200_002 and not transcript.errors
    assert transcript.tag("Note199999") == "a tag nobody reads"
    repeated = read_text(GAME + '[Note "x"]\n[note "y"]\nRED adds 1\n')
    assert [(e.code, e.line) for e in repeated.errors] == [("bad-header", 4)]
