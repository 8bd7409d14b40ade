"""Where the shipped data lives.

An installed wheel carries grammar/ and games/ as the packages ``referee.grammar``
and ``referee.games``; a source checkout (or an editable install) has them at the
top of the repository. Both must work, from any working directory.
"""
from __future__ import annotations

import os
from functools import lru_cache
from importlib import resources
from pathlib import Path

_REPO = Path(__file__).resolve().parent.parent


@lru_cache(maxsize=None)
def _locate(package: str, folder: str, probe: str) -> Path:
    """Cached: the shipped files do not move while the referee runs."""
    try:
        found = resources.files(package).joinpath(probe)
        if found.is_file():
            return Path(str(found)).parent
    except (ModuleNotFoundError, TypeError, ValueError):
        pass
    return _REPO / folder


def games_dir() -> Path:
    return _locate("referee.games", "games", "hawaii.yaml")


def grammar_dir() -> Path:
    return _locate("referee.grammar", "grammar", "transcript.lark")


def game_data(name: str) -> Path:
    """The component file of a game: a corrected copy in $REFEREE_COMPONENTS_DIR
    when there is one (a group that owns the game), else the shipped one."""
    override = os.environ.get("REFEREE_COMPONENTS_DIR")
    if override and (Path(override) / f"{name}.yaml").is_file():
        return Path(override) / f"{name}.yaml"
    return games_dir() / f"{name}.yaml"
