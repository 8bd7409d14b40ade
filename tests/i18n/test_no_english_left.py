"""Scripted games of both titles told in each language: show, the picture, the rulings and
errors, and no English text left where the catalog has a translation; and `check` of a
canonical transcript in English reads no catalog at all."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from referee.i18n import DOMAIN

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
LANGUAGES = ("fr", "de", "it")
def _english_fragments() -> list[str]:
    """The English prose of every message: each text cut at its placeholders, the pieces of
    at least two words and ten letters (a lone word such as a seat or a place may stay).
    A piece the bundled transcripts hold is notation (``with token``), the same in every
    language, and so never a leftover."""
    with (ROOT / "referee" / "locale" / f"{DOMAIN}.pot").open("rb") as fp:
        catalog = read_po(fp)
    notation = " ".join(p.read_text(encoding="utf-8") for p in EXAMPLES.glob("*.txt"))
    out = set()
    for msg in catalog:
        for text in (msg.id if isinstance(msg.id, tuple) else (msg.id,)):
            for piece in re.split(r"\{[a-z_]*\}", text or ""):
                piece = piece.strip(" .,:;()'")
                if (len(piece) >= 10 and " " in piece and not piece.startswith("referee ")
                        and piece not in notation):
                    out.add(piece)
    return sorted(out)


FRAGMENTS = _english_fragments()


def _translated(lang: str) -> dict[str, str]:
    with (ROOT / "referee" / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as fp:
        return {(m.id if isinstance(m.id, str) else m.id[0]): m.string for m in read_po(fp) if m.id}


def _leftovers(text: str, lang: str) -> list[str]:
    """English fragments in ``text`` that the language's own texts do not also contain (a
    fragment may be the same in both, as a name or a notation word is)."""
    own = " ".join(s if isinstance(s, str) else " ".join(s) for s in _translated(lang).values())
    return [f for f in FRAGMENTS if f in text and f not in own]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game,bad_move", [
    ("hawaii-4p.txt", "blue moves beach->A1"),
    ("haleakala.txt", "blue places 1 on beach2")])
def test_a_game_told_in_each_language(lang, game, bad_move, tmp_path, said, no_locale):
    shown = said("--lang", lang, "show", str(EXAMPLES / game))
    svg = said("--lang", lang, "show", str(EXAMPLES / game), "--format", "svg")
    drawn = re.sub(r"<title>.*?</title>", "", svg)           # the labels drawn, not the tooltips
    picture = "\n".join(re.findall(r"<text[^>]*>(.*?)</text>", drawn))
    title = "hawaii" if game.startswith("hawaii") else "haleakala"
    rulings = said("--lang", lang, "rules", title)
    fresh = tmp_path / "game.txt"
    said("new", title, "--players", "red,green" if title == "hawaii" else "red,yellow",
         "--seed", "7", "-o", str(fresh))
    before = fresh.read_bytes()
    english = said("--lang", "en", "play", str(fresh), bad_move)
    told = said("--lang", lang, "play", str(fresh), bad_move)
    assert fresh.read_bytes() == before
    code = english.split(": ")[1]
    assert f": {code}: " in told and bad_move in told        # the code and the line stay
    assert told != english
    for text in (shown, picture, rulings, told):
        assert not _leftovers(text, lang), _leftovers(text, lang)[:5]


def test_the_help_of_every_command_is_translated(said, no_locale):
    for command in ("check", "verify", "play", "salt", "moves", "show", "new", "rules",
                    "test", "components", "selfplay"):
        for lang in LANGUAGES:
            text = said("--lang", lang, command, "--help")
            assert not _leftovers(text, lang), (command, lang, _leftovers(text, lang)[:3])


def test_check_of_a_canonical_transcript_reads_no_catalog(tmp_path):
    """English is the code's own language: `referee check` opens no catalog and reads none,
    so its cost is what it was before there were translations."""
    shutil.copy(EXAMPLES / "hawaii-4p.txt", tmp_path / "g.txt")
    code = ("import sys, builtins\n"
            "opened = []\n"
            "real = builtins.open\n"
            "def watch(f, *a, **k):\n"
            "    opened.append(str(f)); return real(f, *a, **k)\n"
            "builtins.open = watch\n"
            "from referee.cli import run\n"
            "status = run(['check', 'g.txt'])\n"
            "assert status == 0, status\n"
            "from referee import i18n\n"
            "assert not i18n._loaded, 'a catalog was read'\n"
            "assert not [f for f in opened if f.endswith('.mo')], opened\n")
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]


# an illegal move of each common kind, each refused by the engine's rules with its reason
ENGINE_REFUSALS = {
    "hawaii": ("red moves beach->A1, buys long-hut I with token 9, to village 1",
               "red moves beach->A1, buys kahuna x1 with token 2s",
               "red moves beach->A1, buys long-hut I with token 2s, to village 7",
               "red fishes 2",
               "red fishes 5 (3 fish) with fishing-boat",
               "red stays at A1, buys long-hut I with token 2s",
               "red visits dock 9",
               "green takes order 1"),
    "haleakala": ("yellow sails",
                  "yellow takes back 1 from beach1",
                  "red places 1 on beach1"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("title", sorted(ENGINE_REFUSALS))
def test_the_engine_gives_its_reasons_in_each_language(lang, title, tmp_path, said, no_locale):
    fresh = tmp_path / "game.txt"
    said("new", title, "--players", "red,green" if title == "hawaii" else "red,yellow",
         "--seed", "7", "-o", str(fresh))
    before = fresh.read_bytes()
    for bad_move in ENGINE_REFUSALS[title]:
        english = said("--lang", "en", "play", str(fresh), bad_move)
        told = said("--lang", lang, "play", str(fresh), bad_move)
        assert fresh.read_bytes() == before
        assert ": illegal-move: " in english or ": out-of-turn: " in english, english
        code = english.split(": ")[1]
        assert f": {code}: " in told and told != english, (bad_move, told)
        rule = re.search(r"\((?:[HK]-R\d+(?:, )?)+\)", english)
        assert rule is None or rule.group(0) in told, (bad_move, told)     # the rule id stays
        assert not _leftovers(told, lang), (bad_move, _leftovers(told, lang)[:5])
