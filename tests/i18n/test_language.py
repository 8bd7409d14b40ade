"""Which language a reader gets: --lang, then LANGUAGE, LC_ALL and LANG, and English for
anything else, never an error; each run of the command line keeps its own language."""
from __future__ import annotations

from referee import i18n
from referee.cli import run


def test_the_flag_comes_before_the_locale_variables():
    env = {"LANGUAGE": "de", "LC_ALL": "it_IT.UTF-8", "LANG": "fr_FR.UTF-8"}
    assert i18n.choose("fr", env) == "fr"
    assert i18n.choose(None, env) == "de"


def test_locale_variables_in_gettexts_order():
    assert i18n.choose(None, {"LANGUAGE": "", "LC_ALL": "it_IT.UTF-8", "LANG": "de_DE"}) == "it"
    assert i18n.choose(None, {"LANG": "de_CH.UTF-8"}) == "de"
    assert i18n.choose(None, {"LANGUAGE": "pt_BR:fr", "LANG": "de_DE"}) == "fr"


def test_an_unknown_language_is_english_without_error():
    assert i18n.choose("xx", {}) == "en"
    assert i18n.choose(None, {"LANG": "C.UTF-8"}) == "en"
    assert i18n.choose(None, {"LANG": "POSIX", "LANGUAGE": "klingon"}) == "en"
    assert i18n.choose("", {}) == "en"


def test_every_shipped_language_is_offered():
    assert {"en", "fr", "de", "it"} <= set(i18n.languages())


def test_english_reads_no_catalog():
    with i18n.speaking("en"):
        assert i18n._("Example:") == "Example:"
        assert i18n.ngettext("one", "many", 2) == "many"


def test_the_language_of_one_run_is_not_the_next_ones(capsys, monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert run(["--lang", "fr", "--help"]) == 0
    french = capsys.readouterr().out
    assert run(["--help"]) == 0
    english = capsys.readouterr().out
    assert "Options:" in english and french != english
    assert i18n.language() == "en"


def test_an_unknown_lang_flag_is_english(capsys, monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert run(["--lang", "tlh", "--help"]) == 0
    assert "Options:" in capsys.readouterr().out
