"""The reader that leaves the body for later gives the very transcript of the eager one,
whatever the file holds and whichever part is looked at first."""
from __future__ import annotations

from pathlib import Path

import pytest

from referee.transcript.reader import MAX_ERRORS, read_bytes, read_bytes_lazily

ROOT = Path(__file__).resolve().parents[2]
HEADER = '[Game "Toy"]\n[Players "RED GREEN"]\n'
FILES = {
    "clean": HEADER + "# setup\n* order RED GREEN\nRED adds 2\nGREEN adds 1 # ok\n",
    "comments and blanks in the header": '\n# hi\n[Game "Toy"]\n\n# more\n[Seed "1"]\n\nRED adds 1\n',
    "tag after the first move": HEADER + "RED adds 1\n[Seed \"2\"]\nGREEN adds 3\n",
    "tag given twice": HEADER + '[Game "Toy"]\nRED adds 1\n',
    "broken tag, then the header goes on": '[Game "Toy"\n[Players "RED GREEN"]\nRED adds 1\n',
    "broken first body line": HEADER + "% what\n[Seed \"3\"]\nRED adds 1\n",
    "nothing but a header": HEADER,
    "empty": "",
    "crlf and a bom": "\ufeff" + HEADER.replace("\n", "\r\n") + "RED adds 1\r\n",
    "too long a line": HEADER + "RED adds " + "1" * 3000 + "\n",
    "too many errors": HEADER + "% bad\n" * (MAX_ERRORS + 5),
    "takeback and resignation": HEADER + "RED adds 1\nRED takes back\nGREEN resigns\n",
}


def _seen(transcript, first: str):
    parts = {"items": lambda: [(i.kind, i.line, i.text, i.body, i.name, i.value, i.comment)
                               for i in transcript.items],
             "errors": lambda: [(type(e).__name__, e.code, e.line, e.column, str(e))
                                for e in transcript.errors],
             "tags": lambda: [(t.line, t.name, t.value) for t in transcript.tags],
             "lines": lambda: list(transcript.lines)}
    order = [first] + [name for name in parts if name != first]
    return {name: parts[name]() for name in order}


@pytest.mark.parametrize("first", ["tags", "items", "errors"])
@pytest.mark.parametrize("name", FILES)
def test_same_transcript_as_the_eager_reader(name, first):
    raw = FILES[name].encode()
    assert _seen(read_bytes_lazily(raw, "g.txt"), first) == _seen(read_bytes(raw, "g.txt"), first)


def test_invalid_utf8_is_read_like_the_eager_reader():
    raw = HEADER.encode() + b"RED adds \xff\n"
    lazy, eager = read_bytes_lazily(raw, "g.txt"), read_bytes(raw, "g.txt")
    assert _seen(lazy, "errors") == _seen(eager, "errors")
    assert eager.errors and "UTF-8" in str(eager.errors[0])


@pytest.mark.parametrize("path", sorted((ROOT / "docs" / "examples").glob("*.txt"))
                         + sorted((ROOT / "tests" / "transcripts").rglob("*.txt"))[:20],
                         ids=lambda p: p.name)
def test_real_files_read_the_same(path):
    raw = path.read_bytes()
    assert _seen(read_bytes_lazily(raw, path.name), "tags") == _seen(read_bytes(raw, path.name),
                                                                      "tags")


def test_the_body_is_not_read_until_asked_for(monkeypatch):
    import referee.transcript.reader as reader
    read = []
    parse = reader.parse_line
    monkeypatch.setattr(reader, "parse_line", lambda line, number: read.append(number)
                        or parse(line, number))
    lazy = read_bytes_lazily((HEADER + "# a comment\n" + "RED adds 1\n" * 50).encode(), "g.txt")
    assert [t.name for t in lazy.tags] == ["Game", "Players"] and len(lazy.lines) == 53
    assert read == [1, 2, 3, 4]          # the header, and the first line after it
    assert len(lazy.items) == 51 and not lazy.errors and read == list(range(1, 54))


def test_a_warm_play_reads_none_of_the_moves_already_played(tmp_path, monkeypatch):
    """From the state cache, play reads the header, the line after it (to see that the
    header ended) and its own lines: none of the game's other lines."""
    import referee.transcript.reader as reader
    from tests.toy.helpers import run
    from referee.operations.check import check_path
    from referee.operations.play import play_line

    path = tmp_path / "g.txt"
    assert run("new", "toy", "--players", "red,green", "--seed", "7", "-o", path)[0] == 0
    for _ in range(4):            # the target is 11: the game goes on after these
        play_line(str(path), f"{check_path(str(path)).to_move} adds 1")
    lines = path.read_text().splitlines()
    first_body = next(n for n, line in enumerate(lines, 1) if line.startswith("*"))
    read = []
    parse = reader.parse_line
    monkeypatch.setattr(reader, "parse_line", lambda line, number=1, **kw: read.append(number)
                        or parse(line, number, **kw))
    to_move = check_path(str(path)).to_move
    read.clear()
    played = play_line(str(path), f"{to_move} adds 2")
    assert played.written and read
    assert all(n <= first_body or n > len(lines) for n in read), (first_body, len(lines), read)
