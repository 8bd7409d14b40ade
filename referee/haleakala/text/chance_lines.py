"""Haleakala chance lines (docs/haleakala.md):

    first RED                                        who holds the first-player card
    slots 1=statue,shell 2=pearl-white,fish-1 ...    the 12 setup draws, by section
    refill lava statue                               the cards drawn for a refill, in order

One line holds consecutive draws of one ``chance_kind``. The line is checked by
replaying its draws on a copy: a card must be in the deck it is drawn from, and a
keyed ``slots`` line must name the section each card really lands in.
"""
from __future__ import annotations

import re

from referee.core.game import CHANCE
from referee.errors import BadChanceError, RefereeError
from referee.i18n import _
from referee.haleakala.rules import landing
from referee.haleakala.rules.moves import CardDrawn, FirstPlayerDrawn
from referee.syntax.hints import did_you_mean
from referee.syntax.chance_head import chance_head

_WORDS = {"first": "first", "start": "first", "slots": "slots", "slot": "slots",
          "deal": "slots", "refill": "refill", "refills": "refill", "draw": "refill",
          "draws": "refill"}
_ITEM = re.compile(r"(?P<key>\d+)\s*=\s*(?P<val>[^\s=,]+(?:\s*,\s*[^\s=,]+)*)|(?P<word>[^\s=,]+)|(?P<bad>=)")


def _items(text: str, start: int):
    out = []
    for m in _ITEM.finditer(text, start):
        if m.group("bad"):
            raise BadChanceError(_("a '=' without a section number before it"),
                                 column=m.start() + 1)
        if m.group("word"):
            out.append((None, m.group("word"), m.start() + 1))
        else:
            key = int(m.group("key"))
            col = m.start("val") + 1
            for part in re.split(r"\s*,\s*", m.group("val")):
                out.append((key, part, col))
    return out


def parse_chance(text: str, state) -> list:
    """A chance line (without '*') -> the atomic draws, replayed on a copy of ``state``."""
    kind, end = chance_head(text, state, _WORDS, "Haleakala", ["first", "slots", "refill"])
    items = _items(text, end)
    if not items:
        raise BadChanceError(_("the {kind} line names no outcome").format(kind=kind),
                             column=end + 1)
    trial = state.clone()
    if kind == "first":
        if len(items) != 1 or items[0][0] is not None:
            raise BadChanceError(_("write the first player as one seat: first RED"),
                                 column=items[0][2])
        seat = items[0][1].upper()
        if seat not in trial.seats:
            raise BadChanceError(_("{word} is not a seat: {seats}").format(
                                     word=items[0][1], seats=" ".join(trial.seats)),
                                 column=items[0][2], hint=did_you_mean(seat, trial.seats))
        return [FirstPlayerDrawn(seat)]
    keyed = [k is not None for k, _, _ in items]
    if kind == "refill" and any(keyed):
        raise BadChanceError(_("a refill line lists the cards drawn, in order: refill lava "
                               "statue"),
                             column=items[keyed.index(True)][2])
    if any(keyed) and not all(keyed):
        raise BadChanceError(_("write every section as N=CARD,CARD, or none"),
                             column=items[0][2])
    faces = {f.lower(): f for f in trial.comp.faces}
    out = []
    for key, word, col in items:
        face = faces.get(word.lower())
        if face is None:
            raise BadChanceError(_("unknown card '{word}'").format(word=word), column=col,
                                 hint=did_you_mean(word, trial.comp.faces))
        if trial.current_player() != CHANCE or trial.chance_kind() != kind:
            raise BadChanceError(_("the line draws more cards than the {kind} needs").format(
                kind=kind), column=col)
        task = trial.pending[0]
        if key is not None:
            sec = landing.next_slot(trial, task)[0]
            if key != sec:
                raise BadChanceError(_("the next card goes to section {n}, not {key}").format(
                    n=sec, key=key), column=col)
        move = CardDrawn(face)
        try:
            trial.apply(move)
        except RefereeError as err:
            raise BadChanceError(err.reason, column=col) from None
        out.append(move)
    return out


def format_chance(kind: str, moves, state) -> str:
    """The canonical line for ``moves`` drawn from ``state`` (before them)."""
    if kind == "first":
        return f"* first {' '.join(m.seat for m in moves)}"
    if kind == "refill":
        return f"* refill {' '.join(m.card for m in moves)}"
    trial = state.clone()
    per: dict[int, list[str]] = {}
    for m in moves:
        sec = landing.next_slot(trial, trial.pending[0])[0]
        per.setdefault(sec, []).append(m.card)
        trial.apply(m)
    return "* slots " + " ".join(f"{sec}={','.join(cards)}" for sec, cards in per.items())
