"""A tiny counting game that exercises every part of the GameModule contract.

Setup: chance draws the seating order one seat at a time ("order"), then a
target 10-12 ("target"). In turn each seat adds 1-3 to a shared total; after
every full round chance adds a bonus 1-2 ("bonus"). The game ends when the
total reaches the target; the seat that added most wins.
Rules flag "short": the target is 5 or 6.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from referee.core.game import CHANCE, ChanceMove, GameModule, Outcome, State
from referee.errors import (BadChanceError, BadPositionError, IllegalMoveError, InvariantError,
                            NotationSyntaxError, OutOfTurnError)
from referee.syntax.hints import did_you_mean


@dataclass(frozen=True)
class Add:
    seat: str
    n: int


@dataclass(frozen=True)
class Draw(ChanceMove):
    kind: str
    value: object


class CountState(State):
    def __init__(self, players, rules=()):
        self.players = list(players)
        self.rules = list(rules)
        self.order: list[str] = []
        self.target = None
        self.total = 0
        self.bonus = 0
        self.round = 1
        self.turn = 0
        self.pending_bonus = False
        self.adds = {p: [] for p in self.players}

    def current_player(self):
        if len(self.order) < len(self.players) or self.target is None or self.pending_bonus:
            return CHANCE
        if self.total >= self.target:
            return None
        return self.order[self.turn]

    def chance_kind(self):
        if len(self.order) < len(self.players):
            return "order"
        if self.target is None:
            return "target"
        return "bonus" if self.pending_bonus else None

    def chance_outcomes(self):
        kind = self.chance_kind()
        if kind == "order":
            values = [p for p in self.players if p not in self.order]
        elif kind == "target":
            values = [5, 6] if "short" in self.rules else [10, 11, 12]
        elif kind == "bonus":
            values = [1, 2]
        else:
            return []
        return [(Draw(kind, v), Fraction(1, len(values))) for v in values]

    def legal_moves(self):
        who = self.current_player()
        if who in (None, CHANCE):
            return []
        return [Add(who, n) for n in (1, 2, 3)]

    def apply(self, move):
        who = self.current_player()
        if isinstance(move, Draw):
            if who != CHANCE:
                raise BadChanceError("no draw is due")
            if move not in [m for m, _ in self.chance_outcomes()]:
                raise BadChanceError(f"{move.kind} {move.value} cannot be drawn now")
            if move.kind == "order":
                self.order.append(move.value)
            elif move.kind == "target":
                self.target = move.value
            else:
                self.total += move.value
                self.bonus += move.value
                self.pending_bonus = False
            return
        if who == CHANCE or who is None:
            raise IllegalMoveError("no move is due")
        if move.seat != who:
            raise OutOfTurnError(f"{move.seat} cannot move: {who} is to move")
        if not 1 <= move.n <= 3:
            raise IllegalMoveError(f"{move.seat} cannot add {move.n}: adds are 1 to 3 (T-R1)")
        self.total += move.n
        self.adds[move.seat].append(move.n)
        self.turn += 1
        if self.turn == len(self.order):
            self.turn = 0
            self.round += 1
            if self.total < self.target:
                self.pending_bonus = True

    def clone(self):
        new = CountState.__new__(CountState)
        new.__dict__.update(self.__dict__)
        new.players, new.rules, new.order = list(self.players), list(self.rules), list(self.order)
        new.adds = {k: list(v) for k, v in self.adds.items()}
        return new

    def outcome(self):
        if self.current_player() is not None:
            return None
        scores = {p: sum(self.adds[p]) for p in self.players}
        best = max(scores.values())
        return Outcome(scores, tuple(p for p in self.players if scores[p] == best))

    def check_invariants(self):
        if self.total != self.bonus + sum(map(sum, self.adds.values())):
            raise InvariantError("total does not add up")


def evaluate(state, seat):
    """What the seat has added so far: the winner is the seat that added most."""
    return float(sum(state.adds[seat]))


def move_family(move):
    return move


def determinize(state, seat, rng):
    """Nothing is hidden: the target and the bonuses are drawn when they are due."""
    return state.clone()


class ToyModule(GameModule):
    name = "Toy"
    key = "toy"
    seats = ("RED", "GREEN", "BLUE", "YELLOW")
    min_players = 2
    max_players = 4
    rule_flags = ("short",)
    move_verbs = ("adds",)
    evaluation = __name__            # evaluate, move_family, determinize: the bots' part

    def components_path(self):
        return "toy.yaml"

    def components_digest(self):
        return "toy.yaml sha256:0000"

    def components_listing(self, unverified_only=False):
        rows = [{"name": "target", "value": "10-12", "source": "rules p.1", "verified": True},
                {"name": "bonus", "value": "1-2", "source": "guess", "verified": False}]
        return [r for r in rows if not (unverified_only and r["verified"])]

    def new_state(self, players, rules=()):
        return CountState(players, rules)

    def parse_move(self, text, state):
        m = re.match(r"\s*(\S+)\s*(\S*)\s*(.*?)\s*$", text)
        seat, verb, rest = m.group(1).upper(), m.group(2), m.group(3)
        if verb.lower() not in ("adds", "add"):
            col = m.start(2) + 1
            raise NotationSyntaxError(f"expected 'adds', found '{verb or 'nothing'}'", column=col,
                                      hint=did_you_mean(verb, ["adds"]) if verb else None)
        if not re.fullmatch(r"-?\d+", rest):
            raise NotationSyntaxError("expected a number after 'adds'", column=m.start(3) + 1)
        move = Add(seat, int(rest))
        probe = state.clone()
        probe.apply(move)
        return move

    def least_disruptive_move(self, state):
        return Add(state.current_player(), 1)       # the smallest step towards the target

    def format_move(self, move, state):
        return f"{move.seat} adds {move.n}"

    def parse_chance(self, text, state):
        words = text.split()
        if not words or words[0].lower() not in ("order", "target", "bonus"):
            raise BadChanceError("a chance line starts with order, target or bonus", column=1)
        kind = words[0].lower()
        if kind == "order":
            values = [w.upper() for w in words[1:]]
        else:
            try:
                values = [int(w) for w in words[1:]]
            except ValueError:
                raise BadChanceError(f"{kind} takes numbers", column=len(words[0]) + 2) from None
        moves = [Draw(kind, v) for v in values]
        probe = state.clone()
        for mv in moves:
            if probe.chance_kind() != kind:
                raise BadChanceError(f"no {kind} draw is due")
            probe.apply(mv)
        return moves

    def format_chance(self, kind, moves, state):
        return f"* {kind} " + " ".join(str(m.value) for m in moves)

    def state_to_json(self, state):
        return {"game": "Toy", "round": state.round, "to_move": state.current_player(),
                "rules": list(state.rules), "total": state.total, "target": state.target,
                "bonus": state.bonus, "order": list(state.order),
                "players": {p: {"score": sum(state.adds[p]), "adds": list(state.adds[p])}
                            for p in state.players},
                "turn": state.turn, "pending_bonus": state.pending_bonus}

    def state_from_json(self, data, *, checked=True):
        try:
            s = CountState(list(data["players"]), data.get("rules", []))
            s.order, s.target, s.total = list(data["order"]), data["target"], data["total"]
            s.bonus, s.round, s.turn = data["bonus"], data["round"], data["turn"]
            s.pending_bonus = data["pending_bonus"]
            s.adds = {p: list(v["adds"]) for p, v in data["players"].items()}
        except (KeyError, TypeError) as exc:
            raise BadPositionError(f"missing or malformed field {exc}") from None
        if s.total < 0:
            raise BadPositionError("the total cannot be negative")
        return s

    def render(self, state, fmt="text"):
        head = "## Toy" if fmt == "markdown" else "Toy"
        lines = [head, f"total {state.total} of {state.target}, round {state.round}"]
        for p in state.players:
            lines.append(f"{'- ' if fmt == 'markdown' else '  '}{p}: {sum(state.adds[p])}")
        return "\n".join(lines)


MODULE = ToyModule()
