"""Buying and placing: H-R7 (token, sides, two kahunas/tikis, placeable at once),
H-R8 (villages, gods, boats, kahuna and tiki spaces), H-R9 (space bonuses),
H-R15 (KANE's extra tiki)."""
from __future__ import annotations

import pytest

import hawaii_builders as hb
from hawaii_builders import P, T, Buy

# board: A1 long huts/irrigation, B1 shell/foot huts, A2 exchange/spear huts,
# B2 hula, C2 fruits, A3 gods, B3 kahunas, C3 tikis, A4 boats, B4 surfers
COST = {"A1": 1, "B1": 1, "A2": 2, "B2": 2, "C2": 2, "A3": 3, "B3": 3, "C3": 3, "A4": 4, "B4": 4}


def buy(coord, kind, tok, village=1, side=1, seat="RED", kane=None):
    tok = T(tok)
    return Buy(seat, coord, kind, side, tok, village, P(feet=COST[coord]),
               P(shells=tok.value * side), kane)


def rich(tokens=None, seats=("RED", "GREEN"), rules=()):
    s = hb.deal(list(seats), rules=rules)
    for c, toks in (tokens or {}).items():
        hb.set_tokens(s, c, toks)
    hb.set_resources(s, "RED", 40, 10, 0)
    s.check_invariants()
    return s


# --- H-R7 --------------------------------------------------------------------------

def test_H_R7_the_buyer_chooses_the_token_and_it_joins_the_round_pile():
    """H-R7: choose any token on the place; pay its value; the token goes to the round pile."""
    s = rich({"B1": ["2", "4", "5"]})
    assert {m.token for m in hb.legal(s, place="B1", side=1)} == {T(2), T(4), T(5)}
    hb.play(s, buy("B1", "foot-hut", 4))
    red = hb.player(s, "RED")
    assert red.tokens == [T(4)] and red.shells == 36
    assert sorted(hb.place(s, "B1").tokens) == [T(2), T(5)]
    assert hb.place(s, "B1").stock["foot-hut"] == 4


def test_H_R7_a_token_not_on_the_place_is_refused():
    """H-R7: only a token lying on that place can be taken."""
    s = rich({"B1": ["2", "4"]})
    hb.assert_illegal(s, buy("B1", "shell-hut", 3), "H-R7")
    hb.assert_illegal(s, buy("B1", "shell-hut", "4s"), "H-R7")


def test_H_R7_side_II_costs_double():
    """H-R7: side II costs twice the token; paying the single price for side II is refused."""
    s = rich({"B1": ["3"]})
    bad = Buy("RED", "B1", "shell-hut", 2, T(3), 1, P(feet=1), P(shells=3))
    hb.assert_illegal(s, bad, "H-R7")
    hb.play(s, buy("B1", "shell-hut", 3, side=2))
    assert hb.player(s, "RED").shells == 34
    assert hb.player(s, "RED").realm.villages[0] == [("start-hut", 0), ("shell-hut", 2)]


def test_H_R7_two_kahunas_for_double_price():
    """H-R7: paying double for kahunas buys two of them (no side II)."""
    s = rich({"B3": ["3"]})
    hb.play(s, buy("B3", "kahuna", 3, village=None, side=2))
    red = hb.player(s, "RED")
    assert red.realm.kahunas == 2 and hb.place(s, "B3").stock["kahuna"] == 23
    assert red.shells == 40 - 6 + 2 + 1          # H-R9 shells of spaces 1 and 2


def test_H_R7_two_kahunas_need_two_free_spaces():
    """H-R7 / H-R8: with one free kahuna space only one kahuna can be bought."""
    s = rich({"B3": ["3"]})
    hb.give(s, "RED", "kahuna", count=4)
    s.check_invariants()
    sides = {m.side for m in hb.legal(s, place="B3")}
    assert sides == {1}
    hb.assert_illegal(s, buy("B3", "kahuna", 3, village=None, side=2), ("H-R7", "H-R8"))
    hb.play(s, buy("B3", "kahuna", 3, village=None, side=1))


def test_H_R7_two_tikis_need_two_tiles_on_the_place():
    """H-R7: two tikis need two tiles on the place; with one left only one can be bought."""
    s = rich({"C3": ["3"]}, seats=("RED", "GREEN", "BLUE"))
    hb.give(s, "GREEN", "tiki", count=7)
    hb.give(s, "BLUE", "tiki", count=7)
    s.check_invariants()
    assert hb.place(s, "C3").stock["tiki"] == 1
    assert {m.side for m in hb.legal(s, place="C3")} == {1}
    hb.assert_illegal(s, buy("C3", "tiki", 3, village=None, side=2), "H-R7")


def test_H_R7_a_tile_that_cannot_be_placed_cannot_be_bought():
    """H-R7 (seed 002 'must be able to immediately and legally put the chosen place tile')."""
    s = rich({"B2": ["3"], "A3": ["3"]})
    hb.give(s, "RED", "hula", 1, village=1)          # only village: hula cannot go elsewhere
    hb.give(s, "RED", "ku", 1, village=1)
    s.check_invariants()
    assert not hb.legal(s, place="B2")
    hb.assert_illegal(s, buy("B2", "hula", 3, village=1), ("H-R7", "H-R8"))
    hb.assert_illegal(s, buy("B2", "hula", 3, village=2), ("H-R7", "H-R8"))
    # a god: village 1 holds KU already, no other village exists
    assert not hb.legal(s, place="A3")
    hb.assert_illegal(s, buy("A3", "pele", 3, village=1), ("H-R7", "H-R8"))


def test_H_R7_kahuna_cannot_be_bought_with_all_spaces_full():
    """H-R7 / H-R8: no more kahunas than kahuna spaces, no more tikis than tiki spaces."""
    s = rich({"B3": ["3"], "C3": ["3"]})
    hb.give(s, "RED", "kahuna", count=5)
    hb.give(s, "RED", "tiki", count=7)
    s.check_invariants()
    assert not hb.legal(s, place="B3") and not hb.legal(s, place="C3")
    hb.assert_illegal(s, buy("B3", "kahuna", 3, village=None), ("H-R7", "H-R8"))
    hb.assert_illegal(s, buy("C3", "tiki", 3, village=None), ("H-R7", "H-R8"))


# --- H-R8 ---------------------------------------------------------------------------

def test_H_R8_village_tiles_are_added_left_to_right():
    """H-R8: a village grows to the right, without gaps; placed tiles never move."""
    s = rich({"B1": ["2", "2", "3"]})
    hb.play(s, buy("B1", "shell-hut", 2))
    hb.play(s, hb.TakeOrder("GREEN", 1))
    hb.set_tokens(s, "C2", ["3"])
    hb.play(s, Buy("RED", "C2", "banana", 1, T(3), 1, P(feet=1), P(shells=3)))  # B1 -> C2: 1 step
    assert hb.realm_rows(s, "RED")[0] == ["start-hut", "shell-hut", "banana"]


def test_H_R8_a_new_village_starts_only_with_a_hut():
    """H-R8: hula cannot open village 2; a foot hut can."""
    s = rich({"B2": ["3"], "B1": ["3"]})
    assert {m.village for m in hb.legal(s, place="B2")} == {1}
    hb.assert_illegal(s, buy("B2", "hula", 3, village=2), "H-R8")
    assert {m.village for m in hb.legal(s, place="B1", tile="foot-hut")} == {1, 2}
    hb.play(s, buy("B1", "foot-hut", 3, village=2))
    assert hb.realm_rows(s, "RED")[1] == ["foot-hut"]


@pytest.mark.parametrize("hut", ["shell-hut", "foot-hut", "spear-hut", "exchange-hut", "long-hut"])
def test_H_R8_the_five_huts_start_villages(hut):
    """H-R8: shell, foot, spear, exchange and long huts start a village."""
    s = rich()
    where = hb.coord(s, s.d.seller_of(hut).place_id)
    hb.set_tokens(s, where, ["2"])
    hb.play(s, buy(where, hut, 2, village=2))
    assert hb.realm_rows(s, "RED")[1] == [hut]


def test_H_R8_no_skipping_rows():
    """H-R8: a new village only in the first empty row."""
    s = rich({"B1": ["3"]})
    assert {m.village for m in hb.legal(s, place="B1")} == {1, 2}
    hb.assert_illegal(s, buy("B1", "shell-hut", 3, village=3), "H-R8")


def test_H_R22_german_original_allows_skipping_rows():
    """H-R22 `german-original`: rows may be skipped when a village is started."""
    s = rich({"B1": ["3"]}, rules=("german-original",))
    assert {m.village for m in hb.legal(s, place="B1", tile="shell-hut")} == {1, 2, 3, 4, 5}
    hb.play(s, buy("B1", "shell-hut", 3, village=4))
    assert hb.realm_rows(s, "RED")[3] == ["shell-hut"]
    assert hb.realm_rows(s, "RED")[1] == []


def test_H_R8_one_tile_of_a_kind_per_village_sides_do_not_matter():
    """H-R8 (seed 002 'even if it is the opposite side')."""
    s = rich({"B1": ["3"]})
    hb.give(s, "RED", "shell-hut", 1, village=1)
    hb.assert_illegal(s, buy("B1", "shell-hut", 3, village=1, side=2), "H-R8")
    assert {m.village for m in hb.legal(s, place="B1", tile="shell-hut")} == {2}
    assert {m.village for m in hb.legal(s, place="B1", tile="foot-hut")} == {1, 2}


def test_H_R8_the_four_fruits_are_different_kinds():
    """H-R8 (seed 002 'a player may put 4 different fruit tiles in a village')."""
    s = rich({"C2": ["2", "3", "4"]})
    hb.give(s, "RED", "banana", 1, village=1)
    hb.give(s, "RED", "taro", 1, village=1)
    hb.give(s, "RED", "coconut", 2, village=1)
    hb.assert_illegal(s, buy("C2", "banana", 3, village=1), "H-R8")
    hb.play(s, buy("C2", "breadfruit", 3, village=1))
    assert hb.realm_rows(s, "RED")[0] == ["start-hut", "banana", "taro", "coconut", "breadfruit"]


def test_H_R8_one_god_per_village_each_god_once_per_realm():
    """H-R8: a village holds at most one god; each god at most once in the realm."""
    s = rich({"A3": ["3"]})
    hb.give(s, "RED", "ku", 1, village=1)
    hb.give(s, "RED", "spear-hut", 1, village=2)
    s.check_invariants()
    hb.assert_illegal(s, buy("A3", "pele", 3, village=1), "H-R8")     # second god in village 1
    hb.assert_illegal(s, buy("A3", "ku", 3, village=2), ("H-R8", "H-R7"))  # KU twice in the realm
    assert not hb.legal(s, place="A3", tile="ku")
    assert {m.village for m in hb.legal(s, place="A3", tile="pele")} == {2}
    hb.play(s, buy("A3", "pele", 3, village=2))


def test_H_R8_boats_go_beside_the_realm():
    """H-R8: boats are no village tiles; naming a village is refused."""
    s = rich({"A4": ["3"]})
    hb.assert_illegal(s, buy("A4", "boat", 3, village=1), "H-R8")
    assert {m.village for m in hb.legal(s, place="A4")} == {None}
    hb.play(s, buy("A4", "boat", 3, village=None, side=2))
    boats = hb.player(s, "RED").realm.boats
    assert [(b.name, b.side) for b in boats] == [("fishing-boat", 0), ("boat1", 2)]
    assert hb.realm_rows(s, "RED")[0] == ["start-hut"]


def test_H_R8_kahunas_and_tikis_name_no_village():
    """H-R8: kahunas and tikis fill their own spaces; a village is refused."""
    s = rich({"B3": ["3"], "C3": ["3"]})
    hb.assert_illegal(s, buy("B3", "kahuna", 3, village=1), "H-R8")
    hb.assert_illegal(s, buy("C3", "tiki", 3, village=1), "H-R8")


# --- H-R9 ---------------------------------------------------------------------------

def test_H_R9_kahunas_fill_top_down_and_pay_shells_after_payment():
    """H-R8/H-R9: kahunas top to bottom; a space's shells come after paying for the kahuna."""
    s = rich({"B3": ["3", "4"]})
    shells = s.comps.realm.kahuna_shells
    assert shells[0] > 0            # the space tested gives shells
    hb.set_resources(s, "RED", shells=2, feet=5)
    # 2 shells < 3: the bonus of the space cannot help pay (seed 002 'he cannot use these shells')
    hb.assert_illegal(s, buy("B3", "kahuna", 3, village=None), "H-R6")
    hb.set_resources(s, "RED", shells=3)
    hb.play(s, buy("B3", "kahuna", 3, village=None))
    red = hb.player(s, "RED")
    assert red.realm.kahunas == 1 and red.shells == shells[0]
    hb.play(s, hb.TakeOrder("GREEN", 1))
    hb.set_resources(s, "RED", shells=4)
    hb.play(s, Buy("RED", "B3", "kahuna", 1, T(4), None, P(feet=1), P(shells=4)))
    assert red.realm.kahunas == 2 and red.shells == shells[1]


def test_H_R9_tikis_fill_right_to_left_and_pay_feet():
    """H-R8/H-R9: tikis fill right to left; a space showing feet pays them at once."""
    s = rich({"C3": ["3"]})
    realm = s.comps.realm
    hb.give(s, "RED", "tiki", count=2)
    k = 2
    assert realm.tiki_feet[k] > 0, "the data has feet on the third tiki space"
    feet = hb.player(s, "RED").feet
    hb.play(s, buy("C3", "tiki", 3, village=None))
    red = hb.player(s, "RED")
    assert red.feet == feet - 3 + realm.tiki_feet[k]
    cols = red.realm.tiki_columns(s.comps)
    assert cols[:3] == list(realm.tiki_columns[:3]) and cols[:3] == sorted(cols[:3], reverse=True)


def test_H_R9_two_tikis_pay_both_spaces():
    """H-R9 / docs/rulings.md H-X9: two tikis at once give the feet of both spaces they fill."""
    s = rich({"C3": ["3"]})
    feet_row = s.comps.realm.tiki_feet
    feet = hb.player(s, "RED").feet
    hb.play(s, buy("C3", "tiki", 3, village=None, side=2))
    assert hb.player(s, "RED").feet == feet - 3 + feet_row[0] + feet_row[1]
    assert hb.player(s, "RED").realm.tikis == 2


# --- H-R15 --------------------------------------------------------------------------

def test_H_R15_KANE_extra_tiki_for_two_mixed_resources():
    """H-R15 / docs/rulings.md H-X8: right after buying KANE, pay any 2 resources (mixed, no
    exchange hut needed) for a tiki, with its feet."""
    s = rich({"A3": ["3"]})
    hb.set_resources(s, "RED", 10, 6, 3)
    hb.give(s, "RED", "tiki", count=2)
    bonus = s.comps.realm.tiki_feet[2]
    tikis_left = hb.place(s, "C3").stock["tiki"]
    hb.play(s, buy("A3", "kane", 3, kane=P(shells=1, fruits=1)))
    red = hb.player(s, "RED")
    assert red.realm.tikis == 3 and hb.place(s, "C3").stock["tiki"] == tikis_left - 1
    assert red.resources() == (10 - 3 - 1, 6 - 3 + bonus, 3 - 1)
    assert ("kane", 1) in red.realm.villages[0]


def test_H_R15_KANE_tiki_costs_exactly_two():
    """H-R15: the extra tiki costs 2 resources, not 1 or 3."""
    s = rich({"A3": ["3"]})
    hb.assert_illegal(s, buy("A3", "kane", 3, kane=P(shells=1)), "H-R15")
    hb.assert_illegal(s, buy("A3", "kane", 3, kane=P(shells=3)), "H-R15")


def test_H_R15_only_right_after_buying_KANE():
    """H-R15: another purchase cannot carry the extra tiki."""
    s = rich({"A3": ["3"], "B1": ["3"]})
    hb.assert_illegal(s, buy("A3", "pele", 3, kane=P(shells=2)), "H-R15")
    hb.assert_illegal(s, buy("B1", "shell-hut", 3, kane=P(shells=2)), "H-R15")
    extras = {m.kane_tiki for m in hb.legal(s, place="A3")}
    assert None in extras and P(shells=1, feet=1) in extras
    assert {m.tile for m in hb.legal(s, place="A3") if m.kane_tiki} == {"kane"}


def test_H_R15_no_tiki_space_no_extra_tiki():
    """H-R15: KANE's tiki needs a free tiki space."""
    s = rich({"A3": ["3"]})
    hb.give(s, "RED", "tiki", count=7)
    hb.assert_illegal(s, buy("A3", "kane", 3, kane=P(shells=2)), "H-R15")
    hb.play(s, buy("A3", "kane", 3))
