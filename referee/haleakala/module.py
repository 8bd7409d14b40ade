"""Haleakala as the layers above it see it (the GameModule contract, referee/core/game.py).

Importing this stays cheap: the notation (lark) and the renderer load on first use.
"""
from __future__ import annotations

from typing import Sequence

from referee.core.game import GameModule
from referee.haleakala.data import components
from referee.haleakala.rules import game
from referee.haleakala.rules.least_disruptive import least_disruptive_move
from referee.haleakala.text import state_json


class HaleakalaModule(GameModule):
    notation = "referee.haleakala.text.notation"
    chance_lines = "referee.haleakala.text.chance_lines"
    renderer = "referee.haleakala.text.render"
    picture = "referee.haleakala.text.svg"
    palette = "referee.haleakala.text.svg_parts"
    steps = "referee.haleakala.text.steps"
    saying = "referee.haleakala.text.saying"
    evaluation = "referee.haleakala.rules.evaluation"
    free_words = "referee.haleakala.text.free_words"
    name = "Haleakala"
    key = "haleakala"
    seats = ("RED", "YELLOW")
    min_players = 2
    max_players = 2
    rule_flags = game.RULE_FLAGS
    # the canonical verbs of grammar/haleakala.lark's actions (its synonyms need the seat word)
    move_verbs = ("places", "takes", "sails", "picks", "priestess", "buys")

    def components_path(self) -> str:
        return components.default().path

    def components_digest(self) -> str:
        return components.default().digest

    def components_listing(self, unverified_only: bool = False) -> list[dict]:
        return components.listing(components.default(), unverified_only)

    def new_state(self, players: Sequence[str], rules: Sequence[str] = ()):
        return game.new_state(players, rules)

    def least_disruptive_move(self, state):
        return least_disruptive_move(state)

    def state_to_json(self, state) -> dict:
        return state_json.state_to_json(state)

    def state_from_json(self, data: dict, *, checked: bool = True):
        return state_json.state_from_json(data, checked=checked)


MODULE = HaleakalaModule()
