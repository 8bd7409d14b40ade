"""The text of the rulings that errors cite (``H-R5``, ``K-A3``), shipped with the program.

Errors name a ruling by id; a player must be able to read it without any file
outside the program, so each game ships ``games/<key>-rules.yaml`` beside its
component data. The hosted service shows the same texts through these functions.
"""
from __future__ import annotations

import re
import textwrap
from functools import lru_cache
from typing import NamedTuple

from referee.core import registry
from referee.i18n import _
from referee.core.paths import games_dir
from referee.syntax.hints import did_you_mean
from referee.transcript.problems import UsageError

_ID = re.compile(r"^([A-Z]+)-([A-Z]+)0*([0-9]+)$")


class Ruling(NamedTuple):
    id: str          # "H-R5"
    game: str        # "hawaii" (the command-line key)
    title: str
    text: str
    why: str | None  # for the referee's own rulings: the reason it rules so


def normal_id(word: str) -> str:
    """``h-r05`` -> ``H-R5``: ids are typed in any case, with or without zeros."""
    m = _ID.match(word.strip().upper())
    return f"{m.group(1)}-{m.group(2)}{int(m.group(3))}" if m else word.strip().upper()


@lru_cache(maxsize=None)
def rulings(game: str) -> tuple[Ruling, ...]:
    """Every ruling of a game (command-line key), in the file's order; () for a game
    that ships no ruling texts."""
    import yaml     # slow to import, and only `referee rules` and a cited ruling read this


    path = games_dir() / f"{game}-rules.yaml"
    if not path.is_file():
        return ()
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return tuple(Ruling(rid, game, entry["title"], entry["text"], entry.get("why"))
                 for rid, entry in data["rulings"].items())


TRANSCRIPT = "transcript"     # the T- rulings: takebacks and resignations, for every game


def all_rulings() -> list[Ruling]:
    return [r for key in registry.keys() for r in rulings(key)] + list(rulings(TRANSCRIPT))


def find(ruling_id: str, game: str | None = None) -> Ruling:
    """One ruling by id (any case); UsageError with a did-you-mean when there is none."""
    pool = list(rulings(game)) + list(rulings(TRANSCRIPT)) if game else all_rulings()
    wanted = normal_id(ruling_id)
    for r in pool:
        if r.id == wanted:
            return r
    where = (_("{game} has {ids}") if game else _("the referee has {ids}")).format(
        game=game, ids=_span(pool))
    raise UsageError(_("no ruling {id}: {where}").format(id=repr(ruling_id), where=where),
                     hint=did_you_mean(wanted, [r.id for r in pool]))


def _span(pool) -> str:
    """``H-R1..H-R22, H-X1..H-X14``: the ids a game has, by series."""
    series: dict[str, list[str]] = {}
    for r in pool:
        series.setdefault(r.id.rstrip("0123456789"), []).append(r.id)
    if not series:
        return _("no ruling texts")
    return ", ".join(f"{ids[0]}..{ids[-1]}" if len(ids) > 1 else ids[0]
                     for ids in series.values())


def format_ruling(r: Ruling, width: int = 78) -> str:
    """The ruling as a short paragraph, the way ``referee rules`` prints it, in the reader's
    language (the catalogs hold every ruling's title, text and reason)."""
    out = [f"{r.id} {_(r.title)}"]
    out += textwrap.wrap(_(r.text), width, initial_indent="  ", subsequent_indent="  ")
    if r.why:
        out += textwrap.wrap(_("Why: {reason}").format(reason=_(r.why)), width,
                             initial_indent="  ", subsequent_indent="  ")
    return "\n".join(out)
