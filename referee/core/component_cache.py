"""Component files read once per version of the file and of the referee, not once per process.

Every ``referee`` command loads a game's component file, and reading YAML with
lines and provenance (importing the YAML library included) is a large part of a
short command such as ``play``. The checked result is kept as JSON (signed
with the cache's own key like the state cache, :mod:`referee.core.cache`), keyed
by the file's bytes and by the fingerprint of the referee's code and data, so
an edited file or a new referee misses the cache instead of reading stale
values. JSON, not pickle: a cache file can never run code, and only the
classes a game names may be rebuilt from one. Nothing here may fail a load:
any problem means "read the YAML instead".
"""
from __future__ import annotations

import dataclasses
import os
from typing import Any, Callable, TypeVar

from referee.core.cache import cache_root, entry_name, store
from referee.core.cache import load as load_entry

T = TypeVar("T")


def load(file: str, raw: bytes, read: Callable[[], T], classes: tuple[type, ...]) -> T:
    """The components of ``file``, whose bytes are ``raw``: from the cache, else
    ``read()`` (then remembered). The path is part of the key: it is a field of
    the components, and a group's corrected copy may equal the shipped file.

    ``classes`` are the model classes the components are made of, the components'
    own class first; nothing else is rebuilt from a cache file.
    """
    if os.environ.get("REFEREE_NO_CACHE"):
        return read()
    try:
        path = cache_root() / "components" / entry_name(file.encode() + b"\0" + raw)
    except Exception:
        return read()
    try:
        kept = decode(load_entry(path), classes)
        if type(kept) is classes[0]:
            return kept
    except Exception:
        pass
    value = read()
    try:
        store(path, encode(value))
    except Exception:
        pass
    return value


# JSON has no tuples, sets, non-text keys or classes: each is a one-key object.

def encode(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"class": type(value).__qualname__,
                "fields": {f.name: encode(getattr(value, f.name))
                           for f in dataclasses.fields(value) if f.init}}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {"class": type(value).__qualname__, "items": [encode(v) for v in value]}
    if isinstance(value, tuple):
        return {"tuple": [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, frozenset):
        return {"frozenset": sorted((encode(v) for v in value), key=repr)}
    if isinstance(value, dict):
        return {"dict": [[encode(k), encode(v)] for k, v in value.items()]}
    raise TypeError(f"cannot keep a {type(value).__name__} in the components cache")


def decode(data: Any, classes: tuple[type, ...]) -> Any:
    by_name = {c.__qualname__: c for c in classes}

    def build(d: Any) -> Any:
        if isinstance(d, list):
            return [build(v) for v in d]
        if not isinstance(d, dict):
            return d
        if "class" in d:
            cls = by_name[d["class"]]
            if "fields" in d:
                return cls(**{k: build(v) for k, v in d["fields"].items()})
            return cls(*[build(v) for v in d["items"]])
        if "tuple" in d:
            return tuple(build(v) for v in d["tuple"])
        if "frozenset" in d:
            return frozenset(build(v) for v in d["frozenset"])
        return {build(k): build(v) for k, v in d["dict"]}

    return build(data)
