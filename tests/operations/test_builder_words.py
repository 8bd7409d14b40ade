"""The move builder speaks like a person, in the reader's language: step titles in
words, each choice's name beside its code, a choice taken by its name in any of the
four languages (never guessed), and the side step and the refusal between sides with
each side's price and points. Also why a tile that is there cannot be bought."""
from __future__ import annotations

import pytest

from referee.core import registry
from referee.core.builder import Choice, Step, build
from referee.core.free_reader import read_line
from referee.errors import AmbiguousMoveError, BadChoiceError, IllegalMoveError
from referee.i18n import speaking
from referee.operations import new_transcript, next_step, read_choices

HAWAII = registry.get("hawaii")
HALEAKALA = registry.get("haleakala")


def _state(module, players):
    """A fresh game with its setup dealt from a public seed, as `referee new` makes it."""
    return new_transcript(module, players, seed="s1")[1]


@pytest.fixture(scope="module")
def hawaii():
    return _state(HAWAII, ["RED", "GREEN", "BLUE"])


@pytest.fixture(scope="module")
def haleakala():
    return _state(HALEAKALA, ["RED", "YELLOW"])


TITLES = {"en": "choose where to go", "fr": "choisissez où aller",
          "de": "wählen Sie, wohin Sie gehen", "it": "scegliete dove andare"}
BOATS = {"en": "Boats", "fr": "Grandes pirogues", "de": "Schiffe", "it": "Barche grandi"}
COVE = {"en": "the cove", "fr": "le lagon", "de": "die Lagune", "it": "la laguna"}


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it"])
def test_the_first_step_is_asked_in_words_and_each_place_shows_its_name(hawaii, lang):
    with speaking(lang):
        step = next_step(HAWAII, hawaii)
    assert step["step"] == "where"                  # the JSON keeps the codes
    assert step["title"] == TITLES[lang]
    named = {c["choice"]: c["name"] for c in step["choices"]}
    boats = next(c for c, pid in hawaii.d.board.items() if pid == "boats")
    assert named[boats] == BOATS[lang]
    assert named["cove"] == COVE[lang]


@pytest.mark.parametrize("word", ["boat", "pirogue", "Kanu", "canoa", "grande pirogue",
                                  "Barche grandi", "Schiffe"])
def test_a_name_in_any_language_is_taken_as_the_choice(hawaii, word):
    boats = next(c for c, pid in hawaii.d.board.items() if pid == "boats")
    by_name, _, why = read_choices(HAWAII, hawaii, word.split())
    by_code, _, _ = read_choices(HAWAII, hawaii, [boats])
    assert why == "" and by_name == by_code


def test_kahunas_names_the_place_that_sells_them(hawaii):
    kahunas = next(c for c, pid in hawaii.d.board.items() if pid == "kahunas")
    step, _, why = read_choices(HAWAII, hawaii, ["kahunas"])
    assert why == "" and step["made"][:1] == [kahunas]


def test_a_haleakala_verb_in_any_language_is_taken_as_the_action(haleakala):
    for word in ("places", "placer", "legen", "piazzo"):
        step, _, why = read_choices(HALEAKALA, haleakala, word.split())
        assert why == "" and step["made"][:1] == ["places"], word
    with speaking("fr"):
        step = next_step(HALEAKALA, haleakala, ["places", "disc 1"])
    assert step["title"] == "choisissez la plage"
    assert step["choices"][0]["name"] == "plage 1"


def test_a_name_two_choices_share_is_refused_with_both():
    paths = {"m1": (("where", "north"),), "m2": (("where", "south"),)}
    names = {"north": {"the hill"}, "south": {"the hill"}}
    step = build(paths, paths.get)
    assert isinstance(step, Step) and step.choices[0] == Choice("north", 1)
    with pytest.raises(BadChoiceError) as err:
        build(paths, paths.get, ["The Hill"], lambda s, code, rows: names[code])
    assert "'north'" in err.value.reason and "'south'" in err.value.reason


def test_a_word_no_choice_has_is_still_refused(hawaii):
    step, read, why = read_choices(HAWAII, hawaii, ["volcano"])
    assert step is None and read == 0 and "is not a choice" in why


@pytest.mark.parametrize("lang, side, pays", [
    ("en", "side II: ", "pays 8 shells and 1 foot"), ("fr", "face II : ", "coûte 8 coquillages et 1 pied"),
    ("de", "Seite II: ", "kostet 8 Muscheln und 1 Fuß"), ("it", "lato II: ", "costa 8 conchiglie e 1 piede")])
def test_the_side_step_shows_each_sides_price_and_points(hawaii, lang, side, pays):
    boats = next(c for c, pid in hawaii.d.board.items() if pid == "boats")
    with speaking(lang):
        step = next_step(HAWAII, hawaii, [boats])
    assert step["step"] == "side"
    two = next(c["name"] for c in step["choices"] if c["choice"] == "II")
    assert two.startswith(side + pays)
    assert ("holds 3 feet paid" in two) == (lang == "en")      # what it scores, translated


@pytest.mark.parametrize("line", ["blue buys a boat", "BLUE moves beach->A1 buys boat with token 4"])
def test_the_notation_lists_each_sides_price_when_it_cannot_tell_them_apart(hawaii, line):
    with speaking("fr"), pytest.raises(AmbiguousMoveError) as err:
        HAWAII.parse_move(line, hawaii)
    assert "face I : coûte 4 coquillages" in err.value.reason
    assert "face II : coûte 8 coquillages" in err.value.reason


def test_the_free_reader_lists_each_sides_price(hawaii):
    with speaking("de"), pytest.raises(AmbiguousMoveError) as err:
        read_line(HAWAII, "blau kauft ein Schiff mit der 4", hawaii)
    assert "Seite I: kostet" in err.value.reason and "Seite II: kostet" in err.value.reason


def test_a_tile_out_of_reach_says_not_enough_feet(hawaii):
    state = hawaii.clone()
    seat = state.current_player()
    player = state.d.players[seat]
    player.feet = player.fruits = 0
    with pytest.raises(IllegalMoveError) as err:
        read_line(HAWAII, f"{seat} buys a kahuna", state)
    assert "not enough feet" in err.value.reason and "H-R5" in err.value.reason
    with speaking("fr"), pytest.raises(IllegalMoveError) as err:
        read_line(HAWAII, f"{seat} buys a kahuna", state)
    assert "pas assez de pieds" in err.value.reason
