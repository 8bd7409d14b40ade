"""Bots for every registered game: ``random``, ``basic`` and ``strong`` (docs/bots.md),
each a function of the position, its level and a seed derived from the chain head."""
from referee.bots.levels import LEVELS, MEANING, best_by_family, bot_seed, choose

__all__ = ["LEVELS", "MEANING", "best_by_family", "bot_seed", "choose"]
