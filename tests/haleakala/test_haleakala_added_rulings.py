"""The referee's own rulings K-A1..K-A12 (docs/haleakala.md), where the rulebook and the
rules page are silent."""
from __future__ import annotations

import pytest

import haleakala_builders as hb
from referee.core.game import CHANCE
from referee.errors import IllegalMoveError
from referee.haleakala.data import components
from referee.haleakala.rules import scoring
from referee.haleakala.rules.game import new_state
from referee.haleakala.rules.moves import Buy, CardDrawn, FirstPlayerDrawn, PickCard, PlaceDisc
from referee.core.paths import game_data


def test_ka1_single_answer_decisions_are_not_asked():
    """K-A1: one face to pick, no lava to move, nothing affordable: no decision is asked."""
    st = hb.deal()
    hb.put(st, "RED", 1, 4)
    st.apply(PlaceDisc("RED", 2, 2))               # boat -> 4: statue, statue: one face
    assert st.current_player() == CHANCE           # straight on to the refill
    st = hb.deal()
    hb.put(st, "RED", 4, 3)
    st.apply(PlaceDisc("RED", 1, 2))               # boat -> 3: priestess, fish-2
    st.apply(PickCard("RED", "priestess"))         # no lava anywhere: nothing to decide
    assert st.current_player() == CHANCE


def test_ka2_identical_means_same_face():
    """K-A2: cards are identical when they show the same face; different faces are not."""
    slots = dict(hb.DEFAULT_SLOTS)
    slots[2] = ["fish-1", "fish-1-butterfly"]
    slots[6] = ["pearl-white", "shell"]
    st2 = hb.deal(slots=slots)
    hb.put(st2, "RED", 5, 2)
    hb.put(st2, "YELLOW", 1, 2)
    st2.boat = 1
    st2.apply(PlaceDisc("RED", 1, 1))              # boat 1 -> 2: fish-1 v fish-1-butterfly
    assert st2.legal_moves() == [PickCard("RED", "fish-1"), PickCard("RED", "fish-1-butterfly")]
    st2.apply(PickCard("RED", "fish-1"))
    assert st2.cards["YELLOW"] == ["fish-1-butterfly"]


def test_ka3_lava_as_last_two_palm_card_starts_the_scoring():
    """K-A3: the first scoring starts when the two-palm deck is exhausted, even by a lava card;
    that lava stays for round 1's eruption and the slot is filled from three-palm afterwards."""
    st = hb.leave(hb.deal(), {"one": {}, "two": {"lava": 1}})
    hb.statue(st, "YELLOW", "mountain4")
    hb.put(st, "RED", 4, 4)
    st.apply(PlaceDisc("RED", 2, 2))
    st.apply(CardDrawn("lava"))
    assert st.scorings[0]["destroyed"] == [{"space": "mountain4", "seat": "YELLOW"}]
    assert st.chance_kind() == "refill" and "lava" in st.decks["three"]
    st.apply(CardDrawn("lava"))                    # a three-palm lava belongs to round 2
    assert st.craters[4] == 1 and st.round == 2


def test_ka4_refill_from_the_landing_section_on():
    """K-A4: setup deals sections 1-6, slot 1 then 2; a refill fills the landing section."""
    st = new_state()
    st.apply(FirstPlayerDrawn("RED"))
    st.apply(CardDrawn("pearl-white"))
    st.apply(CardDrawn("shell"))
    st.apply(CardDrawn("statue"))
    assert st.slots[1] == ["pearl-white", "shell"] and st.slots[2] == ["statue", None]


def test_ka5_pearl_pairs():
    """K-A5: each white+black pair scores 4; unpaired pearls 1 (white) or 2 (black)."""
    st = hb.deal()
    for c in ("pearl-white", "pearl-white", "pearl-black"):
        hb.give(st, "RED", c)
    assert scoring.points(st, "RED", 1)["pearls"] == 4 + 1
    hb.give(st, "YELLOW", "pearl-black")
    assert scoring.points(st, "YELLOW", 1)["pearls"] == 2


def test_ka6_pay_with_shells_without_butterflies_first():
    """K-A6: a purchase spends the shell cards showing the fewest butterflies."""
    text = game_data("haleakala").read_text(encoding="utf-8")
    text = text.replace("    shell: {kind: shell}\n",
                        "    shell: {kind: shell}\n    shell-butterfly: {kind: shell, butterflies: 1}\n")
    text = text.replace("        shell: 3\n        fish-1: 1\n",
                        "        shell: 2\n        shell-butterfly: 1\n        fish-1: 1\n")
    comp = components.parse(text)
    st = new_state(comp=comp)
    st.apply(FirstPlayerDrawn("RED"))
    for sec in range(1, 7):
        for c in hb.DEFAULT_SLOTS[sec]:
            st.apply(CardDrawn("shell-butterfly" if (sec, c) == (6, "shell") else c))
    hb.give(st, "RED", "shell")
    hb.put(st, "RED", 4, 1)
    st.apply(PlaceDisc("RED", 5, 2))               # boat -> 1: statue, shell
    st.apply(PickCard("RED", "shell"))
    st.apply(Buy("RED", "butterflies"))
    assert st.cards["RED"] == ["shell"]
    st.check_invariants()


def test_ka7_invocation_disc_does_not_count_in_sums():
    """K-A7: the invocation disc has no number: it counts in no sum and gives no card."""
    st = hb.deal(rules=["tactical"])
    st.apply(PlaceDisc("RED", 3, 2, None, True))   # RED's invocation disc now on beach2
    assert st.beaches[2]["RED"] == [3]
    with pytest.raises(IllegalMoveError) as exc:
        st.apply(PlaceDisc("YELLOW", 3, 2))         # 3 v 3: the invocation disc adds nothing
    assert "K-R3" in exc.value.reason


def test_ka7_invocation_needs_a_lava_disc_in_supply():
    """K-A7: with all 4 lava discs on the board the invocation disc cannot be added."""
    st = hb.deal(rules=["tactical"])
    st.craters[6] = 4
    st.lava_supply = 0
    with pytest.raises(IllegalMoveError) as exc:
        st.apply(PlaceDisc("RED", 3, 2, None, True))
    assert "K-R11" in exc.value.reason


def test_ka8_second_scoring_hands_out_nothing():
    """K-A8: at the second scoring's landing no card is handed out and the game ends."""
    st = hb.empty_decks(hb.deal())
    for c in st.slots[3]:
        st.discard[c] = st.discard.get(c, 0) + 1
    st.slots[3] = [None, None]
    hb.put(st, "YELLOW", 2, 3)
    st.apply(PlaceDisc("RED", 1, 2))
    assert st.is_over() and st.beaches[3]["YELLOW"] == [2]


def test_ka9_no_priestess_before_a_scoring():
    """K-A9: before a scoring only score cards can be bought (not the priestess)."""
    from referee.haleakala.rules import cards
    st = hb.deal()
    hb.give(st, "RED", "shell")
    assert "priestess" not in cards.buy_options(st, "RED", "scoring")
    assert "priestess" in cards.buy_options(st, "RED", "shell")


def test_ka10_majorities_are_strict():
    """K-A10: a majority needs strictly more statues of that ring (a tie gives nothing)."""
    st = hb.deal()
    hb.statue(st, "RED", "plain1")
    hb.statue(st, "YELLOW", "plain2")
    hb.statue(st, "RED", "forest1")
    assert scoring.score_card(st, "RED", "statue-majority") == 2
    assert scoring.score_card(st, "YELLOW", "statue-majority") == 0


def test_ka11_staying_is_not_moving():
    """K-A11: naming the shaman's own space is staying; it never counts as a move."""
    st = hb.deal()
    st.shaman["RED"] = "plain1"
    st.apply(PlaceDisc("RED", 3, 4, "plain1"))
    assert st.shaman["RED"] == "plain1"
    assert not any(getattr(m, "shaman", None) == st.shaman["YELLOW"] for m in st.legal_moves())


def test_ka12_lava_card_with_no_lava_disc_left():
    """K-A12: a lava card drawn while all lava discs are on the board is only discarded."""
    st = hb.leave(hb.deal(), {"one": {}})
    st.craters[1] = 4
    st.lava_supply = 0
    hb.put(st, "RED", 1, 6)
    st.apply(PlaceDisc("RED", 4, 2))
    st.apply(PickCard("RED", "fish-1-butterfly"))
    st.apply(CardDrawn("lava"))
    assert st.craters[6] == 0 and st.craters[1] == 4 and st.discard["lava"] == 1
    st.check_invariants()
