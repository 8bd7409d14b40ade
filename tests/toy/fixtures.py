"""The fixtures of the tests that play the toy game (toygame.py), given to each test
folder that has such tests by its conftest.py."""
import pytest


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    """Register the toy game the way a real title registers itself."""
    from referee.core import registry
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toy.toygame")
    yield


@pytest.fixture(autouse=True)
def private_state_cache(tmp_path_factory, monkeypatch):
    """Keep play's state cache out of the user's home, one per test."""
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path_factory.mktemp("state-cache")))
    yield
