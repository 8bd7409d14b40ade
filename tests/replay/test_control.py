"""Control items (docs/notation.md, control items T-1..T-7) on the toy game: takeback,
resignation, the referee's moves for a resigned seat, through check, show, moves and play."""
import pytest

from tests.toy.helpers import run
from referee.transcript import items as I
from referee.operations.check import check_text
from referee.operations.play import play_text, referee_move_line
from referee.transcript.reader import parse_line

HEAD = """[Game "Toy"]
[Players "RED GREEN BLUE"]
* order RED GREEN BLUE
* target 12
"""
TWO = """[Game "Toy"]
[Players "RED GREEN"]
* order RED GREEN
* target 10
"""


def errors(text):
    return [(e.code, e.line, e.reason) for e in check_text(text).errors]


@pytest.mark.parametrize("line, kind", [
    ("RED takes back", I.TAKEBACK), ("red  Takes   BACK  # agreed by GREEN", I.TAKEBACK),
    ("GREEN take back", I.TAKEBACK), ("BLUE takeback", I.TAKEBACK),
    ("RED resigns", I.RESIGN), ("yellow resign # sorry", I.RESIGN),
])
def test_control_words_are_read_as_control_items_both_ways(line, kind):
    for fast in (True, False):
        item = parse_line(line, 1, fast=fast)
        assert (item.kind, item.value) == (I.CONTROL, kind)


@pytest.mark.parametrize("line", ["YELLOW takes back 2 from beach4, shaman to plain5",
                                  "RED takes back 2", "RED resigns now", "RED takes"])
def test_other_words_stay_moves(line):
    """Haleakala's 'takes back N from beachX' is a move of its game, not a control item."""
    for fast in (True, False):
        assert parse_line(line, 1, fast=fast).kind == I.MOVE


def test_takeback_voids_the_last_move_and_check_keeps_both_lines():
    """T-1: the seat's own last move, nothing after it: the replay treats it as never played."""
    text = HEAD + "RED adds 3\nRED takes back  # agreed by GREEN BLUE\nRED adds 1\n? total = 1\n"
    rp = check_text(text)
    assert rp.ok and rp.moves == 1 and rp.state.adds["RED"] == [1]
    assert rp.to_move == "GREEN"


def test_takeback_of_a_move_the_seat_played_after_its_own_move():
    """T-1: two moves of one seat in a row (here: after a hand-written chance line) -- only
    the last one is voided."""
    text = HEAD + "RED adds 1\nGREEN adds 1\nBLUE adds 1\n* bonus 1\nRED adds 2\nRED takes back\n"
    rp = check_text(text)
    assert rp.ok and rp.state.total == 4 and rp.to_move == "RED"


def test_takebacks_one_after_the_other_void_the_moves_in_turn():
    """T-1: a move voided with its takeback is as if never played, so the seat before
    it may then take back its own move (a person after the bots' replies)."""
    text = HEAD + "RED adds 1\nGREEN adds 2\nBLUE adds 3\nBLUE takes back\nGREEN takes back\n" \
                  "RED takes back\n"
    rp = check_text(text)
    assert rp.ok and rp.moves == 0 and rp.state.total == 0 and rp.to_move == "RED"
    again = check_text(text + "RED adds 3\nGREEN adds 1\n")
    assert again.ok and again.state.total == 4 and again.to_move == "BLUE"


@pytest.mark.parametrize("tail, words", [
    ("RED takes back\n", "nothing to take back: it has not moved yet (T-1)"),
    ("RED adds 1\nGREEN adds 1\nGREEN takes back\nGREEN takes back\n", "a takeback cannot be taken back (T-2)"),
    ("RED adds 1\nGREEN adds 1\nRED takes back\n", "is GREEN's"),
    ("RED adds 1\nGREEN adds 1\nBLUE adds 1\n* bonus 2\nBLUE takes back\n", "chance line of line 8 has followed"),
    ("RED adds 1\nRED takes back\nRED takes back\n", "a takeback cannot be taken back (T-2)"),
    ("RED adds 1\nRED resigns\nRED takes back\n", "has resigned"),
    ("RED adds 1\nGREEN resigns\nRED takes back\n", "a resignation cannot be taken back (T-2)"),
    ("RED resigns\nRED resigns\n", "already resigned (T-4)"),
])
def test_illegal_control_items_are_refused_with_their_rule(tail, words):
    errs = errors(HEAD + tail)
    assert errs and errs[0][0] == "illegal-move" and words in errs[0][2], errs


def test_a_refused_takeback_as_a_rejection_line_changes_nothing():
    """T-1: '!' lines work on control items too and leave the state as it was."""
    text = HEAD + "RED adds 1\nGREEN adds 2\n! RED takes back -- \"T-1\"\n? total = 3\n"
    assert check_text(text).ok
    text = HEAD + "RED adds 1\nGREEN adds 2\n! GREEN takes back\n"
    assert [e.code for e in check_text(text).errors] == ["assertion-failed"]


def test_two_player_resignation_ends_the_game_and_the_result_says_so():
    """T-4: with two players the other seat wins at once; [Result] is checked."""
    text = TWO + "RED adds 2\nGREEN resigns\n"
    rp = check_text(text)
    assert rp.ok and rp.to_move is None
    from referee.replay.control import result_text
    assert result_text(rp.state) == "GREEN resigned; winner RED"
    assert check_text(text.replace("[Players", '[Result "GREEN resigned; winner RED"]\n[Players')).ok
    bad = check_text(text.replace("[Players", '[Result "RED 2; winner RED"]\n[Players'))
    assert [e.code for e in bad.errors] == ["bad-header"]
    assert errors(text + "RED adds 1\n")[0][2] == "the game is over (GREEN resigned): RED cannot move (T-4)"
    assert "game is over" in errors(text + "* bonus 1\n")[0][2]


def test_play_writes_the_result_of_a_resignation(tmp_path):
    played = play_text((TWO + "RED adds 2\n").encode(), "green resigns # well played")
    assert played.lines == ["GREEN resigns  # well played"] and played.resigned == "GREEN"
    assert played.result == "GREEN resigned; winner RED"
    assert '[Result "GREEN resigned; winner RED"]' in played.text
    assert check_text(played.text).ok


def test_resigned_seat_is_played_by_the_referee_and_cannot_win():
    """T-5, T-6: a resigned seat's turns are answered by the least-disruptive move, each
    written with the reason; its points stay in the ranking but the win goes elsewhere."""
    raw = (HEAD + "RED adds 3\nGREEN adds 1\n").encode()
    played = play_text(raw, "RED resigns")
    assert played.lines == ["RED resigns"] and played.resigned == "RED"
    text = played.text
    for line in ["BLUE adds 1", "* bonus 1", "GREEN adds 1", "BLUE adds 1", "* bonus 1",
                 "GREEN adds 1"]:
        played = play_text(text.encode(), line)
        text = played.text
        if line == "* bonus 1" and played.result is None:
            assert played.lines[1:] == ["RED adds 1  # RED resigned: played by the referee"]
    rp = check_text(text)
    assert rp.ok, rp.errors
    # RED added 3+1+1 = 5, more than GREEN (3) and BLUE (2), and cannot win
    assert rp.state.outcome().winners == ("RED",)
    from referee.replay.control import outcome
    assert played.result == "RED 5, GREEN 3, BLUE 2; winner GREEN; RED resigned"
    assert outcome(rp.state).winners == ("GREEN",)
    assert f'[Result "{played.result}"]' in text
    assert text.count("# RED resigned: played by the referee") == 2


def test_a_resigned_seat_may_only_make_the_referees_move():
    """T-5: a hand-written move for a resigned seat must be the referee's move."""
    text = HEAD + "RED resigns\nRED adds 2\n"
    assert errors(text)[0][2] == ("RED has resigned: the referee plays its moves, and here "
                                  "that is 'RED adds 1' (T-5)")
    assert check_text(HEAD + "RED resigns\nRED adds 1 # by hand\n").ok


def test_all_but_one_resigned_wins_at_once():
    """T-4: with three players, when two have resigned the third wins."""
    text = HEAD + "GREEN resigns\nBLUE resigns\n"
    rp = check_text(text)
    from referee.replay.control import result_text
    assert rp.ok and rp.to_move is None
    assert result_text(rp.state) == "GREEN resigned, BLUE resigned; winner RED"


def test_last_move_of_a_finished_game_cannot_be_taken_back():
    """T-3."""
    errs = errors(TWO + "RED adds 3\nGREEN adds 3\n* bonus 1\nRED adds 3\nGREEN takes back\n")
    assert errs[0][2] == "the game is over: GREEN can no longer take back (T-3)"


def test_play_takeback_returns_the_voided_line_with_and_without_the_state_cache(monkeypatch):
    raw = (HEAD + "RED adds 3\n").encode()
    for cache in ("", "1"):
        monkeypatch.setenv("REFEREE_NO_CACHE", cache) if cache else \
            monkeypatch.delenv("REFEREE_NO_CACHE", raising=False)
        play_text(raw, "GREEN adds 1")                      # fills the cache for raw (or not)
        played = play_text(raw, "RED takes back # sorry")
        assert played.voided == "RED adds 3" and played.lines == ["RED takes back  # sorry"]
        assert played.state.total == 0 and check_text(played.text).ok


def test_resignations_survive_the_state_cache():
    raw = play_text((HEAD + "RED adds 1\n").encode(), "BLUE resigns").text.encode()
    play_text(raw, "GREEN adds 1")                          # raw's replay is now cached
    played = play_text(raw, "GREEN adds 2")
    assert played.lines == ["GREEN adds 2", "BLUE adds 1  # BLUE resigned: played by the referee"]


def test_referee_move_line_plays_the_least_disruptive_move_for_the_seat_to_move():
    """The host's skip policy: an ordinary move line with the reason as its comment."""
    raw = (HEAD + "RED adds 3\n").encode()
    played = referee_move_line(raw, "green", "deadline passed: played by the referee")
    assert played.lines == ["GREEN adds 1  # deadline passed: played by the referee"]
    assert check_text(played.text).ok
    from referee.errors import OutOfTurnError
    with pytest.raises(OutOfTurnError, match="BLUE is to move"):
        referee_move_line(played.text.encode(), "RED", "late")


def test_show_moves_and_check_on_a_resigned_game(tmp_path, capsys):
    path = tmp_path / "g.txt"
    path.write_text(HEAD + "RED resigns\n")
    status, out, _ = run("moves", path, capsys=capsys)
    assert status == 0 and out.splitlines() == ["RED has resigned: the referee plays", "RED adds 1"]
    status, out, _ = run("check", path, capsys=capsys)
    assert status == 0 and "next: RED (resigned: the referee plays its move)" in out
    status, out, _ = run("play", path, "GREEN", "adds", "2", capsys=capsys)
    assert status == 0 and out.splitlines()[:2] == [
        "RED adds 1  # RED resigned: played by the referee", "GREEN adds 2"]
    path.write_text(TWO + "RED adds 2\nRED takes back\nRED resigns\n")
    status, out, _ = run("check", path, capsys=capsys)
    assert status == 0 and "ok, 0 moves; game over: RED resigned; winner GREEN" in out
    status, out, _ = run("moves", path, capsys=capsys)
    assert status == 0 and "game over: RED resigned; winner GREEN" in out
