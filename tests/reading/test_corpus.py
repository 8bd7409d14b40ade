"""Natural phrasings, per game, read the way `referee play`, a mail and the web page read
them (docs/reading.md): none may be read as another move than the one meant, and the
share read right must not fall below what the reader reaches today."""
from __future__ import annotations

import pytest

from tests.reading.corpus import entries, position, tally
from referee.operations import play_text

# what the reader reaches (docs/reading.md): raise these when it reads more
READ_RIGHT = {"hawaii": 53, "haleakala": 55}
AT_LEAST = 40                 # phrasings per game


@pytest.mark.parametrize("game", sorted(READ_RIGHT))
def test_no_phrasing_is_read_as_another_move(game):
    t = tally(game)
    assert t.total >= AT_LEAST
    assert not t.wrong, t.wrong
    assert len(t.right) >= READ_RIGHT[game], (len(t.right), t.refused)


@pytest.mark.parametrize("game", sorted(READ_RIGHT))
def test_every_move_meant_is_a_legal_canonical_line_of_its_position(game):
    for where, _, meant in entries(game):
        played = play_text(position(where), meant, name=where, dry_run=True)
        assert played.lines[0] == meant and played.read_as is None
