"""The start every title's chance lines share: ``* KIND body``, the kind checked against
the draw that is due. Below the games, so each title's chance-line reader can use it."""
from __future__ import annotations

import re

from referee.errors import BadChanceError
from referee.i18n import _
from referee.syntax.hints import did_you_mean


def chance_head(text: str, state, words: dict[str, str], game: str, kinds: list[str]) -> tuple[str, int]:
    """The kind a chance line names (its first word, via ``words``) and where its body
    starts; BadChanceError unless that kind of draw is due now. Every title's chance
    lines begin this way."""
    m = re.match(r"\s*\*?\s*([A-Za-z]+)", text)
    due = state.chance_kind()
    if due is None:
        raise BadChanceError(_("no random act is due now"), column=1)
    if not m or m.group(1).lower() not in words:
        word = m.group(1) if m else text.strip()[:12]
        listed = _("{some} or {last}").format(some=", ".join(kinds[:-1]), last=kinds[-1])
        raise BadChanceError(_("a {game} chance line starts with {kinds}, not '{word}'").format(
                                 game=game, kinds=listed, word=word),
                             column=(m.start(1) + 1) if m else 1, hint=did_you_mean(word, kinds))
    kind = words[m.group(1).lower()]
    if kind != due:
        raise BadChanceError(_("the {due} draw is due here, not {kind}").format(due=due, kind=kind),
                             column=m.start(1) + 1)
    return kind, m.end()
