"""The round's frame: turn order, the end of the chiefs' phase, income (H-R17)
and the next round's preparation (H-R18). The game's start is set up with the
first layout (:mod:`referee.hawaii.rules.dealing`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from referee.hawaii.rules import dealing, scoring

if TYPE_CHECKING:
    from referee.hawaii.rules.state import Data

INCOME_CHOICES = ("shell", "foot", "fruit")
_RESOURCE = {"shell": "shells", "foot": "feet", "fruit": "fruits"}


def next_turn(d: "Data") -> None:
    """After an action: the next chief in order who is not on the track, or the round end."""
    order, players = d.order, d.players
    i = order.index(d.turn)
    for seat in order[i + 1:] + order[:i + 1]:
        if not players[seat].done:
            d.turn = seat
            return
    end_of_chiefs(d)


def end_of_chiefs(d: "Data") -> None:
    d.turn = None
    report = scoring.score_round(d)
    d.history.append(report)
    if d.round == len(d.comps.rounds):
        if "german-original" not in d.rules and 1 in d.track_seat:
            seat = d.track_seat[1]
            d.players[seat].add_points("order", d.comps.last_round_order_bonus)
            report["order_bonus"] = {seat: d.comps.last_round_order_bonus}
        d.history.append({"final": scoring.final_scoring(d)})
        d.phase = "over"
        return
    pay_income(d)
    next_order = [d.track_seat[k] for k in sorted(d.track_seat)]
    d.income_queue = [s for s in next_order if irrigation_twos(d, s)]
    d.phase = "income"
    if not d.income_queue:
        prepare_next_round(d)


def irrigation_twos(d: "Data", seat: str) -> int:
    return d.players[seat].realm.sides_of("irrigation").count(2)


def pay_income(d: "Data") -> None:
    spec = d.comps.rounds[d.round - 1]
    tile_income = d.comps.tile_income
    for p in d.players.values():
        shells, feet, fruits = spec.income_shells, spec.income_feet, 0
        for kind, side in p.realm.tiles():
            income = tile_income.get(kind)
            if income:
                more_shells, more_feet, more_fruits = income[side - 1]
                shells, feet, fruits = shells + more_shells, feet + more_feet, fruits + more_fruits
        p.gain("shells", shells)
        p.gain("feet", feet)
        p.gain("fruits", fruits)


def apply_income_choice(d: "Data", seat: str, choices: tuple[str, ...]) -> None:
    p = d.players[seat]
    for c in choices:
        p.gain(_RESOURCE[c], 1)
    d.income_queue.pop(0)
    if not d.income_queue:
        prepare_next_round(d)


def prepare_next_round(d: "Data") -> None:
    d.round += 1
    d.order = [d.track_seat[k] for k in sorted(d.track_seat)]
    d.track_seat = {}
    d.phase = "setup"
    d.turn = None
    back: list = list(d.cove)
    d.cove = []
    for p in d.players.values():
        back += p.tokens + p.fish
        p.tokens, p.fish = [], []
        p.at = "beach"
        for b in p.realm.boats:
            b.used = False
    for place in d.places.values():
        back += place.tokens
        place.tokens = []
        place.printed_empty = False
    back += [t for t in d.track.values() if t is not None]
    d.track = {}
    for t in back:
        d.bag[t] = d.bag.get(t, 0) + 1
    staying = [i for i in d.docks if i is not None]
    d.docks = staying + [None] * (len(d.docks) - len(staying))
    d.pending = [("layout",)]
    d.pending += [("island", i) for i in range(len(staying), len(d.docks))]
    d.pending.append(("chiefs",))
    dealing.normalize(d)
