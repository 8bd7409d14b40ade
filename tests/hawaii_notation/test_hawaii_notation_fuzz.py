"""Whatever a player types, the referee answers with a RefereeError, never a crash."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hn_helpers import SETUP, player, random_game, setup
from referee.errors import RefereeError
from referee.hawaii.rules.game import new_state
from referee.hawaii.text.chance_lines import parse_chance
from referee.hawaii.text.notation import parse_move

WORDS = ["RED", "GREEN", "red", "moves", "stays", "at", "buys", "with", "token", "plain",
         "paying", "to", "village", "plus", "tiki", "fishes", "visits", "dock", "takes", "order",
         "chooses", "shell", "shells", "foot", "feet", "fruit", "fruits", "beach", "B2", "C3",
         "A1", "kahunas", "x2", "II", "I", "->", ",", "4s", "4", "0", "99", "-3", "spear-hut",
         "kane", "banana", "fishing-boat", "boat1", "cove", "dock2", "track", "and", "+", "→",
         "shell hut", "9999999999999999999999"]

STATES = [setup()]
_mid = None
for i, s in enumerate(random_game(3, 4)):
    if i == 25:
        _mid = s.clone()
        break
STATES.append(_mid)
_rich = setup()
player(_rich, at="B2", fruits=5, rows=["exchange-hut:II", "irrigation:II"], boats=[1, 2])
STATES.append(_rich)


def _try(text, state):
    try:
        parse_move(text, state)
    except RefereeError as err:
        assert err.reason
        assert err.column is None or 1 <= err.column <= len(text) + 1


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(WORDS), max_size=14), st.sampled_from(range(len(STATES))))
def test_word_salad(words, which):
    _try(" ".join(words), STATES[which])


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_random_text(text):
    _try(text, STATES[0])


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="RED buys kahuna x2 with token 3s,->1B2C3", max_size=50))
def test_near_misses(text):
    _try("RED " + text, STATES[0])


CHANCE_WORDS = ["places", "order", "islands", "tokens", "A1=4", "B1=5,3,2", "cove=6", "track=3s",
                "=", ",", "-", "dock3=hula", "hula", "RED", "gods", "A1=", "=4", "A1=4,-", "7s"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(CHANCE_WORDS), max_size=12), st.integers(0, 3),
       st.text(max_size=10))
def test_chance_salad(words, n, tail):
    s = new_state(["RED", "GREEN", "BLUE"])
    for line in SETUP[:n]:
        for m in parse_chance(line, s.clone()):
            s.apply(m)
    try:
        parse_chance(" ".join(words) + tail, s.clone())
    except RefereeError as err:
        assert err.reason


def test_huge_numbers_are_refused_not_crashed():
    """Found by an audit: 'chooses N feet' multiplied a list by N (OverflowError)."""
    for text in ("RED chooses 99999999999999999999 feet", "RED chooses 101 shells 2 fruits",
                 "RED fishes 99999999999999999999", "RED visits dock 99999999999999999999",
                 "RED takes order 99999999999999999999"):
        for state in STATES:
            _try(text, state)
