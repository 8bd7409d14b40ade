import json

from tests.toy.helpers import GAME
from referee.operations.check import check_text
from referee.operations.report import format_errors, replay_dict


def codes(rp):
    return [(e.code, e.line) for e in rp.errors]


def test_clean_replay():
    rp = check_text(GAME + "? total = 6\n? RED.adds = [2]\n? to_move = green\n")
    assert rp.ok, format_errors(rp.errors)
    assert (rp.moves, rp.draws, rp.to_move) == (2, 4, "GREEN")
    assert all(c.passed for c in rp.checks)


def test_syntax_error_skips_only_its_line():
    text = GAME + "GREEN ads 1\nGREEN adds 1\n? total = 7\n"
    rp = check_text(text, "g.txt")
    assert codes(rp) == [("syntax", 8)]
    err = rp.errors[0]
    assert err.column == 7 and err.hint == "did you mean 'adds'?"
    assert rp.moves == 3


def test_first_rules_error_ends_replay_and_rest_not_evaluated():
    text = GAME + "GREEN adds 7\nRED adds 1\n# comment\n? total = 1\n%% junk\n"
    rp = check_text(text, "g.txt")
    assert codes(rp) == [("illegal-move", 8), ("not-evaluated", 9), ("not-evaluated", 11),
                         ("syntax", 12)]
    assert rp.stopped_at == 8
    shown = format_errors(rp.errors, "g.txt")
    assert "g.txt:8:1: illegal-move: GREEN cannot add 7" in shown
    assert "g.txt:9:1: not-evaluated: lines 9-11 (2 items)" in shown


def test_out_of_turn_and_unknown_seat():
    rp = check_text(GAME + "RED adds 1\n")
    assert codes(rp) == [("out-of-turn", 8)]
    rp = check_text(GAME + "GREEEN adds 1\n")
    assert codes(rp) == [("syntax", 8)]
    assert rp.errors[0].hint == "did you mean 'GREEN'?"


def test_move_while_chance_due_and_chance_while_move_due():
    rp = check_text('[Game "Toy"]\n[Players "RED GREEN"]\nRED adds 1\n')
    assert codes(rp) == [("out-of-turn", 3)]
    rp = check_text(GAME + "* bonus 1\n")
    assert codes(rp) == [("bad-chance", 8)]
    rp = check_text('[Game "Toy"]\n[Players "RED GREEN"]\n* order RED RED\n')
    assert codes(rp) == [("bad-chance", 3)]


def test_chance_error_column_is_in_the_source_line():
    rp = check_text('[Game "Toy"]\n[Players "RED GREEN"]\n* order RED GREEN\n*   target ten\n')
    err = rp.errors[0]
    assert (err.code, err.line, err.column) == ("bad-chance", 4, 12)


def test_header_errors():
    rp = check_text("RED adds 1\n")
    assert codes(rp) == [("bad-header", 1), ("not-evaluated", 1)]
    rp = check_text('[Game "Toy"]\n[Players "RED PINK"]\n* order RED\n')
    assert codes(rp)[0] == ("bad-header", 2)
    rp = check_text('[Game "Tyo"]\n[Players "RED GREEN"]\n')
    assert rp.errors[0].code == "bad-header" and "toy" in (rp.errors[0].hint or "")
    rp = check_text('[Game "Toy"]\n[Players "RED GREEN"]\n[Rules "shrot"]\n')
    assert rp.errors[0].line == 3 and rp.errors[0].hint == "did you mean 'short'?"
    rp = check_text('[Game "Toy"]\n[Players "RED"]\n')
    assert "2 to 4 players" in rp.errors[0].reason


def test_assertions_failures_do_not_stop_replay():
    rp = check_text(GAME + "? total = 99\n? RED.scroe = 1\nGREEN adds 1\n? total = 7\n")
    assert codes(rp) == [("assertion-failed", 8), ("assertion-failed", 9)]
    assert rp.errors[1].hint == "did you mean 'score'?"
    assert rp.errors[0].column == 3
    assert [c.passed for c in rp.checks] == [False, False, True]


def test_rejections():
    ok = GAME + '! GREEN adds 4 -- "1 to 3"\n! RED adds 1\n! * bonus 2\n? total = 6\n'
    rp = check_text(ok)
    assert rp.ok, format_errors(rp.errors)
    bad = GAME + '! GREEN adds 2\n! GREEN adds 4 -- "spears"\n'
    rp = check_text(bad)
    assert codes(rp) == [("assertion-failed", 8), ("assertion-failed", 9)]
    assert "accepted" in rp.errors[0].reason
    assert "does not mention" in rp.errors[1].reason


def test_result_tag_checked():
    moves = "GREEN adds 3\nRED adds 3\n"
    text = GAME.replace('[Players "RED GREEN"]',
                        '[Players "RED GREEN"]\n[Result "RED 5, GREEN 6; winner GREEN"]') + moves
    rp = check_text(text)
    assert rp.ok, format_errors(rp.errors)
    assert rp.to_move is None
    rp = check_text(text.replace("winner GREEN", "winner RED"))
    assert codes(rp) == [("bad-header", 3)]


def test_show_until_line():
    rp = check_text(GAME + "GREEN adds 1\n", until=5)
    assert rp.ok and rp.moves == 1 and rp.to_move == "RED"


def test_json_report():
    rp = check_text(GAME + "GREEN ads 1\nGREEN adds 9\nRED adds 1\n", "g.txt")
    d = json.loads(json.dumps(replay_dict(rp)))
    assert d["file"] == "g.txt" and d["ok"] is False and d["moves"] == 2
    assert d["to_move"] == "GREEN"
    assert [e["code"] for e in d["errors"]] == ["syntax", "illegal-move", "not-evaluated"]
    for e in d["errors"]:
        assert set(e) >= {"code", "line", "column", "text", "reason", "hint"}


def test_position(tmp_path):
    from referee.operations.check import check_path
    from referee.replay.replayer import replay
    from referee.transcript.reader import read_text
    rp = replay(read_text(GAME + "GREEN adds 3\n"))
    state = rp.module.state_to_json(rp.state)
    (tmp_path / "pos").mkdir()
    (tmp_path / "pos" / "late.json").write_text(json.dumps(state))
    game = tmp_path / "game.txt"
    game.write_text('[Game "Toy"]\n[Players "RED GREEN"]\n[Position "pos/late.json"]\n'
                    "? total = 9\nRED adds 1\n? total = 10\n? to_move = null\n")
    rp = check_path(str(game))
    assert rp.ok, format_errors(rp.errors)
    state["total"] = -5
    (tmp_path / "pos" / "late.json").write_text(json.dumps(state))
    rp = check_path(str(game))
    assert codes(rp)[0] == ("bad-position", 3)
    (tmp_path / "pos" / "late.json").write_text("{nope")
    assert check_path(str(game)).errors[0].code == "bad-position"
    game.write_text('[Game "Toy"]\n[Players "RED GREEN"]\n[Position "missing.json"]\n')
    assert check_path(str(game)).errors[0].code == "bad-position"


def test_unreadable_file(tmp_path):
    from referee.operations.check import check_path
    rp = check_path(str(tmp_path / "nope.txt"))
    assert not rp.ok and rp.errors[0].code == "bad-header"


def test_module_bug_is_internal_not_a_crash(monkeypatch):
    from tests.toy import toygame
    monkeypatch.setattr(toygame.ToyModule, "parse_move",
                        lambda self, text, state: 1 / 0)
    rp = check_text(GAME)
    assert codes(rp)[:2] == [("internal", 5), ("not-evaluated", 6)]
    assert "ZeroDivisionError" in rp.errors[0].reason
