"""A mail's lines read (read_lines) and sorted (Lines.commands): which lines run, in
which order, and which are chatter (docs/mail.md section 3)."""
from __future__ import annotations

from referee.service.hosted.lines import COMMAND_WORDS, read_lines
from referee.service.plaintext.line_ends import split_lines
from tests.service.plaintext.test_line_ends import OTHER_BREAKS

SEATS = ["RED", "BLUE", "GREEN"]
VERBS = ["buy", "pass", "go"]


def _split(body: str):
    return read_lines(body).commands(seats=SEATS, verbs=VERBS)


def test_seats_verbs_and_command_words_in_order():
    body = ("Hi all, here is my move:\nred buy 2 shells\nSHOW\ngood luck!\nhistory\n")
    result = _split(body)
    assert [(c.text, c.word, c.kind, c.guard) for c in result.lines] == [
        ("red buy 2 shells", "RED", "seat", None),
        ("SHOW", "show", "command", None),
        ("history", "history", "command", None)]
    assert result.ignored == ("Hi all, here is my move:", "good luck!")
    assert result.token is None
    result = _split("Here goes:\nbuy 1 hut #12\nhelp.\n")
    assert [(c.text, c.word, c.kind, c.guard) for c in result.lines] == [
        ("buy 1 hut", "buy", "verb", 12), ("help", "help", "command", None)]


def test_a_command_word_starting_a_sentence_is_chatter():
    """Only the word alone (or salt and one word) runs: 'Show me…' is a person talking."""
    result = _split("Show me what you've got\nUndo that, I beg you\nshow!\nsalt pepper\n"
                    "salt and pepper\nhelp:\n")
    assert [c.text for c in result.lines] == ["show", "salt pepper", "help"]
    assert result.ignored == ("Show me what you've got", "Undo that, I beg you",
                              "salt and pepper")


def test_with_seat_words_a_line_starting_with_a_verb_is_chatter():
    """The referee's template writes the seat word; a mail that uses it says which lines
    are moves, so 'Go team!' and 'Pass the salt' around them are chatter."""
    result = _split("Pass the salt, this is hard.\nRED buy 2 shells #4\nGo team!\nshow\n")
    assert [c.text for c in result.lines] == ["RED buy 2 shells", "show"]
    assert result.ignored == ("Pass the salt, this is hard.", "Go team!")
    hawaii = read_lines("Buys are hard this week.\nRED pass\nmoves\n").commands(
        seats=SEATS, verbs=["moves", "buys"])
    assert [(c.text, c.kind) for c in hawaii.lines] == [("RED pass", "seat"),
                                                          ("moves", "verb")]
    assert hawaii.ignored == ("Buys are hard this week.",)


def test_moves_with_words_is_left_to_the_game():
    """'moves B1 kahuna' asks the move builder, 'Moves are hard this week' is a
    sentence: only the game's legal moves tell them apart, so both are kind "ask"
    (tests/service/hosted/test_mail_builder.py plays them), in Hawaii (where 'moves' is also a
    verb) in a mail with seat words, and in a game where it is a command word only."""
    for verbs in (["moves", "buys"], ["places"]):
        result = read_lines("Moves are hard this week.\nRED pass\nmoves B1 kahuna #7\n"
                            "moves\n").commands(seats=SEATS, verbs=verbs)
        assert [(c.text, c.kind, c.guard) for c in result.lines] == [
            ("Moves are hard this week.", "ask", None), ("RED pass", "seat", None),
            ("moves B1 kahuna", "ask", 7), ("moves", "verb" if "moves" in verbs else "command",
                                            None)]
        assert result.ignored == ()


def test_every_command_word_is_a_command():
    result = _split("\n".join(COMMAND_WORDS))
    assert [c.word for c in result.lines] == list(COMMAND_WORDS)
    assert result.ignored == ()


def test_bullets_and_numbers_a_client_adds_are_skipped():
    body = "- pass\n* show\n• moves\n1. buy 1 hut\n2) go north\n(3) undo\n> accept\n"
    result = _split(body)
    assert [c.text for c in result.lines] == [
        "pass", "show", "moves", "buy 1 hut", "go north", "undo", "accept"]
    assert [c.text for c in _split("- RED pass\n* show\n").lines] == ["RED pass", "show"]


def test_a_word_that_only_begins_like_a_command_is_chatter():
    result = _split("showing off\nredo that\nbuyer beware\nshow-off\n")
    assert result.lines == ()
    assert len(result.ignored) == 4


def test_token_lines_give_the_token_and_are_not_commands():
    result = _split("token s3cr3t-Word\nRED pass\ntoken s3cr3t-Word\ntoken other\ntoken\n")
    assert result.token == "s3cr3t-Word"
    assert [c.text for c in result.lines] == ["RED pass"]
    assert result.ignored == ("token other", "token")


def test_the_guard_is_only_a_trailing_hash_number():
    result = _split("RED pass #  7 \nRED buy #3 huts\nRED go #99999999999999\n")
    assert [(c.text, c.guard) for c in result.lines] == [
        ("RED pass", 7), ("RED buy #3 huts", None), ("RED go #99999999999999", None)]


def test_invisible_characters_and_spacing():
    result = _split("\ufeff\u200bRED\u00a0 pass \t\n\n   \n")
    assert [c.text for c in result.lines] == ["RED pass"]
    assert result.ignored == ()


def test_only_newline_and_carriage_return_end_a_line():
    assert split_lines("a\nb\r\nc\rd") == ["a", "b", "c", "d"]
    for sep in OTHER_BREAKS:
        assert split_lines(f"RED pass{sep}RED go #3") == ["RED pass RED go #3"], repr(sep)
        result = _split(f"RED pass{sep}RED go #3")
        assert [(c.text, c.guard) for c in result.lines] == [("RED pass RED go", 3)], repr(sep)
