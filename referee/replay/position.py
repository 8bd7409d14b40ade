"""``[Position "FILE"]``: start a replay from a saved state instead of the setup.

Test authors use it to reach a round end or a final scoring in a few lines,
so a position that could not occur must be refused, not played on.
"""
from __future__ import annotations

import json
from pathlib import Path

from referee.i18n import _
from referee.errors import BadPositionError, RefereeError
from referee.replay.control import state_from_json
from referee.transcript.storage import read_limited

MAX_POSITION = 1024 * 1024     # bytes of a state JSON: a real one is a few KB
MAX_DEPTH = 20                 # nesting of a state JSON: a real one nests 4 deep


def load_position(module, transcript_file: str, name: str, players=()):
    base = Path(transcript_file).parent if transcript_file and not transcript_file.startswith("<") \
        else Path(".")
    path = _below(base, name)
    try:
        raw = read_limited(path, MAX_POSITION)
    except OSError as exc:
        raise BadPositionError(_("cannot read position file {file}: {why}").format(
            file=name, why=exc.strerror or exc)) from None
    if len(raw) > MAX_POSITION:
        raise BadPositionError(_("position file {file} is over {max} bytes").format(
            file=name, max=MAX_POSITION))
    if _depth(raw) > MAX_DEPTH:
        raise BadPositionError(_("position file {file} nests deeper than {max} levels").format(
            file=name, max=MAX_DEPTH))
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as exc:
        raise BadPositionError(_("position file {file} is not valid JSON: {why}").format(
            file=name, why=exc)) from None
    if not isinstance(data, dict):
        raise BadPositionError(_("position file {file} must hold a JSON object").format(file=name))
    game = data.get("game")
    if isinstance(game, str) and game.lower() not in (module.name.lower(), module.key.lower()):
        raise BadPositionError(_("position file {file} is a {found} state, not {game}").format(
            file=name, found=game, game=module.name))
    try:
        state = state_from_json(module, data, list(players))
        state.check_invariants()
    except BadPositionError:
        raise
    except RefereeError as exc:
        raise BadPositionError(_("impossible position in {file}: {why}").format(
            file=name, why=exc.reason), hint=exc.hint) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise BadPositionError(_("position file {file} is malformed: {why}").format(
            file=name, why=f"{type(exc).__name__}: {exc}")) from None
    return state


def _below(base: Path, name: str) -> Path:
    """A position file lies in the transcript's folder or below it: not /dev/zero, not
    ../../etc/passwd (symlinks are resolved before the check)."""
    root = base.resolve()
    path = (base / name).resolve()
    if path != root and root not in path.parents:
        raise BadPositionError(_("position file {file} is not in the transcript's folder "
                                 "or below it").format(file=name))
    return path


def _depth(raw: bytes) -> int:
    """How deep brackets nest (strings skipped), without parsing: a deep file is refused
    before json could recurse."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest
