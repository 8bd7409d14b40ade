"""One reader for every language: a line may mix English, French, German and Italian
words, accents are optional, and checking a canonical transcript loads none of it."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from referee.core.paths import games_dir
from referee.errors import AmbiguousMoveError, OutOfTurnError
from referee.operations import play_text
from tests.reading.corpus import position

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent.parent


def _read(where: str, line: str) -> str:
    return play_text(position(where), line, name=where, dry_run=True).lines[0]


@pytest.mark.parametrize("line", [
    "je prends deux kahunas avec le 2",
    "ich kaufe zwei Kahunas mit der 2",
    "compro due kahuna con il 2",
    "buy two kahunas with the 2",
    "BLEU: deux kahunas mit der 2",                 # mixed in one line
    "blau kauft zwei kahunas avec le 2",
])
def test_every_language_reads_the_same_move_with_no_flag(line):
    assert _read("hawaii-blue-opens.txt", line) == "BLUE moves beach->A4, buys kahuna x2 with token 2"


@pytest.mark.parametrize("line", ["Muschelhütte II mit der 2s ins zweite Dorf",
                                  "Muschelhuette II mit der 2s ins zweite Dorf",
                                  "muschelhutte II mit der 2s ins zweite dorf",
                                  "hutte aux coquillages II avec le 2s dans le deuxième village",
                                  "Hütte aux coquillages II avec le 2s dans le deuxieme village"])
def test_accents_are_optional(line):
    assert _read("hawaii-blue-opens.txt", line) == \
        "BLUE moves beach->B4, buys shell-hut II with token 2s, to village 2"


@pytest.mark.parametrize("line,meant", [
    ("the second order space", "BLUE takes order 2"),
    ("la deuxième case de l'ordre du tour", "BLUE takes order 2"),
    ("den dritten Platz der Reihenfolgeleiste", "BLUE takes order 3"),
    ("la terza casella dell'ordine di turno", "BLUE takes order 3"),
    ("lono II with the 5 into my first village", "BLUE moves beach->A1, buys lono II with token 5, to village 1"),
])
def test_ordinals_name_order_spaces_and_villages(line, meant):
    assert _read("hawaii-blue-opens.txt", line) == meant


def test_a_colour_of_another_language_is_a_seat_and_keeps_its_turn():
    with pytest.raises(OutOfTurnError):
        _read("hawaii-blue-opens.txt", "vert achète un surfeur II avec le 5")
    with pytest.raises(OutOfTurnError):
        _read("haleakala-red-opens.txt", "giallo mette il 3 sulla barca")


def test_what_is_left_out_is_still_asked_in_every_language():
    for line in ("j'achète une banane avec le 6s dans le village 1",
                 "ich kaufe eine Banane mit der 6s ins Dorf 1"):
        with pytest.raises(AmbiguousMoveError) as info:
            _read("hawaii-blue-opens.txt", line)
        assert len(info.value.candidates) == 2      # side I and side II


def test_every_term_names_its_source():
    from referee.core.vocabulary import vocabulary
    for game in ("hawaii", "haleakala"):
        words = vocabulary(game)
        for (category, term), source in words.sources.items():
            assert source and source != "None", (game, category, term)
    for path in (games_dir() / "words").glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        assert "shared" not in text and "seeds" not in text, path


def test_checking_a_canonical_transcript_loads_neither_reader_nor_words(tmp_path):
    game = tmp_path / "game.txt"
    subprocess.run([sys.executable, "-m", "referee", "new", "hawaii", "--players", "red,green",
                    "--seed", "3", "-o", str(game)], check=True, cwd=PROJECT, capture_output=True)
    run = subprocess.run([sys.executable, "-c",
                          "import sys\nfrom referee.cli import main\n"
                          f"try:\n    main(['check', {str(game)!r}])\n"
                          "except SystemExit:\n    pass\n"
                          "print([m for m in sys.modules if m.endswith(('free_reader', "
                          "'vocabulary', 'free_words', 'line_reading'))])"],
                         capture_output=True, text=True, cwd=PROJECT)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().splitlines()[-1] == "[]", run.stdout


@pytest.mark.parametrize("where,line,control", [
    ("hawaii-red-with-a-boat.txt", "green undo", "GREEN takes back"),
    ("hawaii-red-with-a-boat.txt", "red: I resign", "RED resigns"),
    ("hawaii-red-with-a-boat.txt", "j'abandonne", "RED resigns"),
    ("hawaii-red-with-a-boat.txt", "rot: rückgängig bitte", "RED takes back"),
    ("haleakala-red-opens.txt", "red undo", "RED takes back"),
    ("haleakala-red-opens.txt", "mi arrendo", "RED resigns"),
])
def test_undo_and_resign_in_words_point_to_the_line_that_does_it(where, line, control):
    from referee.errors import NotationSyntaxError
    with pytest.raises(NotationSyntaxError) as info:
        _read(where, line)
    assert f"write '{control}'" in info.value.reason


def test_haleakala_tells_its_take_back_move_from_the_undo():
    from referee.errors import IllegalMoveError
    with pytest.raises(IllegalMoveError) as info:
        _read("haleakala-red-opens.txt", "RED takes back my 3")
    assert "a disc from a beach" in info.value.reason
    with pytest.raises(IllegalMoveError) as info:
        _read("haleakala-red-opens.txt", "red takes back")
    assert "undoes the seat's own last move" in (info.value.hint or "")


def test_haleakala_reads_section():
    assert _read("haleakala-red-opens.txt", "red puts the 3 on the beach of section 4") == \
        "RED places 3 on beach4"


def test_my_boat_is_one_of_the_seats_boats_and_never_a_guess():
    with pytest.raises(AmbiguousMoveError) as info:
        _read("hawaii-red-with-a-boat.txt", "red: fish with my boat, take the 6s and the 6")
    assert info.value.candidates == ["RED fishes 6s (3 fish), 6 (3 fish) with fishing-boat",
                                     "RED fishes 6s (3 fish), 6 (3 fish) with boat1"]


def test_a_choice_between_sides_says_what_each_costs_and_gives():
    with pytest.raises(AmbiguousMoveError) as info:
        _read("hawaii-blue-opens.txt", "j'achète une banane avec le 6s dans le village 1")
    reason = info.value.reason
    assert "side I: pays 6 shells and 3 feet; 1 fruit of income" in reason
    assert "side II: pays 12 shells and 3 feet; 2 fruits of income" in reason
