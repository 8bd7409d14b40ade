"""``referee moves``: what can be played now, in the words a player would post."""
from __future__ import annotations

from referee.core.game import CHANCE


def legal_lines(module, state) -> tuple[str | None, list[str]]:
    """A heading and the canonical lines of every legal move (or chance outcome)."""
    from referee.notation.replay import canonical_move

    who = state.current_player()
    if who is None:
        return None, []
    if who == CHANCE:
        from referee.notation.chance import canonical_chance
        kind = state.chance_kind()
        lines = []
        for move, p in state.chance_outcomes():
            lines.append(f"{canonical_chance(module, kind, [move], state)}  # p={p}")
        return f"a chance line ({kind}) is due; possible draws:", lines
    lines = [canonical_move(module, m, state, who) for m in state.legal_moves()]
    lines = list(dict.fromkeys(lines))
    return f"{who} to move: {len(lines)} legal move{'s' if len(lines) != 1 else ''}", lines
