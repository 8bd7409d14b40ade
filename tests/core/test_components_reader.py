"""One reader for every game's component file, with one rule: a value whose
status is not given (on itself or on a mapping above it) is refused, naming the
file, the line and the dotted path; no game may default it."""
from __future__ import annotations

import pytest

from referee.core.paths import game_data
from referee.errors import ComponentError
from referee.haleakala.data import components as haleakala_components
from referee.hawaii.data import components as hawaii_components

LOADERS = {"hawaii": hawaii_components.load, "haleakala": haleakala_components.load}

NO_STATUS = [
    # (file text, line, dotted path)
    ('seats: [RED, YELLOW]\nsource: "a rulebook"\n', 1, "seats"),
    ('start:\n  source: "a rulebook"\n  status: confirmed\n  shells: 13\n'
     'board:\n  source: "a rulebook"\n  sections: 6\n', 7, "board.sections"),
    ('board:\n  stauts: confirmed\n  source: "a rulebook"\n  jetty: 2\n', 2, "board.stauts"),
    ('cards:\n  source: "a rulebook"\n  faces:\n    lava: {value: 4, source: "guess"}\n',
     4, "cards.faces.lava"),
]


@pytest.fixture(autouse=True)
def no_cache(monkeypatch):
    monkeypatch.setenv("REFEREE_NO_CACHE", "1")


@pytest.mark.parametrize("game", sorted(LOADERS))
@pytest.mark.parametrize("text, line, path", NO_STATUS)
def test_a_value_without_status_is_refused(game, text, line, path, tmp_path):
    bad = tmp_path / f"{game}.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(ComponentError) as info:
        LOADERS[game](bad)
    assert str(info.value).startswith(f"{bad}:{line}: {path} has no status"), str(info.value)
    assert info.value.line == line and info.value.file == str(bad)


@pytest.mark.parametrize("game", sorted(LOADERS))
def test_the_shipped_file_without_its_outer_status_is_refused(game, tmp_path):
    """The shipped files give every value a status; take the outermost away and
    the first value left without one is named."""
    lines = game_data(game).read_text(encoding="utf-8").splitlines(keepends=True)
    outer = [n for n, text in enumerate(lines) if text.startswith(("status:", "  status:"))][0]
    bad = tmp_path / f"{game}.yaml"
    bad.write_text("".join(lines[:outer] + lines[outer + 1:]), encoding="utf-8")
    with pytest.raises(ComponentError, match=r"has no status") as info:
        LOADERS[game](bad)
    assert f"{bad}:{info.value.line}: " in str(info.value)


def test_a_misspelt_status_word_is_refused_alike(tmp_path):
    messages = []
    for game, load in sorted(LOADERS.items()):
        bad = tmp_path / f"{game}.yaml"
        bad.write_text('seats: [RED, YELLOW]\nstatus: sure\nsource: "x"\n', encoding="utf-8")
        with pytest.raises(ComponentError) as info:
            load(bad)
        messages.append(str(info.value).replace(str(bad), "FILE"))
    assert messages[0] == messages[1] == \
        "FILE:2: status must be one of confirmed, inferred, unverified, not 'sure'"
