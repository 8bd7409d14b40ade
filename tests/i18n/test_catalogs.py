"""Every message id has a translation in every shipped language, with every plural form
the language has, and the same placeholders as the English text: a text left out, or a
``{seat}`` lost in translation, fails here before a reader sees English or a KeyError."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from referee.i18n import DOMAIN

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "referee" / "locale"
LANGUAGES = ("fr", "de", "it")
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")


def _catalog(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as fp:
        return read_po(fp, locale=lang)


def _entries(lang: str):
    """(its ids, its translated forms, the message) of each message, plural or not."""
    for msg in _catalog(lang):
        if msg.id:
            yield (msg.id if isinstance(msg.id, tuple) else (msg.id,),
                   msg.string if isinstance(msg.string, tuple) else (msg.string,), msg)


def _template_ids() -> set:
    with (LOCALE / f"{DOMAIN}.pot").open("rb") as fp:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(fp) if m.id}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated(lang):
    missing = [ids[0] for ids, forms, msg in _entries(lang)
               if not all(forms) or "fuzzy" in msg.flags]
    assert not missing, f"{lang}: {len(missing)} untranslated, e.g. {missing[:5]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalog_holds_every_id_of_the_template(lang):
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in _catalog(lang) if m.id}
    missing = sorted(_template_ids() - ids)
    assert not missing, f"{lang} lacks {missing[:5]}: run pybabel update (docs/translating.md)"


def test_the_template_holds_every_text_the_code_marks(tmp_path):
    """The template is what pybabel extract makes of the code now: a text marked and never
    extracted would have no translation anywhere."""
    from babel.messages.frontend import CommandLineInterface
    out = tmp_path / "fresh.pot"
    CommandLineInterface().run(["pybabel", "-q", "extract", "-F", str(ROOT / "babel.cfg"),
                                "-k", "N_", "-o", str(out), str(ROOT)])
    with out.open("rb") as fp:
        fresh = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(fp) if m.id}
    assert not sorted(fresh - _template_ids()), "extract anew: docs/translating.md"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translation_keeps_the_placeholders(lang):
    wrong = []
    for ids, forms, _msg in _entries(lang):
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        for form in forms:
            if set(PLACEHOLDER.findall(form)) != wanted:
                wrong.append((ids[0], form))
    assert not wrong, f"{lang}: {wrong[:5]}"
