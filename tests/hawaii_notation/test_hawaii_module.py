"""The Hawaii GameModule as the transcript layer uses it."""
import re
import subprocess
import sys
from pathlib import Path

from hn_helpers import player, random_game, setup
from referee.core import registry
from referee.hawaii.module import MODULE

ROOT = Path(__file__).resolve().parents[2]


def test_identity():
    assert registry.get("Hawaii") is MODULE
    assert (MODULE.name, MODULE.key, MODULE.min_players, MODULE.max_players) == ("Hawaii", "hawaii", 2, 5)
    assert list(MODULE.seats) == ["RED", "YELLOW", "GREEN", "BLUE", "BLACK"]
    assert "german-original" in MODULE.rule_flags and "kanaloa-fishing-boat" in MODULE.rule_flags


def test_components():
    assert re.fullmatch(r"hawaii\.yaml sha256:[0-9a-f]{64}", MODULE.components_digest())
    assert MODULE.components_path().endswith("hawaii.yaml")
    rows = MODULE.components_listing()
    assert rows and {"path", "value", "status", "source"} <= set(rows[0])
    assert all(r["status"] == "unverified" for r in MODULE.components_listing(True))


def test_moves_and_json_through_the_module():
    s = setup()
    m = MODULE.parse_move("red buys kahuna x2 3", s)
    line = MODULE.format_move(m, s)
    assert line == "RED moves beach->C2, buys kahuna x2 with token 3"
    s.apply(m)
    data = MODULE.state_to_json(s)
    assert data["players"]["RED"]["kahunas"] == 2
    again = MODULE.state_from_json(data)
    assert MODULE.state_to_json(again) == data


def test_new_state_wants_chance_first():
    s = MODULE.new_state(["RED", "BLUE"])
    assert s.chance_kind() == "places"
    moves = MODULE.parse_chance("places A1=gods B1=fruits A2=surfers B2=exchange-spear-huts "
                                "C2=kahunas A3=long-huts-irrigation B3=shell-foot-huts C3=tikis "
                                "A4=boats B4=hula-dancers", s.clone())
    assert MODULE.format_chance("places", moves, s).startswith("places A1=gods B1=fruits")


def test_render_text_and_markdown():
    s = setup()
    player(s, rows=["hula:II"], kahunas=1, tikis=2, boats=[2])
    text = MODULE.render(s, "text")
    for piece in ("round 1 of 5, threshold 9", "C2", "kahunas", "limit 12", "Cove", "dock 1",
                  "hula", "Order track", "RED's realm", "T*", "boat1 (II", "Next: RED to move",
                  "0/9"):
        assert piece in text, piece
    md = MODULE.render(s, "markdown")
    assert md.startswith("## Hawaii") and "| place |" in md and "```" in md


def test_render_every_phase():
    last = None
    for s in random_game(4, 3):      # one state object, played on after each yield
        assert MODULE.render(s)
        last = s
    assert last.current_player() is None
    assert "Game over" in MODULE.render(last) and "Winner" in MODULE.render(last, "markdown")
    fresh = MODULE.new_state(["RED", "BLUE"])
    assert "not laid out" in MODULE.render(fresh) and "chance line (places)" in MODULE.render(fresh)


def test_importing_the_module_does_not_load_lark():
    code = ("import sys; import referee.hawaii.module as m; m.MODULE.new_state(['RED','BLUE']); "
            "print('lark' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.stdout.strip() == "False", out.stderr


def test_the_transcript_of_the_docs_replays(tmp_path):
    """docs/notation-hawaii.md §6, run by the referee command itself."""
    doc = (ROOT / "docs" / "notation-hawaii.md").read_text(encoding="utf-8")
    block = doc[doc.index('    [Game "Hawaii"]'):doc.index("## 7.")]
    lines = [line[4:] for line in block.splitlines() if line.startswith("    ")]
    game = tmp_path / "doc.txt"
    game.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "referee.cli", "test", str(game)], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "2 passed" in out.stdout
