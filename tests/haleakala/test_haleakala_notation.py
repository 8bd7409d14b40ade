"""The Haleakala GameModule: move and chance notation (notation.md §3).

The regression transcripts live in tests/transcripts/haleakala/ and are run by
tests/operations/test_transcripts.py."""
from __future__ import annotations

import random

import pytest

import haleakala_builders as hb
from referee.core import registry
from referee.core.game import CHANCE
from referee.errors import (BadChanceError, IllegalMoveError, NotationSyntaxError,
                            OutOfTurnError)
from referee.haleakala.rules.moves import (Buy, BuyNothing, FirstPlayerDrawn, PickCard, PlaceDisc,
                                     PriestessMove, Sail, TakeBack)

M = registry.get("haleakala")


def test_module_contract():
    assert M.name == "Haleakala" and M.key == "haleakala"
    assert list(M.seats) == ["RED", "YELLOW"] and M.min_players == M.max_players == 2
    assert list(M.rule_flags) == ["tactical"]
    assert M.components_digest().startswith("haleakala.yaml sha256:")
    assert any(p["path"] == "board.jetty" for p in M.components_listing(True))
    st = M.new_state(["RED", "YELLOW"], [])
    assert M.state_to_json(M.state_from_json(M.state_to_json(st))) == M.state_to_json(st)
    assert "Haleakala, round 1" in M.render(hb.deal(), "text")
    assert "| section |" in M.render(hb.deal(), "markdown")


def test_spec_examples_parse():
    """notation.md §3 forms, in positions where they are legal."""
    st = hb.deal()
    st.shaman["RED"] = "plain1"
    assert M.parse_move("RED places 4 on beach3, shaman to forest1", st) == \
        PlaceDisc("RED", 4, 3, "forest1")
    assert M.parse_move("RED places 5 on beach2", st) == PlaceDisc("RED", 5, 2)
    assert M.parse_move("red PUTS 4 on beach 3 and shaman to forest1", st) == \
        PlaceDisc("RED", 4, 3, "forest1")
    hb.put(st, "RED", 2, 4)
    assert M.parse_move("RED takes back 2 from beach4, shaman to plain2", st) == \
        TakeBack("RED", 2, 4, "plain2")
    assert M.parse_move("RED takes back 2", st) == TakeBack("RED", 2, 4)
    assert M.parse_move("RED takes 2 from 4", st) == TakeBack("RED", 2, 4)
    t = hb.deal(rules=["tactical"])
    assert M.parse_move("RED places 3 with invocation on beach2", t) == PlaceDisc("RED", 3, 2, None, True)
    assert M.parse_move("RED places 3 on beach2 with invocation", t) == PlaceDisc("RED", 3, 2, None, True)


def test_decisions_parse():
    st = hb.deal()
    st.craters[3] = 1
    st.lava_supply = 3
    hb.put(st, "RED", 4, 3)
    st.apply(M.parse_move("RED places 1 on beach2", st))
    assert M.parse_move("RED picks priestess", st) == PickCard("RED", "priestess")
    st.apply(M.parse_move("RED takes priestess", st))
    assert M.parse_move("RED priestess crater3->crater4", st) == PriestessMove("RED", 3, 4)
    assert M.parse_move("RED priestess from 3 to 2", st) == PriestessMove("RED", 3, 2)
    assert M.parse_move("RED priestess none", st) == PriestessMove("RED")
    with pytest.raises(IllegalMoveError) as exc:
        M.parse_move("RED priestess crater3->crater6", st)
    assert "K-R6" in exc.value.reason
    st = hb.deal()
    hb.put(st, "RED", 4, 1)
    st.apply(PlaceDisc("RED", 5, 2))
    st.apply(PickCard("RED", "shell"))
    assert M.parse_move("RED buys nothing", st) == BuyNothing("RED")
    assert M.parse_move("RED buys Forest-Statues", st) == Buy("RED", "forest-statues")
    assert M.parse_move("RED buys priestess", st) == Buy("RED", "priestess")
    with pytest.raises(IllegalMoveError) as exc:
        M.parse_move("RED buys mountain-statues", st)
    assert "K-R7" in exc.value.reason


def test_errors():
    st = hb.deal()
    with pytest.raises(NotationSyntaxError) as exc:
        M.parse_move("RED plaecs 4 on beach2", st)
    assert exc.value.column == 5
    with pytest.raises(NotationSyntaxError) as exc:
        M.parse_move("RED places 4 on forest2", st)
    assert "beach2" in (exc.value.hint or "")
    with pytest.raises(OutOfTurnError):
        M.parse_move("YELLOW places 4 on beach3", st)
    with pytest.raises(IllegalMoveError) as exc:
        M.parse_move("RED sails", st)
    assert "K-R4" in exc.value.reason
    with pytest.raises(IllegalMoveError) as exc:
        M.parse_move("RED takes back 3", st)
    assert "K-R4" in exc.value.reason
    hb.put(st, "RED", 1, 5)
    st.apply(PlaceDisc("RED", 3, 2))
    with pytest.raises(NotationSyntaxError) as exc:
        M.parse_move("RED picks shel", st)
    assert exc.value.hint == "did you mean 'shell'?"


def test_chance_lines():
    from referee.haleakala.rules.game import new_state
    st = new_state()
    assert M.parse_chance("first yellow", st) == [FirstPlayerDrawn("YELLOW")]
    with pytest.raises(BadChanceError):
        M.parse_chance("slots 1=statue,shell", st)
    st.apply(FirstPlayerDrawn("RED"))
    line = "slots 1=statue,shell 2=fish-1,pearl-white 3=priestess,fish-2 4=statue,statue " \
           "5=shell,pearl-black 6=fish-1-butterfly,shell"
    moves = M.parse_chance(line, st)
    assert len(moves) == 12
    assert M.format_chance("slots", moves, st) == "* " + line
    with pytest.raises(BadChanceError) as exc:
        M.parse_chance("slots 2=statue,shell", st)
    assert "section 1" in exc.value.reason
    with pytest.raises(BadChanceError):
        M.parse_chance("slots 1=nautilus", st)
    with pytest.raises(BadChanceError):
        M.parse_chance("refill statue", st)
    st = hb.leave(hb.deal(), {"one": {}})
    hb.put(st, "RED", 1, 5)
    st.apply(PlaceDisc("RED", 3, 2))
    st.apply(PickCard("RED", "pearl-black"))
    moves = M.parse_chance("refill lava, lava statue", st)
    assert M.format_chance("refill", moves, st) == "* refill lava lava statue"
    with pytest.raises(BadChanceError):
        M.parse_chance("refill nautilus", st)
    with pytest.raises(BadChanceError):
        M.parse_chance("refill statue statue", st)


def test_format_parse_round_trip_on_random_games():
    """Every legal move's canonical line parses back to that move (a few random games)."""
    for seed, rules in ((3, ()), (4, ("tactical",))):
        rng = random.Random(seed)

        def probe(st, move):
            if st.current_player() == CHANCE:
                return
            moves = st.legal_moves()
            for m in rng.sample(moves, min(4, len(moves))) + [move]:
                line = M.format_move(m, st)
                assert M.parse_move(line, st) == m, line
        hb.random_game(seed, rules, check=False, on_move=probe)


def test_sail_line():
    st = hb.deal()
    for v, sec in ((1, 1), (2, 3), (3, 4), (4, 5), (5, 6)):
        hb.put(st, "RED", v, sec)
    assert M.parse_move("RED sails", st) == Sail("RED")
    assert M.format_move(Sail("RED"), st) == "RED sails"


def test_regression_suite_cites_every_ruling():
    """The DATC-style suite in tests/transcripts/haleakala/ (run by tests/operations/test_transcripts.py):
    every file cites a ruling in a comment, every K-R ruling is cited, every saved position
    is used."""
    import re
    from pathlib import Path
    root = Path(__file__).parent.parent / "transcripts" / "haleakala"
    files = sorted(root.glob("*.txt"))
    assert len(files) >= 32
    cited, used = set(), set()
    for path in files:
        text = path.read_text(encoding="utf-8")
        comments = " ".join(line for line in text.splitlines() if line.lstrip().startswith("#"))
        ids = set(re.findall(r"K-[RA]\d+", comments))
        assert ids, f"{path.name}: no ruling cited in a comment"
        cited |= ids
        used |= set(re.findall(r'\[Position "([^"]+)"\]', text))
    assert {f"K-R{i}" for i in range(1, 12)} <= cited
    assert used == {p.name for p in root.glob("*.json")}


def test_a_wrong_verb_is_answered_with_the_verbs_of_the_decision_due():
    """Issue 10: in the action phase a misspelt verb is not offered a purchase verb
    ('RED bys 3' once got "did you mean 'buys'?"), and in the buying phase only buying."""
    st = hb.deal()
    with pytest.raises(NotationSyntaxError) as exc:
        M.parse_move("RED bys 3 on beach2", st)
    assert "buy" not in exc.value.reason and "'places'" in exc.value.reason
    assert exc.value.hint is None
    with pytest.raises(NotationSyntaxError) as exc:
        M.parse_move("RED plaecs 4 on beach2", st)
    assert exc.value.hint == "did you mean 'places'?" and exc.value.column == 5
    hb.put(st, "RED", 4, 1)
    st.apply(PlaceDisc("RED", 5, 2))
    st.apply(PickCard("RED", "shell"))
    with pytest.raises(NotationSyntaxError) as exc:
        M.parse_move("RED bys nothing", st)
    assert exc.value.hint == "did you mean 'buys'?" and "'buys'" in exc.value.reason
    assert "places" not in exc.value.reason
