"""The title-agnostic core every game plugs into."""
from referee.core.game import CHANCE, ChanceMove, Game, Outcome, State

__all__ = ["CHANCE", "ChanceMove", "Game", "Outcome", "State"]
