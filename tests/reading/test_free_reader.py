"""The free reader (core/free_reader.py, each game's text/free_words.py) through the one path
every front end uses (operations/line_reading.py via play_text): what it reads, what it
refuses, and that it never reads a line as a move other than the one it names."""
from __future__ import annotations

import random

import pytest

from referee.core import registry
from referee.core.free_reader import read_line
from referee.errors import RefereeError
from referee.operations import play_text
from referee.replay import replay
from referee.transcript import read_bytes
from tests.decisions import decisions
from tests.reading.corpus import position

HAWAII = "hawaii-red-with-fruits.txt"          # RED to move on the beach, 2 fruits
HALEAKALA = "haleakala-yellow-can-take-back.txt"  # YELLOW to move, its 2 on beach 4


def play(where: str, line: str):
    return play_text(position(where), line, name=where, dry_run=True)


def refusal(where: str, line: str) -> RefereeError:
    with pytest.raises(RefereeError) as info:
        play(where, line)
    return info.value


@pytest.mark.parametrize("where, line, read", [
    (HAWAII, "red goes fishing for the 6s", "RED fishes 6s (3 fish) with fishing-boat"),
    (HAWAII, "buy 2 tikis with the 5s please", "RED moves beach->B1, buys tiki x2 with token 5s"),
    (HAWAII, "put me on order space 3", "RED takes order 3"),
    (HAWAII, "buys kahuna x1 with token 4", "RED moves beach->A4, buys kahuna x1 with token 4"),
    (HALEAKALA, "take back my 2", "YELLOW takes back 2 from beach4"),
    (HALEAKALA, "I put the 3 on the boat", "YELLOW places 3 on beach2"),
])
def test_a_free_line_is_played_as_its_canonical_line_with_or_without_the_seat(where, line, read):
    seat = read.split()[0]
    for said in (line, f"{seat} {line}", f"{seat.lower()} {line}"):
        played = play(where, said)
        assert played.lines[0] == read and played.read_as in (None, read)
        assert read in played.text.splitlines() and said not in played.text.splitlines()
    assert play(where, line).read_as == read          # the seat word was left out


@pytest.mark.parametrize("where", [HAWAII, HALEAKALA])
@pytest.mark.parametrize("line", ["Hi all, here is my move:", "good luck!", "42", "?!", "",
                                  "thanks for the game", "see you next round"])
def test_chatter_is_no_move(where, line):
    assert refusal(where, line).code in ("syntax", "usage")


def test_a_line_that_fits_several_moves_lists_them_as_canonical_lines():
    err = refusal(HAWAII, "buy a banana with the 6s in village 1")
    assert err.code == "ambiguous-move"
    assert err.candidates == ["RED moves beach->C3, buys banana I with token 6s, to village 1",
                              "RED moves beach->C3, buys banana II with token 6s, to village 1"]


def test_a_line_that_fits_no_move_names_the_nearest():
    err = refusal(HAWAII, "I buy a kahuna with the 6")      # no 6 at the kahunas
    assert err.code == "illegal-move" and "nearest legal moves" in (err.hint or "")
    assert "buys kahuna" in err.hint


def test_another_seat_is_out_of_turn_and_an_unknown_word_is_not_guessed():
    assert refusal(HAWAII, "green buys a kahuna with the 4").code == "out-of-turn"
    err = refusal(HAWAII, "I buy a kahunna with the 4")
    assert err.code == "syntax" and "kahunna" in err.reason and "kahuna" in (err.hint or "")


def test_fishing_is_no_place():
    err = refusal(HAWAII, "red goes fishing for the 3")      # no 3 in the cove
    assert "fishing" not in err.reason.split("'")[1:2]      # not "unknown place 'fishing'"
    assert "place" not in err.reason


def test_hints_never_go_round_in_a_circle_and_name_the_nearest_seat():
    # read in a transcript (`referee check`), where no seat is to act for it
    for line, bad in (("move to C3", "moves"), ("moves to C3", "move")):
        text = position(HAWAII) + f"{line}\n".encode()
        err = replay(read_bytes(text)).errors[0]
        assert f"'{bad}'" not in (err.hint or "") and "RED" in (err.hint or "")
    for where, line, seat in ((HAWAII, "gren buys kahuna", "GREEN"),
                              (HALEAKALA, "green places 3 on beach2", "RED"),
                              (HALEAKALA, "yelow places 3 on beach2", "YELLOW")):
        assert f"'{seat}'" in (refusal(where, line).hint or "")
    assert "'move" not in (refusal(HALEAKALA, "YELLOW moves to C3").hint or "")


def test_haleakala_notation_skips_articles():
    rp = replay(read_bytes(position(HALEAKALA)))
    module, state = rp.module, rp.state
    for line, canonical in (("YELLOW puts the 3 on beach2", "YELLOW places 3 on beach2"),
                            ("YELLOW takes back the 2", "YELLOW takes back 2 from beach4"),
                            ("YELLOW places a 5 on the beach6", "YELLOW places 5 on beach6")):
        assert module.format_move(module.parse_move(line, state), state) == canonical


@pytest.mark.parametrize("key", registry.keys())
def test_every_legal_moves_canonical_line_is_read_as_that_move_or_refused(key):
    """The free reader on the referee's own lines, which name every detail: it must
    never answer another move (and nearly always answers the move itself)."""
    module = registry.get(key)
    right = refused = 0
    for seed in range(2):
        for state, _, moves, rng in decisions(module, seed, 160, module.max_players):
            for move in moves if len(moves) <= 12 else rng.sample(moves, 12):
                line = module.format_move(move, state)
                try:
                    read = read_line(module, line, state)
                except RefereeError:
                    refused += 1
                    continue
                assert read == move, (line, module.format_move(read, state))
                right += 1
    assert right >= 20 * refused, (right, refused)


@pytest.mark.parametrize("where", [HAWAII, HALEAKALA, "hawaii-red-with-a-boat.txt",
                                   "haleakala-yellow-buys.txt"])
def test_canonical_lines_read_as_before(where):
    rp = replay(read_bytes(position(where)))
    module, state = rp.module, rp.state
    moves = list(state.legal_moves())
    for move in random.Random(3).sample(moves, min(len(moves), 25)):
        line = module.format_move(move, state)
        played = play(where, line)
        assert played.lines[0] == line and played.read_as is None


WORDS = ("red", "yellow", "blue", "I", "my", "the", "a", "buy", "buys", "kahuna", "tiki",
         "kahunas", "with", "token", "paying", "fruits", "feet", "shells", "to", "village",
         "order", "space", "fishing", "fish", "dock", "island", "boat", "boat1", "both",
         "places", "put", "take", "back", "beach", "beach2", "crater", "plain3", "shaman",
         "stays", "priestess", "nothing", "pearl", "white", "invocation", "plus", "->", "+",
         "(", ")", "3", "4s", "2", "6", "1", "x2", "II", "I", "side", "A1", "B2", "C3",
         "kane", "gods", "please", "and", ",", "#", "'", "\u00e9", "\u2192", "0", "99999")


@pytest.mark.parametrize("where", [HAWAII, HALEAKALA, "hawaii-red-with-a-boat.txt",
                                   "haleakala-red-moves-lava.txt"])
def test_random_words_and_junk_never_break_the_reader(where):
    """Fuzz: every answer is a move or a RefereeError with a code, never an internal
    error; a move read is legal (play_text replays it) and is shown canonical."""
    rng = random.Random(where)
    for _ in range(150):
        if rng.random() < 0.2:
            line = "".join(chr(rng.randrange(32, 0x2FF)) for _ in range(rng.randrange(1, 40)))
        else:
            line = " ".join(rng.choice(WORDS) for _ in range(rng.randrange(1, 9)))
        try:
            played = play(where, line)
        except RefereeError as err:
            assert err.code not in ("error", "internal"), (line, err.code, err.reason)
            assert err.reason
            continue
        read = played.lines[0]
        assert play(where, read).lines[0] == read
