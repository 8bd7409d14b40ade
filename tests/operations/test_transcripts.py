"""Every transcript under tests/transcripts/ (Hawaii and Haleakala, DATC style) is one
test case, run in-process through the same code as `referee test FILE`
(referee.operations.check.check_path): every `?` assertion and `!` rejection must pass
and the transcript must replay without any other error."""
from __future__ import annotations

from pathlib import Path

import pytest

from referee.operations.check import check_path
from referee.operations.report import format_error

ROOT = Path(__file__).parents[1] / "transcripts"
FILES = sorted(ROOT.rglob("*.txt"))


def _id(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_transcripts_exist():
    assert any(p.relative_to(ROOT).parts[0] == "hawaii" for p in FILES)


@pytest.mark.parametrize("path", FILES, ids=[_id(p) for p in FILES])
def test_transcript(path: Path):
    rp = check_path(str(path))
    problems = []
    for verdict in rp.checks:
        if not verdict.passed:
            problems.append(f"FAIL line {verdict.item.line}: {verdict.item.text.strip()}\n  "
                            + format_error(verdict.error, str(path)).replace("\n", "\n  "))
    checked = {id(v.error) for v in rp.checks if v.error is not None}
    problems += [format_error(e, str(path)) for e in rp.errors if id(e) not in checked]
    assert rp.checks, f"{path}: no '?' or '!' line"
    assert not problems, "\n".join(problems)
