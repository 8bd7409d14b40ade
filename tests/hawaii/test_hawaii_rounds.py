"""The order track and the round's end: H-R13 (order track), H-R14 (spear bonus),
H-R16 (round-end scoring), H-R17 (income), H-R18 (next round)."""
from __future__ import annotations

from collections import Counter

import pytest

import hawaii_builders as hb
from hawaii_builders import P, T, Buy, ChooseIncome, TakeOrder, Visit
from referee.errors import OutOfTurnError
from referee.hawaii.rules import scoring


# --- H-R13 order track ---------------------------------------------------------------

def test_H_R13_token_under_the_space_joins_the_round_pile():
    """H-R13: spaces 2..N carry a token that joins the pile; space 1 has none."""
    s = hb.deal(["RED", "GREEN", "BLUE"], track=["3", "5"])
    assert s.d.track == {2: T(3), 3: T(5)}
    hb.play(s, TakeOrder("RED", 3))
    assert hb.player(s, "RED").tokens == [T(5)] and hb.player(s, "RED").at == "order3"
    assert 3 not in s.d.track and s.d.track_seat == {3: "RED"}
    hb.play(s, TakeOrder("GREEN", 1))
    assert hb.player(s, "GREEN").tokens == []


def test_H_R13_one_chief_per_space():
    """H-R13: each space holds one chief; spaces run 1..N."""
    s = hb.deal(["RED", "GREEN", "BLUE"])
    hb.play(s, TakeOrder("RED", 1))
    hb.assert_illegal(s, TakeOrder("GREEN", 1), "H-R13")
    hb.assert_illegal(s, TakeOrder("GREEN", 4), "H-R13")
    hb.assert_illegal(s, TakeOrder("GREEN", 0), "H-R13")
    assert {m.space for m in hb.legal(s) if isinstance(m, TakeOrder)} == {2, 3}


def test_H_R13_taking_the_track_ends_the_chiefs_round():
    """H-R13: a chief on the track does not act again this round."""
    s = hb.deal(["RED", "GREEN"])
    hb.play(s, TakeOrder("RED", 2))
    hb.play(s, TakeOrder("GREEN", 1))   # all on the track: the round ends
    assert s.d.history[-1]["round"] == 1


def test_H_R13_track_is_available_without_resources():
    """H-R13 / H-R4: the track costs nothing and is always open to a chief still playing."""
    s = hb.deal(["RED", "GREEN"])
    hb.set_resources(s, "RED", 0, 0, 0)
    hb.play(s, TakeOrder("RED", 1))
    assert hb.player(s, "RED").resources() == (0, 0, 0)


# --- H-R14 spear bonus ---------------------------------------------------------------

@pytest.mark.parametrize("tiles, points", [
    ([("spear-hut", 1)], 1), ([("spear-hut", 2)], 2), ([("ku", 1)], 1), ([("ku", 2)], 2),
    ([("spear-hut", 2), ("ku", 1)], 3), ([], 0)])
def test_H_R14_spear_token_from_a_place(tiles, points):
    """H-R14: each spear hut and KU scores when a crossed-spears token is taken at a place."""
    s = hb.deal(["RED", "GREEN"])
    for kind, side in tiles:
        hb.give(s, "RED", kind, side, village=1)
    hb.set_tokens(s, "B1", ["3s", "3"])
    hb.play(s, Buy("RED", "B1", "shell-hut", 1, T("3s"), 1, P(feet=1), P(shells=3)))
    red = hb.player(s, "RED")
    assert red.score == points and red.points.get("spear", 0) == points


def test_H_R14_two_spear_huts_add_up():
    """H-R14 (seed 002 'Their effects are additive')."""
    s = hb.deal(["RED", "GREEN"])
    hb.give(s, "RED", "spear-hut", 1, village=1)
    hb.give(s, "RED", "spear-hut", 2, village=2)
    hb.set_tokens(s, "B1", ["3s"])
    hb.play(s, Buy("RED", "B1", "shell-hut", 1, T("3s"), 1, P(feet=1), P(shells=3)))
    assert hb.player(s, "RED").points == {"spear": 3}


def test_H_R14_plain_token_scores_nothing():
    s = hb.deal(["RED", "GREEN"])
    hb.give(s, "RED", "spear-hut", 2, village=1)
    hb.set_tokens(s, "B1", ["3s", "3"])
    hb.play(s, Buy("RED", "B1", "shell-hut", 1, T(3), 1, P(feet=1), P(shells=3)))
    assert hb.player(s, "RED").score == 0


def test_H_R14_spear_token_from_the_order_track():
    """H-R14 (seed 002 'That is also valid for price tokens on the player sequence track')."""
    s = hb.deal(["RED", "GREEN"], track=["4s"])
    hb.give(s, "RED", "spear-hut", 2, village=1)
    hb.give(s, "RED", "ku", 1, village=1)
    hb.play(s, TakeOrder("RED", 2))
    assert hb.player(s, "RED").points == {"spear": 3}


def test_H_R14_spear_hut_bought_this_turn_does_not_act():
    """H-R6/H-R14: a spear hut (or KU) bought with a spear token does not score for it."""
    s = hb.deal(["RED", "GREEN"])
    hb.set_tokens(s, "A2", ["3s"])
    hb.play(s, Buy("RED", "A2", "spear-hut", 2, T("3s"), 1, P(feet=2), P(shells=6)))
    assert hb.player(s, "RED").score == 0
    s = hb.deal(["RED", "GREEN"])
    hb.set_tokens(s, "A3", ["3s"])
    hb.play(s, Buy("RED", "A3", "ku", 2, T("3s"), 1, P(feet=3), P(shells=6)))
    assert hb.player(s, "RED").score == 0


# --- H-R16 round-end scoring ---------------------------------------------------------------

def finish(s, sums: dict, spaces=None):
    """Give each seat tokens adding to ``sums`` (round 1 tokens), then end the round."""
    for seat, toks in sums.items():
        hb.give_round_tokens(s, seat, toks)
    for space in list(s.d.track):
        hb.set_track(s, space, None)
    s.check_invariants()
    hb.end_round(s, spaces)
    return s.d.history[-1] if "round" in s.d.history[-1] else s.d.history[-2]


def test_H_R16_threshold_and_first_second_rest():
    """H-R16: round 1 threshold 9, points 8/5/2 to first/second/rest who reach it."""
    s = hb.deal(["RED", "GREEN", "BLUE", "YELLOW"])
    rep = finish(s, {"RED": ["6", "6"], "GREEN": ["5", "5"], "BLUE": ["4", "5"], "YELLOW": ["4", "4"]})
    assert rep["points"] == {"RED": 8, "GREEN": 5, "BLUE": 2, "YELLOW": 0}
    assert rep["targets"] == dict.fromkeys(["RED", "GREEN", "BLUE", "YELLOW"], 9)


def test_H_R10_H_R16_a_fish_token_counts_its_fish_not_its_price():
    """H-R10 (revised) / H-R16: the round pile adds price tokens by their number and fish
    tokens by the fish they show. RED holds a 5 and fishes a 6 and a 5; GREEN holds 6 + 6.
    By price numbers RED (16) would beat GREEN (12); by fish RED has 5 + the fish shown."""
    s = hb.deal(["RED", "GREEN"])
    fish = s.comps.fish
    shown = fish(T(6)) + fish(T(5))
    assert 5 + shown < 12 < 5 + 6 + 5            # the two readings rank RED differently
    hb.give_round_tokens(s, "RED", ["5"], fish=["6", "5"])
    assert hb.player(s, "RED").round_sum(s.comps) == 5 + shown
    rep = finish(s, {"GREEN": ["6", "6"]})
    assert rep["sums"] == {"RED": 5 + shown, "GREEN": 12}
    assert rep["points"] == {"GREEN": 8, "RED": 5 if 5 + shown >= 9 else 0}


def test_H_R16_surfers_lower_the_threshold():
    """H-R16: each surfer lowers the player's threshold by 2 (side I) or 4 (side II)."""
    s = hb.deal(["RED", "GREEN", "BLUE"])
    hb.give(s, "RED", "surfer", 2, village=1)
    hb.give(s, "GREEN", "surfer", 1, village=1)
    hb.give(s, "GREEN", "shell-hut", 1, village=2)
    hb.give(s, "GREEN", "surfer", 1, village=2)
    rep = finish(s, {"RED": ["5"], "GREEN": ["2", "3"], "BLUE": ["3", "5"]})
    assert rep["targets"] == {"RED": 5, "GREEN": 5, "BLUE": 9}
    assert rep["points"] == {"RED": 8, "GREEN": 8, "BLUE": 0}


def test_H_R16_tie_for_first_skips_second():
    """H-R16: ties for first all score the first value and nobody scores the second."""
    assert scoring.round_scores({"A": 12, "B": 12, "C": 10, "D": 3}, dict.fromkeys("ABCD", 9),
                                (8, 5, 2)) == {"A": 8, "B": 8, "C": 2, "D": 0}


def test_H_R16_tie_for_second_under_a_single_first():
    """H-R16: under a single first, ties for second all score the second value."""
    assert scoring.round_scores({"A": 14, "B": 10, "C": 10, "D": 9}, dict.fromkeys("ABCD", 9),
                                (8, 5, 2)) == {"A": 8, "B": 5, "C": 5, "D": 2}


def test_H_R16_nobody_reaches_the_threshold():
    assert scoring.round_scores({"A": 8, "B": 3}, {"A": 9, "B": 9}, (8, 5, 2)) == {"A": 0, "B": 0}


def test_H_R16_the_ranking_is_among_those_who_reach_their_threshold():
    """H-R16: a higher sum below its own threshold does not take a place from those who reach theirs."""
    assert scoring.round_scores({"A": 8, "B": 7, "C": 6}, {"A": 9, "B": 5, "C": 5},
                                (8, 5, 2)) == {"A": 0, "B": 8, "C": 5}


def test_H_R16_LONO_adds_2_or_4_to_a_player_who_reached():
    """H-R16: LONO I +2, LONO II +4, only when the threshold is reached."""
    s = hb.deal(["RED", "GREEN", "BLUE"])
    hb.give(s, "RED", "lono", 1, village=1)
    hb.give(s, "GREEN", "lono", 2, village=1)
    hb.give(s, "BLUE", "kane", 1, village=1)
    rep = finish(s, {"RED": ["4", "5"], "GREEN": ["6", "6"], "BLUE": ["2"]})
    assert rep["points"] == {"RED": 5 + 2, "GREEN": 8 + 4, "BLUE": 0}
    assert hb.player(s, "GREEN").points == {"round": 8, "lono": 4}
    s = hb.deal(["RED", "GREEN"])
    hb.give(s, "RED", "lono", 2, village=1)
    finish(s, {"RED": ["2"], "GREEN": ["6", "6"]})
    assert hb.player(s, "RED").score == 0


def last_round(rules=()):
    s = hb.deal(["RED", "GREEN", "BLUE"], rules=rules)
    s.d.round = len(s.comps.rounds)
    s.check_invariants()
    return s


def test_H_R16_order_space_1_after_round_5_scores_2():
    """H-R16: after round 5 the player on order space 1 scores 2 points."""
    s = last_round()
    hb.end_round(s, {"RED": 3, "GREEN": 1, "BLUE": 2})
    assert s.d.phase == "over"
    assert hb.player(s, "GREEN").points.get("order") == 2
    assert "order" not in hb.player(s, "RED").points and "order" not in hb.player(s, "BLUE").points


def test_H_R16_no_order_bonus_before_round_5():
    s = hb.deal(["RED", "GREEN"])
    hb.end_round(s, {"RED": 1, "GREEN": 2})
    assert all("order" not in p.points for p in s.d.players.values())


def test_H_R22_german_original_has_no_order_bonus():
    """H-R22 `german-original`: no +2 for order space 1 after round 5."""
    s = last_round(rules=("german-original",))
    hb.end_round(s, {"RED": 1, "GREEN": 2, "BLUE": 3})
    assert s.d.phase == "over"
    assert all("order" not in p.points for p in s.d.players.values())


# --- H-R17 income ----------------------------------------------------------------------

def test_H_R17_income_round_indicator_huts_fruits_KANE_KU():
    """H-R17: indicator shells/feet + shell/foot huts, fruit tiles, KANE shells, KU 1 foot (both sides)."""
    s = hb.deal(["RED", "GREEN", "BLUE"])
    for kind, side, v in [("shell-hut", 1, 1), ("foot-hut", 2, 1), ("banana", 1, 1), ("coconut", 2, 1),
                          ("kane", 2, 1), ("shell-hut", 2, 2), ("ku", 1, 2)]:
        hb.give(s, "RED", kind, side, village=v)
    hb.give(s, "GREEN", "ku", 2, village=1)
    hb.give(s, "GREEN", "irrigation", 1, village=1)
    hb.give(s, "BLUE", "foot-hut", 1, village=1)
    hb.give(s, "BLUE", "kane", 1, village=1)
    for seat in s.d.players:
        hb.set_resources(s, seat, 0, 0, 0)
    s.check_invariants()
    hb.end_round(s)
    rnd = s.comps.rounds[0]
    assert (rnd.income_shells, rnd.income_feet) == (10, 6)
    assert hb.player(s, "RED").resources() == (10 + 1 + 2 + 2, 6 + 2 + 1, 1 + 2)
    assert hb.player(s, "GREEN").resources() == (10, 6 + 1, 0)
    assert hb.player(s, "BLUE").resources() == (10 + 1, 6 + 1, 0)


def test_H_R17_irrigation_II_is_a_choice_in_the_transcript():
    """H-R17: each irrigation II gives 1 shell, foot or fruit, the owner's choice (a ChooseIncome)."""
    s = hb.deal(["RED", "GREEN"])
    hb.give(s, "GREEN", "irrigation", 2, village=1)
    hb.give(s, "GREEN", "foot-hut", 1, village=2)
    hb.give(s, "GREEN", "irrigation", 2, village=2)
    hb.give(s, "RED", "irrigation", 2, village=1)
    for seat in s.d.players:
        hb.set_resources(s, seat, 0, 0, 0)
    hb.end_round(s, {"RED": 2, "GREEN": 1})
    assert s.d.phase == "income" and s.current_player() == "GREEN"     # next round's order
    opts = s.legal_moves()
    assert len(opts) == 6 and all(isinstance(m, ChooseIncome) for m in opts)
    hb.assert_illegal(s, ChooseIncome("GREEN", ("fruit",)), "H-R17")
    hb.assert_illegal(s, ChooseIncome("GREEN", ("fruit", "pearl")), "H-R17")
    hb.assert_illegal(s, ChooseIncome("RED", ("fruit",)), "H-R17", error=OutOfTurnError)
    hb.assert_illegal(s, TakeOrder("GREEN", 1), "H-R17", error=OutOfTurnError)
    hb.play(s, ChooseIncome("GREEN", ("fruit", "shell")))
    assert hb.player(s, "GREEN").resources() == (10 + 1, 6 + 1, 1)   # foot hut I: +1 foot
    assert s.current_player() == "RED"
    assert {m.choices for m in s.legal_moves()} == {("shell",), ("foot",), ("fruit",)}
    hb.play(s, ChooseIncome("RED", ("foot",)))
    assert hb.player(s, "RED").resources() == (10, 7, 0)
    assert s.current_player() == "chance" and s.d.round == 2


def test_H_R17_irrigation_I_gives_no_income():
    s = hb.deal(["RED", "GREEN"])
    hb.give(s, "RED", "irrigation", 1, village=1)
    hb.end_round(s)
    assert s.d.phase == "setup" and s.current_player() == "chance"


def test_H_R2_H_R17_income_is_never_short():
    """H-R2: the supply is unlimited; income is paid in full however much is out."""
    s = hb.deal(["RED", "GREEN"])
    hb.set_resources(s, "RED", 500, 500, 500)
    hb.set_resources(s, "GREEN", 0, 0, 0)
    hb.end_round(s)
    assert hb.player(s, "RED").resources() == (510, 506, 500)
    assert hb.player(s, "GREEN").resources() == (10, 6, 0)


def test_H_R17_no_income_after_round_5():
    s = last_round()
    before = {seat: p.resources() for seat, p in s.d.players.items()}
    hb.end_round(s)
    assert {seat: p.resources() for seat, p in s.d.players.items()} == before


# --- H-R18 next round -----------------------------------------------------------------------

def test_H_R18_tokens_back_to_the_bag_and_laid_out_again():
    """H-R18: every price and fish token returns to the bag, then the layout is drawn anew."""
    s = hb.deal(["RED", "GREEN"])
    hb.set_cove(s, ["6"])
    hb.play(s, hb.Fish("RED", (T(6),), ("fishing-boat",), P(feet=1)))
    hb.end_round(s, {"GREEN": 1, "RED": 2})
    d = s.d
    assert s.current_player() == "chance" and d.round == 2
    assert all(not p.tokens and not p.fish and p.at == "beach" for p in d.players.values())
    assert not d.cove and not d.track and all(not pl.tokens for pl in d.places.values())
    assert sum(d.bag.values()) == 25
    kinds = Counter(step[0] for step in d.pending)
    assert kinds["token"] == sum(p.circles for p in s.comps.places) + 1
    hb.redeal(s, tokens={"B1": ["6", "6s", "5"]}, track=["4s"])
    assert hb.place(s, "B1").tokens == [T(6), T("6s")] and hb.place(s, "B1").printed_empty
    assert T(5) in d.cove and d.track == {2: T("4s")}
    s.check_invariants()


def test_H_R18_order_is_re_ranked_by_the_track():
    """H-R18: next round's order is the order of the chiefs under the track."""
    s = hb.deal(["RED", "GREEN", "BLUE"])
    hb.end_round(s, {"RED": 3, "GREEN": 2, "BLUE": 1})
    hb.redeal(s)
    assert s.d.order == ["BLUE", "GREEN", "RED"] and s.current_player() == "BLUE"
    assert s.d.track_seat == {} and s.d.phase == "chiefs"


def test_H_R18_islands_slide_toward_dock_1_and_refill():
    """H-R18 (seed 000 'L'île sur le 3e poste est déplacée sur le 2e poste')."""
    s = hb.deal(["RED", "GREEN"], islands=["5-points", "foot-hut", "hula", "2-kahunas"])
    for seat in ("RED", "GREEN"):
        hb.give(s, seat, "boat", 1)
        hb.set_resources(s, seat, feet=10)
    hb.play(s, Visit("RED", 1, ("boat1",), P(feet=3)))
    hb.play(s, Visit("GREEN", 3, ("fishing-boat", "boat1"), P(feet=5), village=1))
    hb.end_round(s)
    assert s.d.docks[:2] == ["foot-hut", "2-kahunas"] and s.d.docks[2:] == [None, None]
    assert s.d.stack_up == ["5-points", "hula"]
    hb.redeal(s, islands=["surfer", "any-fruit"])
    assert s.d.docks == ["foot-hut", "2-kahunas", "surfer", "any-fruit"]


def test_H_R18_unvisited_islands_stay():
    s = hb.deal(["RED", "GREEN"], islands=["5-points", "foot-hut", "hula", "2-kahunas"])
    hb.end_round(s)
    hb.redeal(s)
    assert s.d.docks == ["5-points", "foot-hut", "hula", "2-kahunas"]


def test_H_R18_reshuffle_when_a_face_up_island_comes_up():
    """H-R18: with the face-down stack used up, the face-up islands are shuffled face down first."""
    s = hb.deal(["RED", "GREEN"], islands=["5-points", "foot-hut", "hula", "2-kahunas"])
    d = s.d
    d.stack_up = sorted(i for i, n in d.stack_down.items() for _ in range(n))
    d.stack_down = {}
    hb.give(s, "RED", "boat", 1)
    hb.play(s, Visit("RED", 1, ("boat1",), P(feet=3)))
    hb.end_round(s)
    while s.current_player() == "chance" and d.pending[0][0] == "token":
        s.apply(s.chance_outcomes()[0][0])
    assert d.pending[0][0] == "island"
    assert d.stack_up == [] and sum(d.stack_down.values()) == 7 and d.stack_down["5-points"] == 2
    assert {m.island_id for m, _ in s.chance_outcomes()} == set(d.stack_down)
    hb.redeal(s, islands=["5-points"])
    assert d.docks == ["foot-hut", "hula", "2-kahunas", "5-points"]
