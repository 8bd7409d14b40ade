"""Final scoring and the winner: H-R19, H-R20, H-R21, H-R22."""
from __future__ import annotations

import pytest

import hawaii_builders as hb
from hawaii_builders import realm
from referee.errors import IllegalMoveError
from referee.hawaii.rules import scoring
from referee.hawaii.data.components import load
from referee.hawaii.rules.game import RULE_FLAGS, new_state
from referee.hawaii.rules.realm import START_HUT, Realm

COMPS = load()
NO_RULES = frozenset()


def score(r, rules=NO_RULES):
    return scoring.final_breakdown(r, COMPS, rules)


# --- H-R19 ----------------------------------------------------------------------------

def test_H_R19_reach_is_measured_from_the_leftmost_tiki():
    """H-R19: a village of length L is kept when a tiki stands over one of its columns 1..L."""
    cols = COMPS.realm.tiki_columns
    r = realm([["shell-hut"], ["foot-hut", "spear-hut", "hula", "surfer"]], tikis=3)
    leftmost = min(cols[:3])
    assert [len(row) for row in r.villages[:2]] == [2, 4]
    assert r.kept_villages(COMPS)[:2] == [2 >= leftmost, 4 >= leftmost]
    r.tikis = len(cols)                   # every tiki space filled: column 1 is covered
    assert r.kept_villages(COMPS) == [True, True, False, False, False]   # empty rows never count


def test_H_R19_villages_not_reaching_a_tiki_lose_their_kahuna():
    """H-R19: removed villages take their kahuna with them; kept villages score theirs."""
    long = ["exchange-hut", "hula", "surfer", "banana", "taro"]           # 5 tiles
    r = realm([["shell-hut", "foot-hut", "spear-hut"], long, ["long-hut"]], kahunas=4, tikis=3)
    # tikis over columns 7, 6, 5: village 1 (4 tiles) and 3 (1 tile) do not reach
    assert r.kept_villages(COMPS) == [False, True, False, False, False]
    assert score(r)["kahunas"] == COMPS.realm.kahuna_points[1]
    r.tikis = 4                                                          # column 4: village 1 reaches
    assert score(r)["kahunas"] == sum(COMPS.realm.kahuna_points[:2])


def test_H_R19_no_tiki_no_village():
    """H-R19: with no tiki placed only a village reaching the printed tiki could score."""
    r = realm([["long-hut:II", "hula"]], kahunas=1, tikis=0)
    assert score(r) == dict.fromkeys(score(r), 0)


def test_H_R19_long_hut_II_scores_5_in_a_kept_village():
    """H-R19: long hut side II 5, side I nothing, removed village nothing."""
    r = realm([["long-hut:II"], ["long-hut"], ["long-hut:II"]], tikis=7)
    assert score(r)["long-huts"] == 5 + 0 + 5
    r.tikis = 6    # leftmost tiki column 2: the 1-tile villages 2 and 3 are removed
    assert score(r)["long-huts"] == 5


@pytest.mark.parametrize("side, per", [("", 1), (":II", 2)])
def test_H_R19_hula_counts_every_tile_of_her_village_with_the_start_hut(side, per):
    """H-R19 (seed 002 'She includes herself and the start hut')."""
    r = realm([["shell-hut", "hula" + side, "banana"], ["foot-hut", "surfer"]], tikis=7)
    assert score(r)["hula"] == per * 4


@pytest.mark.parametrize("fruits, points", [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10)])
def test_H_R19_irrigation_table(fruits, points):
    """H-R19: irrigation by the fruit tiles in its own village (3 = 6 and 4 = 10 from the seed)."""
    kinds = ["banana", "taro", "coconut", "breadfruit"][:fruits]
    other = ["foot-hut", "banana:II", "taro", "coconut"]          # fruit elsewhere does not count
    r = realm([["irrigation", *kinds], other], tikis=7)
    assert score(r)["irrigation"] == points
    assert COMPS.irrigation_points[fruits] == points


def test_H_R19_LAKA_counts_fruits_shown_in_kept_villages():
    """H-R19: LAKA 1 or 2 per fruit shown (side I shows 1, II shows 2), in any kept village."""
    rows = [["laka", "banana:II"], ["foot-hut", "taro", "coconut:II", "banana"], ["shell-hut", "taro:II"]]
    r = realm(rows, tikis=6)      # leftmost column 2: all three villages reach
    assert score(r)["laka"] == 1 * (2 + 1 + 2 + 1 + 2)
    rows[0][0] = "laka:II"
    r = realm(rows, tikis=5)      # leftmost column 3: village 3 (2 tiles) is removed
    assert score(r)["laka"] == 2 * (2 + 1 + 2 + 1)
    r = realm(rows, tikis=4)      # village 1 (3 tiles) removed too, LAKA with it
    assert score(r)["laka"] == 0


def test_H_R19_KANALOA_counts_boat_tiles_and_kept_surfers():
    """H-R19: KANALOA 2 or 4 per boat tile and per surfer in a kept village."""
    rows = [["kanaloa", "surfer"], ["foot-hut", "surfer:II", "hula"], ["shell-hut"], ["spear-hut", "surfer"]]
    r = realm(rows, tikis=5, boats=[1, 2])       # leftmost tiki column 3: villages 3 and 4 removed
    assert r.kept_villages(COMPS)[:4] == [True, True, False, False]
    assert score(r)["kanaloa"] == 2 * (2 + 2)
    rows[0][0] = "kanaloa:II"
    assert score(realm(rows, tikis=5, boats=[1, 2]))["kanaloa"] == 4 * (2 + 2)


def test_H_R20_KANALOA_ignores_the_fishing_boat_by_default():
    """H-R20: the German original counts boat tiles only; the flag adds the fishing boat."""
    r = realm([["kanaloa"]], tikis=6, boats=[1])
    assert score(r)["kanaloa"] == 2 * 1
    assert score(r, frozenset({"kanaloa-fishing-boat"}))["kanaloa"] == 2 * 2
    r0 = realm([["kanaloa"]], tikis=6)
    assert score(r0)["kanaloa"] == 0
    assert score(r0, frozenset({"kanaloa-fishing-boat"}))["kanaloa"] == 2


def test_H_R20_flag_in_a_real_game_end():
    """H-R20: `kanaloa-fishing-boat` reaches the final scoring of a played game."""
    results = {}
    for rules in ((), ("kanaloa-fishing-boat",)):
        s = hb.deal(["RED", "GREEN"], rules=rules)
        hb.give(s, "RED", "kanaloa", 2, village=1)
        hb.give(s, "RED", "tiki", count=6)
        hb.give(s, "RED", "boat", 1)
        s.d.round = len(s.comps.rounds)
        hb.end_round(s)
        results[rules] = hb.player(s, "RED").points.get("kanaloa", 0)
    assert results == {(): 4, ("kanaloa-fishing-boat",): 8}


def test_H_R19_final_scoring_after_round_5_in_play():
    """H-R19: the final scoring runs after round 5's scoring and adds each part to the score."""
    s = hb.deal(["RED", "GREEN"])
    for kind, side, v in [("hula", 2, 1), ("long-hut", 2, 1), ("irrigation", 1, 1), ("banana", 2, 1),
                          ("taro", 1, 1), ("laka", 1, 1)]:
        hb.give(s, "RED", kind, side, village=v)
    hb.give(s, "RED", "kahuna", count=2)
    hb.give(s, "RED", "tiki", count=2)
    s.d.round = len(s.comps.rounds)
    expected = scoring.final_breakdown(hb.player(s, "RED").realm, s.comps, s.d.rules)
    assert expected["hula"] == 2 * 7 and expected["long-huts"] == 5
    hb.end_round(s, {"RED": 2, "GREEN": 1})
    assert s.d.phase == "over" and s.current_player() is None and s.legal_moves() == []
    red = hb.player(s, "RED")
    for why, n in expected.items():
        assert red.points.get(why, 0) == n
    assert s.d.history[-1]["final"]["RED"] == expected
    assert s.outcome().scores["RED"] == red.score
    s.check_invariants()


# --- H-R21 winner ---------------------------------------------------------------------------

def ended(scores, left, rules=()):
    seats = list(scores)
    s = hb.deal(seats, rules=rules)
    for seat in seats:
        hb.player(s, seat).add_points("test", scores[seat])
        hb.set_resources(s, seat, *left[seat])
    s.d.round = len(s.comps.rounds)
    hb.end_round(s, {seat: k for k, seat in enumerate(seats, start=1)})
    assert s.d.phase == "over"
    return s


def test_H_R21_most_points_wins():
    s = ended({"RED": 30, "GREEN": 40}, {"RED": (9, 9, 9), "GREEN": (0, 0, 0)})
    assert s.outcome().winners == ("GREEN",)


def test_H_R21_tie_broken_by_resources_left():
    """H-R21: tied scores: the most shells + feet + fruits left wins."""
    # RED takes order space 1 (+2 after round 5, H-R16): 38 + 2 ties BLUE's 40
    s2 = ended({"RED": 38, "GREEN": 30, "BLUE": 40}, {"RED": (1, 2, 3), "GREEN": (9, 9, 9), "BLUE": (0, 7, 0)})
    assert hb.player(s2, "RED").score == hb.player(s2, "BLUE").score
    assert s2.outcome().winners == ("BLUE",)        # 7 resources against 6


def test_H_R21_still_tied_is_a_shared_victory():
    s = ended({"RED": 38, "GREEN": 40}, {"RED": (1, 2, 3), "GREEN": (0, 0, 6)})
    assert s.outcome().winners == ("RED", "GREEN")


def test_H_R22_german_original_ties_are_shared():
    """H-R22 `german-original`: a tie for most points is shared (no resource tie-break)."""
    s = ended({"RED": 40, "GREEN": 40}, {"RED": (1, 2, 3), "GREEN": (9, 9, 9)}, rules=("german-original",))
    assert hb.player(s, "RED").score == hb.player(s, "GREEN").score     # no order bonus either
    assert s.outcome().winners == ("RED", "GREEN")


# --- H-R22 flags --------------------------------------------------------------------------

def test_H_R22_known_flags_and_unknown_ones_refused():
    """H-R22: the Rules tag names variants; an unknown one is refused citing H-R22."""
    assert set(RULE_FLAGS) >= {"german-original", "kanaloa-fishing-boat"}
    s = new_state(["RED", "GREEN"], ["german-original", "kanaloa-fishing-boat"])
    assert s.d.rules == frozenset({"german-original", "kanaloa-fishing-boat"})
    with pytest.raises(IllegalMoveError, match="H-R22"):
        new_state(["RED", "GREEN"], ["yucata"])
    assert new_state(["RED", "GREEN"]).d.rules == frozenset()


def test_H_R19_start_hut_is_printed_in_village_1():
    """H-R19 / seed 002 hula dancer: the printed start hut opens village 1 and counts as a tile."""
    r = Realm.new(COMPS)
    assert r.villages[0] == [(START_HUT, 0)]


def test_H_X12_kahuna_before_an_unstarted_row_scores_nothing():
    """docs/rulings.md H-X12 / seed 002 'Kahunas can be placed in front of villages not yet
    started': such a kahuna is lost unless its row is started and reaches a tiki."""
    r = realm([["shell-hut", "foot-hut"]], kahunas=3, tikis=7)
    assert score(r)["kahunas"] == COMPS.realm.kahuna_points[0]
