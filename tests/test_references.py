"""The project stands alone: no docstring, comment, doc or help text sends a reader to a
file the project does not have (a document of the people who specified it, say), and
every file of the project that one names is there.

Read as text: comments and string literals of the Python files, and the whole of the
Markdown, grammar and data files. A reference is a path under one of the project's own
folders (``docs/state.md``, ``referee/replay/chain.py``, ``games/hawaii.yaml``), a bare
Markdown name (``notation.md``: looked for in docs/ and at the top), or a pointer out of
the project (``shared/…``, ``../``, "the shared spec").
"""
from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("docs", "referee", "tests", "benchmarks", "grammar", "games")
PATH = re.compile(r"(?<![\w./-])((?:%s)/[\w./*-]*\.(?:md|py|lark|yaml|txt|html|js|css|svg|png))"
                  % "|".join(FOLDERS))
FOLDER = re.compile(r"(?<![\w./-])((?:%s)/(?:[\w.-]+/)*)(?![\w*<])" % "|".join(FOLDERS))
MODULE = re.compile(r"(?<![\w./-])(referee(?:\.\w+)+)")
BARE_MD = re.compile(r"(?<![\w./-])([\w-]+\.md)\b")
OUTSIDE = re.compile(r"(?:\.\./shared|(?<![\w-])shared/(?:seeds|rules|research|spec)\b|shared spec\b)",
                     re.IGNORECASE)


def _sources() -> list[Path]:
    files = [ROOT / "README.md"]
    for folder in FOLDERS:
        # not games/*.yaml: every transcript records its component file's sha256, so a
        # reworded comment there would make every game ever written warn of other data
        for pattern in ("*.py", "*.md", "*.lark"):
            files += (ROOT / folder).rglob(pattern)
    return sorted(f for f in set(files) if "__pycache__" not in f.parts
                  and f != Path(__file__).resolve())      # this file's probes are bad on purpose


def _texts(path: Path):
    """(line, text) of what a reader sees: comments and strings of code, all of prose."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".py":
        yield from enumerate(text.splitlines(), 1)
        return
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type in (tokenize.COMMENT, tokenize.STRING):
            for k, line in enumerate(tok.string.splitlines()):
                yield tok.start[0] + k, line


# where a wheel carries the data folders (referee.games, referee.grammar, referee.examples)
INSTALLED = {"referee/games/": "games/", "referee/grammar/": "grammar/",
             "referee/examples/": "docs/examples/"}


def _exists(ref: str) -> bool:
    ref = ref.rstrip(".")
    for wheel, checkout in INSTALLED.items():
        if ref.startswith(wheel):
            ref = checkout + ref[len(wheel):]
    return any(ROOT.glob(ref)) if "*" in ref else (ROOT / ref).exists()


def _module_exists(dotted: str) -> bool:
    """``referee.replay.chain.link``: its longest part that is a module or package exists,
    and it is more than ``referee`` (a name inside a module is not looked up)."""
    parts = dotted.split(".")
    if parts[1].startswith("__") or (len(parts) == 2 and parts[1] in FILE_ENDINGS):
        return True                                 # referee.__file__, a file referee.db
    for n in range(len(parts), 1, -1):
        base = ROOT.joinpath(*parts[:n])
        if base.with_suffix(".py").is_file() or (base / "__init__.py").is_file():
            return True
        if n == len(parts) and parts[1] in INSTALLED_PACKAGES:
            return True
    return False


INSTALLED_PACKAGES = ("games", "grammar", "examples")
FILE_ENDINGS = ("db", "sqlite", "toml", "txt", "md", "yaml", "json", "log", "lock", "html", "png",
                "svg", "eml")


def problems(where: str, lines) -> list[str]:
    out = []
    for number, line in lines:
        if OUTSIDE.search(line):
            out.append(f"{where}:{number}: points outside the project: {line.strip()[:100]}")
        for ref in PATH.findall(line):
            if not _exists(ref):
                out.append(f"{where}:{number}: names {ref}, which the project does not have")
        for ref in FOLDER.findall(line):
            if not _exists(ref):
                out.append(f"{where}:{number}: names the folder {ref}, which the project does not have")
        for ref in MODULE.findall(line):
            if not _module_exists(ref):
                out.append(f"{where}:{number}: names {ref}, which the project does not have")
        for name in BARE_MD.findall(line):
            if not ((ROOT / "docs" / name).exists() or (ROOT / name).exists()):
                out.append(f"{where}:{number}: names {name}, which the project does not have")
    return out


def test_every_reference_is_to_a_file_of_the_project():
    found = [p for f in _sources() for p in problems(str(f.relative_to(ROOT)), _texts(f))]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("text, bad", [
    ("see ../shared/spec/cli.md", True),
    ("the ../../etc/passwd a test tries", False),
    ("the shared spec notation.md", True),
    ("shared/rules/hawaii.md says", True),
    ("docs/nowhere.md", True),
    ("the chain (docs/notation.md section 11)", False),
    ("a price shared by tokens", False),
    ("code in referee/notation/ reads it", True),
    ("code in referee/replay/ reads it", False),
    ("``referee.notation`` and the CLI", True),
    ("``referee.replay.chain.link`` links", False),
])
def test_the_check_sees_a_bad_reference(text, bad):
    assert bool(problems("probe", [(1, text)])) is bad
