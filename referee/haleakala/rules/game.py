"""A Haleakala position (plain, JSON-shaped data plus the State contract) and a fresh
one (components, variants).

Everything the game needs to go on lives in plain dicts and lists (decks as
face counts, a queue of pending steps), so the JSON form is a faithful copy and
a clone is a cheap structural copy. The rules themselves are in
:mod:`referee.haleakala.rules.turns`; this class only routes the contract there.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from referee.core.game import ChanceMove, Outcome, State
from referee.errors import BadHeaderError
from referee.haleakala.data import components
from referee.haleakala.rules import turns as rules
from referee.haleakala.rules.invariants import check as check_invariants
from referee.haleakala.data.model import HaleakalaComponents
from referee.i18n import _


class HaleakalaState(State):
    __slots__ = ("comp", "rules", "round", "first", "turn", "boat", "shaman", "reserve",
                 "invocation", "beaches", "slots", "craters", "lava_supply", "statues",
                 "statues_left", "cards", "score_cards", "board_cards", "priestess_up",
                 "decks", "discard", "box", "score", "pending", "scorings", "result")

    def __init__(self, comp: HaleakalaComponents, rules_flags=()):
        seats = comp.seats
        self.comp = comp
        self.rules: tuple[str, ...] = tuple(sorted(set(rules_flags)))
        self.round = 1
        self.first: str | None = None
        self.turn: str | None = None          # the seat whose action is next
        self.boat = comp.jetty
        self.shaman = {s: f"beach{comp.huts[s]}" for s in seats}
        self.reserve = {s: list(comp.number_discs) for s in seats}
        tactical = "tactical" in self.rules
        self.invocation: dict[str, object] = {s: ("reserve" if tactical else None) for s in seats}
        n = comp.sections
        self.beaches = {sec: {s: [] for s in seats} for sec in range(1, n + 1)}
        self.slots = {sec: [None] * comp.slots_per_section for sec in range(1, n + 1)}
        self.craters = {sec: 0 for sec in range(1, n + 1)}
        self.lava_supply = comp.lava_discs
        self.statues: dict[str, str] = {}
        self.statues_left = {s: comp.statues_per_player for s in seats}
        self.cards = {s: [] for s in seats}
        self.score_cards = {s: [] for s in seats}
        self.board_cards = list(comp.score_cards)
        self.priestess_up = True
        lava = comp.lava_faces()
        self.decks = {d: {f: c for f, c in cards.items() if not (tactical and f in lava)}
                      for d, cards in comp.decks.items()}
        self.box: dict[str, int] = {}
        if tactical:
            for cards in comp.decks.values():
                for f, c in cards.items():
                    if f in lava:
                        self.box[f] = self.box.get(f, 0) + c
        self.discard: dict[str, int] = {}
        self.score = {s: 0 for s in seats}
        self.pending: list[dict] = [{"do": "first"}, {"do": "deal"}]
        self.scorings: list[dict] = []
        self.result: dict | None = None

    @property
    def seats(self) -> tuple[str, ...]:
        return self.comp.seats

    @property
    def tactical(self) -> bool:
        return "tactical" in self.rules

    def other(self, seat: str) -> str:
        a, b = self.comp.seats
        return b if seat == a else a

    # --- the State contract --------------------------------------------------

    def current_player(self) -> str | None:
        return rules.current_player(self)

    def legal_moves(self) -> list:
        return rules.legal_moves(self)

    def chance_outcomes(self) -> list[tuple[ChanceMove, Fraction]]:
        return rules.chance_outcomes(self)

    def chance_kind(self) -> str | None:
        return rules.chance_kind(self)

    def apply(self, move) -> None:
        rules.apply(self, move)

    def check(self, move) -> None:
        """Raise why ``move`` is illegal now; the state is left as it was."""
        rules.check(self, move)

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        return Outcome(scores=dict(self.result["scores"]), winners=tuple(self.result["winners"]),
                       detail={"scorings": [dict(x) for x in self.scorings],
                               "tiebreak": self.result.get("tiebreak")})

    def check_invariants(self) -> None:
        check_invariants(self)

    def clone(self) -> "HaleakalaState":
        new = object.__new__(HaleakalaState)
        new.comp = self.comp
        new.rules = self.rules
        new.round = self.round
        new.first = self.first
        new.turn = self.turn
        new.boat = self.boat
        new.shaman = dict(self.shaman)
        new.reserve = {s: list(v) for s, v in self.reserve.items()}
        new.invocation = dict(self.invocation)
        new.beaches = {k: {s: list(v) for s, v in b.items()} for k, b in self.beaches.items()}
        new.slots = {k: list(v) for k, v in self.slots.items()}
        new.craters = dict(self.craters)
        new.lava_supply = self.lava_supply
        new.statues = dict(self.statues)
        new.statues_left = dict(self.statues_left)
        new.cards = {s: list(v) for s, v in self.cards.items()}
        new.score_cards = {s: list(v) for s, v in self.score_cards.items()}
        new.board_cards = list(self.board_cards)
        new.priestess_up = self.priestess_up
        new.decks = {d: dict(v) for d, v in self.decks.items()}
        new.discard = dict(self.discard)
        new.box = dict(self.box)
        new.score = dict(self.score)
        new.pending = [dict(t) for t in self.pending]
        # a scoring record and the result are written once and only read after: shared
        new.scorings = list(self.scorings)
        new.result = self.result
        return new

    def __repr__(self) -> str:
        return (f"<HaleakalaState round={self.round} boat={self.boat} "
                f"to_move={self.current_player()} score={self.score}>")


RULE_FLAGS = ("tactical",)


def check_setup(comp: HaleakalaComponents, players: Sequence[str], rules: Sequence[str]):
    seats = [p.strip().upper() for p in players]
    if sorted(seats) != sorted(comp.seats):
        raise BadHeaderError(_("Haleakala is played by exactly {first} and {second}, not {given} (K-R1)").format(
            first=comp.seats[0], second=comp.seats[-1], given=" ".join(seats) or _("nobody")))
    flags = [r.strip().lower() for r in rules if r.strip()]
    for f in flags:
        if f not in RULE_FLAGS:
            raise BadHeaderError(_("unknown Haleakala rule flag {flag}: known flags are {flags}").format(
                flag=repr(f), flags=", ".join(RULE_FLAGS)))
    return seats, flags


def new_state(players: Sequence[str] = ("RED", "YELLOW"), rules: Sequence[str] = (),
              comp: HaleakalaComponents | None = None) -> HaleakalaState:
    """A game before its setup draws: the first chance act is the first player."""
    comp = comp or components.default()
    _, flags = check_setup(comp, players, rules)
    return HaleakalaState(comp, flags)
