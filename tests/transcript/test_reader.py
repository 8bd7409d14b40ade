import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import NotationSyntaxError
from referee.transcript.reader import parse_line, read_text
from referee.operations.report import format_error


def test_items_and_positions():
    t = read_text('[Game "Toy"]\n[RED "alice@example.org # not a comment"]\n\n'
                  '# a whole-line comment\n* order RED GREEN  # dealt\n'
                  '  RED adds 2   # trailing\n? RED.adds.1 >= 2\n! GREEN adds 9 -- "1 to 3"\n',
                  "t.txt")
    assert not t.errors
    assert t.tag("game") == "Toy"
    assert t.tag("RED") == "alice@example.org # not a comment"
    kinds = [(i.kind, i.line) for i in t.items]
    assert kinds == [("comment", 4), ("chance", 5), ("move", 6), ("assert", 7), ("reject", 8)]
    chance, move, check, reject = t.items[1:]
    assert chance.body == "order RED GREEN" and chance.body_column == 3
    assert chance.comment == "# dealt"
    assert move.body == "RED adds 2" and move.column == 3 and move.name == "RED"
    assert (check.path, check.op, check.value) == ("RED.adds.1", ">=", 2)
    assert reject.body == "GREEN adds 9" and reject.value == "1 to 3"


def test_assertion_values():
    item = parse_line('? RED.villages.2 = [spear-hut:II, long-hut:I]')
    assert item.value == ["spear-hut:II", "long-hut:I"]
    assert parse_line("? to_move = null").value is None
    assert parse_line('? name = "two words"').value == "two words"
    assert parse_line("? x == 4s").op == "="
    assert parse_line("? x = 4s").value == "4s"
    assert parse_line("? x = -2.5").value == -2.5


def test_rejection_keeps_arrows():
    item = parse_line('! RED moves B2->C3 paying 1 fruit -- "needs"')
    assert item.body == "RED moves B2->C3 paying 1 fruit"
    assert parse_line("! * bonus 7").body == "* bonus 7"


@pytest.mark.parametrize("line,column", [
    ('[Game Toy]', 7),
    ('? RED.adds ==', 14),
    ('% what', 1),
    ('[Game "Toy"', 12),
])
def test_syntax_errors_have_columns(line, column):
    with pytest.raises(NotationSyntaxError) as info:
        parse_line(line, 7)
    err = info.value
    assert err.code == "syntax" and err.line == 7 and err.column == column


def test_caret_points_at_column():
    with pytest.raises(NotationSyntaxError) as info:
        parse_line("[Game Toy]", 3)
    text = format_error(info.value.at(file="g.txt"))
    first, line, caret = text.splitlines()[:3]
    assert first.startswith("g.txt:3:7: syntax: ")
    assert line == "    [Game Toy]"
    assert caret == "    " + " " * 6 + "^"


def test_late_and_duplicate_tags():
    t = read_text('[Game "Toy"]\n[Game "Toy"]\nRED adds 1\n[Event "x"]\n')
    assert [(e.code, e.line) for e in t.errors] == [("bad-header", 2), ("bad-header", 4)]


def test_a_broken_tag_costs_only_its_line():
    """notation.md: a syntax error skips its line; a tag with a typo does not end the header."""
    t = read_text('[Game "Toy"]\n[Event "Club night"\n[Players "RED GREEN"]\nRED adds 2\n', "t.txt")
    assert [(e.code, e.line) for e in t.errors] == [("syntax", 2)]
    assert t.tag("Players") == "RED GREEN"


def test_crlf_bom_and_bad_utf8():
    from referee.transcript.reader import read_bytes
    t = read_bytes(b'\xef\xbb\xbf[Game "Toy"]\r\nRED adds 1\r\n\xff\xfe\n', "x.txt")
    assert t.tag("Game") == "Toy"
    assert t.items[0].body == "RED adds 1"
    assert t.errors and t.errors[0].line == 3


def test_suggestions():
    from referee.syntax.hints import did_you_mean, suggest
    assert suggest("mvoes", ["moves", "buys", "fishes"]) == "moves"
    assert did_you_mean("zzz", ["moves"]) is None


def test_from_lark_suggests_expected_keyword(tmp_path, monkeypatch):
    from lark import Lark
    from lark.exceptions import UnexpectedInput

    from referee.syntax.hints import from_lark
    p = Lark('start: SEAT ("moves" | "fishes") INT\n%import .common (SEAT, INT, WS)\n%ignore WS\n',
             parser="lalr", import_paths=[str(__import__("referee.core.paths").core.paths.grammar_dir())])
    with pytest.raises(UnexpectedInput) as info:
        p.parse("RED mvoes 2")
    err = from_lark(info.value, "RED mvoes 2", p)
    assert err.column == 5 and err.hint == "did you mean 'moves'?"


def test_common_grammar_imports_relatively(tmp_path):
    from lark import Lark

    from referee.core.paths import grammar_dir
    common = (grammar_dir() / "common.lark").read_text()
    (tmp_path / "common.lark").write_text(common)
    (tmp_path / "g.lark").write_text(
        "start: SEAT WORD INT (SHELLS | FEET | FRUITS)\n"
        "%import .common (SEAT, WORD, INT, SHELLS, FEET, FRUITS, WS)\n%ignore WS\n")
    p = Lark.open(str(tmp_path / "g.lark"), parser="lalr")
    assert p.parse("Red pays 2 feet") and p.parse("BLUE pays 1 fruit")


def test_parser_is_built_once():
    from referee.syntax.grammar import parser
    assert parser("transcript") is parser("transcript")


def test_keywords_from_regex_terminals():
    from referee.syntax.hints import expand_words
    assert expand_words(r"(?i:moves?|goes)\b") == ["move", "moves", "goes"]
    assert expand_words(r"(?i:fish(?:es)?)\b") == ["fish", "fishes"]
    assert expand_words(r"(?i:plus|\+)") == ["plus"]
    assert expand_words(r"[0-9]+[sS]\b") == []


def test_game_grammar_keywords_hint_a_module_error(tmp_path, monkeypatch):
    import referee.core.paths
    from tests.toy.helpers import GAME
    from referee.operations.check import check_text
    from referee.syntax.hints import grammar_keywords
    (tmp_path / "toy.lark").write_text('start: NAME ADDS INT\nADDS.2: /(?i:adds?|pluses)\\b/\n'
                                       'OTHER: "subtracts"\n')
    monkeypatch.setattr(referee.core.paths, "grammar_dir", lambda: tmp_path)
    grammar_keywords.cache_clear()
    try:
        rp = check_text(GAME + "GREEN pluse 1\n")
    finally:
        grammar_keywords.cache_clear()
    err = rp.errors[0]
    assert (err.code, err.column, err.hint) == ("syntax", 7, "did you mean 'pluses'?")


_LINE_CHARS = st.sampled_from(list("RED moves*#-> \t\f\r\v\ufeff[]?!\"=,:x1_a0\u00a0\\") + ["\u00e9", "\x00", "RED", "* ", "# c", '"v"', "[Game"])


@settings(max_examples=1500, deadline=None)
@given(st.lists(_LINE_CHARS, max_size=25).map("".join))
def test_fast_path_agrees_with_the_grammar(line):
    """The regex shortcut for moves and chance lines must read exactly like the grammar."""
    try:
        slow = parse_line(line, 3, fast=False)
    except NotationSyntaxError:
        slow = "error"
    try:
        quick = parse_line(line, 3)
    except NotationSyntaxError:
        quick = "error"
    assert quick == slow


_WSS = st.sampled_from(["", " ", "\t", "  ", "\f", "\v", "\ufeff"])
_PIECE = st.one_of(_WSS, st.sampled_from(["[", "]", "*", "#", "# x", "Game", "RED", "R-2_x", "1a",
                                          '"v"', '"a \\" b"', '"\\\\"', '"', "\\", "moves B2->C3",
                                          "?", "!", "--", "=", "é"]))


@settings(max_examples=1500, deadline=None)
@given(st.lists(_PIECE, max_size=10).map("".join))
def test_fast_path_agrees_on_structured_lines(line):
    test_fast_path_agrees_with_the_grammar.hypothesis.inner_test(line)


def test_deep_nesting_is_a_syntax_error_of_its_line():
    """Found by an audit: a value nested 5000 brackets deep was an internal error without a line."""
    t = read_text('[Game "Toy"]\n? x = ' + "[" * 5000 + "]" * 5000 + "\n", "t.txt")
    assert [(e.code, e.line) for e in t.errors] == [("syntax", 2)]


def test_a_grown_transcript_is_read_as_a_whole_one_reading_only_its_new_lines():
    from pathlib import Path

    from referee.transcript import read_more

    text = (Path(__file__).resolve().parents[2] / "docs/examples/hawaii-2p.txt").read_text()
    lines = text.splitlines(keepends=True)
    cut = next(k for k in range(len(lines) - 5, 0, -1) if lines[k].strip())
    earlier = read_text("".join(lines[:cut]), "game.txt")
    grown = read_more(earlier, text, "game.txt")
    whole = read_text(text, "game.txt")
    assert grown is not None and grown.lines == whole.lines
    assert grown.tags == whole.tags and grown.items == whole.items
    assert grown.errors == whole.errors == []
    assert earlier.items == whole.items[:len(earlier.items)]      # the earlier one unchanged
    changed = text.replace(lines[cut - 1], lines[cut - 1].rstrip("\n") + " # edited\n", 1)
    assert read_more(earlier, changed, "game.txt") is None        # not a growth: read whole
    assert read_more(read_text("[Game \"hawaii\"]\n", "g"), text, "g") is None   # no item yet
