"""A hypothesis state machine over the Hawaii engine.

Hypothesis picks chance outcomes (any possible one, not only likely ones),
legal moves, and corrupted moves. Legal moves must apply; corrupted ones must
either be legal or be refused with a rule id, leaving the state untouched.
"""
from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from referee.core.game import CHANCE
from referee.errors import IllegalMoveError
from referee.hawaii.rules.game import SEATS, new_state
from referee.hawaii.rules.moves import Buy, Fish, Payment, Token, Visit
from referee.hawaii.text.state_json import to_json


def corrupt(move, data):
    """A nearby move that may or may not be legal."""
    if isinstance(move, Buy):
        field = data.draw(st.sampled_from(["token", "village", "tile_payment", "side", "place"]))
        if field == "token":
            return dataclasses.replace(move, token=Token(data.draw(st.integers(1, 7)), data.draw(st.booleans())))
        if field == "village":
            return dataclasses.replace(move, village=data.draw(st.sampled_from([None, 1, 2, 3, 4, 5, 6])))
        if field == "side":
            return dataclasses.replace(move, side=data.draw(st.integers(0, 3)))
        if field == "place":
            return dataclasses.replace(move, place=data.draw(st.sampled_from(["A1", "B2", "C3", "B4", "Z9"])))
        pay = Payment(*data.draw(st.tuples(st.integers(0, 12), st.integers(0, 12), st.integers(0, 12))))
        return dataclasses.replace(move, tile_payment=pay)
    if isinstance(move, (Fish, Visit)):
        boats = data.draw(st.lists(st.sampled_from(["fishing-boat", "boat1", "boat2", "boat9"]), max_size=3))
        return dataclasses.replace(move, boats=tuple(boats))
    return move


class HawaiiMachine(RuleBasedStateMachine):
    @initialize(players=st.integers(2, 5))
    def start(self, players):
        self.state = new_state(SEATS[:players])

    def chance_due(self):
        return self.state.current_player() == CHANCE

    def decision_due(self):
        return self.state.current_player() not in (None, CHANCE)

    @precondition(chance_due)
    @rule(data=st.data())
    def draw(self, data):
        outcomes = self.state.chance_outcomes()
        move, _ = data.draw(st.sampled_from(outcomes))
        self.state.apply(move)

    @precondition(decision_due)
    @rule(data=st.data())
    def play_legal(self, data):
        moves = self.state.legal_moves()
        i = data.draw(st.integers(0, len(moves) - 1))
        self.state.apply(moves[i])

    @precondition(decision_due)
    @rule(data=st.data())
    def try_corrupted(self, data):
        moves = self.state.legal_moves()
        move = corrupt(moves[data.draw(st.integers(0, len(moves) - 1))], data)
        before = to_json(self.state)
        try:
            self.state.check(move)
        except IllegalMoveError as e:
            assert "(H-R" in e.reason or "not a seat" in e.reason, e.reason
            try:
                self.state.apply(move)
            except IllegalMoveError:
                pass
            else:
                raise AssertionError("apply accepted a move that check refused")
            assert to_json(self.state) == before
            return
        self.state.apply(move)

    @invariant()
    def invariants_hold(self):
        if hasattr(self, "state"):
            self.state.check_invariants()


HawaiiMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=120, deadline=None,
                                           suppress_health_check=[HealthCheck.too_slow])
TestHawaiiMachine = HawaiiMachine.TestCase
