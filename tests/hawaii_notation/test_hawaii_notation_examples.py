"""The canonical lines of notation.md §2 read and print back exactly."""
from hn_helpers import player, setup, swap, tokens
from referee.hawaii.rules.moves import Buy, ChooseIncome, Fish, Payment, TakeOrder, Token, Visit
from referee.hawaii.text.notation import format_move, parse_move


def roundtrip(s, line):
    move = parse_move(line, s)
    assert format_move(move, s) == line
    return move


def test_buy_from_the_beach_with_a_spear_token():
    s = setup()
    m = roundtrip(s, "RED moves beach->B2, buys spear-hut II with token 4s, to village 2")
    assert m == Buy("RED", "B2", "spear-hut", 2, Token(4, True), 2, Payment(feet=2), Payment(shells=8))


def test_stay_and_buy_two_kahunas():
    s = setup()
    swap(s, "B2", "kahunas")
    player(s, at="B2")
    m = roundtrip(s, "RED stays at B2, buys kahuna x2 with token 3")
    assert (m.place, m.side, m.village, m.move_payment) == ("B2", 2, None, Payment(feet=1))


def test_fruits_replace_whole_payments():
    s = setup()
    swap(s, "C3", "fruits")
    player(s, at="B2", fruits=6)
    m = roundtrip(s, "RED moves B2->C3 paying 1 fruit, buys taro I with token 5 paying 5 fruits, "
                     "to village 1")
    assert (m.move_payment, m.tile_payment) == (Payment(fruits=1), Payment(fruits=5))


def test_kane_with_the_extra_tiki():
    s = setup()
    swap(s, "B2", "gods")
    tokens(s, "B2", "4")
    player(s, at="A1", fruits=1, rows=["", "shell-hut:I", "foot-hut:I"])
    m = roundtrip(s, "RED moves A1->B2, buys kane I with token 4, to village 3, "
                     "plus tiki paying 1 shell 1 fruit")
    assert m.kane_tiki == Payment(shells=1, fruits=1)


def test_exchange_hut_mix():
    s = setup()
    player(s, at="B2", rows=["exchange-hut:I", "shell-hut:I"])
    m = roundtrip(s, "RED moves B2->A3, buys long-hut II with token 4 paying 7 shells 1 foot, "
                     "to village 3")
    assert m.tile_payment == Payment(shells=7, feet=1)


def test_fishing():
    """H-R10: the canonical line names each token by its price side and the fish it shows."""
    s = setup()
    s.d.cove = [Token(5), Token(3)]
    fish = s.comps.fish
    line = f"RED fishes 5 ({fish(Token(5))} fish), 3 ({fish(Token(3))} fish) with fishing-boat"
    assert roundtrip(s, line) == Fish(
        "RED", (Token(5), Token(3)), ("fishing-boat",), Payment(feet=2))
    # the canonical line of transcripts written before H-R10 was revised reads the same
    assert parse_move("RED fishes 5 3 with fishing-boat", s) == parse_move(line, s)


def test_visit_with_two_boats():
    s = setup()
    player(s, rows=["", "shell-hut:I", "foot-hut:I"], boats=[1])
    s.d.docks[1] = "foot-hut"
    m = roundtrip(s, "RED visits dock 2 with fishing-boat boat1, to village 4")
    assert m == Visit("RED", 2, ("fishing-boat", "boat1"), Payment(feet=4), None, 4)


def test_visit_taking_a_fruit():
    # notation.md shows dock 4 with boat1 alone; with the shipped boat data (3 spaces)
    # boat1 cannot carry dock 4's 6 feet, so the same line is shown for dock 1.
    s = setup()
    player(s, rows=["", "shell-hut:I"], boats=[1])
    s.d.docks[0] = "any-fruit"
    m = roundtrip(s, "RED visits dock 1 with boat1, takes banana, to village 2")
    assert (m.fruit, m.village) == ("banana", 2)


def test_take_order():
    s = setup()
    assert roundtrip(s, "RED takes order 2") == TakeOrder("RED", 2)


def test_irrigation_income():
    s = setup()
    player(s, rows=["irrigation:II"])
    s.d.phase, s.d.income_queue = "income", ["RED"]
    assert roundtrip(s, "RED chooses foot") == ChooseIncome("RED", ("foot",))
