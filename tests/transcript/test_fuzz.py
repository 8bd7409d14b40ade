"""Random and mutated transcripts: check must answer with positioned errors, never crash."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.toy.helpers import GAME
from tests.toy.mutations import assert_well_formed, mutate

FRAGMENTS = [
    '[Game "Toy"]', '[Players "RED GREEN"]', '[Players "RED GREEN BLUE"]', '[Rules "short"]',
    '[Result "RED 1; winner RED"]', '[Position "nowhere.json"]', '[Game "Hawaii"]',
    "* order GREEN RED", "* order RED", "* target 10", "* target 5", "* bonus 1", "* bonus 9",
    "*", "* ", "GREEN adds 3", "RED adds 2", "RED adds 4", "GREEN ads 1", "RED", "BLUE adds 1",
    "? total = 6", "? RED.adds.1 = 2", "? RED.adds.9 = 2", "? to_move = null", "? players = []",
    "? x <", '! RED adds 1 -- "turn"', "! * bonus 2", "! GREEN adds 1", "! -- \"x\"",
    "# comment", "GREEN adds 1 # c", "[Event", '? order = [GREEN, RED]', "???", "!!",
]


lines_strategy = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=30)),
                          max_size=25)
ops_strategy = st.lists(st.tuples(st.integers(0, 2), st.integers(0, 10_000),
                                  st.characters(blacklist_categories=("Cs",))), max_size=8)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines_strategy)
def test_random_transcripts(lines):
    assert_well_formed("\n".join(lines) + "\n")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops_strategy, st.lists(st.sampled_from(FRAGMENTS), max_size=6))
def test_mutated_transcripts(ops, extra):
    base = GAME + "GREEN adds 3\nRED adds 1\n? total = 10\n! RED adds 1\n" + "\n".join(extra)
    assert_well_formed(mutate(base, ops))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text(text):
    assert_well_formed(text)
