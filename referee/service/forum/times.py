"""A forum's timestamp to epoch seconds: Discourse and BoardGameGeek write ISO 8601
(``2026-11-25T11:00:00.123Z``, ``2026-05-13T12:35:39-05:00``), feedparser gives a UTC
``struct_time``. A timestamp that cannot be read is None, never an error: it only
orders and labels posts, the post id is what counts."""
from __future__ import annotations

import calendar
import re
from datetime import datetime, timezone

_ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:?\d\d)?$")


def iso_epoch(value) -> float | None:
    if not isinstance(value, str) or not _ISO.match(value.strip()):
        return None
    text = value.strip().replace("Z", "+00:00")
    text = re.sub(r"\.(\d{6})\d+", r".\1", text)
    text = re.sub(r"([+-]\d\d)(\d\d)$", r"\1:\2", text)
    text = re.sub(r"\.(\d{1,5})(?=[+-]|$)", lambda m: "." + m[1].ljust(6, "0"), text)
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.timestamp()


def struct_epoch(value) -> float | None:
    try:
        return float(calendar.timegm(value)) if value else None
    except (TypeError, ValueError, OverflowError):
        return None
