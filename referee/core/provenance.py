"""Where a component value comes from: every number in games/*.yaml carries one."""
from __future__ import annotations

from typing import NamedTuple

STATUSES = ("confirmed", "inferred", "unverified")


class Provenance(NamedTuple):
    """A NamedTuple, not a frozen dataclass: cheaper to create at every start-up."""
    path: str        # dotted path in the data file
    value: object
    status: str      # confirmed, inferred, unverified
    source: str
    line: int
