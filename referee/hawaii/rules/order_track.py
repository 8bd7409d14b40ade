"""Taking a space on the order track (H-R13, H-R14): the chief's round ends."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from referee.errors import IllegalMoveError
from referee.hawaii.rules import effects
from referee.hawaii.rules.moves import TakeOrder
from referee.hawaii.rules.turns import acting_chief
from referee.i18n import _

if TYPE_CHECKING:
    from referee.hawaii.rules.state import Data


def check(d: "Data", m: TakeOrder) -> None:
    acting_chief(d, m.seat)
    n = len(d.seats)
    if not 1 <= m.space <= n:
        raise IllegalMoveError(_("{seat} cannot take order space {space}: spaces are 1-{n} with {n} players (H-R13)").format(
            seat=m.seat, space=m.space, n=n))
    if m.space in d.track_seat:
        raise IllegalMoveError(_("{seat} cannot take order space {space}: {other} is there (H-R13)").format(
            seat=m.seat, space=m.space, other=d.track_seat[m.space]))


def apply(d: "Data", m: TakeOrder) -> None:
    p = d.players[m.seat]
    p.at = f"order{m.space}"
    d.track_seat[m.space] = m.seat
    token = d.track.pop(m.space, None)
    if token is not None:
        p.tokens.append(token)
        if token.spear:
            p.add_points("spear", effects.spear_bonus(p.realm, d.comps))


def moves(d: "Data", seat: str) -> Iterator[TakeOrder]:
    for space in range(1, len(d.seats) + 1):
        if space not in d.track_seat:
            yield TakeOrder(seat, space)
