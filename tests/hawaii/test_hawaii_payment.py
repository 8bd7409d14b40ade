"""Payments: H-R6 (shells for tiles, feet for movement and trips, fruits for a
whole payment, exchange huts I/II, huts add up, a hut serves one payment whole,
a hut bought this turn does not act)."""
from __future__ import annotations

import hawaii_builders as hb
from hawaii_builders import P, T, Buy, Fish, TakeOrder


def shell_hut(seat, tok, move, pay, village=1):
    return Buy(seat, "B1", "shell-hut", 1, T(tok), village, move, pay)


def setup(exchange=()):
    """RED to play, B1 (shell/foot huts, 1 step) holds tokens 3 and 4; RED's exchange huts."""
    s = hb.deal(["RED", "GREEN"])
    hb.set_tokens(s, "B1", ["3", "4"])
    for side in exchange:
        hb.give(s, "RED", "exchange-hut", side)     # village 1, then new villages
    hb.set_resources(s, "RED", 10, 5, 5)
    s.check_invariants()
    return s


def test_H_R6_plain_payment_shells_for_tiles_feet_for_moves():
    """H-R6: the tile in shells, the move in feet."""
    s = setup()
    hb.play(s, shell_hut("RED", 3, P(feet=1), P(shells=3)))
    assert hb.player(s, "RED").resources() == (7, 4, 5)


def test_H_R6_fruits_may_replace_a_whole_payment():
    """H-R6 (seed 002 'Fruits ... can be used instead of both shells and feet')."""
    s = setup()
    hb.play(s, shell_hut("RED", 4, P(fruits=1), P(fruits=4)))
    assert hb.player(s, "RED").resources() == (10, 5, 0)


def test_H_R6_the_move_in_fruits_and_the_tile_in_shells():
    """H-R6: each payment is whole on its own; two payments may use different resources."""
    s = setup()
    hb.play(s, shell_hut("RED", 3, P(fruits=1), P(shells=3)))
    assert hb.player(s, "RED").resources() == (7, 5, 4)


def test_H_R6_no_mixing_without_an_exchange_hut():
    """H-R6 (seed 002 'A player may not, however, mix commodities'): refused, citing H-R6."""
    s = setup()
    hb.assert_illegal(s, shell_hut("RED", 4, P(feet=1), P(shells=2, fruits=2)), "H-R6")
    hb.assert_illegal(s, shell_hut("RED", 4, P(feet=1), P(shells=3, feet=1)), "H-R6")
    hb.assert_illegal(s, shell_hut("RED", 3, P(shells=1), P(shells=3)), "H-R6")   # move in shells
    hb.assert_illegal(s, shell_hut("RED", 3, P(feet=1), P(feet=3)), "H-R6")       # tile in feet
    assert not [m for m in s.legal_moves()
                if isinstance(m, Buy) and (len([x for x in m.tile_payment if x]) > 1
                                           or m.move_payment.shells)]


def test_H_R6_exchange_hut_I_allows_one_unit():
    """H-R6: exchange hut side I lets one payment carry 1 unit of another resource."""
    s = setup(exchange=[1])
    hb.assert_illegal(s, shell_hut("RED", 4, P(feet=1), P(shells=2, feet=2)), "H-R6")
    hb.play(s, shell_hut("RED", 4, P(feet=1), P(shells=3, feet=1)))
    assert hb.player(s, "RED").resources() == (7, 3, 5)


def test_H_R6_exchange_hut_I_pays_a_move_with_a_shell():
    """H-R6: the exchanged unit may be the whole of a 1-foot move."""
    s = setup(exchange=[1])
    hb.play(s, shell_hut("RED", 3, P(shells=1), P(shells=3)))
    assert hb.player(s, "RED").resources() == (6, 5, 5)


def test_H_R6_exchange_hut_II_allows_two_units():
    """H-R6: exchange hut side II: up to 2 units in one payment."""
    s = setup(exchange=[2])
    hb.assert_illegal(s, shell_hut("RED", 4, P(feet=1), P(shells=1, feet=2, fruits=1)), "H-R6")
    hb.play(s, shell_hut("RED", 4, P(feet=1), P(shells=2, feet=1, fruits=1)))
    assert hb.player(s, "RED").resources() == (8, 3, 4)


def test_H_R6_two_exchange_huts_add_up():
    """H-R6: two exchange huts I give 2 units to one payment."""
    s = setup(exchange=[1, 1])
    hb.play(s, shell_hut("RED", 4, P(feet=1), P(shells=2, feet=2), village=3))
    assert hb.player(s, "RED").resources() == (8, 2, 5)


def test_H_R6_a_hut_serves_one_payment_whole():
    """H-R6: one exchange hut II cannot lend 1 unit to the move and 1 to the tile..."""
    s = setup(exchange=[2])
    move = shell_hut("RED", 4, P(shells=1), P(shells=3, feet=1))
    hb.assert_illegal(s, move, "H-R6")


def test_H_R6_two_huts_serve_two_payments():
    """H-R6: ... but two exchange huts I can each serve one payment."""
    s = setup(exchange=[1, 1])
    hb.play(s, shell_hut("RED", 4, P(shells=1), P(shells=3, feet=1), village=3))
    assert hb.player(s, "RED").resources() == (6, 4, 5)


def test_H_R6_exchange_hut_bought_this_turn_does_not_act():
    """H-R6 (seed 002 'Players cannot use spear and exchange huts in the turn they are bought')."""
    s = setup()
    hb.set_tokens(s, "A2", ["3"])
    hut = Buy("RED", "A2", "exchange-hut", 1, T(3), 1, P(feet=2), P(shells=2, feet=1))
    hb.assert_illegal(s, hut, "H-R6")
    hb.play(s, Buy("RED", "A2", "exchange-hut", 1, T(3), 1, P(feet=2), P(shells=3)))
    hb.play(s, TakeOrder("GREEN", 1))
    # next turn the hut acts
    hb.play(s, shell_hut("RED", 4, P(feet=2), P(shells=3, feet=1)))


def test_H_R6_fishing_in_fruits_or_with_an_exchange_hut():
    """H-R6: trips are paid in feet, or wholly in fruits; mixing needs an exchange hut."""
    s = setup()
    hb.set_cove(s, ["3", "4"])
    hb.assert_illegal(s, Fish("RED", (T(4), T(3)), ("fishing-boat",), P(feet=1, fruits=1)), "H-R6")
    hb.assert_illegal(s, Fish("RED", (T(4), T(3)), ("fishing-boat",), P(shells=2)), "H-R6")
    hb.play(s, Fish("RED", (T(4), T(3)), ("fishing-boat",), P(fruits=2)))
    s2 = setup(exchange=[1])
    hb.set_cove(s2, ["3", "4"])
    hb.play(s2, Fish("RED", (T(4), T(3)), ("fishing-boat",), P(feet=1, shells=1)))


def test_H_R6_cannot_pay_more_than_owned():
    """H-R6: a payment needs the resources in hand."""
    s = setup()
    hb.set_resources(s, "RED", 2, 5, 0)
    hb.assert_illegal(s, shell_hut("RED", 3, P(feet=1), P(shells=3)), "H-R6")
