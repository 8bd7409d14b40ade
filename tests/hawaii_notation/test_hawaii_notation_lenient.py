"""What players may leave out or spell loosely, and what they may not."""
import pytest

from hn_helpers import player, setup, swap, tokens
from referee.errors import (AmbiguousMoveError, IllegalMoveError, NotationSyntaxError,
                            OutOfTurnError, RefereeError)
from referee.hawaii.rules.moves import Payment, Token
from referee.hawaii.text.notation import format_move, parse_move


def canon(s, text):
    return format_move(parse_move(text, s), s)


@pytest.mark.parametrize("text", [
    "RED moves beach->B2, buys spear-hut II with token 4s, to village 2",
    "red MOVES beach->b2 BUYS Spear-Hut ii WITH TOKEN 4S TO VILLAGE 2",
    "RED, moves beach -> B2, and buys spear-hut II, with token 4s, to village 2.",
    "RED moves to B2 buys spear hut II token 4s village 2",
    "RED moves B2 buys speerhuette II 4s in row 2",
    "RED buys spear-hut II with token 4s to village 2",
    "RED goes to exchange-spear-huts, buys spear-hut II for 4s, into village 2",
    "RED moves beach→B2 buys spear-hut II with token 4 to village 2",
    "RED buys spear-hut II 4s village 2 paying 8 shells",
    "RED buys spear-hut II 4s village 2 paying shells",
])
def test_spellings_of_one_purchase(text):
    s = setup()
    assert canon(s, text) == "RED moves beach->B2, buys spear-hut II with token 4s, to village 2"


def test_aliases_with_accents_and_plurals():
    s = setup()
    line = "RED moves beach->B3, buys shell-hut I with token 3, to village 1"
    for text in ("RED buys Muschelhütte I 3 village 1", "RED buys hutte-coquillages I 3 village 1",
                 "RED buys shell-huts I 3 village 1", "RED buys shell_hut I 3 village 1"):
        assert canon(s, text) == line


def test_the_lenient_example_of_the_spec():
    s = setup()
    swap(s, "C3", "shell-foot-huts")
    tokens(s, "C3", "4")
    player(s, at="B2", rows=["shell-hut:I"])
    assert canon(s, "RED moves B2->C3 buys shell-hut II with token 4") == \
        "RED moves B2->C3, buys shell-hut II with token 4, to village 2"


@pytest.mark.parametrize("text", ["RED buys kahuna x2 with token 3", "RED buys kahuna II 3",
                                  "RED buys 2 kahunas with token 3", "RED buys kahunas x2 3",
                                  "RED moves kahunas buys kahuna x2 token 3"])
def test_kahunas_by_count(text):
    s = setup()
    assert canon(s, text) == "RED moves beach->C2, buys kahuna x2 with token 3"


def test_inferred_village_token_and_place():
    s = setup()
    assert canon(s, "RED buys taro I with token 5") == \
        "RED moves beach->B1, buys taro I with token 5, to village 1"
    assert canon(s, "RED buys long-hut I to village 2") == \
        "RED moves beach->A3, buys long-hut I with token 4, to village 2"


def test_a_plain_value_names_the_only_token_of_that_value():
    s = setup()
    m = parse_move("RED buys surfer I with token 3, to village 1", s)
    assert m.token == Token(3, True)


def test_plain_and_spear_tokens_of_one_value():
    s = setup()
    with pytest.raises(AmbiguousMoveError) as e:
        parse_move("RED buys tiki x1 with token 4", s)
    assert e.value.candidates == ["RED moves beach->C3, buys tiki x1 with plain token 4",
                                  "RED moves beach->C3, buys tiki x1 with token 4s"]
    assert parse_move("RED buys tiki x1 with plain token 4", s).token == Token(4)
    assert parse_move(e.value.candidates[0], s).token == Token(4)


def test_payment_rest_and_fruits():
    s = setup()
    player(s, fruits=8)
    m = parse_move("RED buys taro I with token 5 paying fruits", s)
    assert m.tile_payment == Payment(fruits=5)
    m = parse_move("RED moves beach->B1 paying fruits buys taro I with token 5", s)
    assert m.move_payment == Payment(fruits=1)


def test_boats_default_to_h_r11_choice():
    s = setup()
    six, five = (f"{v} ({s.comps.fish(Token(v))} fish)" for v in (6, 5))
    assert canon(s, "red fishes 6") == f"RED fishes {six} with fishing-boat"
    assert canon(s, "RED fishes 5, 6 with fishing boat") == f"RED fishes {six}, {five} with fishing-boat"
    player(s, boats=[1])
    assert canon(s, "RED visits dock 1") == "RED visits dock 1 with boat1, to village 1"
    assert canon(s, "RED sails to island 1 with boat-1") == "RED visits dock 1 with boat1, to village 1"


def test_order_and_income():
    s = setup()
    assert canon(s, "red Takes Track Space 3") == "RED takes order 3"
    assert canon(s, "RED takes 2") == "RED takes order 2"
    player(s, rows=["irrigation:II", "shell-hut:I irrigation:II"])
    s.d.phase, s.d.income_queue = "income", ["RED"]
    assert canon(s, "RED chooses 2 feet") == "RED chooses foot foot"
    assert canon(s, "RED picks fruit, shell") == "RED chooses shell fruit"


def test_stay_without_naming_the_place():
    s = setup()
    player(s, at="C2")
    assert canon(s, "RED stays, buys kahuna x1 with token 6") == \
        "RED stays at C2, buys kahuna x1 with token 6"
    assert canon(s, "RED moves C2->C2 buys kahuna x1 with token 6") == \
        "RED stays at C2, buys kahuna x1 with token 6"


# --- ambiguity ------------------------------------------------------------------

def test_ambiguous_village_lists_candidates():
    s = setup()
    with pytest.raises(AmbiguousMoveError) as e:
        parse_move("RED buys shell-hut II with token 3", s)
    assert e.value.code == "ambiguous-move"
    assert e.value.candidates == [
        "RED moves beach->B3, buys shell-hut II with token 3, to village 1",
        "RED moves beach->B3, buys shell-hut II with token 3, to village 2"]
    assert "2 legal readings" in e.value.reason and "village" not in e.value.reason  # once


def test_ambiguous_side_and_order_space():
    s = setup()
    with pytest.raises(AmbiguousMoveError) as e:
        parse_move("RED buys kahuna with token 6", s)
    assert len(e.value.candidates) == 2
    with pytest.raises(AmbiguousMoveError) as e:
        parse_move("RED takes order", s)
    assert e.value.candidates == [f"RED takes order {k}" for k in (1, 2, 3)]


def test_ambiguous_kane_tiki_payment():
    s = setup()
    swap(s, "B2", "gods")
    tokens(s, "B2", "4")
    with pytest.raises(AmbiguousMoveError) as e:
        parse_move("RED buys kane I 4 plus tiki", s)
    assert all("plus tiki paying" in c for c in e.value.candidates)


# --- illegal moves name the rule ---------------------------------------------------

@pytest.mark.parametrize("text,rule", [
    ("RED buys spear-hut II with token 4s paying 8 fruits, to village 2", "H-R6"),
    ("RED buys kahuna x2 with token 5", "H-R7"),
    ("RED visits dock 4", "H-R11"),
    ("RED fishes 4", "H-R10"),
    ("RED moves A1->B2 buys spear-hut II with token 4s", "H-R5"),
    ("RED stays at B2 buys spear-hut II with token 4s", "H-R5"),
    ("RED takes order 5", "H-R13"),
    ("RED chooses foot", "H-R17"),
    ("RED buys spear-hut II with token 4s to village 4", "H-R8"),
    ("RED moves beach->cove buys spear-hut II with token 4s", "H-R3"),
])
def test_illegal_moves_cite_the_rule(text, rule):
    s = setup()
    with pytest.raises(IllegalMoveError) as e:
        parse_move(text, s)
    assert f"{rule}" in e.value.reason
    assert e.value.code == "illegal-move" or e.value.code == "out-of-turn"


def test_out_of_turn():
    s = setup()
    with pytest.raises(OutOfTurnError) as e:
        parse_move("GREEN takes order 2", s)
    assert e.value.code == "out-of-turn" and "RED" in e.value.reason


def test_parse_does_not_change_the_state():
    from referee.hawaii.text.state_json import to_json
    s = setup()
    before = to_json(s)
    for text in ("RED buys spear-hut II with token 4s to village 2", "RED takes order",
                 "RED fishes 6 5", "RED buys nothing"):
        try:
            parse_move(text, s)
        except RefereeError:
            pass
    assert to_json(s) == before


# --- syntax errors --------------------------------------------------------------------

@pytest.mark.parametrize("text,column,hint", [
    ("RED mvoes beach->B2 buys spear-hut II", 5, "did you mean 'moves'?"),
    ("RED byus spear-hut II", 5, "did you mean 'buys'?"),
    ("RED buys shel-hut II", 10, "did you mean 'shell-hut'?"),
    ("RED buys spear-hut II wiht token 4s", 23, "did you mean 'with'?"),
    ("RED moves beach->B9 buys spear-hut II", 18, "places are A1 B1 A2 B2"),
    ("RED visits dock 4 takes banan", 25, "did you mean 'banana'?"),
    ("RED buys kane I 4 plus tikki", 24, "did you mean 'plus tiki'?"),
])
def test_syntax_errors_point_and_suggest(text, column, hint):
    s = setup()
    with pytest.raises(NotationSyntaxError) as e:
        parse_move(text, s)
    assert e.value.code == "syntax"
    assert e.value.column == column
    assert e.value.hint.startswith(hint)


@pytest.mark.parametrize("text", ["RED", "RED moves", "RED buys", "RED moves beach->", "",
                                  "RED buys spear-hut II with token", "RED fishes",
                                  "RED buys spear-hut II paying 1 shells 2 feet fruits shells"])
def test_incomplete_lines_are_syntax_errors(text):
    s = setup()
    with pytest.raises(NotationSyntaxError) as e:
        parse_move(text, s)
    assert 1 <= e.value.column <= len(text) + 1


def test_no_hint_from_elsewhere_in_the_grammar():
    """notation.md §5: a suggestion 'where close'. After 'paying 3' only resources fit, so
    'pearls' gets the payment syntax as its hint (issue 10), never a keyword from elsewhere
    ('plus' was once offered), and the replay adds none of its own."""
    from referee.transcript import items as I
    from referee.transcript.items import Item
    from referee.replay.replayer import place
    from referee.hawaii.module import MODULE

    text = "RED moves beach->B2 buys kahuna x2 with token 3 paying 3 pearls"
    with pytest.raises(NotationSyntaxError) as err:
        parse_move(text, setup())
    hint = err.value.hint
    assert hint.startswith("a payment counts shells, feet or fruits: 'paying 3 shells'")
    assert "plus" not in hint and "shells" in err.value.reason
    placed = place(err.value, Item(I.MOVE, 9, text, 1, text, 1, "RED"), "t.txt", MODULE)
    assert placed.hint == hint and placed.to_dict()["hint"] == hint
    with pytest.raises(NotationSyntaxError) as err:
        parse_move(text.replace("pearls", "shels"), setup())
    assert err.value.hint == "did you mean 'shells'?"


# --- fishing by what the player sees (H-R10, docs/rulings.md H-X6) ------------------------

def _cove(s, *words):
    s.d.cove = [Token.parse(w) for w in words]
    return {w: f"{w} ({s.comps.fish(Token.parse(w))} fish)" for w in words}


def _showing(s, n, *, spear=None):
    return [t for t in sorted(set(s.comps.tokens)) if s.comps.fish(t) == n
            and (spear is None or t.spear == spear)]


@pytest.mark.parametrize("text", [
    "RED fishes the {n}-fish token", "red fish {n} fish", "RED fishes a {n}-fish",
    "RED fishes ({n} fish) with fishing boat", "RED fishes the {v} ({n} fish) token",
    "RED fishes {v}"])
def test_H_R10_a_fish_token_named_by_its_fish_or_its_price(text):
    """H-R10: a forum player names what he sees: the fish, the price side, or both."""
    s = setup()
    low, high = _showing(s, 1, spear=False)[0], _showing(s, 3, spear=False)[0]
    label = _cove(s, str(low), str(high))
    n, v = s.comps.fish(high), high.value
    assert canon(s, text.format(n=n, v=v)) == f"RED fishes {label[str(high)]} with fishing-boat"


def test_H_X6_look_alike_fish_the_lowest_is_taken():
    """H-X6: tokens showing the same fish score alike; naming only their fish (or a price
    shared by a plain and a spear token) takes the lowest, a plain token first."""
    s = setup()
    two = _showing(s, 2)
    plain, spear = two[0], next(t for t in two if t.spear and t.value == two[0].value)
    label = _cove(s, str(spear), str(plain), str(two[-1]))
    assert canon(s, "RED fishes a 2-fish token") == f"RED fishes {label[str(plain)]} with fishing-boat"
    assert canon(s, f"RED fishes {plain.value}") == f"RED fishes {label[str(plain)]} with fishing-boat"
    assert canon(s, f"RED fishes {spear}") == f"RED fishes {label[str(spear)]} with fishing-boat"
    assert parse_move(f"RED fishes {spear} with fishing-boat", s).fish == (spear,)


def test_H_X6_a_price_shared_by_tokens_showing_different_fish_is_ambiguous():
    """H-X6: with a data file where the 5 and the 5s show different fish, '5' is ambiguous."""
    import dataclasses
    s = setup()
    s.d.comps = dataclasses.replace(s.d.comps, token_fish={**s.d.comps.token_fish,
                                                           Token(5): 1, Token(5, True): 3})
    _cove(s, "5", "5s")
    with pytest.raises(AmbiguousMoveError) as e:
        parse_move("RED fishes 5", s)
    assert sorted(e.value.candidates) == ["RED fishes 5 (1 fish) with fishing-boat",
                                          "RED fishes 5s (3 fish) with fishing-boat"]
    assert canon(s, "RED fishes 5 (1 fish)") == "RED fishes 5 (1 fish) with fishing-boat"
    assert canon(s, "RED fishes the 3-fish token") == "RED fishes 5s (3 fish) with fishing-boat"


@pytest.mark.parametrize("text,reason", [
    ("RED fishes 6 (1 fish)", "the 6 in the cove shows 3 fish, not 1"),
    ("RED fishes the 2-fish token", "no token in the cove shows 2 fish"),
    ("RED fishes 3-fish 3-fish", "names 2 tokens, more than lie in the cove"),
    ("RED fishes 4", "cannot take token 4"),
])
def test_H_R10_fish_not_lying_there(text, reason):
    s = setup()
    _cove(s, "6", "2")
    assert s.comps.fish(Token(6)) == 3 and s.comps.fish(Token(2)) != 2   # the data this test reads
    with pytest.raises(IllegalMoveError) as e:
        parse_move(text, s)
    assert reason in e.value.reason and "H-R10" in e.value.reason


# --- plain English (issue 10, rough edge 5) ---------------------------------------------

@pytest.mark.parametrize("text", [
    "RED buys a spear hut II with token 4s to village 2",
    "RED buys the spear-hut II with the 4s token, to village 2",
    "RED buys spear hut 2 with token 4s to village 2",
    "RED buys spear-hut 2 4s village 2",
    "RED buys spear-hut 2 with 4s token, to village 2",
])
def test_articles_a_side_as_a_number_and_the_token_word_after_the_value(text):
    s = setup()
    assert canon(s, text) == "RED moves beach->B2, buys spear-hut II with token 4s, to village 2"


def test_a_lone_2_is_side_II_or_token_2_whichever_is_legal():
    """'long hut 2': no token 2 lies at the long huts, so it can only be side II (H-R7)."""
    s = setup()
    assert s.d.place_at("A3").tokens == [Token(4)]
    assert canon(s, "RED buys long hut 2 to village 2") == \
        "RED moves beach->A3, buys long-hut II with token 4, to village 2"
    assert canon(s, "RED buys long hut 1 to village 2") == \
        "RED moves beach->A3, buys long-hut I with token 4, to village 2"
    with pytest.raises(NotationSyntaxError) as e:
        parse_move("RED buys long hut 3 4 to village 2", s)
    assert "a side is I or II (or 1, 2), not '3'" in e.value.reason


@pytest.mark.parametrize("text,hint", [
    # the move to B2 costs 2: 'paying fruits' pays it all in fruits (H-R6)
    ("RED moves beach->B2 paying 1 fruit, buys spear-hut II with token 4s, to village 2",
     "did you mean 'paying fruits'?"),
    ("RED buys spear-hut II with token 4s paying 20 shells, to village 2",
     "did you mean 'paying shells'?"),
])
def test_a_failed_payment_suggests_the_close_reading_that_is_legal(text, hint):
    s = setup()
    player(s, fruits=6)
    with pytest.raises(IllegalMoveError) as e:
        parse_move(text, s)
    assert e.value.hint == hint
    fixed = text.replace("paying 1 fruit", "paying fruits").replace("paying 20 shells", "paying shells")
    parse_move(fixed, s)


def test_no_suggestion_when_no_close_reading_is_legal():
    s = setup()
    with pytest.raises(IllegalMoveError) as e:
        parse_move("RED moves beach->B2 paying 1 fruit, buys spear-hut II with token 4s", s)
    assert e.value.hint is None          # RED has no fruit at all


def test_a_trip_when_every_boat_has_sailed_says_so():
    """H-R11: 'RED's boats have all sailed this round', not 'needs a boat'."""
    s = setup()
    s.apply(parse_move("RED fishes 6", s))
    s.apply(parse_move("GREEN takes order 1", s))
    s.apply(parse_move("BLUE takes order 2", s))
    with pytest.raises(IllegalMoveError) as e:
        parse_move("RED fishes 5", s)
    assert "RED's boats have all sailed this round" in e.value.reason and "H-R11" in e.value.reason
