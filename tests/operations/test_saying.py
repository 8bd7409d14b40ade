"""A move said in words (operations.say_move, each game's text/saying.py): every legal
move of random positions of every registered game, and every draw, gets a sentence
in each of the four languages, with no placeholder left and the seat named by its colour in that language."""
from __future__ import annotations

import random

import pytest

from referee.core import CHANCE, registry
from referee.i18n import seat_word, speaking
from referee.operations import say_control, say_move

LANGUAGES = ("en", "fr", "de", "it")


def decisions(module, seed: int, plies: int = 160):
    """(state, the moves to say there) along two random games: every fourth decision's
    legal moves (the first 300), and each draw as it is dealt."""
    rng = random.Random(seed)
    for _game in range(2):
        state = module.new_state(list(module.seats[:module.max_players]))
        for ply in range(plies):
            who = state.current_player()
            if who is None:
                break
            move = state.sample_chance(rng) if who == CHANCE else rng.choice(state.legal_moves())
            if who == CHANCE or ply % 4 == 0:
                yield state, [move] if who == CHANCE else list(state.legal_moves())[:300]
            state.apply(move)


@pytest.mark.parametrize("key", registry.keys())
def test_every_legal_move_is_said_in_every_language(key):
    module = registry.get(key)
    said = 0
    for state, moves in decisions(module, seed=5):
        seat = state.current_player()
        for move in moves:
            for lang in LANGUAGES:
                with speaking(lang):
                    text = say_move(module, state, move)
                    named = seat if seat == CHANCE else seat_word(seat)
                assert text and "{" not in text and "}" not in text, (lang, text)
                if seat != CHANCE:          # by its colour in the reader's language
                    assert named in text, (lang, text)
                said += 1
    assert said > 100


def test_hawaii_says_a_purchase_as_a_player_would():
    module = registry.get("hawaii")
    state = module.new_state(["RED", "GREEN"])
    rng = random.Random(1)
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))
    buy = next(m for m in state.legal_moves() if type(m).__name__ == "Buy" and m.tile == "boat")
    with speaking("en"):
        text = say_move(module, state, buy)
    assert text.startswith(f"{buy.seat} goes from the beach to ") and "(Boats)" in text
    assert f"buys boat, side {'I' * buy.side}, with price token {buy.token}" in text
    with speaking("fr"):
        assert "grande pirogue, face" in say_move(module, state, buy)


@pytest.mark.parametrize("lang, undo, resign", [
    ("en", "BLUE takes back its last move", "BLUE resigns"),
    ("fr", "BLUE reprend son dernier coup", "BLUE abandonne"),
    ("de", "BLUE nimmt seinen letzten Zug zurück", "BLUE gibt auf"),
    ("it", "BLUE riprende la sua ultima mossa", "BLUE abbandona")])
def test_takeback_and_resignation_in_words(lang, undo, resign):
    with speaking(lang):
        assert say_control("BLUE", "undo") == undo
        assert say_control("BLUE", "resign") == resign


@pytest.mark.parametrize("lang, line, said", [
    ("fr", "green undo", "pour annuler votre dernier coup, écrivez « GREEN takes back »"),
    ("de", "green undo", "um Ihren letzten Zug zurückzunehmen, schreiben Sie „GREEN takes back“"),
    ("it", "", "una riga vuota")])
def test_a_refused_line_is_explained_in_the_readers_language(tmp_path, lang, line, said):
    from referee.errors import RefereeError
    from referee.operations import new_transcript, play_text
    text, _state = new_transcript(registry.get("hawaii"), ["RED", "GREEN", "BLUE"], seed="s1")
    with speaking(lang), pytest.raises(RefereeError) as err:
        play_text(text.encode(), line)
    assert said in err.value.reason
