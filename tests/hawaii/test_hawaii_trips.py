"""Fishing, boats and islands: H-R10, H-R11, H-R12."""
from __future__ import annotations

import hawaii_builders as hb
from hawaii_builders import P, T, Fish, TakeOrder, Visit
from referee.hawaii.rules import boats as boats_mod

FB = "fishing-boat"


def game(islands=None, cove=None, boats=(), seats=("RED", "GREEN")):
    s = hb.deal(list(seats), islands=islands)
    if cove is not None:
        hb.set_cove(s, cove)
    for side in boats:
        hb.give(s, "RED", "boat", side)
    hb.set_resources(s, "RED", 10, 10, 0)
    s.check_invariants()
    return s


# --- H-R10 fishing ---------------------------------------------------------------------

def test_H_R10_one_foot_and_one_boat_space_per_fish_token():
    """H-R10: each fish token costs 1 foot and one boat space (the fishing boat holds 2)."""
    s = game(cove=["2", "5", "6"])
    hb.assert_illegal(s, Fish("RED", (T(6), T(5)), (FB,), P(feet=1)), "H-R11")
    hb.assert_illegal(s, Fish("RED", (T(6), T(5), T(2)), (FB,), P(feet=3)), "H-R11")
    assert not hb.legal(s, fish=(T(6), T(5), T(2)))
    hb.play(s, Fish("RED", (T(6), T(5)), (FB,), P(feet=2)))
    red = hb.player(s, "RED")
    assert red.feet == 8 and sorted(t.value for t in red.fish) == [5, 6]
    assert [t.value for t in s.d.cove] == [2] and red.at == "cove"
    assert red.round_sum(s.comps) == s.comps.fish(T(6)) + s.comps.fish(T(5))


def test_H_R10_the_player_chooses_the_tokens_by_their_fish():
    """H-R10: the fish shown are public; any tokens lying there may be chosen, nothing else."""
    s = game(cove=["2", "5", "6"])
    offered = {tuple(map(str, m.fish)) for m in hb.legal(s, seat="RED") if isinstance(m, Fish)}
    assert offered == {("6",), ("5",), ("2",), ("6", "5"), ("6", "2"), ("5", "2")}
    hb.assert_illegal(s, Fish("RED", (T(4),), (FB,), P(feet=1)), "H-R10")
    hb.assert_illegal(s, Fish("RED", (T(6), T(6)), (FB,), P(feet=2)), "H-R10")
    hb.assert_illegal(s, Fish("RED", (), (FB,), P()), "H-R10")


def test_H_R10_fish_tokens_never_trigger_spear_bonuses():
    """H-R10 / H-R14: a spear token taken as a fish scores nothing, even with spear hut and KU."""
    s = game(cove=["4s", "6s"])
    hb.give(s, "RED", "spear-hut", 2, village=1)
    hb.give(s, "RED", "ku", 2, village=1)
    hb.play(s, Fish("RED", (T("6s"), T("4s")), (FB,), P(feet=2)))
    red = hb.player(s, "RED")
    assert red.score == 0 and "spear" not in red.points
    assert red.round_sum(s.comps) == s.comps.fish(T("6s")) + s.comps.fish(T("4s"))


# --- H-R11 boats ------------------------------------------------------------------------

def test_H_R11_each_boat_sails_once_per_round():
    """H-R11: the fishing boat used this round cannot sail again; a new round frees it (H-R18)."""
    s = game(cove=["2", "5", "6"])
    hb.play(s, Fish("RED", (T(6),), (FB,), P(feet=1)))
    hb.play(s, TakeOrder("GREEN", 1))
    hb.assert_illegal(s, Fish("RED", (T(5),), (FB,), P(feet=1)), "H-R11")
    assert not [m for m in s.legal_moves() if isinstance(m, (Fish, Visit))]
    hb.play(s, TakeOrder("RED", 2))
    hb.redeal(s)
    assert not hb.player(s, "RED").realm.boats[0].used


def test_H_R11_boats_sail_when_not_full():
    """H-R11: one fish in a 3-space boat is fine; the boats named carry the paid feet."""
    s = game(cove=["2", "5"], boats=[1])
    hb.play(s, Fish("RED", (T(5),), ("boat1",), P(feet=1)))
    red = hb.player(s, "RED")
    assert red.realm.boat("boat1").used and not red.realm.boat(FB).used


def test_H_R11_every_boat_named_carries_a_paid_unit():
    """H-R11 / docs/rulings.md H-X1: an empty boat does not sail (one fish in two boats is refused)."""
    s = game(cove=["2", "5"], boats=[1])
    hb.assert_illegal(s, Fish("RED", (T(5),), (FB, "boat1"), P(feet=1)), "H-R11")
    hb.assert_illegal(s, Fish("RED", (T(5),), (FB, FB), P(feet=1)), "H-R11")
    hb.assert_illegal(s, Fish("RED", (T(5),), ("boat7",), P(feet=1)), "H-R11")


def test_H_R11_boat_II_printed_foot_counts_as_paid():
    """H-R11 (seed 002 'a pre-printed foot, which counts as a foot'): dock 1 (3 feet) costs 2."""
    s = game(islands=["4-fruits", "foot-hut", "hula", "2-tikis"], boats=[2])
    assert s.comps.docks[0].feet == 3
    assert hb.legal(s, dock=1, boats=("boat1",)) and \
        {m.payment for m in hb.legal(s, dock=1, boats=("boat1",))} == {P(feet=2)}
    hb.assert_illegal(s, Visit("RED", 1, ("boat1",), P(feet=3)), "H-R11")
    hb.play(s, Visit("RED", 1, ("boat1",), P(feet=2)))
    assert hb.player(s, "RED").feet == 8


def test_H_R11_boat_II_needs_a_paid_foot_too():
    """H-R11: the printed foot alone does not launch a boat II (1 fish = 0 paid feet)."""
    s = game(cove=["2", "5"], boats=[2])
    hb.assert_illegal(s, Fish("RED", (T(5),), ("boat1",), P()), "H-R11")
    hb.assert_illegal(s, Fish("RED", (T(5),), ("boat1",), P(feet=1)), "H-R11")
    assert not hb.legal(s, fish=(T(5),), boats=("boat1",))
    hb.play(s, Fish("RED", (T(5), T(2)), ("boat1",), P(feet=1)))    # 2 fish: printed + 1 paid


def test_H_R11_trip_too_big_for_the_boats():
    """H-R11: dock 4 (6 feet) needs room for every paid foot."""
    s = game(boats=[1])
    assert s.comps.docks[3].feet == 6
    hb.assert_illegal(s, Visit("RED", 4, ("boat1",), P(feet=6)), "H-R11")
    hb.assert_illegal(s, Visit("RED", 4, (FB, "boat1"), P(feet=5)), "H-R11")
    assert not hb.legal(s, dock=4)


def test_H_R11_default_trip():
    """H-R11: default boats: least spare room, then fewest boats, then earliest acquired."""
    s = game(boats=[1, 2, 1])
    comps = s.comps
    realm = hb.player(s, "RED").realm

    def names(cost):
        chosen, paid = boats_mod.default_trip(cost, realm.boats, comps)
        return tuple(getattr(b, "name", b) for b in chosen), paid   # Boats or names

    assert names(2) == ((FB,), 2)
    assert names(3) == (("boat1",), 3)            # boat1 and boat3 fit exactly: earliest
    assert names(4) == (("boat2",), 3)            # boat II: 3 paid + printed foot, no spare
    assert names(5) == ((FB, "boat1"), 5)
    assert names(1) == ((FB,), 1)
    realm.boats[0].used = True
    assert names(2) == (("boat1",), 2)
    assert boats_mod.default_trip(20, realm.boats, comps) is None


# --- H-R12 islands ------------------------------------------------------------------------

def test_H_R12_points_island_scores_dock_points_and_five():
    """H-R12: dock points at once, +5 for the points island; the island goes face up under the stack."""
    s = game(islands=["5-points", "foot-hut", "4-fruits", "2-kahunas"], boats=[1])
    dock = s.comps.docks[0]
    hb.play(s, Visit("RED", 1, ("boat1",), P(feet=3)))
    red = hb.player(s, "RED")
    assert red.points == {"dock": dock.points, "island": 5}
    assert red.feet == 7 and red.at == "dock1"
    assert s.d.docks[0] is None and s.d.stack_up[-1] == "5-points"


def test_H_R12_dock_2_costs_4_feet_and_scores_3():
    """Seed 000 island example: dock 2, 'Rouge paie 4 pieds', 'reçoit immédiatement 3 points'."""
    s = game(islands=["hula", "4-fruits", "foot-hut", "2-kahunas"], boats=[1])
    hb.play(s, Visit("RED", 2, (FB, "boat1"), P(feet=4)))
    red = hb.player(s, "RED")
    assert red.points == {"dock": 3} and red.feet == 6 and red.fruits == 4


def test_H_R12_tile_reward_is_side_II_from_its_place_free():
    """H-R12: the island's tile comes side II from its place, free, without a price token."""
    s = game(islands=["foot-hut", "5-points", "4-fruits", "2-kahunas"], boats=[1])
    stock = hb.place(s, "B1").stock["foot-hut"]
    tokens = list(hb.place(s, "B1").tokens)
    assert {(m.fruit, m.village) for m in hb.legal(s, dock=1)} == {(None, 1), (None, 2)}
    hb.assert_illegal(s, Visit("RED", 1, ("boat1",), P(feet=3)), "H-R12")     # village not named
    hb.assert_illegal(s, Visit("RED", 1, ("boat1",), P(feet=3), village=3), "H-R12")
    hb.play(s, Visit("RED", 1, ("boat1",), P(feet=3), village=2))
    red = hb.player(s, "RED")
    assert red.realm.villages[1] == [("foot-hut", 2)]
    assert hb.place(s, "B1").stock["foot-hut"] == stock - 1
    assert hb.place(s, "B1").tokens == tokens and red.tokens == [] and red.shells == 10


def test_H_R12_any_fruit_island_names_the_fruit():
    """H-R12: the any-fruit island gives one fruit tile of the player's choice, side II."""
    s = game(islands=["any-fruit", "5-points", "4-fruits", "2-kahunas"], boats=[1])
    hb.give(s, "RED", "banana", 1, village=1)
    fruits = {m.fruit for m in hb.legal(s, dock=1)}
    assert fruits == {"breadfruit", "taro", "coconut"}
    hb.assert_illegal(s, Visit("RED", 1, ("boat1",), P(feet=3), fruit="banana", village=1), ("H-R12", "H-R8"))
    hb.play(s, Visit("RED", 1, ("boat1",), P(feet=3), fruit="taro", village=1))
    assert ("taro", 2) in hb.player(s, "RED").realm.villages[0]


def test_H_R12_two_kahunas_as_many_as_fit():
    """H-R12 (seed 002 'If a player can accommodate only 1 ... he puts this one')."""
    s = game(islands=["2-kahunas", "5-points", "4-fruits", "foot-hut"], boats=[1])
    hb.give(s, "RED", "kahuna", count=4)
    stock = hb.place(s, "B3").stock["kahuna"]
    hb.play(s, Visit("RED", 1, ("boat1",), P(feet=3)))
    assert hb.player(s, "RED").realm.kahunas == 5
    assert hb.place(s, "B3").stock["kahuna"] == stock - 1


def test_H_R12_two_tikis_with_their_feet():
    """H-R12 / H-R9: the 2 tikis fill the next tiki spaces, paying the feet shown."""
    s = game(islands=["2-tikis", "5-points", "4-fruits", "foot-hut"], boats=[1])
    hb.give(s, "RED", "tiki", count=2)
    feet_row = s.comps.realm.tiki_feet
    hb.play(s, Visit("RED", 1, ("boat1",), P(feet=3)))
    red = hb.player(s, "RED")
    assert red.realm.tikis == 4 and red.feet == 10 - 3 + feet_row[2] + feet_row[3]
    # only one space left: one tiki
    s2 = game(islands=["2-tikis", "5-points", "4-fruits", "foot-hut"], boats=[1])
    hb.give(s2, "RED", "tiki", count=6)
    stock = hb.place(s2, "C3").stock["tiki"]
    hb.play(s2, Visit("RED", 1, ("boat1",), P(feet=3)))
    assert hb.player(s2, "RED").realm.tikis == 7 and hb.place(s2, "C3").stock["tiki"] == stock - 1


def test_H_R12_four_fruits():
    """H-R12: the fruits island gives 4 fruits from the supply."""
    s = game(islands=["4-fruits", "5-points", "2-kahunas", "foot-hut"], boats=[1])
    hb.play(s, Visit("RED", 1, ("boat1",), P(feet=3)))
    red = hb.player(s, "RED")
    assert red.fruits == 4 and red.points == {"dock": s.comps.docks[0].points}


def test_H_R12_unplaceable_reward_gives_only_the_dock_points():
    """H-R12: a tile that cannot be placed: only the dock points; the tile stays on its place."""
    s = game(islands=["hula", "5-points", "4-fruits", "2-kahunas"], boats=[1])
    hb.give(s, "RED", "hula", 1, village=1)        # no village can take a hula now
    stock = hb.place(s, "B2").stock["hula"]
    assert {(m.fruit, m.village) for m in hb.legal(s, dock=1)} == {(None, None)}
    hb.assert_illegal(s, Visit("RED", 1, ("boat1",), P(feet=3), village=1), "H-R12")
    hb.play(s, Visit("RED", 1, ("boat1",), P(feet=3)))
    red = hb.player(s, "RED")
    assert red.points == {"dock": s.comps.docks[0].points}
    assert hb.place(s, "B2").stock["hula"] == stock
    assert s.d.stack_up[-1] == "hula"


def test_H_R12_no_tile_left_gives_only_the_dock_points():
    """H-R12 (seed 002 'When a place has nothing left, the player cannot take anything')."""
    s = game(islands=["foot-hut", "5-points", "4-fruits", "2-kahunas"], boats=[1])
    for _ in range(5):
        hb.give(s, "GREEN", "foot-hut", 1)
    s.check_invariants()
    assert hb.place(s, "B1").stock["foot-hut"] == 0
    hb.play(s, Visit("RED", 1, ("boat1",), P(feet=3)))
    red = hb.player(s, "RED")
    assert red.points == {"dock": s.comps.docks[0].points}
    assert hb.realm_rows(s, "RED")[1] == []


def test_H_R12_an_empty_dock_cannot_be_visited():
    """H-R12 / docs/rulings.md H-X2: the visited island leaves its dock for the round; nobody else can go there."""
    s = game(islands=["5-points", "foot-hut", "4-fruits", "2-kahunas"], boats=[1])
    hb.give(s, "GREEN", "boat", 1)
    hb.set_resources(s, "GREEN", feet=10)
    hb.play(s, Visit("RED", 1, ("boat1",), P(feet=3)))
    hb.assert_illegal(s, Visit("GREEN", 1, ("boat1",), P(feet=3)), "H-R12")
    assert not hb.legal(s, dock=1)
    hb.assert_illegal(s, Visit("GREEN", 5, ("boat1",), P(feet=3)), "H-R12")


def test_H_R12_visit_needs_enough_feet():
    """H-R12 / H-R6: a player without the feet (or fruits) for the dock cannot sail."""
    s = game(boats=[1])
    hb.set_resources(s, "RED", feet=2, fruits=0)
    assert not hb.legal(s, dock=1)
    hb.assert_illegal(s, Visit("RED", 1, ("boat1",), P(feet=3)), "H-R6")


# --- the referee's own rulings (docs/rulings.md) -----------------------------------------

def test_H_X3_the_fruit_island_cannot_pay_its_own_trip():
    """docs/rulings.md H-X3: the 4 fruits arrive after the visit is paid; they cannot pay for it."""
    s = game(islands=["4-fruits", "5-points", "2-kahunas", "foot-hut"], boats=[1])
    hb.set_resources(s, "RED", 10, 0, 0)
    assert not hb.legal(s, dock=1)
    hb.assert_illegal(s, Visit("RED", 1, ("boat1",), P(fruits=3)), "H-R6")


def test_H_R10_the_move_takes_the_very_tokens_it_names():
    """H-R10: the price side of a fish token stays known, so the engine takes exactly the
    tokens named (the notation's choice among look-alikes is H-X6, tests/hawaii_notation)."""
    s = game(cove=["4s", "4", "6s"])
    hb.play(s, Fish("RED", (T("4s"),), (FB,), P(feet=1)))
    assert [str(t) for t in hb.player(s, "RED").fish] == ["4s"]
    assert sorted(str(t) for t in s.d.cove) == ["4", "6s"]
    s2 = game(cove=["4s", "6s"], boats=[1])
    hb.assert_illegal(s2, Fish("RED", (T(4), T(6)), ("boat1",), P(feet=2)), "H-R10")
    hb.play(s2, Fish("RED", (T("6s"), T("4s")), ("boat1",), P(feet=2)))
    assert sorted(str(t) for t in hb.player(s2, "RED").fish) == ["4s", "6s"]
