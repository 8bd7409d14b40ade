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
