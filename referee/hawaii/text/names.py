"""Names players type for Hawaii things, resolved against the component data.

Kept out of the grammar on purpose: tile aliases, place ids and island ids
live in games/hawaii.yaml, so a group that adds a French alias edits only the
data file. Every resolver returns None for an unknown name and the caller
turns that into a syntax error with a "did you mean".
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Iterable

from referee.hawaii.data.model import HawaiiComponents
from referee.hawaii.rules.moves import Token
from referee.core.words import plural
from referee.i18n import _
from referee.syntax.hints import did_you_mean

BEACH_SPOTS = re.compile(r"^(beach|cove|dock\d+|order\d+)$")
ROMAN = {1: "I", 2: "II"}
MULTI = ("kahuna", "tiki")

# Two-word names a player may type with a space; replaced by a hyphen of the
# same length so error columns stay right.
_TWO_WORDS = re.compile(
    r"(?i)\b(shell|foot|feet|spear|exchange|long|fishing|hula|irrigation)[ _]"
    r"(huts?|boats?|dancers?|systems?)\b")


def join_two_word_names(text: str) -> str:
    return _TWO_WORDS.sub(lambda m: f"{m.group(1)}-{m.group(2)}", text)


_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


@lru_cache(maxsize=4096)
def _key(name: str) -> str:
    """Case, underscores and accents do not matter: the aliases in the data file are ASCII
    (``muschelhuette``) and a German player types ``Muschelhütte``."""
    name = name.lower().replace("_", "-").translate(_UMLAUTS)
    return "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))


_TABLES: dict[int, tuple[HawaiiComponents, dict[str, str]]] = {}


def tile_names(comps: HawaiiComponents) -> dict[str, str]:
    """Every accepted spelling -> tile kind (kinds, aliases, plurals)."""
    hit = _TABLES.get(id(comps))
    if hit is None or hit[0] is not comps:
        hit = _TABLES[id(comps)] = (comps, _tile_names(comps))
    return hit[1]


def _tile_names(comps: HawaiiComponents) -> dict[str, str]:
    out: dict[str, str] = {}
    for kind, spec in comps.tiles.items():
        for name in (kind, *spec.aliases):
            out[_key(name)] = kind
    for name, kind in list(out.items()):
        out.setdefault(name + "s", kind)
    return out


def tile(name: str, comps: HawaiiComponents) -> str | None:
    return tile_names(comps).get(_key(name))


def place_coord(name: str, board: dict[str, str], comps: HawaiiComponents) -> str | None:
    """A board coordinate from a coordinate, a place id or a tile sold there."""
    if name in board:               # the coordinate itself: every line the referee writes
        return name
    key = _key(name)
    for coord in board:
        if coord.lower() == key:
            return coord
    for coord, pid in board.items():
        if pid.lower() == key:
            return coord
    kind = tile(name, comps)
    if kind is not None:
        sellers = [c for c, pid in board.items() if kind in comps.place(pid).sells]
        if len(sellers) == 1:
            return sellers[0]
    return None


def place_hint(name: str, board: dict[str, str], comps: HawaiiComponents) -> str:
    return (did_you_mean(name, [*board, *board.values(), *comps.tiles])
            or f"places are {' '.join(comps.positions)}, or a place id like {next(iter(board.values()), 'kahunas')}")


def tile_hint(name: str, comps: HawaiiComponents) -> str | None:
    """Kinds first: an alias should not hide the name the referee prints."""
    return did_you_mean(name, comps.tiles) or did_you_mean(name, tile_names(comps))


@lru_cache(maxsize=1024)
def boat_key(name: str) -> str:
    return re.sub(r"[-_ ]", "", name.lower())


def boats_named(words, boats) -> tuple[list, tuple[str, ...]]:
    """The boats these words name, in the order they were acquired, and the words that
    name none of them (lower case, for the engine's reason)."""
    by_key = {boat_key(b.name): b for b in boats}
    chosen = [by_key.get(boat_key(w)) for w in words]
    known = [b for b in boats if b in chosen]
    return known, tuple(w.lower() for w, b in zip(words, chosen) if b is None)


def island_names(comps: HawaiiComponents) -> dict[str, str]:
    return {_key(i.id): i.id for i in comps.islands}


# --- printing -------------------------------------------------------------------

def side_word(kind: str, side: int) -> str:
    return f"x{side}" if kind in MULTI else ROMAN[side]


def payment_words(pay) -> str:
    """A payment in the reader's language ("3 shells 1 foot" as ``str`` writes it for
    the notation): each resource counted, or "nothing"."""
    parts = [plural(n, word) for n, word in zip(pay, ("shells", "feet", "fruits")) if n]
    return " ".join(parts) or _("nothing")


def fish_label(token: Token, comps: HawaiiComponents) -> str:
    """A fish token as the notation names it: ``6 (3 fish)``, its price side and its fish."""
    return f"{token} ({comps.fish(token)} fish)"


def tokens_named(word: str, plain: bool, lying: Iterable[Token]) -> list[Token]:
    """The tokens ``word`` can mean: a bare value means every token of that value lying
    there (``4`` with both 4 and 4s there is ambiguous); ``4s`` or ``plain 4`` means one."""
    value = Token.parse(word)
    if value.spear or plain:
        return [value]
    return sorted({t for t in lying if t.value == value.value}) or [value]


def token_clause(token: Token, lying: Iterable[Token]) -> str:
    """``with token 4s``, ``with token 4``, or ``with plain token 4`` when a 4s
    lies there too (there a bare 4 would be ambiguous)."""
    if not token.spear and Token(token.value, True) in set(lying):
        return f"with plain token {token}"
    return f"with token {token}"
