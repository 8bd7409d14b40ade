"""The games the referee knows, found in the package itself so that a new title is
one new folder and nothing else.

A game is a direct subpackage of ``referee`` with a ``module.py`` whose ``MODULE`` is
its GameModule (core/game.py); no other package has one. The folder's name is the
game's key. Finding them
only looks for the files, so no game is imported until one is asked for (``referee
check`` loads one title per run, and start-up time counts).

The order of ``keys()`` (help texts, listings, the rulebook) is each game's declared
``ORDER`` in its package ``__init__.py`` (which holds nothing else to import), then
the key: a title that declares none comes after those that do.
"""
from __future__ import annotations

import importlib
import os

import referee
from referee.errors import BadHeaderError
from referee.i18n import _


def _discover() -> dict[str, str]:
    found = {}
    for folder in referee.__path__:
        for entry in sorted(os.scandir(folder), key=lambda e: e.name):
            if entry.is_dir() and os.path.isfile(os.path.join(entry.path, "module.py")):
                found.setdefault(entry.name, f"referee.{entry.name}.module")
    return found


# key -> the module holding MODULE; a test may add a title of its own here
_MODULES = _discover()


def _place(key: str) -> tuple[float, str]:
    package = _MODULES[key].rpartition(".")[0]
    order = getattr(importlib.import_module(package), "ORDER", None) if package else None
    return (order if isinstance(order, (int, float)) else float("inf"), key)


def keys() -> list[str]:
    return sorted(_MODULES, key=_place)


def get(name: str):
    """The GameModule for a command-line key or a Game tag value (any case)."""
    key = name.strip().lower()
    if key not in _MODULES:
        raise BadHeaderError(_("unknown game {name}: known games are {games}").format(
            name=repr(name), games=", ".join(keys())))
    return importlib.import_module(_MODULES[key]).MODULE


def all_seats() -> tuple[str, ...]:
    """Every seat name of every title, for telling a misspelt or foreign seat word
    ("green" in a RED/YELLOW game) from a line that leaves its seat out. Loads every
    game's module: only a line whose first word is no seat of its game asks."""
    return tuple(dict.fromkeys(seat for key in keys() for seat in get(key).seats))
