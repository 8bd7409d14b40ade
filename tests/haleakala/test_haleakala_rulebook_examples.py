"""The worked examples of the French rulebook (Filosofia 2015), replayed."""
from __future__ import annotations

import pytest

import haleakala_builders as hb
from referee.core.game import CHANCE
from referee.errors import IllegalMoveError
from referee.haleakala.rules.moves import BuyNothing, CardDrawn, PickCard, PlaceDisc


def test_sum_rule_example():
    """Rulebook 'Placer ou reprendre' (K-R3): Yellow cannot place 3 where the sums would be
    equal to Red's; Yellow places 2 instead."""
    st = hb.deal(first="YELLOW")
    hb.put(st, "RED", 4, 3)
    hb.put(st, "YELLOW", 1, 3)
    with pytest.raises(IllegalMoveError) as exc:
        st.apply(PlaceDisc("YELLOW", 3, 3))
    assert str(exc.value) == "YELLOW cannot place 3 on beach3: sums would be equal (K-R3)"
    st.apply(PlaceDisc("YELLOW", 2, 3))
    assert st.beaches[3] == {"RED": [4], "YELLOW": [1, 2]}


def test_handout_case1_yellow_higher_picks_first():
    """Rulebook 'Distribution' case 1 (K-R5): Yellow's total is higher, so she chooses first;
    once Red has taken his card, both take their discs of that section back."""
    st = hb.deal(first="YELLOW")
    hb.put(st, "RED", 1, 1)
    hb.put(st, "RED", 2, 1)
    hb.put(st, "YELLOW", 4, 1)
    st.apply(PlaceDisc("YELLOW", 5, 2))            # the boat sails 5: section 1 (statue, shell)
    assert st.current_player() == "YELLOW"         # 4 > 1 + 2
    st.apply(PickCard("YELLOW", "shell"))
    assert st.pending[0] == {"do": "buy", "seat": "YELLOW", "why": "shell"}
    st.apply(BuyNothing("YELLOW"))
    assert st.cards["YELLOW"] == ["shell"]
    assert st.discard == {"statue": 1}            # Red's statue card (his shaman is on the beach)
    assert st.beaches[1] == {"RED": [], "YELLOW": []}
    assert st.reserve["RED"] == [1, 2, 3, 4, 5] and st.reserve["YELLOW"] == [1, 2, 3, 4]


def test_handout_case1_identical_cards():
    """Rulebook 'Cas spécial' (K-R5): two identical cards: only the higher total gets one."""
    st = hb.deal()
    st.shaman["YELLOW"] = "plain4"
    hb.put(st, "RED", 1, 4)
    hb.put(st, "YELLOW", 3, 4)
    st.apply(PlaceDisc("RED", 2, 2))               # section 4 holds statue, statue
    assert st.statues == {"plain4": "YELLOW"}
    assert st.slots[4] == [None, "statue"]
    assert st.statues_left == {"RED": 8, "YELLOW": 7}


def test_handout_case2_only_one_player():
    """Rulebook case 2 (K-R5): only one player has discs there: one card, the other stays."""
    st = hb.deal()
    hb.put(st, "YELLOW", 2, 5)
    st.apply(PlaceDisc("RED", 3, 2))
    assert st.current_player() == "YELLOW"
    st.apply(PickCard("YELLOW", "pearl-black"))
    assert st.slots[5] == ["shell", None]
    assert st.cards == {"RED": [], "YELLOW": ["pearl-black"]}


def test_handout_case3_nobody():
    """Rulebook case 3 (K-R5): nobody has discs there: nobody gets a card, the cards stay."""
    st = hb.deal()
    before = {k: list(v) for k, v in st.slots.items()}
    st.apply(PlaceDisc("RED", 3, 2))
    assert st.slots == before
    assert st.current_player() == "YELLOW"


def test_lava_card_on_refill():
    """Rulebook 'Les cartes Lave' (K-R5): a lava card drawn on a refill puts a lava disc on the
    landing crater and another card is drawn; consecutive lava cards stack."""
    st = hb.leave(hb.deal(), {"one": {}})
    hb.put(st, "RED", 1, 6)
    st.apply(PlaceDisc("RED", 4, 2))
    st.apply(PickCard("RED", "fish-1-butterfly"))
    for _ in range(3):
        st.apply(CardDrawn("lava"))
    assert st.craters[6] == 3 and st.current_player() == CHANCE
    st.apply(CardDrawn("pearl-white"))
    assert st.slots[6] == ["pearl-white", "shell"]
    st.check_invariants()


def test_eruption_example_yellow_scores_nine():
    """Rulebook 'DÉCOMPTES' example (K-R8, K-R9): the three-palm deck is empty; Red places his
    1 and sails to a section with no cards, triggering the second scoring. The lava takes a
    Yellow statue from a mountain and one from a plain; Yellow scores 3+3+2+1 = 9."""
    st = hb.empty_decks(hb.deal(first="RED"))
    for c in st.slots[3]:
        st.discard[c] = st.discard.get(c, 0) + 1
    st.slots[3] = [None, None]
    for sp in ("mountain1", "mountain2", "mountain5", "forest3", "plain4", "plain6"):
        hb.statue(st, "YELLOW", sp)
    st.craters[5] = 1
    st.craters[6] = 3
    st.lava_supply = 0
    st.check_invariants()
    st.apply(PlaceDisc("RED", 1, 2))
    assert st.is_over()
    last = st.scorings[-1]
    assert {(d["space"], d["seat"]) for d in last["destroyed"]} == {("mountain5", "YELLOW"),
                                                                  ("plain6", "YELLOW")}
    assert last["points"]["YELLOW"]["statues"] == 3 + 3 + 2 + 1
    assert st.statues_left["YELLOW"] == 4
