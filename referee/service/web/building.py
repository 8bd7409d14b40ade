"""The seat page as a move builder: the choices made so far live in the page's
address (``?step=B1&step=shell-hut``), so a reload, the back button and a page
without JavaScript all show the same step, and a link is all a choice needs.

The choices come from :func:`referee.operations.next_step`, the same answer as
``referee moves FILE --steps``; each choice's link carries the choices made before
it as the builder named them, which it always reads back. The address is a
player's input like any form: :func:`safety.choices` counts and measures its choices
and refuses control characters before the builder sees them.
"""
from __future__ import annotations

from urllib.parse import urlencode

from referee import i18n
from referee.errors import BadChoiceError
from referee.service.web import positions


def href(steps) -> str:
    """The page's own address after ``steps`` (relative: the page never writes its
    secret into itself)."""
    return "?" + urlencode([("step", s) for s in steps]) if steps else "?"


def _view(answer: dict) -> dict:
    made = answer["made"]
    back = [{"choice": c, "href": href(made[:i])} for i, c in enumerate(made)]
    if "move" in answer:
        return {"move": answer["move"], "made": back, "restart": href([])}
    return {"step": answer["step"], "made": back, "restart": href([]),
            "choices": [dict(c, href=href([*made, c["choice"]])) for c in answer["choices"]]}


def page_step(detail: dict, steps: list[str]) -> tuple[dict | None, str | None]:
    """(the builder's view for the page, a problem with the address or None). A choice
    the step does not offer shows the first step again with the reason; a position
    where no seat chooses (a resigned seat's turn) has no builder."""
    try:
        return _view(positions.step(detail, steps)), None
    except BadChoiceError as err:
        if not steps:
            return None, None
        problem = err.reason + (f" ({err.hint})" if err.hint else "") + "."
    try:
        return _view(positions.step(detail, [])), problem
    except BadChoiceError:
        return None, problem


def line_of(view: dict | None) -> str:
    """What the move box holds: the move once the choices leave one, else the
    choices made so far (the box stays editable and any line may be sent)."""
    if not view:
        return ""
    return view.get("move") or " ".join(m["choice"] for m in view["made"])


def as_json(answer: dict, ply: int) -> dict:
    """The JSON route's answer: ``next_step``'s, each choice with the ``steps`` that
    lead to it, the address of that step and its count in words (``count``: the page
    shows it in the seat's language), and the ply it was built on."""
    out = dict(answer, ply=ply)
    if "choices" in out:
        made = answer["made"]
        out["choices"] = [dict(c, steps=[*made, c["choice"]], href=href([*made, c["choice"]]),
                               count=i18n.ngettext("({n} move)", "({n} moves)", c["moves"])
                               .format(n=c["moves"]))
                          for c in answer["choices"]]
    return out
