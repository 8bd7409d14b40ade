"""The components cache (referee/core/component_cache.py) must give back exactly what
reading the YAML gives, never run code, and never stand in the way of a load."""
from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest

from referee.core import component_cache as components_cache
from referee.core import registry
from referee.haleakala.data import components as haleakala_components
from referee.hawaii.data import components as hawaii_components

GAMES = {"hawaii": (hawaii_components, hawaii_components.load, hawaii_components._load),
         "haleakala": (haleakala_components, haleakala_components.load, None)}


def same(a, b, path="components"):
    """Equal and of the very same types all the way down (a list is not a tuple,
    a set is not a frozenset), init=False fields and compare=False fields included."""
    assert type(a) is type(b), f"{path}: {type(a).__name__} != {type(b).__name__}"
    if dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            same(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b)):
            same(x, y, f"{path}[{i}]")
    elif isinstance(a, dict):
        assert list(a) == list(b), path
        for k in a:
            same(a[k], b[k], f"{path}[{k!r}]")
    else:
        assert a == b, path


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("REFEREE_NO_CACHE", raising=False)
    for _, _, memo in GAMES.values():
        if memo is not None:
            memo.cache_clear()
    yield tmp_path / "components"
    hawaii_components._load.cache_clear()


def test_every_game_is_here():
    """Each title loads its own component file: a new one must be added above."""
    assert set(GAMES) == set(registry.keys())


@pytest.mark.parametrize("module, load, memo", GAMES.values(), ids=list(GAMES))
def test_cached_components_equal_the_yaml_exactly(cache, module, load, memo):
    read = load()
    assert len(list(cache.glob("*.json"))) == 1
    if memo is not None:
        memo.cache_clear()
    served = load()
    assert served is not read
    same(read, served)


def test_a_damaged_or_foreign_cache_file_is_read_around(cache):
    """An entry is its MAC, a newline and JSON: a foreign body is read around whether or
    not it carries this cache's MAC."""
    from referee.core import cache as entries
    fresh = hawaii_components.load()
    (entry,) = cache.glob("*.json")
    for bad in ("not json", json.dumps({"class": "Popen", "items": [["rm", "-rf", "/"]]}),
                json.dumps({"dict": [["places", 1]]})):
        for mac in ("0" * 64, entries._mac(bad.encode())):
            entry.write_bytes(mac.encode() + b"\n" + bad.encode())
            hawaii_components._load.cache_clear()
            same(fresh, hawaii_components.load())
    assert entries.load(entry)["class"] == "HawaiiComponents"   # rewritten whole


def test_no_cache_reads_and_writes_nothing(cache, monkeypatch):
    monkeypatch.setenv("REFEREE_NO_CACHE", "1")
    hawaii_components.load()
    assert not cache.exists()


def test_only_the_named_classes_are_rebuilt():
    data = components_cache.encode(hawaii_components.load())
    with pytest.raises(KeyError):
        components_cache.decode(data, classes=())


def test_an_unknown_type_is_not_cached():
    with pytest.raises(TypeError):
        components_cache.encode({"when": object()})


def test_the_path_is_part_of_the_key(cache, tmp_path):
    """A group's corrected copy may have the shipped bytes; its components still name its own file."""
    shipped = hawaii_components.load()
    copy = tmp_path / "copy" / "hawaii.yaml"
    copy.parent.mkdir()
    copy.write_bytes(open(shipped.path, "rb").read())
    assert hawaii_components.load(copy).path == str(copy.resolve())


def test_a_warm_run_does_not_import_yaml(tmp_path):
    """What the cache is for: a short command without the YAML library's import."""
    code = ("import sys; from referee.hawaii.data.components import load; load(); "
            "print('yaml' in sys.modules)")
    env = {"REFEREE_CACHE_DIR": str(tmp_path), "PATH": "", "PYTHONPATH": ":".join(sys.path)}
    runs = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                           check=True).stdout.strip() for _ in range(2)]
    assert runs == ["True", "False"]
