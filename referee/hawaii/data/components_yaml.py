"""The line-keeping YAML reader behind :mod:`referee.hawaii.data.components`.

Apart so that the YAML library is imported only when a component file must
really be read: the components cache (:mod:`referee.core.component_cache`) serves
every later run of the same file.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NoReturn

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from referee.core.provenance import STATUSES, Provenance
from referee.errors import ComponentError

_META = frozenset({"status", "source"})
_LABELS = frozenset({"id", "name", "aliases"})   # names, not game facts: no provenance
_COMPOSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # same nodes and marks, 10x faster


def read(file: str, text: str) -> "tuple[V, Reader]":
    """The annotated tree of ``text`` and the reader holding its provenance."""
    reader = Reader(file)
    try:
        root = yaml.compose(text, Loader=_COMPOSER)
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
    """A value with its line and dotted path; data is a dict, a list of _V or a scalar."""
    data: Any
    line: int
    path: str


class Reader:
    """First pass: YAML nodes -> V tree, resolving status/source per leaf.

    A list of plain scalars is one leaf (a pair, a row of numbers); a list
    holding a mapping is split so each element can carry its own status.
    """

    def __init__(self, file: str):
        self.file = file
        self.provenance: list[Provenance] = []
        self._constructor = yaml.SafeLoader("")

    def fail(self, line: int, reason: str) -> NoReturn:
        raise ComponentError(f"{self.file}:{line}: {reason}", line=line, file=self.file)

    def annotate(self, node, status, source, path, line, label) -> V:
        if isinstance(node, MappingNode):
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
                                             label or key in _LABELS)
            return V(out, line, path)
        if isinstance(node, SequenceNode):
            if all(isinstance(item, ScalarNode) for item in node.value):
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

    def _pairs(self, node: MappingNode) -> list[tuple[Any, int, Any]]:
        pairs, seen = [], set()
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            key = self._scalar(key_node) if isinstance(key_node, ScalarNode) else None
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
            text = self._scalar(node) if isinstance(node, ScalarNode) else None
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

    def _scalar(self, node: ScalarNode) -> Any:
        try:
            return self._constructor.construct_object(node)
        except yaml.YAMLError as exc:
            reason = getattr(exc, "problem", None) or exc
            self.fail(node.start_mark.line + 1, f"unreadable value {node.value!r}: {reason}")

    @staticmethod
    def _label(node, index: int) -> str:
        if isinstance(node, MappingNode):
            for key, value in node.value:
                if getattr(key, "value", None) == "id" and isinstance(value, ScalarNode):
                    return str(value.value)
        return str(index)
