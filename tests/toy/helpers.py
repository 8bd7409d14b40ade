"""Shared bits for the transcript tests."""
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUNNER = HERE / "run_referee.py"

GAME = """[Game "Toy"]
[Players "RED GREEN"]
* order GREEN RED
* target 10
GREEN adds 3
RED adds 2
* bonus 1
"""


def referee(*args, input=None, cwd=None):
    """Run the command in a fresh process, as a player would."""
    return subprocess.run([sys.executable, str(RUNNER), *map(str, args)], input=input,
                          capture_output=True, text=True, cwd=cwd, timeout=120)


def run(*args, capsys=None):
    """Run the command in-process; (status, stdout, stderr)."""
    from referee.cli import run as run_cli
    status = run_cli([str(a) for a in args])
    if capsys is None:
        return status, "", ""
    out = capsys.readouterr()
    return status, out.out, out.err


def real_games() -> list[str]:
    """The registered titles, without the toy game these tests register for themselves:
    a test over every game takes them from here, so a new title is tested too."""
    from referee.core import registry
    return [key for key in registry.keys() if key != "toy"]


def seats(game: str, count: int | None = None) -> str:
    """``--players`` for ``game``: its first ``count`` seats (its fewest by default)."""
    from referee.core import registry
    module = registry.get(game)
    return ",".join(s.lower() for s in module.seats[:count or module.min_players])
