"""A package face that imports a submodule the first time one of its names is used.

The commands import their layer's face at the top, and ``referee play`` must not pay
for the picture, the self-play or the move builder it never calls, as every command's
start-up would if the face imported every submodule up front. The names and where
they live are written out, so the face
still reads as the list of what the package offers.
"""
from __future__ import annotations

import importlib
import sys


def lazy_face(package: str, where: dict[str, str], modules: tuple[str, ...] = ()):
    """A module ``__getattr__`` for ``package``: ``where`` maps each offered name to the
    submodule that defines it; ``modules`` are submodules offered as themselves."""
    def __getattr__(name: str):
        module = name if name in modules else where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        loaded = importlib.import_module(f"{package}.{module}")
        value = loaded if name in modules else getattr(loaded, name)
        setattr(sys.modules[package], name, value)       # the next use is a plain lookup
        return value
    return __getattr__
