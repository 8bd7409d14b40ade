"""The title-agnostic matching of the free reader (referee/core/free_reader.py), on moves
made up for the test: every mention met, details left out settled only by the
notation's defaults, one move, candidates or the nearest."""
from __future__ import annotations

import pytest

from referee.core.free_reader import Facts, Heard, Mention, NotRead, number_of, read_free, words_of
from referee.errors import AmbiguousMoveError, IllegalMoveError, OutOfTurnError

# three moves: a plain purchase, the same paid otherwise, and another tile
MOVES = ["plain hut", "hut paid in fruit", "boat"]
FACTS = [Facts(frozenset({("tile", "hut"), ("pay", "shells")})),
         Facts(frozenset({("tile", "hut"), ("pay", "fruits")}), frozenset({"pay"})),
         Facts(frozenset({("tile", "boat"), ("pay", "shells")}))]


def read(*mentions, seat=None, unknown=()):
    heard = Heard(seat=seat, mentions=list(mentions), unknown=list(unknown),
                  vocabulary=("hut", "boat"))
    return read_free("the line", "RED", MOVES, heard, FACTS, lambda m: f"RED {m}")


def said(words, *facts, weak=False):
    return Mention(words, 1, frozenset(facts), weak)


def test_a_detail_left_out_is_the_notations_default():
    assert read(said("hut", ("tile", "hut"))) == "plain hut"
    assert read(said("hut", ("tile", "hut")), said("fruit", ("pay", "fruits"))) == \
        "hut paid in fruit"


def test_several_fits_are_candidates_and_none_names_the_nearest():
    with pytest.raises(AmbiguousMoveError) as info:
        read(said("shells", ("pay", "shells")))
    assert info.value.candidates == ["RED plain hut", "RED boat"]
    with pytest.raises(IllegalMoveError) as info:
        read(said("boat", ("tile", "boat")), said("3", ("pay", "fruits"), weak=True))
    assert info.value.hint == "the nearest legal moves: RED boat"    # the most said


def test_what_is_no_move_is_not_read():
    with pytest.raises(NotRead):
        read()                                            # names nothing
    with pytest.raises(NotRead):
        read(said("3", ("tile", "hut"), weak=True))       # nothing but a number
    with pytest.raises(NotRead) as info:
        read(said("hut", ("tile", "hut")), unknown=[("bot", 9)])
    assert info.value.hint == "did you mean 'boat'?" and info.value.named == 1
    with pytest.raises(OutOfTurnError):
        read(said("hut", ("tile", "hut")), seat="GREEN")


def test_words_and_numbers_as_players_write_them():
    assert [w for w, _ in words_of("I'll buy the chief's 4s, then -> B2!")] == \
        ["i", "buy", "the", "chief", "4s", "then", "->", "b2"]
    assert number_of("three") == (3, False) and number_of("4s") == (4, True)
    assert number_of("x2") is None
