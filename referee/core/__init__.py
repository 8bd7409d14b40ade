"""The title-agnostic core every game plugs into: the State and GameModule contract, the registry of
games, where the shipped files are, and the small helpers every layer shares."""
from referee.core import registry
from referee.core.cache import content_fingerprint
from referee.core.game import CHANCE, ChanceMove, GameModule, Outcome, State
from referee.core.paths import examples_dir
from referee.core.words import plural
from referee.core.wrapping import wrap_line

__all__ = ["CHANCE", "ChanceMove", "GameModule", "Outcome", "State", "content_fingerprint",
           "examples_dir", "plural", "registry", "wrap_line"]
