"""The registry finds every title in the package and imports none until asked."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import referee
from referee.core import registry

PACKAGE = Path(referee.__file__).resolve().parent


def test_every_folder_with_a_game_module_is_a_registered_game():
    folders = {p.parent.name for p in PACKAGE.glob("*/module.py")}
    assert set(registry.keys()) == folders
    for key in registry.keys():
        module = registry.get(key)
        assert module.key == key and registry.get(module.name) is module


def test_keys_follow_the_declared_order():
    import importlib
    places = [importlib.import_module(f"referee.{key}").ORDER for key in registry.keys()]
    assert places == sorted(places) and len(set(places)) == len(places)


def test_listing_the_games_imports_no_game_module():
    code = ("import sys; from referee.core import registry; keys = registry.keys(); "
            "print(keys, [m for m in sys.modules if m.endswith('.module')])")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=PACKAGE.parent, check=True)
    assert run.stdout.strip().endswith("[]"), run.stdout


def test_an_unknown_game_names_the_known_ones_in_order():
    import pytest
    from referee.errors import BadHeaderError
    with pytest.raises(BadHeaderError) as info:
        registry.get("chess")
    assert info.value.reason.endswith(", ".join(registry.keys()))
