"""notation.md §1 [Position]: the header must describe the saved position.

A [Players] or [Rules] tag that disagrees with the position file would make the
transcript lie to its reader, so it is a bad-header error at the tag's line.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from referee.operations.check import check_path

HERE = Path(__file__).resolve().parent.parent / "transcripts" / "hawaii"
SOURCE = HERE / "h-r20-kanaloa-fishing-boat.txt"


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    text = SOURCE.read_text()
    old, new = "\n" + old, "\n" + new          # the tag line, not a mention in a comment
    assert old in text
    for json_file in HERE.glob("*.json"):
        shutil.copy(json_file, tmp_path / json_file.name)
    out = tmp_path / "case.txt"
    out.write_text(text.replace(old, new, 1))
    return out


def test_the_original_transcript_agrees_with_its_position():
    rp = check_path(str(SOURCE))
    assert not rp.errors


def test_rules_tag_must_match_the_position(tmp_path):
    rp = check_path(str(_variant(tmp_path, '[Rules "kanaloa-fishing-boat"]', '[Rules "german-original"]')))
    assert rp.errors[0].code == "bad-header"
    assert "[Rules]" in rp.errors[0].reason


def test_players_tag_must_match_the_position(tmp_path):
    text = SOURCE.read_text()
    players = next(line for line in text.splitlines() if line.startswith("[Players"))
    rp = check_path(str(_variant(tmp_path, players, '[Players "BLUE YELLOW"]')))
    assert rp.errors[0].code == "bad-header"
    assert "[Players]" in rp.errors[0].reason
