"""One or more tests per ruling K-R1..K-R11 (docs/rulings.md, `referee rules haleakala`)."""
from __future__ import annotations

from fractions import Fraction

import pytest

import haleakala_builders as hb
from referee.core.game import CHANCE
from referee.errors import BadChanceError, IllegalMoveError, OutOfTurnError
from referee.haleakala.rules import board
from referee.haleakala.data.components import default
from referee.haleakala.rules.game import new_state
from referee.haleakala.rules.moves import (Buy, BuyNothing, CardDrawn, FirstPlayerDrawn, PickCard,
                                     PlaceDisc, PriestessMove, Sail, TakeBack)


def reason(st, move) -> str:
    with pytest.raises(IllegalMoveError) as exc:
        st.apply(move)
    return exc.value.reason


# --- K-R1 board and first player ------------------------------------------------

def test_kr1_setup_positions():
    """K-R1: sections 1-6, hut beaches RED 1 / YELLOW 4, boat at the jetty (data: 2)."""
    st = new_state()
    assert st.shaman == {"RED": "beach1", "YELLOW": "beach4"}
    assert st.boat == default().jetty == 2
    assert board.parse_space(st.comp, "beach 3") == ("beach", 3)
    assert board.parse_space(st.comp, "crater7") is None


def test_kr1_first_player_is_a_chance_draw():
    """K-R1: the first player is drawn at random, then the 12 slots are dealt as draws."""
    st = new_state()
    assert st.current_player() == CHANCE and st.chance_kind() == "first"
    assert st.chance_outcomes() == [(FirstPlayerDrawn("RED"), Fraction(1, 2)),
                                    (FirstPlayerDrawn("YELLOW"), Fraction(1, 2))]
    st.apply(FirstPlayerDrawn("YELLOW"))
    assert st.chance_kind() == "slots"
    outs = dict(st.chance_outcomes())
    assert outs[CardDrawn("statue")] == Fraction(4, 15)
    assert sum(outs.values()) == 1
    for sec in range(1, 7):
        for card in hb.DEFAULT_SLOTS[sec]:
            st.apply(CardDrawn(card))
    assert st.current_player() == "YELLOW"
    assert sum(st.decks["one"].values()) == 3


def test_kr1_bad_draws_are_refused():
    """K-R1/K-R5: a draw that cannot happen is refused as a bad chance line."""
    st = new_state()
    with pytest.raises(BadChanceError):
        st.apply(CardDrawn("statue"))
    st.apply(FirstPlayerDrawn("RED"))
    with pytest.raises(BadChanceError):
        st.apply(CardDrawn("nautilus"))           # not in the one-palm deck


# --- K-R2 shaman movement ------------------------------------------------------------

def test_kr2_first_step_from_the_hut_beach():
    """K-R2: from the start beach the first step goes to the plain (then 1 more, not uphill)."""
    comp = default()
    assert board.shaman_destinations(comp, "beach1", "beach4") == ["plain1", "plain2", "plain6"]


def test_kr2_two_steps_one_uphill_no_crater():
    """K-R2: up to 2 steps, at most 1 uphill, never into crater, sea or beach."""
    comp = default()
    dests = set(board.reachable(comp, "plain3"))
    assert {"forest3", "plain1", "plain5", "forest2", "forest4"} <= dests
    assert "mountain3" not in dests                # two steps uphill
    dests = set(board.reachable(comp, "mountain3"))
    assert {"mountain1", "mountain5", "forest3", "plain3", "forest2"} <= dests
    assert not any(d.startswith(("crater", "beach", "sea")) for d in dests)
    assert "plain2" not in board.reachable(comp, "plain2")
    assert not any(d.startswith("beach") for d in board.reachable(comp, "plain1"))


def test_kr2_through_but_not_onto_the_other_shaman():
    """K-R2: a shaman passes the other shaman but does not end on it; statues do not block."""
    st = hb.deal()
    st.shaman = {"RED": "plain1", "YELLOW": "plain2"}
    hb.statue(st, "YELLOW", "plain3")
    dests = board.shaman_destinations(st.comp, "plain1", "plain2")
    assert "plain3" in dests and "plain2" not in dests
    msg = reason(st, PlaceDisc("RED", 3, 4, "plain2"))
    assert "K-R2" in msg and "other shaman" in msg
    st.apply(PlaceDisc("RED", 3, 4, "plain3"))
    assert st.shaman["RED"] == "plain3"


def test_kr2_moving_is_optional_and_checked():
    """K-R2: 0 steps is allowed; an unreachable space is refused naming the rule."""
    st = hb.deal()
    assert "K-R2" in reason(st, PlaceDisc("RED", 3, 4, "forest1"))
    assert "K-R2" in reason(st, PlaceDisc("RED", 3, 4, "crater1"))
    st.apply(PlaceDisc("RED", 3, 4))
    assert st.shaman["RED"] == "beach1"


# --- K-R3 sum rule ----------------------------------------------------------------------

def test_kr3_placement_that_ties_is_illegal():
    """K-R3: a placement that makes the two sums equal is illegal."""
    st = hb.deal()
    hb.put(st, "YELLOW", 3, 5)
    msg = reason(st, PlaceDisc("RED", 3, 5))
    assert msg == "RED cannot place 3 on beach5: sums would be equal (K-R3)"
    assert not any(isinstance(m, PlaceDisc) and m.section == 5 and m.value == 3
                   for m in st.legal_moves())


def test_kr3_take_back_rules():
    """K-R3: a take-back that ties is illegal; one that empties the beach is fine."""
    st = hb.deal()
    hb.put(st, "RED", 1, 5)
    hb.put(st, "RED", 3, 5)
    hb.put(st, "YELLOW", 3, 5)
    assert "K-R3" in reason(st, TakeBack("RED", 1, 5))
    st.apply(TakeBack("RED", 3, 5))
    assert st.beaches[5]["RED"] == [1]
    st2 = hb.deal()
    hb.put(st2, "RED", 2, 5)
    st2.apply(TakeBack("RED", 2, 5))
    assert st2.beaches[5] == {"RED": [], "YELLOW": []}


# --- K-R4 the four actions ------------------------------------------------------------------

def test_kr4_boat_beach_sails_clockwise_with_wrap():
    """K-R4: a disc on the boat's beach moves the boat that many sections clockwise."""
    st = hb.deal()
    st.apply(PlaceDisc("RED", 5, 2))
    assert st.boat == 1                           # 2 + 5 wraps past 6
    assert st.beaches[2]["RED"] == [5]


def test_kr4_no_shaman_move_when_sailing():
    """K-R4: placing on the boat's beach does not move the shaman."""
    st = hb.deal()
    assert "K-R4" in reason(st, PlaceDisc("RED", 2, 2, "plain1"))


def test_kr4_sail_only_without_number_discs():
    """K-R4: 'sail' (boat 1 section) only when no number disc is in reserve."""
    st = hb.deal()
    assert "K-R4" in reason(st, Sail("RED"))
    assert Sail("RED") not in st.legal_moves()
    for v, sec in ((1, 1), (2, 3), (3, 4), (4, 5), (5, 6)):
        hb.put(st, "RED", v, sec)
    assert Sail("RED") in st.legal_moves()
    st.apply(Sail("RED"))
    assert st.boat == 3


def test_kr4_turns_alternate_and_out_of_turn():
    """K-R4: a turn is exactly one action; then the other player acts."""
    st = hb.deal()
    with pytest.raises(OutOfTurnError):
        st.apply(PlaceDisc("YELLOW", 1, 1))
    st.apply(PlaceDisc("RED", 1, 1))
    assert st.current_player() == "YELLOW"


# --- K-R5 landing ---------------------------------------------------------------------------

def test_kr5_higher_sum_picks_other_takes_rest():
    """K-R5: both have discs; the higher sum picks, the other takes the remaining card;
    then every disc of the landing section goes home."""
    st = hb.deal()
    hb.put(st, "YELLOW", 1, 6)
    hb.put(st, "RED", 5, 6)
    st.apply(PlaceDisc("RED", 4, 2))               # boat 2 -> 6: RED 5 v YELLOW 1
    assert st.current_player() == "RED"
    st.apply(PickCard("RED", "fish-1-butterfly"))
    assert st.cards == {"RED": ["fish-1-butterfly"], "YELLOW": ["shell"]}
    assert st.pending[0] == {"do": "buy", "seat": "YELLOW", "why": "shell"}
    st.apply(BuyNothing("YELLOW"))
    assert st.beaches[6] == {"RED": [], "YELLOW": []}
    assert 1 in st.reserve["YELLOW"] and 5 in st.reserve["RED"]


def test_kr5_refill_order_one_then_two_then_three():
    """K-R5: refills draw from the one-palm deck, then the two-palm, then the three-palm."""
    st = hb.deal()
    hb.put(st, "RED", 1, 5)
    st.apply(PlaceDisc("RED", 3, 2))               # boat 2 -> 5, RED alone: picks
    st.apply(PickCard("RED", "pearl-black"))
    assert st.chance_kind() == "refill"
    assert {m.card for m, _ in st.chance_outcomes()} == set(st.decks["one"])
    st.apply(CardDrawn("statue"))
    assert st.slots[5] == ["shell", "statue"]
    assert st.beaches[5] == {"RED": [], "YELLOW": []}
    assert st.reserve["RED"] == [1, 2, 4, 5] and st.beaches[2]["RED"] == [3]
    hb.leave(st, {"one": {}})
    hb.put(st, "YELLOW", 2, 6)
    st.apply(PlaceDisc("YELLOW", 1, 5))            # boat 5 -> 6
    st.apply(PickCard("YELLOW", "fish-1-butterfly"))
    assert {m.card for m, _ in st.chance_outcomes()} == set(st.decks["two"])


def test_kr5_cards_cannot_be_refused():
    """K-R5: a pick names a card of the section; there is no 'nothing' pick."""
    st = hb.deal()
    hb.put(st, "RED", 1, 5)
    st.apply(PlaceDisc("RED", 3, 2))
    assert st.legal_moves() == [PickCard("RED", "pearl-black"), PickCard("RED", "shell")]
    assert "K-R5" in reason(st, PickCard("RED", "statue"))
    with pytest.raises(IllegalMoveError):
        st.apply(BuyNothing("RED"))


def test_kr5_effects_in_order_taken():
    """K-R5: the first card's decision (a shell purchase) comes before the second card."""
    st = hb.deal()
    hb.give(st, "RED", "shell")
    hb.put(st, "RED", 4, 5)
    hb.put(st, "YELLOW", 1, 5)
    st.apply(PlaceDisc("RED", 3, 2))               # boat -> 5: shell, pearl-black
    st.apply(PickCard("RED", "shell"))
    assert st.current_player() == "RED" and st.pending[0]["do"] == "buy"
    assert st.cards["YELLOW"] == []                # the rest is handed out afterwards
    st.apply(Buy("RED", "statue-majority"))
    assert st.cards["YELLOW"] == ["pearl-black"]
    assert st.score_cards["RED"] == ["statue-majority"]


def test_kr5_lava_card_on_refill_redraws():
    """K-R5: a lava card drawn on a refill puts lava on the landing crater and is replaced."""
    st = hb.leave(hb.deal(), {"one": {}})
    hb.put(st, "RED", 1, 5)
    st.apply(PlaceDisc("RED", 3, 2))
    st.apply(PickCard("RED", "pearl-black"))
    assert st.chance_kind() == "refill"
    st.apply(CardDrawn("lava"))
    assert st.craters[5] == 1 and st.lava_supply == 3 and st.discard["lava"] == 1
    assert st.current_player() == CHANCE         # the slot is still empty: draw again
    st.apply(CardDrawn("lava"))
    assert st.craters[5] == 2
    st.apply(CardDrawn("statue"))
    assert st.slots[5] == ["shell", "statue"]
    assert st.current_player() == "YELLOW"
    st.check_invariants()


# --- K-R6 statue and priestess cards ------------------------------------------------------------

def _land_alone(st, seat, card_sec, boat_disc):
    """``seat`` alone at ``card_sec``; the boat (at 2) sails there with ``boat_disc``."""
    hb.put(st, seat, 4 if boat_disc != 4 else 3, card_sec)
    st.apply(PlaceDisc(seat, boat_disc, 2))


def test_kr6_statue_card_builds_on_empty_build_space():
    """K-R6: the statue goes on the shaman's empty plain/forest/mountain space at once."""
    st = hb.deal()
    st.shaman["RED"] = "forest4"
    _land_alone(st, "RED", 4, 2)                   # section 4: statue, statue
    assert st.statues == {"forest4": "RED"} and st.statues_left["RED"] == 7
    assert st.discard.get("statue") == 1


def test_kr6_statue_card_wasted_on_beach_or_occupied_space():
    """K-R6: on a beach, an occupied space or without statues the card does nothing."""
    st = hb.deal()
    _land_alone(st, "RED", 4, 2)                   # shaman still on beach1
    assert st.statues == {} and st.discard.get("statue") == 1
    st = hb.deal()
    st.shaman["RED"] = "plain5"
    hb.statue(st, "YELLOW", "plain5")
    _land_alone(st, "RED", 4, 2)
    assert st.statues == {"plain5": "YELLOW"}
    st = hb.deal()
    st.shaman["RED"] = "plain5"
    for i, sp in enumerate(["plain1", "plain2", "plain3", "plain4", "plain6",
                            "forest1", "forest2", "forest3"]):
        hb.statue(st, "RED", sp)
    _land_alone(st, "RED", 4, 2)
    assert "plain5" not in st.statues and st.statues_left["RED"] == 0


def test_kr6_priestess_moves_lava_to_a_neighbour_only():
    """K-R6: one lava disc to a neighbouring crater, not across the centre; 'none' allowed."""
    st = hb.deal()
    st.craters[3] = 2
    st.lava_supply = 2
    _land_alone(st, "RED", 3, 1)                   # section 3: priestess, fish-2
    st.apply(PickCard("RED", "priestess"))
    assert st.pending[0]["do"] == "priestess"
    assert set(st.legal_moves()) == {PriestessMove("RED"), PriestessMove("RED", 3, 2),
                                     PriestessMove("RED", 3, 4)}
    msg = reason(st, PriestessMove("RED", 3, 6))
    assert "K-R6" in msg and "across the centre" in msg
    assert "K-R6" in reason(st, PriestessMove("RED", 1, 2))
    st.apply(PriestessMove("RED", 3, 4))
    assert st.craters[3] == 1 and st.craters[4] == 1


def test_kr6_priestess_none():
    """K-R6: the priestess decision may be 'none'."""
    st = hb.deal()
    st.craters[3] = 1
    st.lava_supply = 3
    _land_alone(st, "RED", 3, 1)
    st.apply(PickCard("RED", "priestess"))
    st.apply(PriestessMove("RED"))
    assert st.craters[3] == 1


# --- K-R7 shells ----------------------------------------------------------------------------------

def test_kr7_shell_kept_and_purchase_offered():
    """K-R7: a shell card is kept; right after receiving it its owner may buy a card."""
    st = hb.deal()
    _land_alone(st, "RED", 1, 5)                   # section 1: statue, shell
    st.apply(PickCard("RED", "shell"))
    assert st.cards["RED"] == ["shell"]
    assert set(st.legal_moves()) == {BuyNothing("RED"), Buy("RED", "butterflies"),
                                     Buy("RED", "forest-statues"), Buy("RED", "priestess")}
    assert "K-R7" in reason(st, Buy("RED", "mountain-statues"))    # costs 2
    st.apply(Buy("RED", "forest-statues"))
    assert st.cards["RED"] == [] and st.discard["shell"] == 1
    assert "forest-statues" not in st.board_cards


def test_kr7_no_purchase_at_other_times():
    """K-R7: shells buy only right after a shell card is received (or before a scoring)."""
    st = hb.deal()
    hb.give(st, "RED", "shell")
    with pytest.raises(IllegalMoveError):
        st.apply(Buy("RED", "butterflies"))


def test_kr7_priestess_card_turns_face_down():
    """K-R7: the score-board priestess costs 1, acts at once and turns face down."""
    st = hb.deal()
    st.craters[6] = 1
    st.lava_supply = 3
    _land_alone(st, "RED", 1, 5)
    st.apply(PickCard("RED", "shell"))
    st.apply(Buy("RED", "priestess"))
    assert not st.priestess_up and st.pending[0]["do"] == "priestess"
    st.apply(PriestessMove("RED", 6, 1))
    assert st.craters == {1: 1, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0}
    hb.give(st, "RED", "shell")
    assert "face down" in cards_reason(st)


def cards_reason(st):
    from referee.haleakala.rules import cards
    return cards.buy_reason(st, "RED", "shell", "priestess")


def test_kr7_shell_purchase_skipped_when_nothing_affordable():
    """K-R7 (with K-A1): nothing affordable, so no purchase decision is asked."""
    st = hb.deal()
    st.priestess_up = False
    st.board_cards = ["statue-majority", "complete-section", "mountain-statues"]
    st.score_cards["YELLOW"] = ["butterflies", "forest-statues"]
    _land_alone(st, "RED", 1, 5)
    st.apply(PickCard("RED", "shell"))
    assert st.current_player() == CHANCE and st.chance_kind() == "refill"


# --- K-R8 scorings ---------------------------------------------------------------------------------

def test_kr8_first_scoring_when_last_two_palm_card_placed():
    """K-R8: the first scoring starts when the last two-palm card fills a slot; the
    remaining slots are filled from the three-palm deck after it."""
    st = hb.leave(hb.deal(), {"one": {}, "two": {"statue": 1}})
    hb.put(st, "RED", 4, 4)
    hb.put(st, "YELLOW", 1, 4)
    hb.statue(st, "YELLOW", "mountain3")
    st.craters[3] = 1
    st.lava_supply = 3
    hb.give(st, "YELLOW", "shell")
    st.apply(PlaceDisc("RED", 2, 2))               # boat -> 4: statue, statue (identical)
    assert st.slots[4] == [None, "statue"]
    assert st.chance_kind() == "refill"
    st.apply(CardDrawn("statue"))                  # the last two-palm card
    assert st.slots[4] == ["statue", "statue"]
    assert st.current_player() == "YELLOW" and st.pending[0]["why"] == "scoring"
    st.apply(Buy("YELLOW", "butterflies"))
    sc = st.scorings[0]
    assert sc["n"] == 1 and sc["destroyed"] == [{"space": "mountain3", "seat": "YELLOW"}]
    assert sc["points"]["YELLOW"]["butterflies"] == 0
    assert st.round == 2 and st.lava_supply == 4 and sum(st.craters.values()) == 0
    assert st.score_cards["YELLOW"] == [] and "butterflies" in st.board_cards
    assert st.current_player() == "YELLOW" and st.pending == []
    st.check_invariants()


def test_kr8_slots_left_empty_are_filled_from_three_palm_after_scoring():
    """K-R8: a slot still empty when the first scoring starts is filled after it (three-palm)."""
    st = hb.leave(hb.deal(), {"one": {}, "two": {"lava": 1}})
    hb.put(st, "RED", 4, 4)
    st.apply(PlaceDisc("RED", 2, 2))
    st.apply(CardDrawn("lava"))                    # the two-palm deck is exhausted by lava
    assert st.round == 2 and len(st.scorings) == 1
    assert st.chance_kind() == "refill"
    assert {m.card for m, _ in st.chance_outcomes()} == set(st.decks["three"])
    st.apply(CardDrawn("nautilus"))
    assert st.slots[4] == ["nautilus", "statue"]


def test_kr8_pre_scoring_purchase_starts_with_trigger():
    """K-R8: before a scoring each player may buy one score card, the triggering player first."""
    st = hb.leave(hb.deal(), {"one": {}, "two": {"statue": 1}})
    hb.give(st, "RED", "shell")
    hb.give(st, "YELLOW", "shell")
    hb.put(st, "RED", 4, 4)
    st.apply(PlaceDisc("RED", 2, 2))
    st.apply(CardDrawn("statue"))
    assert st.current_player() == "RED"
    assert "K-R8" in reason(st, Buy("RED", "priestess"))
    st.apply(Buy("RED", "butterflies"))
    assert st.current_player() == "YELLOW"
    assert Buy("YELLOW", "butterflies") not in st.legal_moves()
    st.apply(BuyNothing("YELLOW"))
    assert st.round == 2


@pytest.mark.parametrize("lava,gone", [(1, {"mountain2"}), (2, {"mountain2", "forest2"}),
                                       (3, {"mountain2", "forest2", "plain2"}),
                                       (4, {"mountain2", "forest2", "plain2"})])
def test_kr8_eruption_reach(lava, gone):
    """K-R8: 1 lava reaches the mountain, 2 also the forest, 3 the plain; a 4th does nothing;
    statues return to their owners, shamans are unharmed, the lava leaves the board."""
    from referee.haleakala.rules import scoring
    st = hb.deal()
    for sp in ("mountain2", "forest2", "plain2"):
        hb.statue(st, "RED", sp)
    st.shaman["YELLOW"] = "forest2"
    st.craters[2] = lava
    st.lava_supply = 4 - lava
    destroyed = scoring.erupt(st)
    assert {d["space"] for d in destroyed} == gone
    assert st.statues_left["RED"] == 5 + len(gone)
    assert st.shaman["YELLOW"] == "forest2"
    assert st.lava_supply == 4 and st.craters[2] == 0
    st.check_invariants()


def test_kr8_second_scoring_ends_the_game():
    """K-R8: with the decks empty, the boat stopping at a section without cards ends the game."""
    st = hb.empty_decks(hb.deal())
    for c in st.slots[3]:
        st.discard[c] = st.discard.get(c, 0) + 1
    st.slots[3] = [None, None]
    st.check_invariants()
    st.apply(PlaceDisc("RED", 1, 2))
    assert st.is_over() and st.outcome() is not None
    assert [s["n"] for s in st.scorings] == [1, 2]
    assert st.legal_moves() == []
    with pytest.raises(IllegalMoveError):
        st.apply(PlaceDisc("YELLOW", 1, 1))


# --- K-R9 points -------------------------------------------------------------------------------------

def test_kr9_points_terms():
    """K-R9: statues 1/2/3; most baskets 3; pearls 1/2 and 4 for a pair; nautilus 3 and
    shells 1 each at the second scoring only."""
    from referee.haleakala.rules import scoring
    st = hb.deal()
    hb.statue(st, "RED", "plain1")
    hb.statue(st, "RED", "forest2")
    hb.statue(st, "RED", "mountain3")
    for c in ("fish-2-butterfly", "pearl-white", "pearl-black", "nautilus", "shell"):
        hb.give(st, "RED", c)
    hb.give(st, "YELLOW", "fish-1")
    hb.give(st, "YELLOW", "pearl-black")
    p1 = scoring.points(st, "RED", 1)
    assert p1 == {"statues": 6, "baskets": 3, "pearls": 4, "total": 13}
    p2 = scoring.points(st, "RED", 2)
    assert p2["nautilus"] == 3 and p2["shells"] == 1 and p2["total"] == 17
    assert scoring.points(st, "YELLOW", 1) == {"statues": 0, "baskets": 0, "pearls": 2, "total": 2}


def test_kr9_basket_tie_scores_nothing():
    """K-R9: equal fish baskets: nobody scores the 3 points."""
    from referee.haleakala.rules import scoring
    st = hb.deal()
    hb.give(st, "RED", "fish-2")
    hb.give(st, "YELLOW", "fish-1")
    hb.give(st, "YELLOW", "fish-1-butterfly")
    assert scoring.points(st, "RED", 1)["baskets"] == 0
    assert scoring.points(st, "YELLOW", 1)["baskets"] == 0


def test_kr9_score_cards():
    """K-R9: each bought score card scores (butterflies, majority, complete section,
    forest and mountain statues)."""
    from referee.haleakala.rules import scoring
    st = hb.deal()
    for sp in ("plain2", "forest2", "mountain2", "mountain4"):
        hb.statue(st, "RED", sp)
    hb.statue(st, "YELLOW", "plain5")
    hb.statue(st, "YELLOW", "plain6")
    hb.give(st, "RED", "fish-1-butterfly")
    hb.give(st, "RED", "nautilus-butterfly")
    st.score_cards["RED"] = list(st.comp.score_cards)
    st.board_cards = []
    p = scoring.points(st, "RED", 1)
    assert p["butterflies"] == 2
    assert p["statue-majority"] == 4              # forest and mountain; plains 1 v 2
    assert p["complete-section"] == 4
    assert p["forest-statues"] == 2
    assert p["mountain-statues"] == 6


def test_kr9_score_cards_return_after_first_scoring():
    """K-R9: bought score cards go back to the board after the first scoring; the priestess
    turns face up."""
    from referee.haleakala.rules import scoring
    st = hb.deal()
    st.score_cards["RED"] = ["butterflies"]
    st.board_cards.remove("butterflies")
    st.priestess_up = False
    scoring.run_scoring(st, 1)
    assert st.board_cards == list(st.comp.score_cards) and st.priestess_up
    assert st.scorings[0]["points"]["RED"]["butterflies"] == 0


# --- K-R10 winner ------------------------------------------------------------------------------------

def test_kr10_tie_breaks():
    """K-R10: most points; then most statues on the island; then who did not start."""
    from referee.haleakala.rules import scoring
    st = hb.deal(first="RED")
    st.score = {"RED": 10, "YELLOW": 10}
    assert scoring.final_result(st)["winners"] == ["YELLOW"]
    hb.statue(st, "RED", "plain1")
    r = scoring.final_result(st)
    assert r["winners"] == ["RED"] and r["tiebreak"] == "statues"
    st.score["YELLOW"] = 11
    assert scoring.final_result(st)["winners"] == ["YELLOW"]


# --- K-R11 tactical variant -----------------------------------------------------------------------------

def test_kr11_no_lava_cards_in_decks():
    """K-R11: the 8 lava cards are removed (kept in the box, so 49 cards are conserved)."""
    st = new_state(rules=["tactical"])
    assert all("lava" not in d for d in st.decks.values())
    assert st.box == {"lava": 8}


def test_kr11_invocation_puts_lava_on_landing_crater():
    """K-R11: the invocation disc goes with a number disc on the boat's beach; a lava disc goes
    on the landing section's crater; the disc comes back when the boat lands at its section."""
    st = hb.deal(rules=["tactical"])
    assert PlaceDisc("RED", 3, 2, None, True) in st.legal_moves()
    assert "K-R11" in reason(st, PlaceDisc("RED", 3, 4, None, True))
    st.apply(PlaceDisc("RED", 3, 2, None, True))
    assert st.craters[5] == 1 and st.lava_supply == 3
    assert st.invocation["RED"] == 2
    assert "K-R11" in reason(st, PlaceDisc("YELLOW", 1, 1, None, True))
    st.apply(PlaceDisc("YELLOW", 3, 5))           # boat 5 -> 2: RED's disc 3 is there
    st.apply(PickCard("RED", "pearl-white"))
    assert st.invocation["RED"] == "reserve"
    assert st.reserve["RED"] == [1, 2, 3, 4, 5]


def test_kr11_invocation_not_in_base_game():
    """K-R11: the invocation disc exists only in the tactical variant."""
    st = hb.deal()
    assert "K-R11" in reason(st, PlaceDisc("RED", 3, 2, None, True))


def test_kr11_invocation_back_with_priestess():
    """K-R11: receiving a priestess brings the invocation disc back."""
    st = hb.deal(rules=["tactical"])
    st.invocation["RED"] = 6
    hb.put(st, "RED", 2, 3)
    st.apply(PlaceDisc("RED", 1, 2))               # boat 2 -> 3: priestess, fish-2
    st.apply(PickCard("RED", "priestess"))         # no lava on the board: nothing to decide
    assert st.invocation["RED"] == "reserve"


def test_kr11_no_purchase_before_scoring_and_lava_cap():
    """K-R11: no score card is bought just before a scoring; at most 4 lava discs a round."""
    st = hb.deal(rules=["tactical"])
    st.decks["one"] = {}
    st.decks["two"] = {"statue": 1}
    st.discard = {"statue": 3, "priestess": 2, "shell": 3, "fish-1-butterfly": 1, "pearl-white": 1}
    hb.give(st, "RED", "shell")
    hb.give(st, "RED", "shell")
    hb.put(st, "RED", 4, 4)
    st.apply(PlaceDisc("RED", 2, 2))
    st.apply(CardDrawn("statue"))
    assert st.round == 2 and st.score_cards["RED"] == []
    st.craters[1] = 4
    st.lava_supply = 0
    assert not any(getattr(m, "invocation", False) for m in st.legal_moves())
