"""Lark parsers built once per process and cached on disk between processes.

``referee play`` replays a whole transcript on every call and its start-up time
is benchmarked, so building an LALR table each time is not affordable: lark's
``cache=True`` pickles the built parser (keyed by the grammar's hash) in the
temp directory, and the dict below keeps one instance per process.
"""
from __future__ import annotations

from functools import lru_cache

from referee.core.paths import grammar_dir


@lru_cache(maxsize=None)
def parser(name: str, start: str = "start"):
    """The LALR parser for ``grammar/<name>.lark`` (relative ``%import``s allowed)."""
    from lark import Lark     # slow to import: a file of canonical lines never needs it

    path = grammar_dir() / f"{name}.lark"
    options = dict(parser="lalr", start=start, propagate_positions=False,
                   maybe_placeholders=True)
    try:
        return Lark.open(str(path), cache=True, **options)
    except OSError:
        return Lark.open(str(path), **options)

