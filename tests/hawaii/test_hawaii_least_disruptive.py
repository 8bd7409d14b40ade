"""T-7 for Hawaii (docs/notation-hawaii.md, least-disruptive move): the chief takes the
highest free order space (H-R4, H-R13); irrigation II income is all shells (H-R17). It is
legal wherever a seat is to move (tests/core/test_game_contract.py, for every game), and a
resigned seat (T-5, T-6) is played by it to the end of the game, keeping its points
without winning."""
import random

import pytest

from referee.core.game import CHANCE
from referee.hawaii.module import MODULE
from referee.hawaii.rules.moves import ChooseIncome, TakeOrder
from referee.operations.check import check_text
from referee.operations.newgame import new_game
from referee.operations.play import play_text
from referee.transcript.writer import render


def _dealt(players, seed="5"):
    tags, lines, state, _ = new_game(MODULE, players, (), seed)
    return render(tags, lines), state


@pytest.mark.parametrize("players", [["RED", "GREEN"], ["RED", "GREEN", "BLUE"],
                                     ["RED", "YELLOW", "GREEN", "BLUE", "BLACK"]])
def test_first_chief_takes_the_last_space(players):
    """T-7: the highest space of the track, N with N players."""
    _, state = _dealt(players)
    who = state.current_player()
    assert MODULE.least_disruptive_move(state) == TakeOrder(who, len(players))


def test_next_chief_takes_the_highest_space_still_free():
    """T-7: with space 3 taken, the next chief takes 2, then 1."""
    _, state = _dealt(["RED", "GREEN", "BLUE"])
    taken = []
    for _ in range(3):
        move = MODULE.least_disruptive_move(state)
        taken.append(move.space)
        state.apply(move)
    assert taken == [3, 2, 1]


def test_income_is_all_shells():
    """T-7, H-R17: one 'shell' per irrigation II; found in seeded random games."""
    found = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = MODULE.new_state(["RED", "GREEN"])
        while (who := state.current_player()) is not None and found < 3:
            if who == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if state.d.phase == "income":
                move = MODULE.least_disruptive_move(state)
                assert isinstance(move, ChooseIncome) and set(move.choices) == {"shell"}
                assert move in state.legal_moves()
                found += 1
            state.apply(rng.choice(state.legal_moves()))
        if found >= 3:
            break
    assert found, "no seeded game reached an irrigation II income"


def _play_out(text, rng_seed, resign_at=None, resigner=None):
    """Play a seeded game through play_text with random moves; ``resigner`` resigns after
    ``resign_at`` moves. The final text."""
    rng = random.Random(rng_seed)
    played = None
    for n in range(10_000):
        rp = check_text(text)
        assert rp.ok, rp.errors
        if rp.to_move is None:
            return text, played
        if n == resign_at:
            played = play_text(text.encode(), f"{resigner} resigns")
        else:
            from referee.replay.lines import canonical_move
            move = rng.choice(rp.state.legal_moves())
            played = play_text(text.encode(), canonical_move(MODULE, move, rp.state, rp.to_move))
        text = played.text
    raise AssertionError("the game did not end")


def test_three_player_resignation_is_played_to_the_end():
    """T-5, T-6: RED resigns early; the referee plays its every turn, it keeps its points,
    the winners come from GREEN and BLUE, and the [Result] says RED resigned."""
    text, _ = _dealt(["RED", "GREEN", "BLUE"], seed="31")
    text, last = _play_out(text, 3, resign_at=2, resigner="RED")
    lines = text.splitlines()
    after = lines[lines.index("RED resigns") + 1:]
    red = [line for line in after if line.startswith("RED ")]
    assert red and all(line.endswith("# RED resigned: played by the referee") for line in red)
    assert all(" takes order " in line or " chooses " in line for line in red)
    rp = check_text(text)
    assert rp.ok and rp.to_move is None
    result = [line for line in lines if line.startswith("[Result ")][0]
    assert result.endswith('; RED resigned"]')
    from referee.replay.control import outcome
    final = outcome(rp.state)
    assert "RED" not in final.winners and final.winners
    assert final.scores["RED"] == rp.state.d.players["RED"].score


def test_two_player_resignation_ends_the_game():
    """T-4: the other seat wins; check accepts the [Result] play wrote."""
    text, _ = _dealt(["RED", "GREEN"])
    who = check_text(text).to_move
    played = play_text(text.encode(), f"{who} resigns")
    other = "GREEN" if who == "RED" else "RED"
    assert played.result == f"{who} resigned; winner {other}"
    rp = check_text(played.text)
    assert rp.ok and rp.to_move is None
