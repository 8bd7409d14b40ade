"""Hawaii on the core contract: the state object other layers use."""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Sequence

from referee.core.game import CHANCE, ChanceMove, Outcome, State
from referee.core.movelist import MoveList
from referee.errors import IllegalMoveError, InvariantError, OutOfTurnError
from referee.hawaii.rules import buying, dealing, fishing, invariants, islands, order_track, rounds, scoring
from referee.hawaii.data.components import load
from referee.hawaii.data.model import HawaiiComponents
from referee.hawaii.rules.moves import Buy, ChooseIncome, Fish, TakeOrder, Visit
from referee.hawaii.rules.realm import Realm
from referee.hawaii.rules.state import Data, PlaceState, Player
from referee.i18n import _

SEATS = ("RED", "YELLOW", "GREEN", "BLUE", "BLACK")
RULE_FLAGS = ("german-original", "kanaloa-fishing-boat")

_ACTIONS = {Buy: buying, Fish: fishing, Visit: islands, TakeOrder: order_track}


class HawaiiState(State):
    def __init__(self, data: Data):
        self.d = data
        self._checked = None     # the last move check() accepted on this very state
        self._tried = None       # the last draws try_draws() accepted on this very state, and their landings

    # --- the core contract -------------------------------------------------------

    def current_player(self) -> str | None:
        d = self.d
        if d.phase == "over":
            return None
        if d.pending:
            return CHANCE
        if d.phase == "income":
            return d.income_queue[0]
        return d.turn

    def legal_moves(self) -> list:
        d = self.d
        who = self.current_player()
        if who is None or who == CHANCE:
            return []
        if d.phase == "income":
            return [ChooseIncome(who, c) for c in income_options(rounds.irrigation_twos(d, who))]
        return MoveList([*buying.moves(d, who), list(fishing.moves(d, who)),
                         list(islands.moves(d, who)), list(order_track.moves(d, who))])

    def chance_outcomes(self):
        return dealing.outcomes(self.d) if self.d.pending else []

    def sample_chance(self, rng):
        return dealing.sample(self.d, rng)

    def chance_kind(self) -> str | None:
        return dealing.kind(self.d)

    def check(self, move) -> None:
        """Raise the rule a move breaks, without playing it."""
        d = self.d
        module = _ACTIONS.get(type(move))     # a chief's action: nearly every move
        if module is None:
            if isinstance(move, ChanceMove):
                dealing.apply(d.clone(), move)
                return
            if isinstance(move, ChooseIncome):
                check_income(d, move)
                return
            raise IllegalMoveError(f"{move!r} is not a Hawaii move")
        module.check(d, move)
        self._checked = move

    def apply(self, move) -> None:
        d = self.d
        # The notation checks the move it read and the replay then plays that very
        # object on the unchanged state: validating it twice would be wasted work.
        checked, self._checked = self._checked, None
        self._tried = None
        module = _ACTIONS.get(type(move))
        if module is None:
            if isinstance(move, ChanceMove):
                dealing.apply(d, move)       # validates before it changes anything
                return
            if isinstance(move, ChooseIncome):
                check_income(d, move)
                rounds.apply_income_choice(d, move.seat, move.choices)
                return
            raise IllegalMoveError(f"{move!r} is not a Hawaii move")
        if move is not checked:
            module.check(d, move)
        module.apply(d, move)
        rounds.next_turn(d)

    def try_draws(self, steps: list[tuple], moves: list) -> list:
        """:func:`dealing.trial` on this position: how a chance line is validated.
        The draws it accepts are remembered, so that :meth:`apply_draws` plays them
        right after without refusing each again."""
        landings = dealing.trial(self.d, steps, moves)
        if len(moves) <= len(steps) and self.d.pending[:len(steps)] == steps:
            self._tried = (moves, landings)
        return landings

    def apply_draws(self, moves) -> None:
        tried, self._tried = self._tried, None
        if tried is not None and moves is tried[0]:
            dealing.apply_tried(self.d, moves, tried[1])
        else:
            super().apply_draws(moves)

    def clone(self) -> "HawaiiState":
        return HawaiiState(self.d.clone())

    def outcome(self) -> Outcome | None:
        d = self.d
        if d.phase != "over":
            return None
        scores = {s: p.score for s, p in d.players.items()}
        return Outcome(scores, scoring.winners(d),
                       {s: dict(p.points) for s, p in d.players.items()})

    def winners_among(self, seats) -> tuple[str, ...]:
        return scoring.winners(self.d, seats) if self.d.phase == "over" else ()

    def check_invariants(self) -> None:
        invariants.check(self.d)
        if self.current_player() not in (None, CHANCE) and not self.legal_moves():
            raise InvariantError(f"{self.current_player()} has no legal move")

    # --- conveniences -------------------------------------------------------------

    @property
    def comps(self) -> HawaiiComponents:
        return self.d.comps

    def player(self, seat: str) -> Player:
        return self.d.players[seat]


def income_options(n: int) -> list[tuple[str, ...]]:
    """Distinct irrigation II choices: the order of the words does not matter."""
    return list(combinations_with_replacement(rounds.INCOME_CHOICES, n))


def check_income(d: Data, m: ChooseIncome) -> None:
    if d.phase != "income" or d.pending:
        raise OutOfTurnError(_("{seat} cannot choose income now: no irrigation income is due (H-R17)").format(seat=m.seat))
    if m.seat != d.income_queue[0]:
        raise OutOfTurnError(_("it is {who}'s income choice, not {seat}'s (H-R17)").format(who=d.income_queue[0], seat=m.seat))
    n = rounds.irrigation_twos(d, m.seat)
    if len(m.choices) != n:
        raise IllegalMoveError(_("{seat} owns {n} irrigation II and must choose {n} resources, not {given} (H-R17)").format(
            seat=m.seat, n=n, given=len(m.choices)))
    for c in m.choices:
        if c not in rounds.INCOME_CHOICES:
            raise IllegalMoveError(_("{seat} cannot choose {choice}: irrigation II gives a shell, foot or fruit (H-R17)").format(
                seat=m.seat, choice=repr(c)))


def new_state(players: Sequence[str], rules: Sequence[str] = (),
              comps: HawaiiComponents | None = None) -> HawaiiState:
    comps = comps or load()
    seats = [s.upper() for s in players]
    if not 2 <= len(seats) <= 5 or len(set(seats)) != len(seats):
        raise IllegalMoveError(_("Hawaii needs 2 to 5 distinct seats, got {seats}").format(seats=" ".join(seats)))
    for s in seats:
        if s not in SEATS:
            raise IllegalMoveError(_("{seat} is not a Hawaii seat: seats are {seats}").format(seat=s, seats=" ".join(SEATS)))
    for r in rules:
        if r not in RULE_FLAGS:
            raise IllegalMoveError(_("unknown rules flag {flag}: known flags are {flags} (H-R22)").format(
                flag=repr(r), flags=", ".join(RULE_FLAGS)))
    d = Data(comps, frozenset(rules), seats, {s: Player(s, Realm.new(comps)) for s in seats})
    for spec in comps.places:
        d.places[spec.id] = PlaceState(spec.id, dict(spec.sells), [])
    for t in comps.tokens:
        d.bag[t] = d.bag.get(t, 0) + 1
    for island in comps.islands:
        d.stack_down[island.id] = island.count
    d.docks = [None] * len(comps.docks)
    d.pending = dealing.setup_steps(d)
    dealing.normalize(d)
    return HawaiiState(d)
