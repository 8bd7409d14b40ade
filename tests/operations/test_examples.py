"""The example games in docs/examples are complete and accepted by `referee check`
(issue: example games for 2, 3, 4 and 5 players), refereed with the shipped data."""
from __future__ import annotations

from pathlib import Path

import pytest

from referee.operations.check import check_path

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "docs" / "examples").glob("*.txt"))


def test_there_is_an_example_for_every_player_count():
    names = {p.name for p in EXAMPLES}
    assert {f"hawaii-{n}p.txt" for n in (2, 3, 4, 5)} <= names
    assert "haleakala.txt" in names


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_is_a_complete_accepted_game(path):
    rp = check_path(str(path))
    assert not rp.errors, [e.reason for e in rp.errors]
    assert not rp.warnings, rp.warnings        # e.g. written with other component data
    assert rp.state.outcome() is not None


# --- every command the README, docs/ and --help show runs as shown (issue 10) ----------------
#
# Where the commands come from:
# - README.md: every line of its indented code blocks (a trailing `# note` dropped), each
#   `&&` part on its own, all in one folder in the order shown.
# - docs/*.md: each code line that is a command: `$ referee ...` (output lines follow it)
#   or `referee ...` that is not a synopsis (a synopsis has `[`, `…` or a placeholder like
#   FILE); one folder per page, in the page's order.
# - each command's --help: the lines under "Example:"; one folder per command, after the
#   first example of `referee new --help` (which writes the game.txt they use); the
#   group's own help (`referee --help`) starts with that command itself.
# Each folder holds a copy of docs/examples and tests/transcripts, the files the commands
# name. A command must exit 0.
#
# Not run here, each for a stated reason (a command matching none of these is run):
NOT_RUN_HERE = {
    "sh tests/system-packages.sh": "installing Debian packages: .ci/run runs it",
    "python3 -m venv": "installing: tests/test_packaging.py builds and installs the wheel",
    ". .venv/bin/activate": "installing (see above)",
    "pip install": "installing (see above)",
    "python -m pytest": "the test suite itself",
    "referee serve": "needs a server: the service's own tests run it",
    "referee host": "needs the hosted service's store: the service's own tests run it",
    "referee mail": "needs an SMTP server: the service's own tests run it",
}
# (Only commands are collected: transcript lines and command output in code blocks are not.)

import re  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"\[|…|\b(?:GAME|FILE|FILES|SEATS?|FLAGS|MOVE|DIR|LINE|ID|N|K|S)\b")


def _code_lines(text: str):
    """Lines of indented (4 spaces, after a blank line) and fenced code blocks."""
    fenced, previous_blank, in_block = False, True, False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            yield line.strip()
            continue
        if line.startswith("    ") and (in_block or previous_blank):
            in_block = True
            yield line.strip()
        elif line.strip():
            in_block = False
        previous_blank = not line.strip()


def readme_commands() -> list[str]:
    out = []
    for line in _code_lines((ROOT / "README.md").read_text(encoding="utf-8")):
        line = re.sub(r"\s{2,}#.*$", "", line)
        out += [part.strip() for part in line.split(" && ") if part.strip()]
    return out


def doc_commands(path: Path) -> list[str]:
    out = []
    for line in _code_lines(path.read_text(encoding="utf-8")):
        if line.startswith("$ "):
            out.append(line[2:])
        elif line.startswith("referee ") and not PLACEHOLDER.search(line):
            out.append(line)
    return out


def help_commands() -> dict[str, list[str]]:
    import click

    from referee.cli import cli
    out = {}
    group = click.Context(cli, info_name="referee")
    commands = [(n, cli.get_command(group, n)) for n in cli.list_commands(group)]
    for name, command in [("referee", cli), *commands]:
        text = command.get_help(click.Context(command, info_name=name))
        example = text.split("Example:", 1)[1] if "Example:" in text else ""
        lines = []
        for line in example.splitlines()[1:]:
            if not line.startswith("  ") or not line.strip():
                break
            lines.append(line.strip())
        out[name] = lines
    return out


def not_run_reason(command: str) -> str | None:
    return next((why for prefix, why in NOT_RUN_HERE.items() if command.startswith(prefix)), None)


def run_in_folder(commands: list[str], folder: Path) -> None:
    shutil.copytree(ROOT / "docs" / "examples", folder / "docs" / "examples")
    shutil.copytree(ROOT / "tests" / "transcripts", folder / "tests" / "transcripts")
    bin_dir = folder / ".bin"
    bin_dir.mkdir()
    (bin_dir / "referee").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m referee "$@"\n')
    (bin_dir / "referee").chmod(0o755)
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(folder),
           "REFEREE_CACHE_DIR": str(folder / ".cache"), "LANG": "C.UTF-8"}
    for command in commands:
        if not_run_reason(command):
            continue
        done = subprocess.run(["bash", "-c", command], cwd=folder, env=env, capture_output=True,
                              text=True, timeout=600)
        assert done.returncode == 0, f"{command!r} exited {done.returncode}:\n{done.stderr[-3000:]}"


def test_the_examples_are_found():
    """The extraction finds what the pages show (a test that finds nothing passes anything)."""
    assert "referee check docs/examples/hawaii-4p.txt" in readme_commands()
    assert any(c.startswith("referee play game.txt") for c in doc_commands(ROOT / "docs" / "cli.md"))
    helps = help_commands()
    assert all(helps[name] for name in helps), [n for n, lines in helps.items() if not lines]


def test_readme_commands_run_as_shown(tmp_path):
    run_in_folder(readme_commands(), tmp_path)


@pytest.mark.parametrize("page", [p for p in sorted((ROOT / "docs").glob("*.md"))
                                  if doc_commands(p)], ids=lambda p: p.name)
def test_doc_commands_run_as_shown(page, tmp_path):
    run_in_folder(doc_commands(page), tmp_path)


@pytest.mark.parametrize("command", sorted(help_commands()), ids=str)
def test_help_examples_run_as_shown(command, tmp_path):
    first_new = help_commands()["new"][0]
    lines = help_commands()[command]
    run_in_folder(lines if command in ("new", "referee") else [first_new, *lines], tmp_path)
