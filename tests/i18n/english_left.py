"""What a reader of another language may still see in English, found by comparing an
output with the English output of the same command: a line identical in both languages
must be one that is the same in every language (a canonical line, a code, a place, a
number, a path, a seat name, a picture's drawing), or it is English left untranslated.

The words that never change are read from the project itself: the notation of the
bundled and test transcripts (its moves, chance lines, places and components), the seats
of every game, and the error codes."""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from referee import errors, i18n
from referee.core import registry
from referee.transcript import problems

ROOT = Path(__file__).resolve().parents[2]
_WORD = re.compile(r"[A-Za-z](?:[A-Za-z0-9'’-]*[A-Za-z0-9])?")
_PATH = re.compile(r"\S*/\S*|\S+\.(?:txt|json|svg|png|html|md|yaml|secret)\b")
_PAIR = re.compile(r"\b[A-Za-z_]+=\S*")      # a key=value of a line read by tools, or a draw
_COMMAND = re.compile(r"\s*(?:[^|&]*(?:\||&&)\s*)?(?:\S+=\S*\s+)*referee\s")
_OPTION = re.compile(r"(?<!\w)--?[a-z][\w-]*")             # an option's name
_CHOICES = re.compile(r"\[[\w|:-]+\]|\b[\w:-]+(?:\|[\w\[\]:-]+)+")   # [text|json], wait|skip
_CAPITALS = re.compile(r"\b[A-Z]{1,2}-R\d+\b|\b[A-Z][A-Z0-9_]+\b")  # rulings, seats, metavars
_HEX = re.compile(r"(?:sha256\S*|[0-9a-f]{8,}|key=[0-9a-f]+)")
# the layout of a refusal (a caret under the column) and of the pictures (a tiki, a row
# going on below, a count, a limit)
_DRAWING = re.compile(r"[\s^~·◀…|↳×≤`$\\+*#:;,.()\[\]{}<>=!?'\"/0-9-]*")


def _notation_lines():
    folders = [ROOT / "docs" / "examples", ROOT / "tests" / "transcripts"]
    for folder in folders:
        for path in sorted(folder.rglob("*.txt")):
            for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
                line = line.strip()
                # a comment, a tag's free text or a '!' line's expected words are prose
                if line and line[0] not in "#[!?":
                    yield line


def _component_codes() -> set[str]:
    """The codes of the games' components (tiles, cards, places, rings), the keys of
    games/<game>.yaml: the notation names them so in every language."""
    import yaml

    codes: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if isinstance(key, str) and re.fullmatch(r"[a-z][a-z0-9-]*", key):
                    codes.add(key)
                walk(value)
        elif isinstance(node, str) and re.fullmatch(r"[a-z][a-z0-9-]*", node):
            codes.add(node)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for key in registry.keys():
        walk(yaml.safe_load((ROOT / "games" / f"{key}.yaml").read_text(encoding="utf-8")))
    return codes


@cache
def own_words(lang: str) -> frozenset[str]:
    """The words the language's catalog itself uses: a translator may keep a word as it is
    in English ("score" in French, "round" in Italian), and a line of them is no leftover."""
    from babel.messages.pofile import read_po

    po = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    with po.open("rb") as fp:
        catalog = read_po(fp)
    words = set()
    for msg in catalog:
        for text in (msg.string if isinstance(msg.string, tuple) else (msg.string,)):
            for word in _WORD.findall(text or ""):
                parts = word.lower().split("-")
                # an option's name may be cut at a hyphen where a line of help wraps
                words.update("-".join(parts[i:]) for i in range(len(parts)))
    return frozenset(words)


@cache
def notation_words() -> frozenset[str]:
    words = {w.lower() for line in _notation_lines() for w in _WORD.findall(line)}
    for key in registry.keys():
        module = registry.get(key)
        words.update(s.lower() for s in module.seats)
        words.update(f.lower() for f in module.rule_flags)
        words.update({key, module.name.lower()})
    words.update(w.lower() for w in registry.all_seats())
    words.update(_component_codes())
    # a component's code drawn in two words ("fish 1", "shell hut") is still its code
    words.update(part for w in list(words) for part in w.split("-"))
    codes = [getattr(cls, "code", None) for mod in (errors, problems)
             for cls in vars(mod).values() if isinstance(cls, type)]
    words.update(c for c in codes if isinstance(c, str))
    # the notation's words of a witness, and the verdicts 'referee test' marks a line with
    # for tools to find (as a code is)
    words.update({"ply", "chain", "i", "ii", "x1", "x2", "pass", "fail", "start-hut"})
    return frozenset(words)


def same_everywhere(line: str, also: frozenset[str] = frozenset()) -> bool:
    """A line that reads the same in every language: made only of the notation's words,
    codes, places, seats, numbers, paths, hex digests and the pictures' signs."""
    if len(line.strip()) == 1:
        return True                     # a piece's initial, a tiki's T: a drawing
    if _COMMAND.match(line):
        return True                     # a command line, as an example of --help shows it
    rest = _PAIR.sub(" ", _HEX.sub(" ", _PATH.sub(" ", line)))
    rest = _CHOICES.sub(" ", _OPTION.sub(" ", _CAPITALS.sub(" ", rest)))
    known = notation_words() | also
    # a letter alone marks a drawing or a table's row; a code with a number is a space
    # of the board (beach1, order2)
    if not all(len(w) == 1 or w.lower() in known or w.lower().rstrip("0123456789") in known
               for w in _WORD.findall(rest)):
        return False
    return bool(_DRAWING.fullmatch(_WORD.sub("", rest)))


def english_left(english: str, told: str, also=(), lang: str | None = None,
                 quoted=frozenset()) -> list[str]:
    """The lines of ``told`` (an output in ``lang``) that are exactly a line of ``english``
    (the same command's output in English) and not the same in every language: English
    a reader of that language should not see. ``also``: more words that never change
    (the names of the files at hand); ``quoted``: the lines of those files, which a
    refusal shows as they were written."""
    same = {line.strip() for line in english.splitlines()}
    also = frozenset(w.lower() for w in also) | (own_words(lang) if lang else frozenset())
    def unquoted(line: str) -> str:
        # a refusal shows the file's line as written, or its start when it is long
        for source in sorted(quoted, key=len, reverse=True):
            if len(source) >= 20 and (source in line or (len(line) > 60 and line.strip()
                                                         and source.startswith(line.strip()))):
                line = line.replace(source, " ") if source in line else " "
        return line

    return [line for line in told.splitlines()
            if line.strip() in same and line.strip() and line.strip() not in quoted
            and not same_everywhere(unquoted(line), also)]


def svg_texts(svg: str) -> str:
    """The texts a picture shows and tells, one a line: its labels, titles (tooltips)
    and description."""
    found = re.findall(r"<(?:text|title|desc)[^>]*>(.*?)</(?:text|title|desc)>", svg, re.S)
    spans = [re.sub(r"<[^>]+>", " ", t) for t in found]
    return "\n".join(" ".join(s.split()) for s in spans)
