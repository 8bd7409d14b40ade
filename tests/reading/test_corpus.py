"""Natural phrasings, per game and language, read the way `referee play`, a mail and the
web page read them (docs/reading.md): none may be read as another move than the one
meant, and the share read right must not fall below what the reader reaches today."""
from __future__ import annotations

import pytest

from tests.reading.corpus import REFUSED, entries, position, tally
from referee.operations import play_text

# what the reader reaches (docs/reading.md): raise these when it reads more
READ_RIGHT = {("hawaii", "en"): 66, ("hawaii", "fr"): 41, ("hawaii", "de"): 44,
              ("hawaii", "it"): 43, ("haleakala", "en"): 55, ("haleakala", "fr"): 28,
              ("haleakala", "de"): 27, ("haleakala", "it"): 26}
AT_LEAST = {"hawaii": 40, "haleakala": 25}          # phrasings per game and language


@pytest.mark.parametrize("game,language", sorted(READ_RIGHT))
def test_no_phrasing_is_read_as_another_move(game, language):
    t = tally(game, language)
    assert t.total >= AT_LEAST[game]
    assert not t.wrong, t.wrong
    assert len(t.right) >= READ_RIGHT[game, language], (len(t.right), t.refused)


@pytest.mark.parametrize("game,language", sorted(READ_RIGHT))
def test_every_move_meant_is_a_legal_canonical_line_of_its_position(game, language):
    for where, _, meant in entries(game, language):
        if meant == REFUSED:
            continue
        played = play_text(position(where), meant, name=where, dry_run=True)
        assert played.lines[0] == meant and played.read_as is None
