"""Haleakala as the notation, transcript and CLI layers see it (referee/core/module.py).

Importing this stays cheap: the notation (lark) and the renderer load on first use.
"""
from __future__ import annotations

from typing import Sequence

from referee.haleakala import components, game, serial


class HaleakalaModule:
    name = "Haleakala"
    key = "haleakala"
    seats = ("RED", "YELLOW")
    min_players = 2
    max_players = 2
    rule_flags = game.RULE_FLAGS

    def components_path(self) -> str:
        return components.default().path

    def components_digest(self) -> str:
        return components.default().digest

    def components_listing(self, unverified_only: bool = False) -> list[dict]:
        return components.listing(components.default(), unverified_only)

    def new_state(self, players: Sequence[str], rules: Sequence[str] = ()):
        return game.new_state(players, rules)

    def parse_move(self, text: str, state):
        from referee.haleakala.notation import parse_move
        return parse_move(text, state)

    def format_move(self, move, state) -> str:
        from referee.haleakala.notation import format_move
        return format_move(move, state)

    def parse_chance(self, text: str, state) -> list:
        from referee.haleakala.chance_lines import parse_chance
        return parse_chance(text, state)

    def format_chance(self, kind: str, moves, state) -> str:
        from referee.haleakala.chance_lines import format_chance
        return format_chance(kind, moves, state)

    def state_to_json(self, state) -> dict:
        return serial.state_to_json(state)

    def state_from_json(self, data: dict):
        return serial.state_from_json(data)

    def render(self, state, fmt: str = "text") -> str:
        from referee.haleakala.render import render
        return render(state, fmt)


MODULE = HaleakalaModule()
