"""``[Position "FILE"]``: start a replay from a saved state instead of the setup.

Test authors use it to reach a round end or a final scoring in a few lines,
so a position that could not occur must be refused, not played on.
"""
from __future__ import annotations

import json
from pathlib import Path

from referee.errors import BadPositionError, RefereeError


def load_position(module, transcript_file: str, name: str):
    base = Path(transcript_file).parent if transcript_file and not transcript_file.startswith("<") \
        else Path(".")
    path = base / name
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise BadPositionError(f"cannot read position file {name}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise BadPositionError(f"position file {name} is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise BadPositionError(f"position file {name} must hold a JSON object")
    game = data.get("game")
    if isinstance(game, str) and game.lower() not in (module.name.lower(), module.key.lower()):
        raise BadPositionError(f"position file {name} is a {game} state, not {module.name}")
    try:
        state = module.state_from_json(data)
        state.check_invariants()
    except BadPositionError:
        raise
    except RefereeError as exc:
        raise BadPositionError(f"impossible position in {name}: {exc.reason}", hint=exc.hint) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise BadPositionError(f"position file {name} is malformed: {type(exc).__name__}: {exc}") from None
    return state
