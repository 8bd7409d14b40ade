"""Where a component value comes from: every number in games/*.yaml carries one."""
from __future__ import annotations

from dataclasses import dataclass

STATUSES = ("confirmed", "inferred", "unverified")


@dataclass(frozen=True)
class Provenance:
    path: str        # dotted path in the data file
    value: object
    status: str      # confirmed, inferred, unverified
    source: str
    line: int
