"""Usage errors in the reader's language: click's own words (a missing argument, an
unknown option) and the commands' own refusals of a bad combination of options."""
from __future__ import annotations

import pytest

from tests.toy.helpers import run

CASES = [
    (["play"], {"fr": "Argument manquant : 'FILE'.", "de": "Fehlendes Argument: 'FILE'.",
                "it": "Argomento mancante: 'FILE'."}),
    (["check", "--format", "xml", "x.txt"], {"fr": "'xml' n'est aucun de 'text', 'json'.",
                                             "de": "'xml' ist keiner der Werte 'text', 'json'.",
                                             "it": "'xml' non è tra 'text', 'json'."}),
    (["check", "--nope", "x"], {"fr": "Option inconnue : --nope", "de": "Unbekannte Option: --nope",
                                "it": "Opzione sconosciuta: --nope"}),
]


@pytest.mark.parametrize("args, said", CASES)
@pytest.mark.parametrize("lang", ["fr", "de", "it"])
def test_click_words_in_the_readers_language(capsys, args, said, lang):
    status, _, err = run("--lang", lang, *args, capsys=capsys)
    assert status == 2
    assert said[lang] in err


@pytest.mark.parametrize("lang, said", [("en", "--seed goes with --bot"),
                                        ("fr", "--seed ne s'emploie qu'avec --bot"),
                                        ("de", "--seed gilt nur zusammen mit --bot")])
def test_a_bad_combination_of_options_is_refused_in_the_readers_language(tmp_path, capsys, lang,
                                                                         said):
    path = tmp_path / "game.txt"
    status, _, err = run("new", "hawaii", "--players", "red,yellow", "-o", path, capsys=capsys)
    assert status == 0, err
    status, _, err = run("--lang", lang, "play", path, "RED", "passes", "--seed", "3",
                         capsys=capsys)
    assert status == 2
    assert said in err
