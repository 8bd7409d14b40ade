"""The engine's contract: refused moves name their ruling and change nothing;
legal_moves() and check() agree (every listed move passes, mutations fail
unless they are themselves listed); open information (H-R1) and the unlimited
supply (H-R2)."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest

import hawaii_builders as hb
from hawaii_builders import P, T, Buy, ChooseIncome, Fish, TakeOrder, Visit
from referee.errors import IllegalMoveError, OutOfTurnError, RefereeError
from referee.hawaii.text import state_json
from referee.hawaii.rules.game import new_state


def base():
    s = hb.deal(["RED", "GREEN", "BLUE"], islands=["foot-hut", "5-points", "4-fruits", "2-tikis"],
                tokens={"B1": ["2", "3s", "4"], "A3": ["5"]})
    hb.set_cove(s, ["5", "6"])
    hb.give(s, "RED", "boat", 1)
    hb.give(s, "RED", "ku", 1, village=1)
    return s


ILLEGAL = [
    ("move cost", Buy("RED", "B1", "shell-hut", 1, T(2), 1, P(feet=2), P(shells=2)), "H-R5"),
    ("wrong token", Buy("RED", "B1", "shell-hut", 1, T(5), 1, P(feet=1), P(shells=5)), "H-R7"),
    ("side II price", Buy("RED", "B1", "shell-hut", 2, T(2), 1, P(feet=1), P(shells=2)), "H-R7"),
    ("tile not sold there", Buy("RED", "B1", "hula", 1, T(2), 1, P(feet=1), P(shells=2)), "H-R7"),
    ("mixed payment", Buy("RED", "B1", "shell-hut", 1, T(4), 1, P(feet=1), P(shells=3, feet=1)), "H-R6"),
    ("skipped row", Buy("RED", "B1", "shell-hut", 1, T(2), 3, P(feet=1), P(shells=2)), "H-R8"),
    ("second god", Buy("RED", "A3", "pele", 1, T(5), 1, P(feet=3), P(shells=5)), "H-R8"),
    ("KANE tiki on a hut", Buy("RED", "B1", "shell-hut", 1, T(2), 1, P(feet=1), P(shells=2), P(shells=2)),
     "H-R15"),
    ("no such fish", Fish("RED", (T(4),), ("fishing-boat",), P(feet=1)), "H-R10"),
    ("fishing underpaid", Fish("RED", (T(6), T(5)), ("boat1",), P(feet=1)), "H-R11"),
    ("dock underpaid", Visit("RED", 2, ("boat1",), P(feet=2)), "H-R11"),
    ("tile reward without village", Visit("RED", 1, ("boat1",), P(feet=3)), "H-R12"),
    ("bad dock", Visit("RED", 9, ("boat1",), P(feet=3)), "H-R12"),
    ("bad space", TakeOrder("RED", 4), "H-R13"),
    ("income now", ChooseIncome("RED", ("shell",)), "H-R17"),
]


@pytest.mark.parametrize("why, move, ruling", ILLEGAL, ids=[i[0] for i in ILLEGAL])
def test_illegal_apply_raises_citing_the_ruling_and_changes_nothing(why, move, ruling):
    """apply() of an illegal move raises IllegalMoveError/OutOfTurnError naming the ruling;
    the state JSON is the same before and after."""
    s = base()
    before = json.dumps(state_json.to_json(s), sort_keys=True)
    with pytest.raises((IllegalMoveError, OutOfTurnError)) as e:
        s.apply(move)
    assert ruling in str(e.value)
    assert json.dumps(state_json.to_json(s), sort_keys=True) == before
    assert move not in s.legal_moves()
    s.check_invariants()


def test_out_of_turn_moves_are_refused_and_change_nothing():
    """H-R4: only the chief whose turn it is may act."""
    s = base()
    for move in (TakeOrder("GREEN", 1), Buy("BLUE", "B1", "shell-hut", 1, T(2), 1, P(feet=1), P(shells=2))):
        hb.assert_illegal(s, move, "H-R4", error=OutOfTurnError)


def test_unknown_seat_and_non_moves_are_refused():
    s = base()
    before = hb.snapshot(s)
    for move in (TakeOrder("PURPLE", 1), "buy everything", 42):
        with pytest.raises(RefereeError):
            s.apply(move)
    assert hb.snapshot(s) == before


# --- legal_moves and check agree ----------------------------------------------------------

def _mutations(s, m):
    """Moves near ``m``: another token, village, payment, fish, dock, space."""
    out = []
    rep = dataclasses.replace
    if isinstance(m, Buy):
        for v in (None, 1, 2, 3, 4, 5):
            out.append(rep(m, village=v))
        for tok in (T(2), T("3s"), T(4), T(6), T("6s")):
            out.append(rep(m, token=tok))
        out.append(rep(m, tile_payment=m.tile_payment._replace(shells=m.tile_payment.shells + 1)))
        out.append(rep(m, move_payment=m.move_payment._replace(feet=m.move_payment.feet + 1)))
        out.append(rep(m, tile_payment=P(fruits=m.tile_payment.total)))
        out.append(rep(m, side=3 - m.side))
        if m.tile_payment.total > 1:
            out.append(rep(m, tile_payment=P(shells=m.tile_payment.total - 1, feet=1)))
    elif isinstance(m, Fish):
        out.append(rep(m, payment=m.payment._replace(feet=m.payment.feet + 1)))
        out.append(rep(m, fish=m.fish + (4,)))
        out.append(rep(m, fish=m.fish[:-1]))
    elif isinstance(m, Visit):
        out.append(rep(m, payment=m.payment._replace(feet=m.payment.feet - 1)))
        out.append(rep(m, dock=m.dock % 4 + 1))
        out.append(rep(m, village=None if m.village else 1))
    elif isinstance(m, TakeOrder):
        out += [rep(m, space=k) for k in range(0, len(s.d.seats) + 2)]
    elif isinstance(m, ChooseIncome):
        out += [rep(m, choices=m.choices + ("shell",)), rep(m, choices=("pearl",) * len(m.choices))]
    return out


def _agree(s, rng, sample=25):
    """Every legal move passes check (without changing the state); sampled mutations
    pass check exactly when they are legal moves themselves."""
    moves = s.legal_moves()
    before = hb.snapshot(s)
    for m in moves:
        s.check(m)
    assert hb.snapshot(s) == before
    listed = set(moves)
    for m in rng.sample(moves, min(sample, len(moves))):
        for m2 in _mutations(s, m):
            try:
                s.check(m2)
                ok = True
            except (IllegalMoveError, OutOfTurnError):
                ok = False
            assert ok == (m2 in listed), f"check says {ok} for {m2}, legal_moves {'lists' if m2 in listed else 'omits'} it"
    assert hb.snapshot(s) == before


def test_every_legal_move_passes_check_in_built_positions():
    rng = random.Random(7)
    s = base()
    _agree(s, rng)
    # exchange huts, fruits, a boat II, PELE, KANE with tikis
    hb.give(s, "RED", "exchange-hut", 1, village=2)
    hb.give(s, "RED", "exchange-hut", 2, village=3)
    hb.give(s, "RED", "boat", 2)
    hb.set_resources(s, "RED", 8, 5, 3)
    s.check_invariants()
    _agree(s, rng, sample=40)
    hb.give(s, "RED", "pele", 1, village=2)
    hb.put_at(s, "RED", "B2")
    _agree(s, rng, sample=40)


def test_every_legal_move_passes_check_in_the_income_phase():
    s = hb.deal(["RED", "GREEN"])
    hb.give(s, "RED", "irrigation", 2, village=1)
    hb.give(s, "RED", "shell-hut", 1, village=2)
    hb.give(s, "RED", "irrigation", 2, village=2)
    hb.end_round(s)
    assert s.d.phase == "income"
    _agree(s, random.Random(1))


@pytest.mark.parametrize("seed, players", [(1, 2), (2, 3), (3, 5)])
def test_random_games_keep_check_and_legal_moves_in_agreement(seed, players):
    """Whole random games: at each decision every listed move passes check, sampled
    mutations agree, invariants hold after every move, and the game ends."""
    rng = random.Random(seed)
    s = new_state(["RED", "GREEN", "BLUE", "YELLOW", "BLACK"][:players])
    steps = 0
    while s.current_player() is not None:
        if s.current_player() == "chance":
            s.apply(s.sample_chance(rng))
        else:
            if steps % 3 == 0:
                _agree(s, rng, sample=8)
            move = rng.choice(s.legal_moves())
            s.check(move)
            s.apply(move)
            steps += 1
        s.check_invariants()
    assert s.d.phase == "over" and s.d.round == 5 and s.outcome() is not None


# --- H-R1, H-R2 ---------------------------------------------------------------------------

def test_H_R1_open_information_every_players_resources_in_the_state_json():
    """H-R1: all resources are public: the state JSON shows every player's shells,
    feet, fruits, score, tokens and fish, with nothing hidden per viewer."""
    s = base()
    hb.set_resources(s, "GREEN", 4, 5, 6)
    hb.give_round_tokens(s, "BLUE", ["6s"], fish=["5s"])
    j = state_json.to_json(s)
    assert set(j["players"]) == {"RED", "GREEN", "BLUE"}
    for seat, pj in j["players"].items():
        p = hb.player(s, seat)
        assert (pj["shells"], pj["feet"], pj["fruits"]) == p.resources()
        assert pj["score"] == p.score
    assert (j["players"]["GREEN"]["shells"], j["players"]["GREEN"]["feet"],
            j["players"]["GREEN"]["fruits"]) == (4, 5, 6)
    fish = s.d.comps.fish
    assert j["players"]["BLUE"]["tokens"] == ["6s"]
    # a fish token shows its fish and its price side, seen when drawn (H-R10)
    assert j["players"]["BLUE"]["fish"] == [{"token": "5s", "fish": fish(T("5s"))}]
    assert j["players"]["BLUE"]["round_sum"] == 6 + fish(T("5s"))
    assert j["cove"] == [{"token": "5", "fish": fish(T(5))}, {"token": "6", "fish": fish(T(6))}]
    # the JSON is the whole position: it loads back to the same state
    again = state_json.from_json(json.loads(json.dumps(j)))
    assert state_json.to_json(again) == j


def test_H_R2_the_supply_never_runs_out():
    """H-R2: shells, feet and fruits in the supply are unlimited (island fruits, kahuna shells)."""
    s = hb.deal(["RED", "GREEN"], islands=["4-fruits", "5-points", "foot-hut", "2-kahunas"])
    hb.give(s, "RED", "boat", 1)
    hb.set_resources(s, "RED", 1000, 1000, 1000)
    hb.play(s, Visit("RED", 1, ("boat1",), P(feet=3)))
    assert hb.player(s, "RED").resources() == (1000, 997, 1004)


def test_realm_answers_follow_added_tiles_and_copies_keep_their_own():
    """The realm remembers derived answers (H-R6 exchange huts, H-R8 villages) until a
    tile is added; a copy must never see the original's later tiles, nor the reverse."""
    from referee.hawaii.rules import effects
    s = new_state(["RED", "GREEN"])
    comps = s.comps
    realm = s.player("RED").realm
    assert effects.exchange_capacities(realm, comps) == ()
    assert realm.villages_for("exchange-hut", comps) == (1, 2)
    copy = realm.clone()
    realm.add_to_village("exchange-hut", 2, 1)
    assert effects.exchange_capacities(realm, comps) != ()
    assert realm.villages_for("exchange-hut", comps) == (2,)
    assert effects.exchange_capacities(copy, comps) == ()
    assert copy.villages_for("exchange-hut", comps) == (1, 2)
    copy.add_to_village("kane", 1, 1)
    assert realm.sides_of("kane") == [] and copy.sides_of("kane") == [1]
