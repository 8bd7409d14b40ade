"""Every ruling an error or a doc cites has its text in the program (issue 10), and
``referee rules`` prints it."""
import re
from pathlib import Path

import pytest

from tests.toy.helpers import run
from referee.operations import rulebook

ROOT = Path(__file__).resolve().parents[2]
CITED = re.compile(r"\b(?:[HK]-[A-Z]+[0-9]+|T-[1-9][0-9]*)\b")


def cited_ids() -> set[str]:
    found = set()
    for folder, pattern in (("referee", "*.py"), ("docs", "*.md"), ("grammar", "*.lark"),
                            ("games", "*.yaml")):
        for path in (ROOT / folder).rglob(pattern):
            if not path.name.endswith("-rules.yaml"):
                found |= set(CITED.findall(path.read_text(encoding="utf-8")))
    found |= set(CITED.findall((ROOT / "README.md").read_text(encoding="utf-8")))
    return found


def test_every_cited_ruling_has_a_text():
    have = {r.id for r in rulebook.all_rulings()}
    cited = cited_ids()
    assert {"H-R5", "K-R3", "H-X1", "K-A1"} <= cited      # the scan finds citations at all
    assert sorted(cited - have) == []


def test_every_ruling_of_the_rule_pages_is_there_once():
    ids = [r.id for r in rulebook.all_rulings()]
    assert len(ids) == len(set(ids))
    assert {f"H-R{n}" for n in range(1, 23)} | {f"K-R{n}" for n in range(1, 12)} <= set(ids)
    for r in rulebook.all_rulings():
        assert r.title and len(r.text) > 20, r.id
        assert "shared/" not in r.text and "seed 0" not in r.text.lower(), r.id


def test_h_r10_is_the_revised_fish_rule():
    """H-R10 (revised): a fish token counts its fish, 1 to 3, not its price number."""
    text = rulebook.find("H-R10").text
    assert "1 to 3" in text and "price number" in text


def test_rules_prints_one_ruling_in_any_case(capsys):
    status, out, _ = run("rules", "h-r05", capsys=capsys)
    assert status == 0 and out.startswith("H-R5 Movement cost\n  ")
    status, out, _ = run("rules", "haleakala", "k-a5", capsys=capsys)
    assert status == 0 and out.startswith("K-A5 Pairs of pearls\n") and "Why: " in out


def test_rules_of_a_game_and_of_all(capsys):
    status, out, _ = run("rules", "haleakala", capsys=capsys)
    heads = [line.split()[0] for line in out.splitlines() if line and not line[0].isspace()]
    assert status == 0 and heads[0] == "K-R1" and len(heads) == 11 + 12
    status, out, _ = run("rules", capsys=capsys)
    assert status == 0 and "\nH-R22 " in out and "\nK-A12 " in out


@pytest.mark.parametrize("args, hint", [
    (("H-R55",), "did you mean 'H-R5'?"),
    (("hawaii", "K-R3"), "did you mean 'H-R3'?"),
    (("hawaii", "H-R1", "H-R2"), "at most"),
])
def test_unknown_ruling_is_a_usage_error_with_a_hint(args, hint, capsys):
    status, _, err = run("rules", *args, capsys=capsys)
    assert status == 2 and hint in err


def test_readme_and_docs_send_no_one_outside_the_project():
    """Issue 10: rulings are read with `referee rules`, not in a file the user lacks."""
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        assert "shared/" not in text and "../" not in text, path.name


def test_the_transcript_rulings_are_printed_for_any_game():
    """T-1..T-7 (takeback, resignation, the least-disruptive move) belong to every game."""
    ids = [r.id for r in rulebook.rulings(rulebook.TRANSCRIPT)]
    assert ids == [f"T-{n}" for n in range(1, 8)]
    assert rulebook.find("t-4", "haleakala").title == "Resignation"
    assert rulebook.find("T-7").id in {r.id for r in rulebook.all_rulings()}
