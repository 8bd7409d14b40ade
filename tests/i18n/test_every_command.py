"""Every command of docs/cli.md, and the help of every group and command, in French, German
and Italian, on the bundled examples and on one broken transcript per family of refusal
of the transcript reader and the replay: each line that is the same as in English must
be one that is the same in every language (english_left.py), and the pictures' labels
and tooltips likewise."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from referee.cli import run
from tests.i18n.english_left import english_left, same_everywhere, svg_texts

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
LANGUAGES = ("fr", "de", "it")
HAWAII = (EXAMPLES / "hawaii-2p.txt").read_text(encoding="utf-8").splitlines()
HEADER = [line for line in HAWAII[:6] if not line.startswith("[Result")]
SETUP = HEADER + [""] + [line for line in HAWAII if line.startswith("* ")][:4]
FIRST = "YELLOW moves beach->B1, buys shell-hut II with token 3, to village 2"
SECOND = "RED moves beach->B4, buys taro I with token 5s, to village 1"

# one transcript for each way the reader and the replay refuse a file
BROKEN = {
    "no-game": [line for line in SETUP if not line.startswith("[Game")],
    "unknown-game": [line.replace('"Hawaii"', '"Hawai"') for line in SETUP],
    "no-players": [line for line in SETUP if not line.startswith("[Players")],
    "bad-seat": [line.replace('"RED YELLOW"', '"RED PURPLE"') for line in SETUP],
    "seat-twice": [line.replace('"RED YELLOW"', '"RED RED"') for line in SETUP],
    "too-many-players": [line.replace('"RED YELLOW"', '"RED YELLOW GREEN BLUE BLACK GREY"')
                         for line in SETUP],
    "unknown-flag": HEADER + ['[Rules "moon"]'] + SETUP[len(HEADER):],
    "tag-twice": HEADER + ['[Seed "again"]'] + SETUP[len(HEADER):],
    "tag-late": SETUP + [FIRST, '[Event "late"]'],
    "long-line": SETUP + ["YELLOW moves " + "x" * 2100],
    "syntax": SETUP + [FIRST.replace("moves", "movez")],
    "too-early": SETUP + ["YELLOW moves beach->A1"],
    "no-seat": SETUP + [FIRST.replace("YELLOW", "YELOW")],
    "illegal": SETUP + [FIRST.replace("token 3", "token 9")],
    "chance-due": SETUP[:-1] + [FIRST],
    "chance-not-due": SETUP + [FIRST, SETUP[-3]],
    "nothing-to-undo": SETUP + ["RED takes back"],
    "undo-other": SETUP + [FIRST, "RED takes back"],
    "undo-twice": SETUP + [FIRST, "YELLOW takes back", "YELLOW takes back"],
    "resign-twice": SETUP + ["YELLOW resigns", "YELLOW resigns"],
    "result": HEADER + ['[Result "RED 1, YELLOW 0; winner RED"]'] + SETUP[len(HEADER):],
    "assertion": SETUP + ["? round == 7", "? RED.nothing == 1", "? RED.villages.9 == 1"],
    "rejection": SETUP + ["! " + FIRST, "! " + SECOND + ' -- "never said"'],
    "position": HEADER + ['[Position "nowhere.json"]'],
    "seed-differs": SETUP[:-1] + [SETUP[-1].replace("A1=6,-", "A1=5,-")],
    "short-key": SETUP[:-1] + [SETUP[-1] + " key=abc"],
    "key-alone": SETUP[:-1] + ["* key=" + "0" * 64],
    "token-shape": SETUP[:-1] + [SETUP[-1].replace("A1=6,-", "A1=-,6")],
    "token-count": SETUP[:-1] + [SETUP[-1].replace("A1=6,-", "A1=6")],
    "order-twice": SETUP[:-3] + ["* order RED RED"] + SETUP[-2:],
    "bad-draw-word": SETUP[:-1] + ["* tokes " + SETUP[-1][9:]],
    "salt-unsalted": HEADER + ['[Salt "RED abc"]'] + SETUP[len(HEADER):],
}


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("broken")
    out = {}
    for name, lines in BROKEN.items():
        out[name] = folder / f"{name}.txt"
        out[name].write_text("\n".join(lines) + "\n", encoding="utf-8")
    bad = folder / "not-utf8.txt"
    bad.write_bytes(("\n".join(SETUP) + "\n").encode() + b"YELLOW moves \xff\xfe\n")
    out["not-utf8"] = bad
    for example in EXAMPLES.glob("*.txt"):
        shutil.copy(example, folder / example.name)
    return folder, out


def _commands(folder: Path, broken: dict) -> list[tuple[str, ...]]:
    game, duel = str(folder / "hawaii-4p.txt"), str(folder / "haleakala.txt")
    out = [("check", *map(str, broken.values())), ("verify", *map(str, broken.values())),
           ("test", *map(str, broken.values()))]
    for name in ("hawaii-2p.txt", "hawaii-5p.txt", "haleakala.txt", "haleakala-tactical.txt"):
        path = str(folder / name)
        out += [("check", path), ("verify", path), ("moves", path, "--limit", "5"),
                ("show", path), ("show", path, "--format", "markdown")]
    out += [("show", game, "--at", "30"), ("moves", str(broken["chance-not-due"])),
            ("moves", game, "--steps"), ("moves", duel, "--steps"),
            ("rules", "hawaii"), ("rules", "H-R5"), ("rules", "haleakala"),
            ("components", "hawaii", "--unverified"), ("components", "haleakala"),
            ("play", str(broken["chance-not-due"]), "--dry-run", "RED moves beach->A1"),
            ("verify", game, "--chain", "1:00000000"), ("verify", game, "--chain", "nonsense"),
            ("new", "hawaii", "--players", "red,purple", "--seed", "1"),
            ("new", "hawaii", "--players", "red,red", "--seed", "1"),
            ("new", "hawaii", "--players", "red", "--seed", "1"),
            ("new", "hawaii", "--players", "red,green", "--rules", "moon", "--seed", "1"),
            ("new", "chess", "--players", "a,b"),
            ("play", game, "--bot", "random", "--dry-run"),
            ("play", str(broken["chance-not-due"]), "--dry-run", "--bot", "basic"),
            ("salt", "RED")]
    return out


def _groups() -> list[tuple[str, ...]]:
    from referee.cli import cli
    out = [("--help",)]
    for name in cli.list_commands(None):
        out.append((name, "--help"))
        command = cli.get_command(None, name)
        for sub in getattr(command, "commands", {}):
            out.append((name, sub, "--help"))
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_command_leaves_english(lang, files, said, no_locale):
    folder, broken = files
    words = [p.stem for p in folder.iterdir()]         # the files' names, said in any language
    quoted = frozenset(line.strip() for p in folder.iterdir()
                       for line in p.read_text(encoding="utf-8", errors="replace").splitlines())
    left = []
    for args in _commands(folder, broken) + _groups():
        english = said("--lang", "en", *args)
        told = said("--lang", lang, *args)
        if args[0] == "components":
            # a value's source is the data file's own note, quoted in the words it has there
            english, told = (re.sub(r"source=.*", "", text) for text in (english, told))
        left += [(" ".join(args[:2]), line) for line in english_left(english, told, words, lang, quoted)]
    assert not left, "\n".join(f"{cmd}: {line}" for cmd, line in left[:30])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("example", ["hawaii-2p.txt", "hawaii-5p.txt", "haleakala.txt",
                                     "haleakala-tactical.txt"])
def test_no_picture_leaves_english(lang, example, said, no_locale):
    shown = [("show", str(EXAMPLES / example), "--format", "svg"),
             ("show", str(EXAMPLES / example), "--format", "svg", "--at", "20")]
    for args in shown:
        english = svg_texts(said("--lang", "en", *args))
        told = svg_texts(said("--lang", lang, *args))
        left = english_left(english, told, lang=lang)
        assert not left, (args, left[:20])


def test_the_helper_tells_english_from_what_never_changes():
    english = "\n".join(["game.txt:3:1: illegal-move: RED cannot move beach->C3",
                         "    RED moves beach->C3", "          ^", "ply 12 chain 3f9a1c0b7e22",
                         "the game is over", "A1 12 B2", "BLUE"])
    assert english_left(english, english) == ["game.txt:3:1: illegal-move: RED cannot move beach->C3",
                                              "the game is over"]
    assert same_everywhere("RED 17, YELLOW 17") and not same_everywhere("RED wins")


def test_a_rejection_expects_the_notations_words_in_every_language(files, capsys, no_locale):
    """A '!' line's expected text is the words of the record, English whoever reads: a
    reader of another language runs the same tests with the same verdicts."""
    transcript = ROOT / "tests" / "transcripts" / "hawaii" / "h-r03-board-geometry.txt"
    for lang in ("en", *LANGUAGES):
        assert run(["--lang", lang, "test", str(transcript)]) == 0, lang
    capsys.readouterr()
