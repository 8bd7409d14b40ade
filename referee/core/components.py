"""The one reader of the games' component files (games/*.yaml), for every title.

Component numbers are copied from cardboard by people, partly guessed, and a
group may play with a corrected copy: a bad copy must fail at load time with
``FILE:LINE: reason``, never later as a strange ruling. So the reader keeps the
line of every value, and every value must say how sure it is: one rule for all
games, a value with no ``status`` (on itself or on a mapping above it) is
refused, naming the file, the line and the dotted path. A default status would
let a typo (``stauts:``) pass a guess off as a printed fact.

A file once checked is served by :mod:`referee.core.component_cache`, so the
YAML library is imported only when a file must really be read.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, NoReturn, TypeVar

from referee.core import component_cache
from referee.core.provenance import STATUSES, Provenance
from referee.errors import ComponentError

T = TypeVar("T")
_META = frozenset({"status", "source"})


def load(file: str, build: Callable[[str, bytes, str], T], classes: tuple[type, ...]) -> T:
    """``build(file, raw, text)`` of the file's bytes, or what the components cache
    kept of it; an unreadable file is a ComponentError naming it."""
    try:
        raw = Path(file).read_bytes()
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ComponentError(f"{file}: cannot read the component file: {exc}", file=file) from None
    return component_cache.load(file, raw, lambda: build(file, raw, text), classes)


def read(file: str, text: str, labels: frozenset[str] = frozenset()) -> "tuple[V, Reader]":
    """The annotated tree of ``text`` and the reader holding its provenance.

    Keys in ``labels`` name things rather than state game facts: their values
    (and everything below them) need no provenance."""
    import yaml   # slow to import: only when the cache has not seen the file

    reader = Reader(file, yaml, labels)
    try:
        root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        reader.fail(line, f"YAML syntax: {exc.problem or exc.context}")
    except yaml.YAMLError as exc:
        reader.fail(1, f"YAML syntax: {exc}")
    if root is None:
        reader.fail(1, "the file is empty")
    try:
        return reader.annotate(root, None, None, "", 1, False), reader
    except RecursionError:
        reader.fail(1, "the data nests without end (an anchor used inside itself?)")


@dataclass
class V:
    """A value with its line and dotted path; data is a dict, a list of V or a scalar."""
    data: Any
    line: int
    path: str

    def plain(self) -> Any:
        """The value as the YAML library would give it, for checks that need no lines."""
        if isinstance(self.data, dict):
            return {k: v.plain() for k, v in self.data.items()}
        if isinstance(self.data, list):
            return [v.plain() for v in self.data]
        return self.data

    def lines(self, into: dict[str, int] | None = None) -> dict[str, int]:
        """The line of every dotted path below (and of) this value."""
        into = {} if into is None else into
        into[self.path] = self.line
        children = self.data.values() if isinstance(self.data, dict) else (
            self.data if isinstance(self.data, list) else ())
        for child in children:
            child.lines(into)
        return into


class Reader:
    """YAML nodes -> V tree, resolving status/source per leaf.

    A list of plain scalars is one leaf (a pair, a row of numbers); a list
    holding a mapping is split so each element can carry its own status.
    Nodes are told apart by their ``id`` so that this module needs no YAML
    import of its own.
    """

    def __init__(self, file: str, yaml, labels: frozenset[str] = frozenset()):
        self.file = file
        self.labels = labels
        self.provenance: list[Provenance] = []
        self._yaml = yaml
        self._constructor = yaml.SafeLoader("")

    def fail(self, line: int, reason: str) -> NoReturn:
        raise ComponentError(f"{self.file}:{line}: {reason}", line=line, file=self.file)

    def annotate(self, node, status, source, path, line, label) -> V:
        if node.id == "mapping":
            pairs = self._pairs(node)
            status, source = self._meta(pairs, status, source)
            keys = {k for k, _, _ in pairs}
            if "value" in keys and keys <= _META | {"value"}:
                inner = next(v for k, _, v in pairs if k == "value")
                return self.annotate(inner, status, source, path, line, label)
            out = {}
            for key, key_line, value in pairs:
                if key not in _META:
                    sub = f"{path}.{key}" if path else str(key)
                    out[key] = self.annotate(value, status, source, sub, key_line,
                                             label or key in self.labels)
            return V(out, line, path)
        if node.id == "sequence":
            if all(item.id == "scalar" for item in node.value):
                items = [V(self._scalar(i), i.start_mark.line + 1, f"{path}.{n}")
                         for n, i in enumerate(node.value)]
                if not label:
                    self._record(path, tuple(i.data for i in items), status, source, line)
                return V(items, line, path)
            return V([self.annotate(item, status, source, f"{path}.{self._label(item, n)}",
                                     item.start_mark.line + 1, label)
                       for n, item in enumerate(node.value)], line, path)
        value = self._scalar(node)
        if not label:
            self._record(path, value, status, source, line)
        return V(value, line, path)

    def _pairs(self, node) -> list[tuple[Any, int, Any]]:
        pairs, seen = [], set()
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            key = self._scalar(key_node) if key_node.id == "scalar" else None
            if isinstance(key, bool) or not isinstance(key, (str, int)):
                self.fail(line, "a key must be a name or a number")
            if key in seen:
                self.fail(line, f"duplicate key {key!r}")
            seen.add(key)
            pairs.append((key, line, value_node))
        return pairs

    def _meta(self, pairs, status, source):
        for key, line, node in pairs:
            if key not in _META:
                continue
            text = self._scalar(node) if node.id == "scalar" else None
            if key == "status" and text not in STATUSES:
                self.fail(line, f"status must be one of {', '.join(STATUSES)}, not {text!r}")
            if key == "source" and (not isinstance(text, str) or not text.strip()):
                self.fail(line, "source must be a non-empty text")
            if key == "status":
                status = text
            else:
                source = text
        return status, source

    def _record(self, path, value, status, source, line) -> None:
        if status is None:
            self.fail(line, f"{path} has no status: give it (or a mapping above it) "
                            f"'status: confirmed|inferred|unverified' (is 'status' misspelt?)")
        if source is None:
            self.fail(line, f"{path} has no source: give it (or a mapping above it) 'source: ...'")
        self.provenance.append(Provenance(path, value, status, source, line))

    def _scalar(self, node) -> Any:
        try:
            return self._constructor.construct_object(node)
        except self._yaml.YAMLError as exc:
            reason = getattr(exc, "problem", None) or exc
            self.fail(node.start_mark.line + 1, f"unreadable value {node.value!r}: {reason}")

    @staticmethod
    def _label(node, index: int) -> str:
        if node.id == "mapping":
            for key, value in node.value:
                if getattr(key, "value", None) == "id" and value.id == "scalar":
                    return str(value.value)
        return str(index)


def listing(provenance: tuple[Provenance, ...], unverified_only: bool = False,
            line: bool = False) -> list[dict]:
    """One row per value for ``referee components``: a row of numbers as a list,
    not a tuple, so that JSON and text print it alike. The line is the game's
    choice: Hawaii's rows have always been path, value, status and source."""
    return [{"path": p.path, "value": list(p.value) if isinstance(p.value, tuple) else p.value,
             "status": p.status, "source": p.source, **({"line": p.line} if line else {})}
            for p in provenance if not unverified_only or p.status == "unverified"]
