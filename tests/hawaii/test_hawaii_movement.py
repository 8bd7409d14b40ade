"""Movement and turns: H-R3 (board geometry), H-R4 (one action per turn), H-R5 (costs, PELE)."""
from __future__ import annotations

import pytest

import hawaii_builders as hb
from hawaii_builders import P, T, Buy, Fish, TakeOrder
from referee.errors import OutOfTurnError
from referee.hawaii.rules import buying, movement


def buy_costs(s, seat, coord):
    """The set of move-payment totals among the legal buys at ``coord``."""
    return {m.move_payment.total for m in hb.legal(s, seat=seat, place=coord)}


@pytest.mark.parametrize("coord, cost", [("A1", 1), ("B1", 1), ("A2", 2), ("B2", 2), ("C2", 2),
                                         ("A3", 3), ("B3", 3), ("C3", 3), ("A4", 4), ("B4", 4)])
def test_H_R5_beach_to_place_costs_one_foot_per_step(coord, cost):
    """H-R5 / H-R3: the beach touches row 1 only; every step costs 1 foot."""
    s = hb.deal(["RED", "GREEN"])
    hb.set_tokens(s, coord, ["2"])
    assert movement.steps("beach", coord, s.comps) == cost
    assert buy_costs(s, "RED", coord) == {cost}


def test_H_R5_beach_to_row_one_is_one_foot_and_overpaying_is_refused(two):
    """H-R5: beach -> row 1 costs exactly 1 foot; paying 2 is refused citing H-R5."""
    kind = "long-hut"
    tok = hb.place(two, "A1").tokens[0]
    hb.play(two, Buy("RED", "A1", kind, 1, tok, 1, P(feet=1), P(shells=tok.value)))
    assert hb.player(two, "RED").feet == 7 - 1
    s = hb.deal(["RED", "GREEN"])
    hb.assert_illegal(s, Buy("RED", "A1", kind, 1, tok, 1, P(feet=2), P(shells=tok.value)), "H-R5")


def test_H_R5_diagonal_step_costs_one(two):
    """H-R5 (seed 002 'diagonal moves are allowed'): A1 -> B2 is one step, A1 -> C2 two."""
    hb.put_at(two, "RED", "A1")
    assert buy_costs(two, "RED", "B2") == {1}
    assert buy_costs(two, "RED", "C2") == {2}
    assert buy_costs(two, "RED", "B3") == {2}      # A1 -> B2 -> B3


def test_H_R5_staying_on_a_place_costs_one_foot(two):
    """H-R5: a chief who stays where he stands pays 1 foot (and must buy there)."""
    hb.put_at(two, "RED", "B1")
    assert buy_costs(two, "RED", "B1") == {1}
    tok = hb.place(two, "B1").tokens[0]
    hb.assert_illegal(two, Buy("RED", "B1", "shell-hut", 1, tok, 1, P(), P(shells=tok.value)), "H-R5")


def test_H_R5_moving_back_to_the_beach_is_free(two):
    """H-R5: from a deep place, fishing or taking the track costs no movement."""
    hb.put_at(two, "RED", "B4")
    hb.set_cove(two, ["3"])
    feet = hb.player(two, "RED").feet
    fish = Fish("RED", (T(3),), ("fishing-boat",), P(feet=1))
    hb.play(two, fish)
    assert hb.player(two, "RED").feet == feet - 1      # only the fishing foot
    hb.put_at(two, "GREEN", "A4")
    before = hb.player(two, "GREEN").resources()
    hb.play(two, TakeOrder("GREEN", 1))
    assert hb.player(two, "GREEN").resources() == before
    # and from the cove (a beach space) a move costs as from the beach
    assert movement.steps("cove", "A1", two.comps) == 1
    assert movement.steps("order1", "B2", two.comps) == 2


def test_H_R5_PELE_I_caps_movement_at_two(two):
    """H-R5: PELE side I: at most 2 feet whatever the distance; a 1-step move still costs 1."""
    hb.give(two, "RED", "pele", 1, village=1)
    assert buy_costs(two, "RED", "A4") == {2}
    assert buy_costs(two, "RED", "B3") == {2}
    assert buy_costs(two, "RED", "A2") == {2}
    assert buy_costs(two, "RED", "A1") == {1}
    assert buying.move_cost(two.d, hb.player(two, "RED"), "B4") == 2
    two.check_invariants()


def test_H_R5_PELE_II_caps_movement_at_one(two):
    """H-R5: PELE side II: at most 1 foot."""
    hb.give(two, "RED", "pele", 2, village=1)
    for c in ("A1", "B2", "B3", "B4"):
        assert buy_costs(two, "RED", c) == {1}
    tok = hb.place(two, "B4").tokens[0]
    hb.assert_illegal(two, Buy("RED", "B4", "surfer", 1, tok, 1, P(feet=4), P(shells=tok.value)), "H-R5")
    hb.play(two, Buy("RED", "B4", "surfer", 1, tok, 1, P(feet=1), P(shells=tok.value)))


def test_H_R3_destination_needs_a_price_token(two):
    """H-R3: a place without price tokens cannot be the destination."""
    hb.set_tokens(two, "B2", [])
    assert not hb.legal(two, place="B2")
    hb.assert_illegal(two, Buy("RED", "B2", "hula", 1, T(3), 1, P(feet=2), P(shells=3)), "H-R3")


def test_H_R3_staying_needs_a_price_token_left(two):
    """H-R3 (seed 002): a chief may stay only if a token is still there."""
    hb.put_at(two, "RED", "A1")
    hb.set_tokens(two, "A1", [])
    assert not hb.legal(two, place="A1")
    hb.assert_illegal(two, Buy("RED", "A1", "long-hut", 1, T(2), 1, P(feet=1), P(shells=2)), "H-R3")


def test_H_R3_destination_needs_a_place_tile(two):
    """H-R3: a place whose tiles are all gone cannot be the destination, tokens or not."""
    hb.give(two, "GREEN", "boat", 1, count=8)        # the boats place (A4) is empty
    assert hb.place(two, "A4").tiles_left() == 0 and hb.place(two, "A4").tokens
    two.check_invariants()
    assert not hb.legal(two, place="A4")
    tok = hb.place(two, "A4").tokens[0]
    hb.assert_illegal(two, Buy("RED", "A4", "boat", 1, tok, None, P(feet=4), P(shells=tok.value)),
                      "H-R3")


def test_H_R3_passing_through_places_is_allowed():
    """H-R3: a chief crosses places without tokens; the shortest path still counts."""
    s = hb.deal(["RED", "GREEN"])
    hb.set_tokens(s, "A1", [])
    hb.set_tokens(s, "B1", [])
    s.check_invariants()
    assert buy_costs(s, "RED", "B2") == {2}
    assert buy_costs(s, "RED", "B4") == {4}
    tok = hb.place(s, "B2").tokens[0]
    hb.play(s, Buy("RED", "B2", "hula", 1, tok, 1, P(feet=2), P(shells=tok.value)))
    assert hb.player(s, "RED").at == "B2"


def test_H_R3_other_chiefs_do_not_block(two):
    """H-R3 (seed 002): another chief on a place does not prevent stopping there."""
    hb.put_at(two, "GREEN", "B1")
    assert buy_costs(two, "RED", "B1") == {1}


def test_H_R4_take_the_track_is_always_available():
    """H-R4: a chief who can do nothing else must (and can) take the track."""
    s = hb.deal(["RED", "GREEN"])
    hb.set_resources(s, "RED", 0, 0, 0)
    s.check_invariants()
    moves = s.legal_moves()
    assert moves and all(isinstance(m, TakeOrder) for m in moves)
    assert {m.space for m in moves} == {1, 2}


def test_H_R4_one_action_then_the_next_chief(two):
    """H-R4: a turn is exactly one action; then the next chief in order acts."""
    assert two.current_player() == "RED"
    tok = hb.place(two, "A1").tokens[0]
    hb.play(two, Buy("RED", "A1", "long-hut", 1, tok, 1, P(feet=1), P(shells=tok.value)))
    assert two.current_player() == "GREEN"
    hb.assert_illegal(two, TakeOrder("RED", 1), "H-R4", error=OutOfTurnError)


def test_H_R4_chief_on_the_track_plays_no_more(two):
    """H-R4 / H-R13: after taking the track, the others keep playing alone."""
    hb.play(two, TakeOrder("RED", 2))
    assert two.current_player() == "GREEN"
    tok = hb.place(two, "A1").tokens[0]
    hb.play(two, Buy("GREEN", "A1", "long-hut", 1, tok, 1, P(feet=1), P(shells=tok.value)))
    assert two.current_player() == "GREEN"
