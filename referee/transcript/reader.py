"""Reading transcript text into items, one line at a time.

Each line is parsed on its own so a syntax error skips only that line and the
rest of the file is still checked.
"""
from __future__ import annotations

import re
from pathlib import Path

from referee.errors import BadHeaderError, NotationSyntaxError, RefereeError
from referee.i18n import N_, _
from referee.syntax.grammar import parser
from referee.syntax.hints import from_lark
from referee.transcript import items as I
from referee.transcript.items import REPEATABLE_TAGS, Item, Transcript
from referee.transcript.storage import MAX_FILE, read_limited

MAX_LINE = 2000                # characters of a line: the longest chance line is ~300
MAX_ERRORS = 200               # syntax errors kept per file; the rest is not read


def check_size(data: bytes, file: str) -> None:
    if len(data) > MAX_FILE:
        raise BadHeaderError(_("the file is {n} bytes long; a transcript holds at most "
                               "{max} bytes").format(n=len(data), max=MAX_FILE), file=file, line=1, column=1, text="")


def read_path(path: str | Path) -> Transcript:
    """Read a transcript file; a file that cannot be read is a bad-header error."""
    try:
        data = read_limited(path, MAX_FILE)
    except OSError as exc:
        raise BadHeaderError(_("cannot read {file}: {why}").format(file=path, why=exc.strerror or exc),
                             file=str(path)) from None
    check_size(data, str(path))
    return read_bytes(data, str(path))


def read_bytes(data: bytes, file: str = "<stdin>") -> Transcript:
    try:
        text = data.decode("utf-8")
        bad = None
    except UnicodeDecodeError as exc:
        bad = data[:exc.start].count(b"\n") + 1
        text = data.decode("utf-8", errors="replace")
    transcript = read_text(text, file)
    if bad is not None:
        err = NotationSyntaxError(_("the file is not valid UTF-8 text")).at(
            line=bad, column=1, text=transcript.line_text(bad), file=file)
        transcript.errors.insert(0, err)
    return transcript


def split_lines(text: str) -> list[str]:
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def too_many_errors(number: int, last: int, line: str, file: str) -> NotationSyntaxError:
    """The error that ends reading (or replaying) a file at MAX_ERRORS: a file of
    nonsense costs the same as a short one, and nobody reads the 201st error."""
    return NotationSyntaxError(_("{n} errors already: the rest of the file (lines {first}-{last}) "
                                 "is not read").format(n=MAX_ERRORS, first=number, last=last)).at(
        line=number, column=1, text=line[:MAX_LINE], file=file)


def read_text(text: str, file: str = "<string>") -> Transcript:
    transcript = Transcript(file=file, lines=split_lines(text))
    _read_lines(transcript.lines, file, transcript.tags, transcript.items, transcript.errors)
    return transcript


def read_more(earlier: Transcript, text: str, file: str = "<string>") -> Transcript | None:
    """:func:`read_text` of ``text``, a transcript that grew from ``earlier`` (read
    whole and clean, with an item past its header): only the lines added are read.
    None when ``text`` does not start with every line of ``earlier`` or ``earlier``
    is not such a transcript; the caller then reads ``text`` whole."""
    old = earlier.lines
    lines = split_lines(text)
    if (earlier.errors or len(lines) < len(old) or lines[:len(old)] != old
            or not any(it.kind != I.COMMENT for it in earlier.items)):
        return None
    transcript = Transcript(file=file, lines=lines, tags=list(earlier.tags),
                            items=list(earlier.items))
    _read_lines(lines, file, transcript.tags, transcript.items, transcript.errors,
                start=len(old), seen_item=True)
    return transcript


def read_bytes_lazily(data: bytes, file: str = "<stdin>") -> Transcript:
    """:func:`read_bytes`, but the lines after the header are read only when something
    first asks for the items or the errors. ``play`` from a cached replay needs only
    the header and the line count, and parsing every move line of a long game was most
    of its own time. The result is the same transcript whenever it is looked at."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return read_bytes(data, file)
    return _BodyOnDemand(file, split_lines(text))


def _read_first(name: str) -> property:
    """A field of :class:`_BodyOnDemand` that reads the body before it answers."""
    kept = "_" + name

    def get(self):
        self._read_body()
        return getattr(self, kept)

    return property(get, lambda self, value: setattr(self, kept, value))


class _BodyOnDemand(Transcript):
    """A transcript whose header is read and whose body is read on first use. Every
    tag the file keeps is in the header (a tag after the first move is an error, not
    a tag), so ``tags`` is whole from the start."""

    def __init__(self, file: str, lines: list[str]):
        super().__init__(file=file, lines=lines)
        self._resume = _read_lines(lines, file, self.tags, self._items, self._errors,
                                   header_only=True)

    def _read_body(self) -> None:
        resume, self._resume = self._resume, None
        if resume is not None:
            _read_lines(self.lines, self.file, self.tags, self._items, self._errors,
                        start=resume, seen_item=True)

    items = _read_first("items")
    errors = _read_first("errors")


def _read_lines(lines: list[str], file: str, tags: list[Item], items: list[Item],
                errors: list[RefereeError], *, start: int = 0, seen_item: bool = False,
                header_only: bool = False) -> int | None:
    """Read ``lines[start:]`` into ``tags``, ``items`` and ``errors``. With
    ``header_only``, stop before the first line after the header and return its
    index, where a later call (``seen_item=True``) goes on as if never stopped."""
    # the names already given, so that each tag is checked against them at once: a
    # search of the list for every tag made a long header cost its length squared
    named = {t.name.lower() for t in tags}
    for index in range(start, len(lines)):
        if header_only and seen_item:
            return index
        number, line = index + 1, lines[index]
        if not line.strip():
            continue
        if len(errors) >= MAX_ERRORS:
            errors.append(too_many_errors(number, len(lines), line, file))
            break
        try:
            if len(line) > MAX_LINE:
                raise NotationSyntaxError(_("the line is {n} characters long; a line holds at "
                                            "most {max}").format(n=len(line), max=MAX_LINE)).at(
                    line=number, column=MAX_LINE + 1, text=line[:MAX_LINE])
            item = parse_line(line, number)
        except RefereeError as err:
            errors.append(err.at(file=file))
            # a broken tag costs its own line only: the header goes on after it
            seen_item = seen_item or not line.lstrip().startswith("[")
            continue
        if item is None:
            continue
        if item.kind == I.TAG:
            if seen_item:
                err = BadHeaderError(_("tag [{tag}] comes after the first move: tags belong at the "
                                       "top of the file").format(tag=item.name),
                                     hint=_("move it up to the header"))
                errors.append(err.at(line=number, column=item.column, text=line, file=file))
            elif item.name.lower() in named and item.name.lower() not in REPEATABLE_TAGS:
                err = BadHeaderError(_("tag [{tag}] is given twice").format(tag=item.name))
                errors.append(err.at(line=number, column=item.column, text=line, file=file))
            else:
                tags.append(item)
                named.add(item.name.lower())
            continue
        if item.kind != I.COMMENT:
            seen_item = True
        items.append(item)
    return None


# Tags, moves and chance lines are nearly every line of a game. These patterns
# accept exactly what grammar/transcript.lark accepts for them (a property
# test holds them to it), so the common case skips lark; anything else,
# errors included, goes through the grammar. Possessive quantifiers stop
# backtracking, like lark's greedy lexer.
_WS = "[ \\t\\f\\r]*+"
_FAST_MOVE = re.compile(f"{_WS}([A-Za-z][A-Za-z0-9_-]*+){_WS}([^#\\s][^#]*)?(#.*)?")
_FAST_CHANCE = re.compile(f"{_WS}(\\*){_WS}([^#\\s][^#]*)?(#.*)?")
_FAST_TAG = re.compile(f'{_WS}(\\[){_WS}([A-Za-z][A-Za-z0-9_-]*+){_WS}("(?:[^"\\\\]|\\\\.)*+")'
                       f'{_WS}\\]{_WS}(#.*)?')
_FAST_COMMENT = re.compile(f"{_WS}(#.*)")


def _fast(line: str, number: int) -> Item | None:
    first = line[:1]
    if first.isalpha():              # only a move can start so
        return _fast_move(line, number)
    if first == "*":
        return _fast_chance(line, number)
    if first == "[":
        return _fast_tag(line, number)
    if first == "#":
        return _fast_comment(line, number)
    return (_fast_move(line, number) or _fast_tag(line, number) or _fast_comment(line, number)
            or _fast_chance(line, number))


def _fast_move(line: str, number: int) -> Item | None:
    m = _FAST_MOVE.fullmatch(line)
    if m is None:
        return None
    name, body, comment = m.groups()
    start = m.start(1)
    text = line[start:m.end(2)].rstrip() if body is not None else name
    # positional: every move line of every transcript comes through here, and
    # keyword arguments are slower to pass
    #           kind    line    text  column     body  body_column name  value op  path comment
    item = Item(I.MOVE, number, line, start + 1, text, start + 1, name, None, "", "", comment)
    return I.as_control(item)


def _fast_tag(line: str, number: int) -> Item | None:
    m = _FAST_TAG.fullmatch(line)
    if m is None:
        return None
    _, name, value, comment = m.groups()
    return Item(I.TAG, number, line, column=m.start(1) + 1, name=name, value=unquote(value),
                comment=comment)


def _fast_comment(line: str, number: int) -> Item | None:
    m = _FAST_COMMENT.fullmatch(line)
    if m is None:
        return None
    return Item(I.COMMENT, number, line, column=m.start(1) + 1, comment=m.group(1))


def _fast_chance(line: str, number: int) -> Item | None:
    m = _FAST_CHANCE.fullmatch(line)
    if m is None:
        return None
    _, body, comment = m.groups()
    return Item(I.CHANCE, number, line, column=m.start(1) + 1,
                body=body.rstrip() if body is not None else "",
                body_column=m.start(2) + 1 if body is not None else m.start(1) + 2,
                comment=comment)


def parse_line(line: str, number: int = 1, *, fast: bool = True) -> Item | None:
    """One source line -> an Item (None for a blank line); NotationSyntaxError if malformed."""
    try:
        return _parse_line(line, number, fast)
    except RecursionError:     # brackets nested thousands deep in an assertion value
        raise NotationSyntaxError(_("the line nests too deeply to read")).at(
            line=number, column=1, text=line) from None


def _parse_line(line: str, number: int, fast: bool) -> Item | None:
    if fast:
        item = _fast(line, number)
        if item is not None:
            return item
    from lark.exceptions import UnexpectedInput     # lark only for a line the fast path refused


    p = parser("transcript")
    try:
        tree = p.parse(line)
    except UnexpectedInput as exc:
        err = from_lark(exc, line, p, what=N_("the line"))
        if getattr(exc, "column", None) in (None, 1) or not line.strip()[:1].isalpha() \
                and line.strip()[:1] not in "[*?!#":
            err.reason = ("a line must be a [Tag \"value\"], a move starting with a seat, "
                          "a '*' chance line, a '?' assertion, a '!' rejection or a # comment")
        raise err.at(line=number, text=line) from None
    node, comment = tree.children
    comment = str(comment) if comment is not None else None
    if node is None:
        return Item(I.COMMENT, number, line, column=line.index("#") + 1 if comment else 1,
                    comment=comment) if comment else None
    kids = node.children
    kind = node.data
    if kind == "tag":
        name, value = kids
        return Item(I.TAG, number, line, column=line.index("[") + 1, name=str(name),
                    value=unquote(value), comment=comment)
    if kind == "chance":
        body = kids[0]
        star = line.index("*") + 1
        return Item(I.CHANCE, number, line, column=star,
                    body=str(body).rstrip() if body is not None else "",
                    body_column=body.column if body is not None else star + 1, comment=comment)
    if kind == "move":
        name, body = kids
        text = str(name) + (line[name.end_pos:body.end_pos].rstrip() if body is not None else "")
        return I.as_control(Item(I.MOVE, number, line, column=name.column, body=text,
                                 body_column=name.column, name=str(name), comment=comment))
    if kind == "assertion":
        path, op, value = kids
        return Item(I.ASSERT, number, line, column=line.index("?") + 1, path=str(path),
                    op="=" if str(op) == "==" else str(op), value=to_value(value),
                    body=line[path.column - 1:].split("#", 1)[0].rstrip(),
                    body_column=path.column, comment=comment)
    if kind == "rejection":
        body, expected = kids
        return Item(I.REJECT, number, line, column=line.index("!") + 1,
                    body=str(body).rstrip(), body_column=body.column,
                    value=unquote(expected) if expected is not None else None, comment=comment)
    raise AssertionError(kind)


def unquote(token) -> str:
    raw = str(token)[1:-1]
    if "\\" not in raw:            # nothing escaped: every tag the referee writes
        return raw
    out, i = [], 0
    while i < len(raw):
        ch = raw[i]
        if ch == "\\" and i + 1 < len(raw):
            i += 1
            ch = raw[i]
        out.append(ch)
        i += 1
    return "".join(out)


def to_value(node):
    """Assertion values: numbers, words, strings and nested lists; null/true/false."""
    if node.data == "list":
        return [to_value(k) for k in node.children if k is not None]
    token = node.children[0]
    if node.data == "string":
        return unquote(token)
    word = str(token)
    low = word.lower()
    if low in ("null", "true", "false"):
        return {"null": None, "true": True, "false": False}[low]
    for kind in (int, float):
        try:
            return kind(word)
        except ValueError:
            pass
    return word
