"""``referee moves``: what can be played now, in the words a player would post."""
from __future__ import annotations

from referee.core.game import CHANCE


def legal_lines(module, state, limit: int = 0) -> tuple[str | None, list[str], int]:
    """A heading, the canonical lines of the first ``limit`` legal moves (0: all), the total.

    Only the lines shown are formatted: a rich position has thousands of moves.
    """
    from referee.notation.replay import canonical_move

    who = state.current_player()
    if who is None:
        return None, [], 0
    if who == CHANCE:
        from referee.notation.chance import canonical_chance
        kind = state.chance_kind()
        outcomes = state.chance_outcomes()
        shown = outcomes if not limit else outcomes[:limit]
        lines = [f"{canonical_chance(module, kind, [m], state)}  # p={p}" for m, p in shown]
        return f"a chance line ({kind}) is due; {len(outcomes)} possible draws:", lines, \
            len(outcomes)
    moves = state.legal_moves()
    total = len(moves)
    shown = moves if not limit else moves[:limit]
    lines = [canonical_move(module, m, state, who) for m in shown]
    return f"{who} to move: {total} legal move{'s' if total != 1 else ''}", lines, total
