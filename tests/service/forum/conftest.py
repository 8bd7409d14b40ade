"""The stand-in forum, started for a test and stopped after it."""
from __future__ import annotations

import pytest

from tests.service.forum.standin import ForumStandIn


@pytest.fixture
def forum():
    with ForumStandIn() as standin:
        yield standin
