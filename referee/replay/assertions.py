"""``? PATH OP VALUE``: checks against the documented state JSON.

Paths are written the way players talk (``RED.shells``, ``RED.villages.2``),
so a leading seat means ``players.<SEAT>``, keys match case-insensitively and
list indices count from 1 like village rows and docks do.
"""
from __future__ import annotations

from typing import Any, Iterable

from referee.i18n import _
from referee.errors import AssertionFailedError
from referee.syntax.hints import did_you_mean


def resolve(data: Any, path: str, seats: Iterable[str] = ()) -> Any:
    """The value at dotted ``path``; AssertionFailedError naming the missing part."""
    parts = [p for p in path.split(".") if p != ""]
    if not parts:
        raise AssertionFailedError(_("empty path"))
    seats = {s.upper() for s in seats}
    if (parts[0].upper() in seats and isinstance(data, dict) and isinstance(data.get("players"), dict)
            and _key(data, parts[0]) is None):
        parts = ["players"] + parts
    node, walked = data, []
    for part in parts:
        if isinstance(node, dict):
            key = _key(node, part)
            if key is None:
                where = ".".join(walked) or _("the state")
                raise AssertionFailedError(
                    _("{where} has no '{part}'").format(where=where, part=part),
                    hint=did_you_mean(part, map(str, node)) or _keys_hint(node))
            node = node[key]
        elif isinstance(node, list):
            try:
                index = int(part)
            except ValueError:
                raise AssertionFailedError(
                    _("{where} is a list: use a number from 1 to {n}, not '{part}'").format(
                        where=".".join(walked), n=len(node), part=part)) from None
            if not 1 <= index <= len(node):
                raise AssertionFailedError(
                    _("{where} has {n} entries: no entry {index} (entries count from "
                      "1)").format(where=".".join(walked), n=len(node), index=index))
            node = node[index - 1]
        else:
            raise AssertionFailedError(_("{where} is {value}, it has no '{part}'").format(
                where=".".join(walked), value=_show(node), part=part))
        walked.append(part)
    return node


def _key(node: dict, part: str):
    if part in node:
        return part
    low = part.lower()
    for key in node:
        if str(key).lower() == low:
            return key
    return None


def _keys_hint(node: dict) -> str | None:
    keys = list(map(str, node))
    if not keys:
        return None
    return _("keys there: {keys}").format(keys=", ".join(keys[:12]) +
                                          (" ..." if len(keys) > 12 else ""))


def compare(actual: Any, op: str, expected: Any) -> bool:
    """Numbers numerically, words case-insensitively, lists element by element.

    A list or object compared with a number compares its length.
    """
    if isinstance(expected, (int, float)) and not isinstance(expected, bool) \
            and isinstance(actual, (list, dict)):
        actual = len(actual)
    if op in ("=", "!="):
        return _equal(actual, expected) == (op == "=")
    a, e = _number(actual), _number(expected)
    if a is None or e is None:
        a, e = _text(actual), _text(expected)
    try:
        return {"<": a < e, "<=": a <= e, ">": a > e, ">=": a >= e}[op]
    except TypeError:
        return False


def _equal(actual, expected) -> bool:
    if isinstance(expected, list) or isinstance(actual, list):
        if not (isinstance(expected, list) and isinstance(actual, (list, tuple))):
            return False
        return len(actual) == len(expected) and all(map(_equal, actual, expected))
    if expected is None or actual is None or isinstance(expected, bool) or isinstance(actual, bool):
        return actual is expected or (actual == expected and type(actual) is type(expected))
    a, e = _number(actual), _number(expected)
    if a is not None and e is not None:
        return a == e
    return _text(actual) == _text(expected)


def _number(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return None
    return None


def _text(value) -> str:
    if isinstance(value, str):
        return value.lower()
    if isinstance(value, dict):
        return ", ".join(f"{k}:{_text(v)}" for k, v in value.items()).lower()
    return _show(value).lower()


def _show(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def check(data: Any, path: str, op: str, expected: Any, seats: Iterable[str] = ()) -> None:
    """Raise AssertionFailedError unless ``path op expected`` holds in ``data``."""
    actual = resolve(data, path, seats)
    if not compare(actual, op, expected):
        shown = _show(actual)
        if len(shown) > 200:
            shown = shown[:197] + "..."
        raise AssertionFailedError(_("{path} is {value}, expected {op} {expected}").format(
            path=path, value=shown, op=op, expected=_show(expected)))

