"""The Hawaii position: everything needed to go on, and nothing derived.

Rules live in the modules named for them (buying, fishing, islands, …);
this module only holds the data and copies it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from referee.hawaii.data.model import HawaiiComponents
from referee.hawaii.rules.moves import Token
from referee.hawaii.rules.realm import Realm

RESOURCES = ("shells", "feet", "fruits")


@dataclass
class Player:
    seat: str
    realm: Realm
    shells: int = 0
    feet: int = 0
    fruits: int = 0
    score: int = 0
    at: str = "beach"          # beach, a coordinate, cove, dock<d>, order<k>
    tokens: list[Token] = field(default_factory=list)   # price tokens taken this round
    fish: list[Token] = field(default_factory=list)     # fish tokens taken this round
    # ledgers: every resource and point change goes through them (invariants)
    earned: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RESOURCES, 0))
    spent: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RESOURCES, 0))
    points: dict[str, int] = field(default_factory=dict)

    @property
    def done(self) -> bool:
        return self.at.startswith("order")

    def resources(self) -> tuple[int, int, int]:
        return self.shells, self.feet, self.fruits

    def gain(self, resource: str, n: int) -> None:
        if n:
            setattr(self, resource, getattr(self, resource) + n)
            self.earned[resource] += n

    def pay(self, payment) -> None:
        shells, feet, fruits = payment
        if shells:
            self.shells -= shells
            self.spent["shells"] += shells
        if feet:
            self.feet -= feet
            self.spent["feet"] += feet
        if fruits:
            self.fruits -= fruits
            self.spent["fruits"] += fruits

    def add_points(self, why: str, n: int) -> None:
        if n:
            self.score += n
            self.points[why] = self.points.get(why, 0) + n

    def round_sum(self, comps: HawaiiComponents) -> int:
        """Price tokens by their price plus fish tokens by their fish (H-R16, H-R10).

        A plain loop: generators cost more than the few tokens they would add up,
        and every seat is summed at every round end."""
        total = 0
        for t in self.tokens:
            total += t.value
        for t in self.fish:
            total += comps.fish(t)
        return total

    def clone(self) -> "Player":
        return Player(self.seat, self.realm.clone(), self.shells, self.feet, self.fruits,
                      self.score, self.at, list(self.tokens), list(self.fish),
                      dict(self.earned), dict(self.spent), dict(self.points))


@dataclass
class PlaceState:
    place_id: str
    stock: dict[str, int]          # tiles left by kind
    tokens: list[Token]            # price tokens on its circles, in draw order
    printed_empty: bool = False    # the printed circle stayed empty this round

    def clone(self) -> "PlaceState":
        return PlaceState(self.place_id, dict(self.stock), list(self.tokens), self.printed_empty)

    def tiles_left(self) -> int:
        return sum(self.stock.values())


@dataclass
class Data:
    """The mutable part of a Hawaii state."""
    comps: HawaiiComponents
    rules: frozenset[str]
    seats: list[str]                              # seating order (Players tag)
    players: dict[str, Player]
    round: int = 1
    phase: str = "setup"                          # setup, chiefs, income, over
    board: dict[str, str] = field(default_factory=dict)        # coordinate -> place id
    places: dict[str, PlaceState] = field(default_factory=dict)  # place id -> state
    bag: dict[Token, int] = field(default_factory=dict)
    cove: list[Token] = field(default_factory=list)
    track: dict[int, Token | None] = field(default_factory=dict)   # order space -> token
    track_seat: dict[int, str] = field(default_factory=dict)       # order space -> seat
    order: list[str] = field(default_factory=list)                 # this round's sequence
    turn: str | None = None
    docks: list[str | None] = field(default_factory=list)
    stack_down: dict[str, int] = field(default_factory=dict)   # face-down islands (unordered)
    stack_up: list[str] = field(default_factory=list)          # face-up islands, top first
    pending: list[tuple] = field(default_factory=list)         # chance steps still due
    track_draws: list[Token] = field(default_factory=list)
    income_queue: list[str] = field(default_factory=list)
    history: list[dict] = field(default_factory=list)          # round-end and final reports

    def clone(self) -> "Data":
        return Data(self.comps, self.rules, list(self.seats),
                    {s: p.clone() for s, p in self.players.items()},
                    self.round, self.phase, dict(self.board),
                    {k: v.clone() for k, v in self.places.items()}, dict(self.bag),
                    list(self.cove), dict(self.track), dict(self.track_seat), list(self.order),
                    self.turn, list(self.docks), dict(self.stack_down), list(self.stack_up),
                    list(self.pending), list(self.track_draws), list(self.income_queue),
                    [dict(h) for h in self.history])

    def place_at(self, coord: str) -> PlaceState:
        return self.places[self.board[coord]]

    def coord_of(self, place_id: str) -> str | None:
        for c, p in self.board.items():
            if p == place_id:
                return c
        return None

    def seller_of(self, kind: str) -> PlaceState | None:
        spec = self.comps.seller(kind)
        return self.places[spec.id] if spec else None
