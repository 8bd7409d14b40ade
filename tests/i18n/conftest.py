"""What the language tests share: a run of the command line as a reader sees it, with no
locale variable of the machine choosing a language behind the test's back."""
from __future__ import annotations

import pytest

from referee.cli import run


@pytest.fixture
def no_locale(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LANG"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def said(capsys):
    """``said(*args)``: what ``referee *args`` printed, its output and its errors."""
    def run_it(*args) -> str:
        run(list(args))
        captured = capsys.readouterr()
        return captured.out + captured.err
    return run_it
