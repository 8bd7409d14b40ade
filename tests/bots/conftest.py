"""The toy game registered and a private state cache for every test here."""
from tests.toy.fixtures import private_state_cache, toy_registered  # noqa: F401
