"""What a game subpackage offers the layers above it.

The transcript, the replay, the commands and the service know games only
through this protocol, so adding a title never edits another title.
A game is a folder ``referee/<key>/`` whose ``module.py`` holds its ``GameModule`` as
``MODULE``; ``referee.core.registry`` finds it there.
"""
from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any, Protocol, Sequence

from referee.core.game import ChanceMove, State


class GameModule(Protocol):
    name: str                      # as in the Game tag: "Hawaii", "Haleakala"
    key: str                       # command-line name: "hawaii"
    seats: Sequence[str]           # allowed seat names, upper case, in colour order
    min_players: int
    max_players: int
    rule_flags: Sequence[str]      # variant flags accepted in the Rules tag
    move_verbs: Sequence[str]      # lower-case words a canonical move starts with after
                                   # its seat, so a mail may leave the seat out

    def components_path(self) -> str: ...
    def components_digest(self) -> str: ...          # "hawaii.yaml sha256:…"
    def components_listing(self, unverified_only: bool = False) -> list[dict]: ...

    def new_state(self, players: Sequence[str], rules: Sequence[str] = ()) -> State: ...

    # notation (these may import lark; the engine never does)
    def parse_move(self, text: str, state: State) -> Any:
        """Lenient input -> one fully specified legal move, or raise a RefereeError
        (syntax, illegal-move with the rule's reason, ambiguous-move with candidates,
        out-of-turn). Columns in the error are relative to ``text``."""
    def format_move(self, move: Any, state: State) -> str:
        """Canonical line for ``move`` played from ``state`` (before it is applied)."""
    def parse_chance(self, text: str, state: State) -> list[ChanceMove]:
        """A chance line (without the leading '*') -> the atomic outcomes, validated
        against ``state`` as they would be applied; BadChanceError otherwise."""
    def format_chance(self, kind: str, moves: Sequence[ChanceMove], state: State) -> str:
        """The canonical chance line for ``moves`` drawn from ``state`` (before them)."""

    def move_path(self, move: Any, state: State) -> Sequence[tuple[str, str]]:
        """The steps a player takes to choose ``move`` in ``state`` (the move builder,
        core/builder.py): (step name, choice) pairs, the choice written as a player
        would type it. Every legal move's path is different, and none is the start
        of another's."""
    def move_paths(self, moves: Sequence[Any], state: State) -> Sequence[Sequence[tuple[str, str]]]:
        """:meth:`move_path` of each of ``moves`` (legal in ``state``), all at once: the
        move builder asks for every legal move's path, and the moves share their parts."""

    def hear(self, text: str, state: State) -> Any:
        """What a free line names, for the free reader (core/reading.py): a ``Heard``
        with the seat named, the mentions (each with the facts it may mean) and the
        words the game does not know."""
    def move_facts(self, moves: Sequence[Any], state: State) -> Sequence[Any]:
        """What each legal move of ``moves`` has, as ``Facts`` (core/reading.py): the
        facts a mention may name, and the kinds in which the move is not what the
        notation fills in when that detail is left out. All at once, so that a position
        with thousands of moves works out what they share once."""

    def least_disruptive_move(self, state: State) -> Any:
        """The move the referee plays for the seat to move when that seat has resigned
        or let its deadline pass: legal whenever a seat is to move, and chosen (as the
        game's docs explain) to disturb the other seats as little as the rules allow."""

    # state as data
    def state_to_json(self, state: State) -> dict: ...
    def state_from_json(self, data: dict, *, checked: bool = True) -> State: ...
    # checked=False: a state this code wrote and signed itself (a host's saved state,
    # referee/replay/snapshot.py), which passed the consistency check when it was made
    def render(self, state: State, fmt: str = "text") -> str: ...   # text|markdown|narrow|svg
    def seat_colours(self) -> dict[str, str]:
        """Each seat's colour as ``#rrggbb``, as the picture draws it: a forum post
        writes the seat names in them (operations/forum_post.py)."""


class LazyGameModule:
    """The GameModule plumbing every title shares: it names the submodules that hold
    its notation, chance lines and renderer, and imports them on first use, so
    loading a game (which ``referee check`` does on every run) never loads lark."""

    notation: str        # module with parse_move and format_move
    chance_lines: str    # module with parse_chance and format_chance
    renderer: str        # module with render(state, fmt): text and markdown
    picture: str         # module with render_svg(state): the picture, loaded only for "svg"
    steps: str           # module with move_path(move, state): the move builder's steps
                         # (and, if it has one, move_paths(moves, state): all at once)
    reading: str         # module with hear(text, state) and move_facts(move, state)
    palette: str         # module with SEAT_FILL, each seat's colour (loads the SVG writer)

    @staticmethod
    @lru_cache(maxsize=None)
    def _part(path: str, name: str):
        return getattr(importlib.import_module(path), name)

    def parse_move(self, text: str, state):
        return self._part(self.notation, "parse_move")(text, state)

    def format_move(self, move, state) -> str:
        return self._part(self.notation, "format_move")(move, state)

    def parse_chance(self, text: str, state) -> list:
        return self._part(self.chance_lines, "parse_chance")(text, state)

    def format_chance(self, kind: str, moves, state) -> str:
        return self._part(self.chance_lines, "format_chance")(kind, moves, state)

    def move_path(self, move, state):
        return self._part(self.steps, "move_path")(move, state)

    def move_paths(self, moves, state):
        """The steps module's own ``move_paths`` where it has one (a game whose moves
        share parts of their paths), else each move's path in turn."""
        steps = importlib.import_module(self.steps)
        if hasattr(steps, "move_paths"):
            return steps.move_paths(moves, state)
        return [steps.move_path(move, state) for move in moves]

    def hear(self, text: str, state):
        return self._part(self.reading, "hear")(text, state)

    def move_facts(self, moves, state):
        return self._part(self.reading, "move_facts")(moves, state)

    def seat_colours(self) -> dict[str, str]:
        return dict(self._part(self.palette, "SEAT_FILL"))

    def render(self, state, fmt: str = "text") -> str:
        if fmt == "svg":
            return self._part(self.picture, "render_svg")(state)
        return self._part(self.renderer, "render")(state, fmt)
