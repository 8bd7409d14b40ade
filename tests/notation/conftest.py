import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
for path in (HERE, HERE.parents[1]):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    """Register the toy game the way a real title registers itself."""
    from referee.core import registry
    monkeypatch.setitem(registry._MODULES, "toy", "toygame")
    yield


@pytest.fixture(autouse=True)
def private_state_cache(tmp_path_factory, monkeypatch):
    """Keep play's state cache out of the user's home, one per test."""
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path_factory.mktemp("state-cache")))
    yield
