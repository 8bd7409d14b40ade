"""T-7 for Haleakala (docs/haleakala.md, least-disruptive move): decisions take nothing
that is not forced (priestess none, buy nothing, the first slot's card); an action sails
when the reserve is empty, else puts the lowest disc on the free beach the boat reaches
last, the shaman staying (K-R4). It is legal in every position where a seat is to move."""
import random

import pytest

from referee.core.game import CHANCE
from referee.haleakala.module import MODULE
from referee.haleakala.rules.moves import BuyNothing, PickCard, PlaceDisc, PriestessMove, Sail
from referee.operations.check import check_text
from referee.operations.play import play_text, referee_move_line

OPENING = """[Game "Haleakala"]
[Players "RED YELLOW"]

* first RED
* slots 1=statue,shell 2=fish-1,pearl-white 3=priestess,fish-2 4=statue,statue 5=shell,pearl-black 6=fish-1-butterfly,shell
"""


def _line(text):
    rp = check_text(text)
    assert rp.ok, rp.errors
    from referee.replay.lines import canonical_move
    return canonical_move(MODULE, MODULE.least_disruptive_move(rp.state), rp.state, rp.to_move)


def test_opening_places_the_lowest_disc_behind_the_boat():
    """T-7: the boat is at 2 (K-R1), so beach1 is the beach it reaches last."""
    assert _line(OPENING) == "RED places 1 on beach1"


def test_a_beach_the_other_seat_holds_comes_after_the_free_ones():
    """T-7: YELLOW avoids RED's beach1 and takes the next free beach behind the boat, 6."""
    assert _line(OPENING + "RED places 1 on beach1\n") == "YELLOW places 1 on beach6"
    # a beach holding only the seat's own discs is free of the other seat
    text = OPENING + "RED places 5 on beach6\nYELLOW places 1 on beach1\n"
    assert _line(text) == "RED places 1 on beach6"
    text = OPENING + "RED places 5 on beach5\nYELLOW places 1 on beach1\n"
    assert _line(text) == "RED places 1 on beach6"


def test_empty_reserve_sails():
    """T-7, K-R4: with every disc on the board the seat sails."""
    text = OPENING + "".join(f"RED places {v} on beach{b}\nYELLOW places {v} on beach{c}\n"
                             for v, b, c in ((1, 1, 4), (2, 3, 5), (3, 4, 6), (4, 5, 1)))
    text += "RED places 5 on beach6\nYELLOW places 5 on beach3\n"
    assert _line(text) == "RED sails"


@pytest.mark.parametrize("seed", range(8))
def test_least_disruptive_move_is_legal_wherever_a_seat_is_to_move(seed):
    """T-7: every position of a random playout with a seat to move; decisions are the
    documented ones."""
    rng = random.Random(seed)
    state = MODULE.new_state(["RED", "YELLOW"], ("tactical",) if seed % 2 else ())
    seen = set()
    while (who := state.current_player()) is not None:
        if who == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        move = MODULE.least_disruptive_move(state)
        task = state.pending[0]["do"] if state.pending else None
        if task == "priestess":
            assert move == PriestessMove(who)
        elif task == "buy":
            assert move == BuyNothing(who)
        elif task == "pick":
            first = next(c for c in state.slots[state.pending[0]["sec"]] if c is not None)
            assert move == PickCard(who, first)
        elif not state.reserve[who]:
            assert move == Sail(who)
        else:
            assert isinstance(move, PlaceDisc) and move.shaman is None
        seen.add(task or type(move).__name__)
        trial = state.clone()
        trial.apply(move)
        trial.check_invariants()
        state.apply(move if rng.random() < 0.3 else rng.choice(state.legal_moves()))
    assert {"pick", "PlaceDisc", "Sail"} <= seen


def test_resignation_ends_the_game_and_a_takeback_voids_a_move():
    """T-1, T-4 through play_text: RED takes its placement back, then YELLOW resigns."""
    played = play_text(OPENING.encode(), "RED places 3 on beach5")
    played = play_text(played.text.encode(), "RED takes back")
    assert played.voided == "RED places 3 on beach5" and played.state.reserve["RED"] == [1, 2, 3, 4, 5]
    played = referee_move_line(played.text.encode(), "RED", "deadline passed: played by the referee")
    assert played.lines == ["RED places 1 on beach1  # deadline passed: played by the referee"]
    played = play_text(played.text.encode(), "YELLOW resigns")
    assert played.resigned == "YELLOW" and played.result == "YELLOW resigned; winner RED"
    rp = check_text(played.text)
    assert rp.ok and rp.to_move is None and rp.moves == 1
