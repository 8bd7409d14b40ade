"""Hawaii as the layers above it see it (the GameModule contract, referee/core/game.py).

Importing this must stay cheap (``referee check`` loads it for every run):
the notation, which needs lark, and the renderer are imported on first use.
"""
from __future__ import annotations

from typing import Sequence

from referee.core.game import GameModule
from referee.hawaii.rules import game
from referee.hawaii.rules.least_disruptive import least_disruptive_move
from referee.hawaii.text import state_json
from referee.hawaii.data.components import listing, load


class HawaiiModule(GameModule):
    notation = "referee.hawaii.text.notation"
    chance_lines = "referee.hawaii.text.chance_lines"
    renderer = "referee.hawaii.text.render"
    picture = "referee.hawaii.text.svg"
    palette = "referee.hawaii.text.svg_parts"
    steps = "referee.hawaii.text.steps"
    saying = "referee.hawaii.text.saying"
    evaluation = "referee.hawaii.rules.evaluation"
    free_words = "referee.hawaii.text.free_words"
    name = "Hawaii"
    key = "hawaii"
    seats = game.SEATS
    min_players = 2
    max_players = 5
    rule_flags = game.RULE_FLAGS
    # the canonical verbs of grammar/hawaii.lark's actions (its synonyms need the seat word)
    move_verbs = ("moves", "stays", "buys", "fishes", "visits", "takes", "chooses")

    def components_path(self) -> str:
        return load().path

    def components_digest(self) -> str:
        comps = load()
        file = comps.path.replace("\\", "/").rsplit("/", 1)[-1] if comps.path else "hawaii.yaml"
        return f"{file} sha256:{comps.sha256}"

    def components_listing(self, unverified_only: bool = False) -> list[dict]:
        return listing(load(), unverified_only)

    def new_state(self, players: Sequence[str], rules: Sequence[str] = ()):
        return game.new_state(players, rules)

    def least_disruptive_move(self, state):
        return least_disruptive_move(state)

    def state_to_json(self, state) -> dict:
        return state_json.to_json(state)

    def state_from_json(self, data: dict, *, checked: bool = True):
        return state_json.from_json(data, checked=checked)


MODULE = HawaiiModule()
