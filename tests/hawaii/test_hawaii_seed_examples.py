"""The seeds' worked examples, replayed on the engine.

Seed 002 (English) and 000 (French): the two round-1 scoring examples, the two
final-scoring examples, and the French first-round example with Red.
"""
from __future__ import annotations

import pytest

import hawaii_builders as hb
from hawaii_builders import P, T, Buy, TakeOrder, realm
from referee.hawaii.rules import scoring
from referee.hawaii.data.components import load

COMPS = load()
SEATS = ["RED", "GREEN", "BLUE", "YELLOW"]

# Seed 002 'Examples of the points scored at the end of the 1st round' (= seed 000 lines ~380-410)
EXAMPLE_1 = {"RED": [3, 3, 5, 3], "GREEN": [3, 4, 4], "BLUE": [2, 3, 4], "YELLOW": [6, 2]}
EXAMPLE_2 = {"RED": [2, 4, 5], "GREEN": [5, 6], "BLUE": [2, 3, 5], "YELLOW": [5, 4]}


@pytest.mark.parametrize("tokens, points", [
    (EXAMPLE_1, {"RED": 8, "GREEN": 5, "BLUE": 2, "YELLOW": 0}),
    (EXAMPLE_2, {"RED": 8, "GREEN": 8, "BLUE": 2, "YELLOW": 2}),
])
def test_seed_round_scoring_examples_via_round_scores(tokens, points):
    """Seed 002 round-1 examples: 14/11/9/8 -> 8/5/2/0 and 11/11/10/9 -> 8/8/2/2 (H-R16)."""
    sums = {s: sum(v) for s, v in tokens.items()}
    spec = COMPS.rounds[0]
    assert spec.threshold == 9 and spec.points == (8, 5, 2)
    assert scoring.round_scores(sums, dict.fromkeys(sums, 9), spec.points) == points


@pytest.mark.parametrize("given, track, spaces, sums, points", [
    # example 1: Green's 3, Blue's 4 and Yellow's 6 come from the order track (spaces 2, 3, 4)
    # (only three plain 3s exist: Red's third 3 shows spears, which scores nothing without huts)
    ({"RED": [3, 3, 5, "3s"], "GREEN": [4, 4], "BLUE": [2, 3], "YELLOW": [2]}, ["3s", "4", "6"],
     {"RED": 1, "GREEN": 2, "BLUE": 3, "YELLOW": 4},
     {"RED": 14, "GREEN": 11, "BLUE": 9, "YELLOW": 8}, {"RED": 8, "GREEN": 5, "BLUE": 2, "YELLOW": 0}),
    # example 2: Yellow's 4, Blue's 5 and Green's 6 from the track
    ({"RED": [2, 4, 5], "GREEN": [5], "BLUE": [2, 3], "YELLOW": [5]}, ["4", "5s", "6"],
     {"RED": 1, "GREEN": 4, "BLUE": 3, "YELLOW": 2},
     {"RED": 11, "GREEN": 11, "BLUE": 10, "YELLOW": 9}, {"RED": 8, "GREEN": 8, "BLUE": 2, "YELLOW": 2}),
])
def test_seed_round_scoring_examples_via_a_real_round_end(given, track, spaces, sums, points):
    """Seed 002 round-1 examples played to the round's end: tokens from places and the track."""
    s = hb.deal(SEATS, track=track)
    for seat, toks in given.items():
        hb.give_round_tokens(s, seat, toks)
    s.check_invariants()
    hb.end_round(s, spaces)
    report = next(h for h in s.d.history if h.get("round") == 1)
    assert report["sums"] == sums
    assert report["points"] == points
    assert {seat: p.points.get("round", 0) for seat, p in s.d.players.items()} == points


def test_seed_final_scoring_example_1_scores_44():
    """Seed 002 final scoring, example 1 (44 points).

    Village 4 (a foot hut) and village 1 do not reach a tiki: their kahunas (10 and
    5) are lost. Kahunas of villages 2 and 3: 15; KANALOA I: 2 x (3 boats + 1 surfer)
    = 8; LAKA II: 2 x 4 fruits = 8; hula I in a 7-tile village: 7; irrigation with 3
    fruit tiles: 6.
    """
    r = realm([
        ["shell-hut"],                                                        # 2 tiles: removed
        ["exchange-hut", "hula", "irrigation", "banana", "taro", "coconut:II", "kanaloa"],   # 7
        ["spear-hut", "surfer", "laka:II", "foot-hut"],                     # 4
        ["foot-hut"],                                                         # removed
    ], kahunas=4, tikis=4, boats=[1, 1, 2])
    assert r.kept_villages(COMPS) == [False, True, True, False, False]
    parts = scoring.final_breakdown(r, COMPS, frozenset())
    assert parts == {"kahunas": 15, "long-huts": 0, "hula": 7, "irrigation": 6, "laka": 8, "kanaloa": 8}
    assert sum(parts.values()) == 44


def test_seed_final_scoring_example_2_scores_42():
    """Seed 002 final scoring, example 2 (42 points).

    Village 3 does not reach a tiki: its 10-point kahuna and KANALOA are lost.
    Kahunas of villages 1 and 2: 10; LAKA I for 4 fruit tiles: 4; hula II in
    village 1 (5 tiles): 10; hula I in village 2 (8 tiles): 8; irrigation with 4
    fruit tiles: 10.
    """
    r = realm([
        ["shell-hut", "hula:II", "laka", "spear-hut"],                                        # 5
        ["exchange-hut", "hula", "irrigation", "banana", "taro", "coconut", "breadfruit", "long-hut"],  # 8
        ["foot-hut", "kanaloa"],                                                               # removed
    ], kahunas=3, tikis=3, boats=[1, 2])
    assert r.kept_villages(COMPS) == [True, True, False, False, False]
    parts = scoring.final_breakdown(r, COMPS, frozenset())
    assert parts == {"kahunas": 10, "long-huts": 0, "hula": 18, "irrigation": 10, "laka": 4, "kanaloa": 0}
    assert sum(parts.values()) == 42


def test_seed_000_first_round_example_with_red():
    """Seed 000 'Exemple d'une 1re manche' (lines ~451-477), played through apply().

    Red: beach -> long-hut place (1 foot), long hut II with token 2 paying 4; then
    1 step to the shell/foot place, a shell hut with token 3; then 2 steps to the
    gods, KANE with token 5; then order space 2 and its token 3. Sum 13 reaches 9.
    Income (seed 000 income example): 10 shells and 6 feet, and 2 more shells
    'pour la hutte et le dieu qu'il possède'.
    """
    s = hb.deal(SEATS, tokens={"A1": ["2"], "B1": ["4", "2", "3"], "A3": ["5"]},
                track=["3", "4", "6"])
    assert s.d.board["A1"] == "long-huts-irrigation" and s.d.board["B1"] == "shell-foot-huts"
    assert s.d.board["A3"] == "gods" and s.d.track[2] == T(3)
    red = hb.player(s, "RED")
    assert red.resources() == (13, 7, 0)

    # 1. beach -> long-hut place: 1 foot; long hut side II with token 2: 4 shells
    assert {m.move_payment for m in hb.legal(s, seat="RED", place="A1")} == {P(feet=1)}
    hb.play(s, Buy("RED", "A1", "long-hut", 2, T(2), 1, P(feet=1), P(shells=4)))
    assert red.resources() == (9, 6, 0)
    # Green, Blue and Yellow play in order (here: buys elsewhere)
    for seat, where in (("GREEN", "B2"), ("BLUE", "C2"), ("YELLOW", "B3")):
        move = hb.legal(s, seat=seat, place=where, side=1)[0]
        hb.play(s, move)

    # 2. long-hut place -> shell/foot place: 1 foot; a shell hut with token 3
    hb.play(s, Buy("RED", "B1", "shell-hut", 1, T(3), 1, P(feet=1), P(shells=3)))
    assert red.resources() == (6, 5, 0)
    for seat, space in (("GREEN", 3), ("BLUE", 4), ("YELLOW", 1)):
        hb.play(s, TakeOrder(seat, space))

    # 3. shell/foot place -> gods: 2 feet; KANE with token 5
    assert {m.move_payment.total for m in hb.legal(s, seat="RED", place="A3")} == {2}
    hb.play(s, Buy("RED", "A3", "kane", 1, T(5), 1, P(feet=2), P(shells=5)))
    assert red.resources() == (1, 3, 0)
    assert hb.realm_rows(s, "RED")[0] == ["start-hut", "long-hut", "shell-hut", "kane"]

    # 4. back to the beach, free: order space 2 and its token 3
    hb.play(s, TakeOrder("RED", 2))
    report = next(h for h in s.d.history if h.get("round") == 1)
    assert report["sums"]["RED"] == 2 + 3 + 5 + 3 == 13
    assert report["points"]["RED"] > 0                      # 13 reaches 9
    # income: 10 shells + shell hut I + KANE I, 6 feet
    assert red.resources() == (1 + 10 + 2, 3 + 6, 0)
    assert s.d.order[1] == "RED"                            # second in round 2
