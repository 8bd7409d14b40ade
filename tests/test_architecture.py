"""The layers of docs/architecture.md, held: every import in referee/ goes down (or stays in
its own folder), the commands and the service use the layers below only through each
package's face, no two modules import each other round a circle, and an import inside a
function is of a heavy library only, with a comment saying why.

A new folder must be given its place here and in docs/architecture.md; a new game takes
the games' place by being registered.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from referee.core import registry

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "referee"
GAMES = registry.keys()

# the rank of each top-level part of referee/: an import goes to a lower rank, or stays home
RANK = {"errors": 0, "i18n": 0, "__init__": 0, "core": 1, "syntax": 2, **{g: 3 for g in GAMES},
        "bots": 3.5, "transcript": 4, "replay": 5, "operations": 6, "commands": 7, "service": 7, "cli": 8,
        "__main__": 9}
FACED = ("core", "syntax", "bots", "transcript", "replay", "operations")   # used through __init__
FACE_USERS = ("commands", "service", "cli")
GAME_PARTS = {"data": 0, "rules": 1, "text": 2, "module": 3, "__init__": 3}
# the service's own layers: the store and plain text at the bottom, the hosted game above
# them, the channels above it (none imports another), the one-process daemon on top
SERVICE_PARTS = {"__init__": 0, "errors": 0, "plaintext": 1, "store": 1, "hosted": 2,
                 "mail": 3, "forum": 3, "web": 3, "daemon": 4}
CHANNELS = ("mail", "forum", "web")
# what may be imported inside a function: what is slow to import, or only needed on one path
HEAVY = ("lark", "yaml", "sqlalchemy", "alembic", "starlette", "uvicorn", "jinja2", "resvg_py",
         "psycopg", "multipart", "secrets", "difflib", "fractions", "fcntl", "msvcrt", "email",
         "smtplib", "imaplib", "ssl", "asyncio", "http", "feedparser", "gettext",
         "referee.service", *(f"referee.{g}" for g in GAMES))


def _modules():
    """(dotted name, its parts, its source, where to say it is) of every module of referee/."""
    for path in sorted(PACKAGE.rglob("*.py")):
        if "__pycache__" in path.parts or "migrations" in path.parts:
            continue
        parts = path.relative_to(ROOT).with_suffix("").parts
        yield ".".join(parts), parts, path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))


def _part(name: str) -> str:
    return name.split(".")[1] if name.count(".") else name


def _imports(tree: ast.AST, own: str):
    """(node, module, inside a function) of every import of referee or anything else."""
    inside = set()
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inside.update(id(n) for n in ast.walk(fn) if isinstance(n, (ast.Import, ast.ImportFrom)))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = own.split(".")[:-node.level]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module
            targets = [mod] + [f"{mod}.{a.name}" for a in node.names]
            yield node, mod, targets, id(node) in inside
        elif isinstance(node, ast.Import):
            for a in node.names:
                yield node, a.name, [a.name], id(node) in inside


def _is_module(name: str) -> bool:
    rel = Path(*name.split("."))
    return (ROOT / rel).with_suffix(".py").is_file() or (ROOT / rel / "__init__.py").is_file()


def layer_problems(modules=None) -> list[str]:
    out = []
    for name, parts, source, shown in modules or _modules():
        home = parts[1] if len(parts) > 1 else "__init__"
        home = home if home in RANK else parts[1]
        tree = ast.parse(source)
        lines = source.splitlines()
        for node, mod, targets, lazy in _imports(tree, name):
            where = f"{shown}:{node.lineno}"
            if lazy and not any(mod == h or mod.startswith(h + ".") for h in HEAVY):
                out.append(f"{where}: {mod} imported inside a function (only heavy modules are)")
            if lazy and "#" not in lines[node.lineno - 1] and \
                    not lines[node.lineno - 2].strip().startswith("#"):
                out.append(f"{where}: an import inside a function says why in a comment")
            if not mod or not mod.startswith("referee") or mod == "referee":
                continue
            there = mod.split(".")[1]
            if there not in RANK:
                out.append(f"{where}: {mod}: referee/{there} has no place in the layers")
                continue
            if there == home == "service":
                out += _service_problems(where, parts, mod)
                continue
            if there == home:
                if home in GAMES and len(parts) > 2 and len(mod.split(".")) > 2:
                    mine, theirs = parts[2], mod.split(".")[2]
                    if GAME_PARTS.get(theirs, 0) > GAME_PARTS.get(mine, 3):
                        out.append(f"{where}: {home}/{mine} imports {home}/{theirs} "
                                   "(a game reads data -> rules -> text)")
                continue
            if RANK[there] >= RANK[home] and not (home == "commands" and there == "service"
                                                  and lazy) and home != "__main__":
                out.append(f"{where}: referee/{home} imports {mod}, a layer at or above it")
            if home in GAMES and there in GAMES:
                out.append(f"{where}: a game imports another game ({mod})")
            if home in FACE_USERS and there in FACED:
                deep = [t for t in targets if t.count(".") >= 2 and _is_module(t)
                        and t.split(".")[2] not in ("__init__",)]
                if mod.count(".") >= 2 or (deep and not _offered(there, targets)):
                    out.append(f"{where}: {mod}: referee/{home} uses referee/{there} "
                               "through its face (its __init__)")
            if home == "service" and there in GAMES:
                out.append(f"{where}: the service reaches into a game ({mod})")
    return out


def _service_problems(where: str, parts: tuple, mod: str) -> list[str]:
    """An import inside the service goes down its own layers (SERVICE_PARTS)."""
    mine = parts[2] if len(parts) > 2 else "__init__"
    theirs = mod.split(".")[2] if mod.count(".") >= 2 else "__init__"
    for part in (mine, theirs):
        if part not in SERVICE_PARTS:
            return [f"{where}: referee/service/{part} has no place in the service's layers"]
    if mine == theirs:
        return []
    if mine in CHANNELS and theirs in CHANNELS:
        return [f"{where}: the channel service/{mine} imports the channel service/{theirs}"]
    if SERVICE_PARTS[theirs] >= SERVICE_PARTS[mine]:
        return [f"{where}: service/{mine} imports {mod}, a layer at or above it"]
    return []


def _offered(package: str, targets: list[str]) -> bool:
    """Every name imported from the package is in its ``__all__``."""
    import importlib
    offered = set(importlib.import_module(f"referee.{package}").__all__)
    return all(t.split(".")[-1] in offered for t in targets[1:])


def circles() -> list[list[str]]:
    """Strongly connected groups of modules by their top-level imports."""
    graph = {}
    for name, parts, source, _ in _modules():
        own = name[:-9] if name.endswith(".__init__") else name
        deps = set()
        for node, mod, targets, lazy in _imports(ast.parse(source), own):
            if lazy or not mod or not mod.startswith("referee"):
                continue
            subs = [t for t in targets[1:] if _is_module(t)]
            deps.update(subs or [mod])
        deps.discard(own)
        graph[own] = deps
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in list(graph):
        if v not in index:
            visit(v)
    return found


def test_every_import_goes_down_the_layers():
    found = layer_problems()
    assert not found, "\n".join(found)


def test_no_import_circles():
    assert circles() == []


ENGINE = ("core", "syntax", *GAMES, "bots", "transcript", "replay", "operations", "commands")


def test_every_name_a_module_offers_is_there():
    """What an engine module lists in ``__all__`` exists, so ``import *`` and a reader of
    the list are never let down."""
    import importlib

    missing = []
    for name, parts, source, _ in _modules():
        if len(parts) > 1 and parts[1] in ENGINE and "__all__" in source:
            module = importlib.import_module(name.removesuffix(".__init__"))
            missing += [f"{name}.{n}" for n in module.__all__ if not hasattr(module, n)]
    assert not missing, missing


def test_a_file_name_means_one_thing_in_the_engine():
    """Two engine modules share a file name only when they play one part: the same role in
    each game's folder, the core's shared part beside each game's own (``core/game.py``
    and ``<game>/rules/game.py``), or a command, named by its word on the command line,
    beside what it does (``commands/check.py`` and ``operations/check.py``). Anything
    else is a second meaning for one name."""
    homes: dict[str, list[tuple[str, ...]]] = {}
    for _, parts, _, _ in _modules():
        if len(parts) > 2 and parts[1] in ENGINE and parts[-1] != "__init__":
            homes.setdefault(parts[-1], []).append(parts[1:])
    clashes = []
    for stem, places in homes.items():
        games = {p[1:] for p in places if p[0] in GAMES}
        core = [p for p in places if p[0] == "core"]
        others = {p for p in places if p[0] not in (*GAMES, "core", "commands")}
        command = ("commands", stem) in places
        if len(places) > 1 and (len(games) > 1 or (core and not games)
                                or not others <= ({("operations", stem)} if command else set())):
            clashes.append(f"{stem}.py: " + ", ".join("/".join(p) for p in places))
    assert not clashes, clashes


def test_the_map_names_every_folder():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    folders = [p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__"]
    missing = [f for f in folders if f"referee/{f}/" not in text and f not in GAMES]
    assert not missing, f"docs/architecture.md does not place {missing}"
    assert "referee/<game>/" in text
    service = [p.name for p in (PACKAGE / "service").iterdir()
               if p.is_dir() and p.name != "__pycache__"]
    missing = [f for f in service if f"referee/service/{f}/" not in text]
    assert not missing, f"docs/architecture.md does not place service folders {missing}"
    assert set(service) <= set(SERVICE_PARTS), "a service folder has no place in SERVICE_PARTS"


@pytest.mark.parametrize("home, line, bad", [
    ("replay", "from referee.operations.play import play_line", True),
    ("operations", "from referee.replay.replayer import replay", False),
    ("commands", "from referee.replay.replayer import replay", True),
    ("commands", "from referee.replay import replay", False),
    ("service", "from referee.hawaii.rules import game", True),
    ("service.hosted", "from referee.service.mail import smtp", True),
    ("service.mail", "from referee.service.forum import posting", True),
    ("service.web", "from referee.service.hosted import entry", False),
    ("service.store", "from referee.service.hosted import session", True),
    ("service.daemon", "from referee.service.web import app", False),
    ("hawaii", "from referee.haleakala.rules import game", True),
    ("core", "def f():\n    from referee.replay import replay  # why\n", True),
    ("core", "def f():\n    import yaml\n", True),
    ("core", "def f():\n    import yaml  # slow to import: only a file's first read needs it\n", False),
])
def test_the_check_sees_an_upward_import(home, line, bad):
    probe = [(f"referee.{home}.probe", ("referee", *home.split("."), "probe"), line + "\n",
              "probe.py")]
    assert bool(layer_problems(probe)) is bad


def test_no_two_test_files_share_a_name():
    """The test folders are not packages, so pytest imports each test file by its bare
    name: two files of one name stop the whole run at collection."""
    seen: dict[str, Path] = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        other = seen.setdefault(path.name, path)
        assert other == path, f"{other.relative_to(ROOT)} and {path.relative_to(ROOT)}"
