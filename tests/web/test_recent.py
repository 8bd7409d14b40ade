"""The game page's last moves say what each set off, in the transcript layer's words
(referee.notation.happened.what_happened), and the page's check and latest position
come from one check of the export."""
from __future__ import annotations

from pathlib import Path

from referee.notation.happened import what_happened
from referee.notation.reader import read_text
from referee.notation.replay import replay
from referee.service.web import positions

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "hawaii-5p.txt"


def test_recent_moves_carry_what_happened_step_by_step():
    text = EXAMPLE.read_text()
    recent = positions.recent(text, "test-recent-" + str(hash(text)), n=30)
    transcript = read_text(text, "<game>")
    plied = [i for i in transcript.items if i.kind in ("move", "chance")]
    assert len(recent) == 30 and recent[-1].ply == len(plied)
    rp = replay(transcript, until=plied[-30].line - 1)
    for entry, item in zip(recent, plied[-30:]):
        before = rp.state.clone()
        rp.step(item)
        assert entry.did == what_happened(rp.module, before, rp.state, [item.text])
    assert any(entry.did for entry in recent)      # the game's end at least says something


def test_latest_position_and_audit_share_one_check():
    text = EXAMPLE.read_text()
    key = "test-shared-" + str(hash(text))
    first = positions.checked(text, key)
    audit = positions.audit(text, None, key)
    assert positions.checked(text, key) is first
    assert audit.checks and str(first.moves) in audit.check_note
