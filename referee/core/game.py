"""The contract between a game and everything above it: ``State``, a position, and
``GameModule``, the title (its notation, its pictures, a fresh position).

The state is modelled on OpenSpiel: a state says whose decision is next (a seat, or
``CHANCE`` for a random act), lists the legal moves or the chance outcomes
with their probabilities, and applies one move at a time. Random acts are
ordinary moves chosen by chance, so a transcript that records them replays
without any random generator, and a test author can pick any outcome.

Chance is kept atomic (one draw at a time) so ``chance_outcomes()`` is always
small and exact; the notation groups consecutive draws of one ``chance_kind()``
into a readable line.
"""
from __future__ import annotations

import hashlib
import importlib
import json
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Sequence

from referee.core.words import source_name
from referee.errors import BadChanceError, IllegalMoveError

if TYPE_CHECKING:
    from fractions import Fraction

CHANCE = "chance"


class ChanceMove:
    """Marker base for outcomes of random acts (frozen dataclasses)."""


@dataclass(frozen=True)
class Outcome:
    scores: dict[str, int]
    winners: tuple[str, ...]
    detail: dict[str, Any] = field(default_factory=dict)


class State(ABC):
    """A position of one game. Mutable: ``apply`` changes it in place."""

    # Who has resigned, kept on the state by the transcript layer (referee.replay.control)
    # so everything that is handed a state sees it. The engine never reads it: a resigned
    # seat still has its turns, and the referee chooses its moves.
    control = None

    @abstractmethod
    def current_player(self) -> str | None:
        """The seat to decide, ``CHANCE`` when a random act is due, None when over."""

    @abstractmethod
    def legal_moves(self) -> list:
        """Every legal move of the seat to act, distinct outcomes only."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[ChanceMove, Fraction]]:
        """The possible outcomes of the pending random act, with probabilities."""

    @abstractmethod
    def chance_kind(self) -> str | None:
        """A name for the pending random act (groups draws into one notation line)."""

    @abstractmethod
    def apply(self, move) -> None:
        """Validate and play ``move``; raise an IllegalMoveError (state untouched) if illegal."""

    def check(self, move) -> None:
        """Raise the IllegalMoveError ``apply`` would raise, changing nothing. By default
        on a copy; a title that validates before it changes anything (both do) checks
        without one, which is what makes its canonical lines cheap to replay."""
        self.clone().apply(move)

    @abstractmethod
    def clone(self) -> "State":
        ...

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """Final scores and winners once the game is over, else None."""

    @abstractmethod
    def check_invariants(self) -> None:
        """Raise InvariantError if conservation or legality is broken."""

    def winners_among(self, seats: Sequence[str]) -> tuple[str, ...]:
        """The winners of the finished game if only ``seats`` could win (the others have
        resigned and keep their points for the ranking only): by default the best score
        among them, ties shared. A title with a tie-break overrides this."""
        outcome = self.outcome()
        if outcome is None or not seats:
            return ()
        best = max(outcome.scores.get(s, 0) for s in seats)
        return tuple(s for s in outcome.scores if s in seats and outcome.scores[s] == best)

    def apply_draws(self, moves: Sequence[ChanceMove]) -> None:
        """Play the outcomes of one chance line, in order; BadChanceError (after the
        draws before it) for an outcome drawn when no random act is due.

        A title may play a run that its notation has just validated as a whole
        more cheaply; the result must be exactly that of ``apply`` one by one.
        """
        for move in moves:
            if self.current_player() != CHANCE:
                raise BadChanceError("the chance line draws more than the random act needs")
            self.apply(move)

    def is_over(self) -> bool:
        return self.current_player() is None

    def sample_chance(self, rng: random.Random) -> ChanceMove:
        outcomes = self.chance_outcomes()
        return rng.choices([m for m, _ in outcomes], weights=[float(p) for _, p in outcomes])[0]


class GameModule(ABC):
    """A title as every layer above the games sees it: the one contract a game implements.

    The transcript, the replay, the commands and the service know games only through
    this class, so adding a title never edits another title. A game is a folder
    ``referee/<key>/`` whose ``module.py`` holds an instance of its subclass as
    ``MODULE``; ``referee.core.registry`` finds it there.

    A subclass gives its facts and the methods marked abstract; the rest reach the
    title's text parts, whose modules it names (``notation``, ``chance_lines`` ...) and
    which are imported on first use, so loading a game (which ``referee check`` does on
    every run) never loads lark. A title may override any of them instead.
    """

    name: str                      # as in the Game tag: "Hawaii", "Haleakala"
    key: str                       # command-line name: "hawaii"
    seats: Sequence[str]           # allowed seat names, upper case, in colour order
    min_players: int
    max_players: int
    rule_flags: Sequence[str]      # variant flags accepted in the Rules tag
    move_verbs: Sequence[str]      # lower-case words a canonical move starts with after
                                   # its seat, so a mail may leave the seat out

    notation: str        # module with parse_move and format_move
    chance_lines: str    # module with parse_chance and format_chance
    renderer: str        # module with render(state, fmt): text, markdown and narrow
    picture: str         # module with render_svg(state): the picture, loaded only for "svg"
    steps: str           # module with move_path(move, state): the move builder's steps
                         # (and, if it has one, move_paths(moves, state): all at once)
    free_words: str | None = None  # module with hear(text, state) and move_facts(moves,
                                   # state); a title without one reads its notation only
    saying: str | None = None      # module with say(move, state): a move as a sentence in
                                   # the reader's language; the canonical line without one
    palette: str         # module with SEAT_FILL, each seat's colour (loads the SVG writer)
    evaluation: str      # module with evaluate(state, seat), move_family(move) and
                         # determinize(state, seat, rng): all a bot needs of the title

    @abstractmethod
    def components_path(self) -> str: ...

    @abstractmethod
    def components_digest(self) -> str:
        """The component file and its hash, as the Components tag holds them:
        ``"hawaii.yaml sha256:…"``."""

    @abstractmethod
    def components_listing(self, unverified_only: bool = False) -> list[dict]: ...

    @abstractmethod
    def new_state(self, players: Sequence[str], rules: Sequence[str] = ()) -> State: ...

    @abstractmethod
    def least_disruptive_move(self, state: State) -> Any:
        """The move the referee plays for the seat to move when that seat has resigned
        or let its deadline pass: legal whenever a seat is to move, and chosen (as the
        game's docs explain) to disturb the other seats as little as the rules allow."""

    @abstractmethod
    def state_to_json(self, state: State) -> dict: ...

    def position_key(self, state: State) -> bytes:
        """A digest naming the position (everything the state's JSON holds), so that a
        bot can tell a move that brings back a position the game has had: in a game
        where a move can be undone by another (Haleakala's take-back), two bots would
        otherwise play the same pair of moves for ever."""
        text = json.dumps(self.state_to_json(state), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).digest()

    @abstractmethod
    def state_from_json(self, data: dict, *, checked: bool = True) -> State:
        """The state ``data`` describes. ``checked=False`` is for a state this code wrote
        and signed itself (a host's saved state, referee/replay/snapshot.py), which passed
        the consistency check when it was made."""

    @staticmethod
    @lru_cache(maxsize=None)
    def _part(path: str, name: str):
        return getattr(importlib.import_module(path), name)

    def parse_move(self, text: str, state: State) -> Any:
        """Lenient input -> one fully specified legal move, or raise a RefereeError
        (syntax, illegal-move with the rule's reason, ambiguous-move with candidates,
        out-of-turn). Columns in the error are relative to ``text``."""
        return self._part(self.notation, "parse_move")(text, state)

    def format_move(self, move: Any, state: State) -> str:
        """Canonical line for ``move`` played from ``state`` (before it is applied)."""
        return self._part(self.notation, "format_move")(move, state)

    def parse_chance(self, text: str, state: State) -> list[ChanceMove]:
        """A chance line (without the leading '*') -> the atomic outcomes, validated
        against ``state`` as they would be applied; BadChanceError otherwise."""
        return self._part(self.chance_lines, "parse_chance")(text, state)

    def format_chance(self, kind: str, moves: Sequence[ChanceMove], state: State) -> str:
        """The canonical chance line for ``moves`` drawn from ``state`` (before them)."""
        return self._part(self.chance_lines, "format_chance")(kind, moves, state)

    def move_path(self, move: Any, state: State) -> Sequence[tuple[str, str]]:
        """The steps a player takes to choose ``move`` in ``state`` (the move builder,
        core/builder.py): (step name, choice) pairs, the choice written as a player
        would type it. Every legal move's path is different, and none is the start
        of another's."""
        return self._part(self.steps, "move_path")(move, state)

    def move_paths(self, moves: Sequence[Any], state: State) -> Sequence[Sequence[tuple[str, str]]]:
        """:meth:`move_path` of each of ``moves`` (legal in ``state``), all at once: the
        move builder asks for every legal move's path, and the moves share their parts.
        The steps module's own ``move_paths`` where it has one, else each path in turn."""
        steps = importlib.import_module(self.steps)
        if hasattr(steps, "move_paths"):
            return steps.move_paths(moves, state)
        return [steps.move_path(move, state) for move in moves]

    def say(self, move: Any, state: State) -> str:
        """``move`` (legal in ``state``, before it is played) as a sentence in the reader's
        language, for a player who does not read the notation."""
        if self.saying is None:
            return self.format_move(move, state)
        return self._part(self.saying, "say")(move, state)

    def score_source(self, key: str) -> str:
        """What a source of points in the state JSON (``kahunas``, ``order_bonus``) is
        called in the reader's language, from the saying module's ``SOURCES``; the key
        itself, spaced, where it names none. A title whose sources are also components
        (a bought score card scores under its own code) names those with its
        ``name_of_source``."""
        if self.saying is None:
            return source_name({}, key)
        saying = importlib.import_module(self.saying)
        sources = getattr(saying, "SOURCES", {})
        if key not in sources and hasattr(saying, "name_of_source"):
            named = saying.name_of_source(key)
            if named and named != key:
                return named
        return source_name(sources, key)

    def step_title(self, step: str) -> str:
        """A builder step as the player is asked it, in the reader's language ("choose
        where to go"); the step's name where the steps module has no ``title``."""
        title = getattr(importlib.import_module(self.steps), "title", None)
        return title(step) if title is not None else step

    def choice_name(self, step: str, choice: str, state: State, moves: Sequence[Any]) -> str:
        """What ``choice`` of ``step`` is, in the reader's language ("Boats" for ``A1``),
        from the steps module's ``choice_name``; ``moves``: the legal moves under it, made
        only when read. The choice itself where the module names nothing."""
        name = getattr(importlib.import_module(self.steps), "choice_name", None)
        return name(step, choice, state, moves) if name is not None else choice

    def choice_terms(self, step: str, choice: str, state: State) -> set[str]:
        """Words for ``choice`` beyond its name in each language (the word files'
        components, ``pirogue`` for the boat), from the steps module's ``choice_terms``."""
        terms = getattr(importlib.import_module(self.steps), "choice_terms", None)
        return terms(step, choice, state) if terms is not None else set()

    def hear(self, text: str, state: State) -> Any:
        """What a free line names, for the free reader (core/free_reader.py): a ``Heard``
        with the seat named, the mentions (each with the facts it may mean) and the
        words the game does not know."""
        return self._part(self.free_words, "hear")(text, state)

    def move_facts(self, moves: Sequence[Any], state: State) -> Sequence[Any]:
        """What each legal move of ``moves`` has, as ``Facts`` (core/free_reader.py): the
        facts a mention may name, and the kinds in which the move is not what the
        notation fills in when that detail is left out. All at once, so that a position
        with thousands of moves works out what they share once."""
        return self._part(self.free_words, "move_facts")(moves, state)

    def evaluate(self, state: State, seat: str) -> float:
        """How good ``state`` looks for ``seat``, in the game's points: what the bots'
        ``basic`` level maximises one move ahead and ``strong`` reads where its look-ahead
        stops (referee/bots/, docs/bots.md). Reads only what every seat can see."""
        return self._part(self.evaluation, "evaluate")(state, seat)

    def move_family(self, move: Any) -> Any:
        """A hashable key shared by the moves that differ only in how they are paid:
        a bot weighs one of them (the best by :meth:`evaluate`), not each payment mix."""
        return self._part(self.evaluation, "move_family")(move)

    def determinize(self, state: State, seat: str, rng: random.Random) -> State:
        """A copy of ``state`` with whatever ``seat`` cannot see drawn afresh from
        ``rng``, consistent with what it can see: the world a bot's search plays in, so
        it never reads a hidden order, an undealt card or the dealing seed."""
        return self._part(self.evaluation, "determinize")(state, seat, rng)

    def render(self, state: State, fmt: str = "text") -> str:
        """The state as text, markdown, narrow (mail) or svg."""
        if fmt == "svg":
            return self._part(self.picture, "render_svg")(state)
        return self._part(self.renderer, "render")(state, fmt)

    def seat_colours(self) -> dict[str, str]:
        """Each seat's colour as ``#rrggbb``, as the picture draws it: a forum post
        writes the seat names in them (operations/forum_post.py)."""
        return dict(self._part(self.palette, "SEAT_FILL"))


def play_random(state: State, rng: random.Random, *, check: bool = False,
                max_steps: int = 100_000) -> State:
    """Play to the end with uniformly random legal moves and true chance odds."""
    for _ in range(max_steps):
        who = state.current_player()
        if who is None:
            return state
        if who == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            moves = state.legal_moves()
            state.apply(rng.choice(moves))
        if check:
            state.check_invariants()
    raise RuntimeError("game did not end")


def accepted(state, move):
    """``move`` if ``state.check`` finds it legal now, else None. The games' shortcuts
    for canonical lines end here: a refused move goes back to the lenient reader,
    which gives the player the rule's reason."""
    if move is None:
        return None
    try:
        state.check(move)
    except IllegalMoveError:
        return None
    return move
