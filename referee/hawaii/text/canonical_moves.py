"""The referee's own move lines, read straight into moves.

Nearly every line ``referee check`` and ``referee play`` replay was written by
the referee, so it spells out every choice and names exactly one move. Such a
line is turned into that move with one regular expression and the engine's
own check, without the lenient reader's candidate search. This is only a
shortcut: whenever the line is not plainly canonical, or the engine refuses the
move, it answers None and the lenient reader (:mod:`referee.hawaii.text.notation`)
reads the line again and gives the reason. tests/hawaii_notation holds both
readers to the same move on every canonical line of random games.
"""
from __future__ import annotations

import re

from referee.core.game import accepted
from referee.hawaii.rules import buying
from referee.hawaii.text import names
from referee.hawaii.rules.boats import default_units
from referee.hawaii.rules.moves import (Buy, ChooseIncome, Fish, Payment, TakeOrder, Token,
                                        Visit, fast_constructor)
from referee.hawaii.rules.rounds import INCOME_CHOICES

_R = r"(?:shells?|foot|feet|fruits?)"
_PAY = rf"\d+ {_R}(?: \d+ {_R})*"
_SEAT = r"(RED|YELLOW|GREEN|BLUE|BLACK) "
_FISH = r"\d+s?(?: \(\d fish\))?"    # a fish token: '6 (3 fish)'; '6' in lines written before H-R10 changed
_BOATS = r"(?:fishing-boat|boat\d+)(?: (?:fishing-boat|boat\d+))*"

# One pattern per canonical form; move_syntax reads the same lines with columns.
PATTERNS = {
    "buy": re.compile(
        _SEAT + r"(?:moves ([^\s>]+?)->([^\s,]+?)|stays at ([^\s,]+?))(?: paying (" + _PAY + r"))?, "
        r"buys (\S+) (I|II|x1|x2) with (plain )?token (\d+s?)(?: paying (" + _PAY + r"))?"
        r"(?:, to village (\d+))?(?:, plus (tiki) paying (" + _PAY + r"))?"),
    "fish": re.compile(_SEAT + r"fishes (" + _FISH + r"(?:,? " + _FISH + r")*) with (" + _BOATS + ")"
                       r"(?: paying (" + _PAY + r"))?"),
    "visit": re.compile(_SEAT + r"visits dock (\d+) with (" + _BOATS + ")"
                        r"(?: paying (" + _PAY + r"))?(?:, takes ([^\s,]+?))?(?:, to village (\d+))?"),
    "take_order": re.compile(_SEAT + r"takes order (\d+)"),
    "income": re.compile(_SEAT + r"chooses ((?:shell|foot|fruit)(?: (?:shell|foot|fruit))*)"),
}
RESOURCE_OF_WORD = {"shell": "shells", "shells": "shells", "foot": "feet", "feet": "feet",
                    "fruit": "fruits", "fruits": "fruits"}
FISH_ITEM = re.compile(r"(\d+s?)(?: \((\d) fish\))?")
_INDEX = {"shells": 0, "feet": 1, "fruits": 2}
_new_buy = fast_constructor(Buy)     # every field is typed by the pattern and the builder
_VERB = {"moves": "buy", "stays": "buy", "fishes": "fish", "visits": "visit", "takes": "take_order",
         "chooses": "income"}


def read_move(text: str, state):
    """The move a canonical line names if the engine accepts it, else None."""
    first = text.find(" ")
    verb = text[first + 1:text.find(" ", first + 1)]
    action = _VERB.get(verb)
    if action is None:
        return None
    m = PATTERNS[action].fullmatch(text)
    if m is None:
        return None
    return accepted(state, _BUILD[action](m, state.d))


def _payment(text: str) -> Payment:
    counts = [0, 0, 0]
    words = text.split(" ")
    for i in range(0, len(words), 2):
        counts[_INDEX[RESOURCE_OF_WORD[words[i + 1]]]] += int(words[i])
    return Payment(*counts)


def _buy(m, d):
    seat, origin, dest, stay, move_paid, tile, side_word, plain, word, tile_paid, village, kane, \
        kane_paid = m.groups()
    p = d.players[seat]
    board = d.board
    if stay is not None:
        coord = stay
        if coord != p.at:
            return None
    else:
        coord = dest
        if origin != p.at and not (origin == "beach" and p.at not in board):
            return None
    if coord not in board:
        return None
    kind = names.tile(tile, d.comps)
    if kind is None:
        return None
    side = 2 if side_word in ("II", "x2") else 1
    tokens = names.tokens_named(word, plain is not None, d.place_at(coord).tokens)
    if len(tokens) > 1:
        return None
    token = tokens[0]
    if village is not None:
        village = int(village)
    else:
        where = buying.targets(d, p, kind, side if kind in names.MULTI else 1) or [None]
        if len(where) != 1:
            return None
        village = where[0]
    move_pay = (_payment(move_paid) if move_paid is not None
                else Payment(feet=buying.move_cost(d, p, coord)))
    tile_pay = _payment(tile_paid) if tile_paid is not None else Payment(shells=token.value * side)
    kane = _payment(kane_paid) if kane is not None else None
    return _new_buy(seat, coord, kind, side, token, village, move_pay, tile_pay, kane)


def _trip(m, d, cost: int):
    """The boats (group 3) and payment (group 4) of a fishing trip or island visit;
    None if a boat is not the chief's. Without a payment it is paid in feet."""
    known, unknown = names.boats_named(m.group(3).split(" "), d.players[m.group(1)].realm.boats)
    if unknown:
        return None
    pay = (_payment(m.group(4)) if m.group(4) is not None
           else Payment(feet=default_units(cost, known, d.comps)))
    return tuple(b.name for b in known), pay


def _fish(m, d):
    """Only a line naming each token exactly as the referee prints it: ``6 (3 fish)`` is
    the plain 6 when one lies in the cove, ``6s`` the spear one; anything else
    (an old line without fish, a wrong count) goes to the lenient reader."""
    fish = []
    for x in FISH_ITEM.finditer(m.group(2)):
        if x.group(2) is None:
            return None
        token = Token.parse(x.group(1))
        if token not in d.cove:
            return None
        if d.comps.fish(token) != int(x.group(2)):
            return None
        fish.append(token)
    trip = _trip(m, d, len(fish))
    return None if trip is None else Fish(m.group(1), tuple(sorted(fish, reverse=True)), *trip)


def _visit(m, d):
    """A reward the line does not name is None: the engine refuses that where the
    reward needs a choice, and the lenient reader then finds the one legal choice."""
    dock = int(m.group(2))
    docks = d.comps.docks
    if not 1 <= dock <= len(docks):
        return None
    trip = _trip(m, d, docks[dock - 1].feet)
    if trip is None:
        return None
    fruit = m.group(5)
    if fruit is not None:
        fruit = names.tile(fruit, d.comps)
        if fruit is None:
            return None
    village = m.group(6)
    return Visit(m.group(1), dock, *trip, fruit, None if village is None else int(village))


def _take_order(m, d):
    return TakeOrder(m.group(1), int(m.group(2)))


def _income(m, d):
    return ChooseIncome(m.group(1), tuple(sorted(m.group(2).split(" "), key=INCOME_CHOICES.index)))


_BUILD = {"buy": _buy, "fish": _fish, "visit": _visit, "take_order": _take_order, "income": _income}
