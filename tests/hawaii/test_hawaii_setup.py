"""Setup and the price-token layout (seed 002 'Game Setup' and 'Lay out the price
tokens'; H-R18 lays them out again the same way each round)."""
from __future__ import annotations

import pytest

import hawaii_builders as hb
from hawaii_builders import T
from referee.errors import BadChanceError, IllegalMoveError
from referee.hawaii.rules.game import new_state
from referee.hawaii.text.state_json import to_json as state_to_json
from referee.hawaii.rules.moves import PlaceDrawn, TokenDrawn


def test_seed_002_setup_resources_and_fruits_by_order_space():
    """Seed 002 setup 5: 13 shells and 7 feet each; fruits 0, 2, 3, 4, 5 by order space."""
    seats = ["RED", "GREEN", "BLUE", "YELLOW", "BLACK"]
    s = hb.deal(seats, order=["BLUE", "BLACK", "RED", "YELLOW", "GREEN"])
    got = {seat: hb.player(s, seat).resources() for seat in seats}
    assert got == {"BLUE": (13, 7, 0), "BLACK": (13, 7, 2), "RED": (13, 7, 3),
                   "YELLOW": (13, 7, 4), "GREEN": (13, 7, 5)}
    assert s.d.order == ["BLUE", "BLACK", "RED", "YELLOW", "GREEN"] and s.current_player() == "BLUE"
    assert all(p.at == "beach" and p.score == 0 for p in s.d.players.values())


def test_seed_002_layout_printed_circle_within_its_limit():
    """Seed 002: the printed circle keeps its token when the place's sum stays within the limit."""
    assert hb.deal(["RED", "GREEN"]).comps.place("shell-foot-huts").limit == 11
    s = hb.deal(["RED", "GREEN"], tokens={"B1": ["4", "5", "2"]})          # 11 <= 11
    assert hb.place(s, "B1").tokens == [T(4), T(5), T(2)] and not hb.place(s, "B1").printed_empty
    assert T(2) not in s.d.cove


def test_seed_002_layout_printed_token_over_the_limit_goes_to_the_cove():
    """Seed 002: over the limit, the printed circle's token goes fish side up to the cove."""
    s = hb.deal(["RED", "GREEN"], tokens={"B1": ["5", "4", "3"]})          # 12 > 11
    assert hb.place(s, "B1").tokens == [T(5), T(4)] and hb.place(s, "B1").printed_empty
    assert T(3) in s.d.cove


def test_seed_002_layout_equal_sum_still_sends_the_draw_to_the_cove():
    """Seed 002 'Even if the number ... is equal to the price token(s) ... on the cove'."""
    limit = hb.deal(["RED", "GREEN"]).comps.place("exchange-spear-huts").limit
    assert limit == 6
    s = hb.deal(["RED", "GREEN"], tokens={"A2": ["6", "2"]})
    assert hb.place(s, "A2").tokens == [T(6)] and T(2) in s.d.cove


def test_seed_002_one_circle_place_may_stay_empty():
    """Seed 002: a 1-circle place gets one draw for its printed circle; over the limit it stays empty."""
    s = hb.deal(["RED", "GREEN"], tokens={"A1": ["6"]})          # long huts: 1 circle, limit 5
    assert hb.place(s, "A1").tokens == [] and T(6) in s.d.cove
    assert not hb.legal(s, place="A1")


def test_seed_002_track_tokens_lowest_on_space_2_spear_above_plain():
    """Seed 002: players-1 tokens on the track, the lowest under 2; a spear token ranks above
    a plain one of the same value."""
    s = hb.deal(["RED", "GREEN", "BLUE", "YELLOW"], track=["5", "4s", "4"])
    assert s.d.track == {2: T(4), 3: T("4s"), 4: T(5)}


def test_seed_002_four_islands_at_the_docks():
    s = hb.deal(["RED", "GREEN"], islands=["hula", "surfer", "2-tikis", "5-points"])
    assert s.d.docks == ["hula", "surfer", "2-tikis", "5-points"]
    assert sum(s.d.stack_down.values()) == 6 and s.d.stack_up == []


def test_chance_moves_are_validated():
    """A chance move that cannot happen is refused without changing anything."""
    s = new_state(["RED", "GREEN"])
    s.apply(PlaceDrawn("boats"))
    before = hb.snapshot(s)
    for bad in (PlaceDrawn("boats"), PlaceDrawn("volcano"), TokenDrawn(T(3))):
        with pytest.raises(BadChanceError):
            s.apply(bad)
    assert hb.snapshot(s) == before


@pytest.mark.parametrize("seats", [["RED"], ["RED", "RED"], ["RED", "PINK"],
                                   ["RED", "GREEN", "BLUE", "YELLOW", "BLACK", "WHITE"]])
def test_two_to_five_distinct_seats(seats):
    with pytest.raises(IllegalMoveError):
        new_state(seats)


def _play_on_copy(state, draws):
    """The reference: play the draws one by one on a copy, as the replay does."""
    trial = state.clone()
    fished = []
    for i, move in enumerate(draws):
        cove = len(trial.d.cove)
        head = trial.d.pending[0]
        try:
            trial.apply(move)
        except BadChanceError as err:
            return i, err.reason, fished
        if head[0] == "token" and head[2] == "printed":
            fished.append(len(trial.d.cove) > cove)
    return None, None, fished


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4), (4, 5)])
def test_trying_draws_agrees_with_playing_them(seed, players):
    """A chance line is checked by dealing.trial, without copying the game (H-R18 layout,
    setup draws, island refills): it must refuse exactly the draw that playing the line
    refuses, with the same reason, and land every printed-circle token where play does."""
    import random

    from referee.core.game import CHANCE
    from referee.hawaii.rules import dealing
    from referee.hawaii.rules.moves import IslandDrawn, OrderDrawn
    rng = random.Random(seed)
    s = new_state(["RED", "YELLOW", "GREEN", "BLUE", "BLACK"][:players])
    kinds = set()
    while s.current_player() is not None:
        if s.current_player() != CHANCE:
            s.apply(rng.choice(list(s.legal_moves())))
            continue
        kind, before, draws = s.chance_kind(), s.clone(), []
        steps = []
        while s.current_player() == CHANCE and s.chance_kind() == kind:
            steps.append(s.d.pending[0])
            draws.append(s.sample_chance(rng))
            s.apply(draws[-1])
        kinds.add(kind)
        tried = before.clone()
        tried.try_draws(steps, draws)
        tried.apply_draws(draws)           # the remembered run, without refusing again
        assert state_to_json(tried) == state_to_json(s)
        wrong = {"tokens": TokenDrawn(T(rng.choice("23456") + rng.choice(["", "s"]))),
                 "places": PlaceDrawn(rng.choice([p.id for p in before.comps.places])),
                 "order": OrderDrawn(rng.choice(before.d.seats)),
                 "islands": IslandDrawn(rng.choice([i.id for i in before.comps.islands]))}[kind]
        for attempt in (draws, [*draws[:-1], wrong], [wrong, *draws[1:]]):
            index, reason, fished = _play_on_copy(before, attempt)
            try:
                landings = dealing.trial(before.d, steps, attempt)
            except BadChanceError as err:
                assert (err.index, err.reason) == (index, reason)
                continue
            assert index is None
            assert [not stays for stays, _ in filter(None, landings)] == fished
    assert kinds == {"places", "order", "islands", "tokens"}


def test_draws_not_tried_on_this_very_position_are_refused_one_by_one():
    """apply_draws skips the refusal rule only for the run try_draws has just accepted
    on the same position; any other run is checked draw by draw (H-R18)."""
    import random

    from referee.core.game import CHANCE
    rng = random.Random(3)
    s = new_state(["RED", "GREEN"])
    while s.chance_kind() != "tokens":
        s.apply(s.sample_chance(rng))
    steps, probe = [], s.clone()
    draws = []
    while probe.current_player() == CHANCE and probe.chance_kind() == "tokens":
        steps.append(probe.d.pending[0])
        draws.append(probe.sample_chance(rng))
        probe.apply(draws[-1])
    s.try_draws(steps, draws)
    for move in draws:                 # played one by one: the trial no longer holds
        s.apply(move)
    with pytest.raises(BadChanceError, match="more than the random act needs"):
        s.apply_draws(draws)
    fresh = new_state(["RED", "GREEN"])
    with pytest.raises(BadChanceError):
        fresh.apply_draws([TokenDrawn(T("4"))])     # places are due, not a token
    assert fresh.chance_kind() == "places"


def test_trying_island_draws_reshuffles_the_face_up_islands_like_play():
    """H-R18: when the face-down stack runs out, the face-up islands are shuffled into it
    before the next draw; trying a line must do the same as playing it."""
    import random

    from referee.hawaii.rules import dealing
    from referee.hawaii.rules.moves import IslandDrawn
    rng = random.Random(7)
    s = new_state(["RED", "GREEN"])
    while s.chance_kind() != "islands":
        s.apply(s.sample_chance(rng))
    ids = sorted(s.d.stack_down)
    s.d.stack_down = {ids[0]: 1}
    s.d.stack_up = ids[1:4]
    steps = list(s.d.pending[:4])
    good = [IslandDrawn(i) for i in ids[:4]]
    again = [IslandDrawn(ids[0]), IslandDrawn(ids[0]), *good[2:]]
    assert _play_on_copy(s, good)[0] is None
    assert dealing.trial(s.d, steps, good) == [None] * 4
    index, reason, _ = _play_on_copy(s, again)
    with pytest.raises(BadChanceError) as err:
        dealing.trial(s.d, steps, again)
    assert err.value.index == index == 1 and err.value.reason == reason
    assert "face-down stack" in reason
