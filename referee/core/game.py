"""The contract between a game's rules engine and everything above it.

Modelled on OpenSpiel: a state says whose decision is next (a seat, or
``CHANCE`` for a random act), lists the legal moves or the chance outcomes
with their probabilities, and applies one move at a time. Random acts are
ordinary moves chosen by chance, so a transcript that records them replays
without any random generator, and a test author can pick any outcome.

Chance is kept atomic (one draw at a time) so ``chance_outcomes()`` is always
small and exact; the notation groups consecutive draws of one ``chance_kind()``
into a readable line.
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

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


class Game(ABC):
    """A title: its component data, variants and how to start a state."""

    name: str
    seats: Sequence[str]
    min_players: int
    max_players: int

    @abstractmethod
    def new_state(self, players: Sequence[str], rules: Sequence[str] = ()) -> State:
        ...


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
