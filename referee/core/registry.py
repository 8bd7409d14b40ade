"""The games the referee knows, imported lazily so start-up stays cheap."""
from __future__ import annotations

import importlib

from referee.errors import BadHeaderError

_MODULES = {
    "hawaii": "referee.hawaii.module",
    "haleakala": "referee.haleakala.module",
}


def keys() -> list[str]:
    return list(_MODULES)


def get(name: str):
    """The GameModule for a command-line key or a Game tag value (any case)."""
    key = name.strip().lower()
    if key not in _MODULES:
        raise BadHeaderError(f"unknown game {name!r}: known games are {', '.join(_MODULES)}")
    return importlib.import_module(_MODULES[key]).MODULE
