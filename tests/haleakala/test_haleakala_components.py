"""games/haleakala.yaml and its loader: the rules page's constraints, provenance, errors."""
from __future__ import annotations

import subprocess
import sys

import pytest

from referee.errors import ComponentError
from referee.haleakala.data import components
from referee.core.paths import game_data


def test_counts_meet_the_rules_page():
    """Rules page 'Component data': 42 palm cards 15/12/15, 8 lava (0/4/4), nautilus only in
    the three-palm deck, 49 cards with first-player card, 5 score cards and priestess."""
    c = components.default()
    assert [sum(c.decks[d].values()) for d in ("one", "two", "three")] == [15, 12, 15]
    lava = c.lava_faces()
    assert [sum(n for f, n in c.decks[d].items() if f in lava) for d in ("one", "two", "three")] \
        == [0, 4, 4]
    for d in ("one", "two"):
        assert not any(c.faces[f].nautilus for f in c.decks[d])
    assert any(c.faces[f].nautilus for f in c.decks["three"])
    assert len(c.score_cards) == 5 and c.priestess_cost == 1 and c.first_player_cards == 1
    assert c.total_cards == 49
    assert c.statues_per_player == 8 and c.number_discs == (1, 2, 3, 4, 5)
    assert c.lava_discs == 4 and c.huts == {"RED": 1, "YELLOW": 4} and c.jetty == 2
    assert {s.cost for s in c.score_cards.values()} <= {1, 2}
    kinds = {f.kind for f in c.faces.values()}
    assert kinds == {"statue", "priestess", "shell", "beach", "lava"}


def test_provenance_and_digest():
    """Every value carries a status; the card lists are marked unverified; the hash is the
    file's sha256."""
    import hashlib
    c = components.default()
    text = game_data("haleakala").read_bytes()
    assert c.sha256 == hashlib.sha256(text).hexdigest()
    assert c.digest.startswith("haleakala.yaml sha256:")
    listed = components.listing(c, unverified_only=True)
    paths = {p["path"] for p in listed}
    assert "board.jetty" in paths and "cards.decks.two.cards.statue" in paths
    assert "score_cards.butterflies.cost" in paths
    assert all(p["status"] == "unverified" for p in listed)
    full = {p["path"]: p for p in components.listing(c)}
    assert full["pieces.lava_discs"]["status"] == "confirmed"
    assert full["cards.decks.two.cards.lava"]["status"] == "inferred"


def _broken(old: str, new: str) -> str:
    text = game_data("haleakala").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize("old,new,needle", [
    ("        statue: 4\n        priestess: 2\n", "        statue: 5\n        priestess: 2\n",
     "lists 16 cards"),
    ("    RED: 1\n    YELLOW: 4\n", "    RED: 1\n    YELLOW: 3\n", "opposite"),
    ("        shell: 3\n", "        shel: 3\n", "unknown card face"),
    ("  total: 49", "  total: 50", "cards.total"),
    ("    statue: {kind: statue}", "    statue: {kind: stattue}", "kind must be"),
])
def test_errors_name_file_and_line(old, new, needle):
    """ComponentError says file:line and what is wrong."""
    text = _broken(old, new)
    with pytest.raises(ComponentError) as exc:
        components.parse(text, "haleakala.yaml")
    msg = exc.value.reason
    assert needle in msg and msg.startswith("haleakala.yaml:")
    line = int(msg.split(":")[1])
    assert line > 1 and exc.value.line == line


def test_lava_in_one_palm_deck_refused():
    text = _broken("        pearl-black: 1\n    two:", "        lava: 1\n    two:")
    with pytest.raises(ComponentError):
        components.parse(text)


def test_bad_yaml():
    with pytest.raises(ComponentError) as exc:
        components.parse("a: [1, 2\nb: 3\n", "x.yaml")
    assert exc.value.reason.startswith("x.yaml:")


def test_engine_does_not_import_lark():
    """The engine never imports lark (only the notation layer may)."""
    code = ("import sys, random; from referee.haleakala.rules.game import new_state; "
            "from referee.haleakala.text import state_json as serial; from referee.core.game import play_random; "
            "play_random(new_state(), random.Random(1)); print('lark' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
