"""The title-agnostic core every game plugs into."""
from referee.core import registry
from referee.core.game import CHANCE, ChanceMove, Game, Outcome, State
from referee.core.paths import examples_dir
from referee.core.words import plural

__all__ = ["CHANCE", "ChanceMove", "Game", "Outcome", "State", "examples_dir", "plural",
           "registry"]
