"""Where the shipped data lives.

An installed wheel carries grammar/ and games/ as the packages ``referee.grammar``
and ``referee.games``; a source checkout (or an editable install) has them at the
top of the repository. Both must work, from any working directory.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent      # the referee package


@lru_cache(maxsize=None)
def _locate(folder: str, checkout: str | None = None) -> Path:
    """Cached: the shipped files do not move while the referee runs. Looked up by
    path rather than through importlib.resources, which costs a short command
    more to import than the lookup it would do (the wheel is never zipped). No
    file of any one game is probed: a wheel has the folder inside the package, a
    checkout has none there."""
    installed = _PACKAGE / folder          # referee.games / referee.grammar in a wheel
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / (checkout or folder)   # a source checkout or an editable install


def games_dir() -> Path:
    return _locate("games")


def grammar_dir() -> Path:
    return _locate("grammar")


def game_data(name: str) -> Path:
    """The component file of a game: a corrected copy in $REFEREE_COMPONENTS_DIR
    when there is one (a group that owns the game), else the shipped one."""
    override = os.environ.get("REFEREE_COMPONENTS_DIR")
    if override and (Path(override) / f"{name}.yaml").is_file():
        return Path(override) / f"{name}.yaml"
    return games_dir() / f"{name}.yaml"


def examples_dir() -> Path:
    """The example transcripts (docs/examples; ``referee.examples`` in a wheel)."""
    return _locate("examples", "docs/examples")
