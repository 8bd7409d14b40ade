"""Run the referee command with the toy game registered (for subprocess tests)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from referee.core import registry  # noqa: E402

registry._MODULES["toy"] = "tests.toy.toygame"

from referee.cli import main  # noqa: E402

main(sys.argv[1:])
