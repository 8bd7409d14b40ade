"""The referee's own Haleakala move lines, read straight into moves.

Nearly every line ``referee check`` replays was written by the referee
(:func:`referee.haleakala.text.notation.format_move`), and reading each with
the lenient Lark grammar took over half the time of checking a game. Such a
line spells out every choice, so one regular expression per form and the
engine's own check turn it into the move. This is only a shortcut: whenever a
line is not plainly canonical, or the engine refuses the move, it answers None
and the lenient reader reads the line again and gives the reason.
tests/haleakala holds both readers to the same move on every legal move of
random games. This module must not import lark.
"""
from __future__ import annotations

import re
from functools import lru_cache

from referee.core.game import accepted
from referee.haleakala.rules import board
from referee.haleakala.rules.moves import (Buy, BuyNothing, PickCard, PlaceDisc, PriestessMove,
                                           Sail, TakeBack)

# The grammar's NAME terminal: a card name the lenient reader reads as one word.
_NAME = r"([A-Za-z][A-Za-z0-9_']*(?:-[A-Za-z0-9_']+)*)"
_SHAMAN = r"(?:, shaman to ([a-z]+[0-9]+))?"

# One pattern per canonical form, keyed by the verb after the seat.
PATTERNS = {
    "places": re.compile(r"([A-Z]+) places ([0-9]+)( with invocation)? on beach([0-9]+)" + _SHAMAN),
    "takes": re.compile(r"([A-Z]+) takes back ([0-9]+) from beach([0-9]+)" + _SHAMAN),
    "sails": re.compile(r"([A-Z]+) sails"),
    "picks": re.compile(r"([A-Z]+) picks " + _NAME),
    "priestess": re.compile(r"([A-Z]+) priestess (?:none|crater([0-9]+)->crater([0-9]+))"),
    "buys": re.compile(r"([A-Z]+) buys " + _NAME),
}
# Words the grammar skips wherever they stand (its FILLER): a card so named is not
# one word to the lenient reader, so the shortcut leaves it alone.
_FILLER = re.compile(r"(?i:and|then|disc)\b")


def read_move(text: str, state):
    """The move a canonical line names if the engine accepts it, else None."""
    first = text.find(" ")
    second = text.find(" ", first + 1)
    pattern = PATTERNS.get(text[first + 1:second] if second > 0 else text[first + 1:])
    if pattern is None:
        return None
    m = pattern.fullmatch(text)
    if m is None or m.group(1) not in state.seats or state.current_player() != m.group(1):
        return None
    return accepted(state, _BUILD[pattern](m, state))


def _section(state, digits: str) -> int | None:
    sec = int(digits)
    return sec if 1 <= sec <= state.comp.sections else None


def _shaman(state, word: str | None) -> str | None | bool:
    """The space named (None: not named); False when the name is no space."""
    if word is None:
        return None
    parsed = board.parse_space(state.comp, word)
    return False if parsed is None else board.space(*parsed)


def _place(m, state):
    seat, value, invocation, section, shaman = m.groups()
    sec = _section(state, section)
    space = _shaman(state, shaman)
    if sec is None or space is False:
        return None
    return PlaceDisc(seat, int(value), sec, space, invocation is not None)


def _take_back(m, state):
    seat, value, section, shaman = m.groups()
    sec = _section(state, section)
    space = _shaman(state, shaman)
    if sec is None or space is False:
        return None
    return TakeBack(seat, int(value), sec, space)


def _sail(m, state):
    return Sail(m.group(1))


@lru_cache(maxsize=8)
def pickable(comp) -> dict[str, str]:
    """The faces a player may pick, by their names in lower case: both readers look a
    card up here, so they cannot disagree on a name."""
    return {f.lower(): f for f in comp.faces if comp.faces[f].kind != "lava"}


@lru_cache(maxsize=8)
def purchasable(comp) -> dict[str, str]:
    """The score cards and the priestess, by their names in lower case (both readers)."""
    table = {c.lower(): c for c in comp.score_cards}
    table["priestess"] = "priestess"
    return table


def _pick(m, state):
    word = m.group(2)
    face = None if _FILLER.match(word) else pickable(state.comp).get(word.lower())
    return None if face is None else PickCard(m.group(1), face)


def _priestess(m, state):
    seat, src, dst = m.groups()
    if src is None:
        return PriestessMove(seat)
    a, b = _section(state, src), _section(state, dst)
    return None if a is None or b is None else PriestessMove(seat, a, b)


def _buy(m, state):
    seat, word = m.groups()
    if word == "nothing":
        return BuyNothing(seat)
    if word.lower() in ("none", "nothing") or _FILLER.match(word):   # the grammar's NONE, FILLER
        return None
    card = purchasable(state.comp).get(word.lower())
    return None if card is None else Buy(seat, card)


_BUILD = {PATTERNS["places"]: _place, PATTERNS["takes"]: _take_back, PATTERNS["sails"]: _sail,
          PATTERNS["picks"]: _pick, PATTERNS["priestess"]: _priestess, PATTERNS["buys"]: _buy}
