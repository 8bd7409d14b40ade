"""Chance lines: the forms, and a hand-written line that could not happen is refused."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hn_helpers import SETUP, setup
from referee.errors import BadChanceError
from referee.hawaii.rules.game import new_state
from referee.hawaii.rules.moves import OrderDrawn, PlaceDrawn, Token, TokenDrawn
from referee.hawaii.text.chance_lines import format_chance, parse_chance


def before(n_lines: int):
    s = new_state(["RED", "GREEN", "BLUE"])
    for line in SETUP[:n_lines]:
        for m in parse_chance(line, s.clone()):
            s.apply(m)
    return s


def test_setup_lines_read_and_print():
    s = new_state(["RED", "GREEN", "BLUE"])
    for line in SETUP:
        kind = s.chance_kind()
        moves = parse_chance(line, s.clone())
        assert format_chance(kind, moves, s) == line
        for m in moves:
            s.apply(m)
    d = s.d
    assert d.board["C2"] == "kahunas" and d.order == ["RED", "GREEN", "BLUE"]
    assert d.docks == ["hula", "5-points", "shell-hut", "any-fruit"]
    assert d.place_at("B2").tokens == [Token(4, True)] and d.place_at("B2").printed_empty
    assert d.cove == [Token(6), Token(5)]
    assert d.track == {2: Token(3, True), 3: Token(6, True)}


def test_moves_are_atomic_and_in_draw_order():
    s = new_state(["RED", "GREEN"])
    moves = parse_chance(SETUP[0], s.clone())
    assert moves[:2] == [PlaceDrawn("gods"), PlaceDrawn("fruits")] and len(moves) == 10
    assert parse_chance("places gods fruits surfers exchange-spear-huts kahunas long-huts-irrigation "
                        "shell-foot-huts tikis boats hula-dancers", s.clone()) == moves
    for m in moves:
        s.apply(m)
    assert parse_chance("order green red", s.clone()) == [OrderDrawn("GREEN"), OrderDrawn("RED")]


def test_islands_by_dock_and_tokens_by_place_id():
    s = before(2)
    assert parse_chance("islands dock2=5-points dock1=hula dock4=any-fruit dock3=shell-hut",
                        s.clone()) == parse_chance(SETUP[2], s.clone())
    s = before(3)
    line = SETUP[3].replace("A1=4", "gods=4").replace("B1=5,3,2", "fruits = 5, 3, 2")
    assert parse_chance(line, s.clone()) == parse_chance(SETUP[3], s.clone())
    assert parse_chance(SETUP[3], s.clone())[0] == TokenDrawn(Token(4))


@pytest.mark.parametrize("n,line,words", [
    (3, SETUP[3].replace("B2=4s,-", "B2=4s,6").replace("cove=6,5", "cove=5"),
     ["B2", "sum 10", "limit 6"]),
    (3, SETUP[3].replace("A1=4", "A1=7"), ["A1", "7", "not in the bag"]),
    (3, SETUP[3].replace("A1=4", "A1=6s"), ["6s", "not in the bag"]),
    (3, SETUP[3].replace("A1=4", "A1=4,5"), ["A1", "1 circle to fill", "not 2"]),
    (3, SETUP[3].replace("A2=3s,5", "A2=3s,-").replace("cove=6,5", "cove=6,5,5"),
     ["fits on A2", "cannot go to the cove"]),
    (3, SETUP[3].replace(" cove=6,5", ""), ["cove="]),
    (3, SETUP[3].replace(" track=3s,6s", " track=3s"), ["track=", "2 tokens"]),
    (3, SETUP[3].replace("A1=4 ", ""), ["misses A1"]),
    (3, SETUP[3] + " A1=4", ["given twice"]),
    (2, "islands hula hula 5-points any-fruit", ["hula", "not in the face-down stack"]),
    (2, "islands hula 5-points any-fruit", ["4 islands"]),
    (2, "islands hula 5-points shell-hut volcano", ["unknown island", "volcano"]),
    (1, "order RED RED BLUE", ["twice"]),
    (1, "order RED GREEN PINK", ["unknown seat"]),
    (0, SETUP[0].replace("B4=hula-dancers", "B4=gods"), ["gods", "twice"]),
    (0, SETUP[0].replace(" B4=hula-dancers", ""), ["misses position B4"]),
    (0, "order RED GREEN BLUE", ["places draw is due"]),
    (0, "shuffle everything", ["places, order, islands or tokens"]),
])
def test_impossible_lines_are_refused(n, line, words):
    s = before(n)
    with pytest.raises(BadChanceError) as e:
        parse_chance(line, s.clone())
    assert e.value.code == "bad-chance"
    for w in words:
        assert w in e.value.reason


def test_refused_line_names_sum_and_limit_exactly():
    s = before(3)
    line = SETUP[3].replace("B2=4s,-", "B2=4s,6").replace("cove=6,5", "cove=5")
    with pytest.raises(BadChanceError, match=r"token 6 cannot lie on B2's printed circle: "
                                             r"the sum 10 exceeds the limit 6"):
        parse_chance(line, s.clone())


def test_no_chance_due():
    with pytest.raises(BadChanceError):
        parse_chance("order RED GREEN BLUE", setup())


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="aB1=,- \t", max_size=30))
def test_plain_chance_items_agree_with_the_pattern(rest):
    """Chance lines as the referee writes them are split without the regular
    expression; whenever that shortcut answers it must say what the pattern says."""
    from referee.hawaii.text.chance_lines import _pattern_items, _plain_items
    text = "tokens " + rest
    fast = _plain_items(text, 6)
    if fast is not None:
        assert fast == _pattern_items(text, 6)
    assert _plain_items("tokens A1=6,2s B1=6s,- cove=5s", 6) == [
        ("A1", "6,2s", 8), ("B1", "6s,-", 16), ("cove", "5s", 24)]
