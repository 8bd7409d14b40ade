"""Pieces the Hawaii picture draws in many places: chiefs, price tokens, fish.

Each piece has a shape or a label besides its colour, so a colour-blind player
reads the picture too: a chief is a tag with its seat's name, a token with
crossed spears shows the spears, a fish token is drawn as a fish.
"""
from __future__ import annotations

from referee.core.svg import Drawing, num, text_width
from referee.i18n import _

SEAT_FILL = {"RED": "#d62728", "YELLOW": "#f2c200", "GREEN": "#2ca02c", "BLUE": "#1f77b4",
             "BLACK": "#222222"}
SEAT_INK = {"YELLOW": "#111111"}          # text on a seat's colour; white elsewhere
CHIEF_W, CHIEF_H = 52, 17


def seat_fill(seat: str) -> str:
    return SEAT_FILL.get(seat, "#777777")


def seat_ink(seat: str) -> str:
    return SEAT_INK.get(seat, "#ffffff")


def chief(dr: Drawing, x: float, y: float, seat: str, where: str) -> None:
    """A chief: a tag in its seat's colour with the seat's name on it."""
    with dr.group(_("{seat}'s chief, {where}").format(seat=seat, where=where)):
        dr.rect(x, y, CHIEF_W, CHIEF_H, fill=seat_fill(seat), stroke="#000", rx=7,
                stroke_width=1.2)
        dr.text(x + CHIEF_W / 2, y + 12.5, seat, size=10, anchor="middle", weight="bold",
                fill=seat_ink(seat))


def chiefs_flow(dr: Drawing, x: float, y: float, width: float, seats, where: str) -> float:
    """Chief tags left to right, wrapping at ``width``; returns the height used."""
    per_line = max(1, int((width + 4) // (CHIEF_W + 4)))
    for i, seat in enumerate(seats):
        chief(dr, x + (i % per_line) * (CHIEF_W + 4), y + (i // per_line) * (CHIEF_H + 3),
              seat, where)
    lines = (len(seats) + per_line - 1) // per_line
    return lines * (CHIEF_H + 3)


def parse_token(text: str) -> tuple[int, bool]:
    spear = text.endswith("s")
    return int(text[:-1] if spear else text), spear


def token(dr: Drawing, cx: float, cy: float, text: str, where: str, r: float = 12,
          within: str | None = None) -> None:
    """A price token: its value, and crossed spears behind it when it has them. Only the
    ends of the spears show, beyond the token's corners, so they never cross the number.
    ``within``: the place whose purchase it can pay for (the seat page offers the token
    as the move builder's choice once that place is chosen)."""
    value, spear = parse_token(text)
    name = (_("price token {n} with crossed spears, {where}") if spear else
            _("price token {n}, {where}")).format(n=value, where=where)
    with dr.group(name, data_choice=f"token {text}" if within else None, data_within=within):
        if spear:
            out, inner, head = r * 1.45, r * 0.82, r * 0.42
            for sx in (-1, 1):
                dr.line(cx + sx * inner, cy + inner, cx + sx * out, cy + out,
                        stroke="#8c2d04", stroke_width=2)
                tip_x, tip_y = cx - sx * out, cy - out
                dr.line(cx - sx * inner, cy - inner, tip_x, tip_y, stroke="#8c2d04",
                        stroke_width=2)
                dr.polygon([(tip_x, tip_y), (tip_x + sx * head, tip_y),
                            (tip_x, tip_y + head)], fill="#8c2d04", stroke="none")
        dr.circle(cx, cy, r, fill="#f6e7c1", stroke="#8c2d04" if spear else "#6b4a1f",
                  stroke_width=2 if spear else 1.5)
        dr.text(cx, cy + r * 0.38, value, size=r * 1.05, anchor="middle", weight="bold")


def fish_of(entry) -> tuple[str, int]:
    """A fish token as the state JSON writes it: ``"6"``/``"2s"`` (fish = the value),
    or an object with a ``fish`` count (and its ``token``)."""
    if isinstance(entry, dict):
        label = str(entry.get("token", entry.get("value", "")))
        fish = entry.get("fish")
        if fish is None:
            fish = parse_token(label)[0]
        return label, int(fish)
    return str(entry), parse_token(str(entry))[0]


def fish(dr: Drawing, x: float, y: float, entry, where: str) -> float:
    """A fish token drawn as a fish with its count on it; returns its width."""
    _kind, count = fish_of(entry)
    w, h = 42, 22
    with dr.group(_("fish token, {n} fish, {where}").format(n=count, where=where)):
        dr.path(f"M{num(x)} {num(y + h / 2)} Q{num(x + w * 0.35)} {num(y - 2)} "
                f"{num(x + w * 0.75)} {num(y + h / 2)} "
                f"Q{num(x + w * 0.35)} {num(y + h + 2)} {num(x)} {num(y + h / 2)}Z",
                fill="#cde7f0", stroke="#1b4f72", stroke_width=1.3)
        dr.polygon([(x + w * 0.72, y + h / 2), (x + w, y + 2), (x + w, y + h - 2)],
                   fill="#cde7f0", stroke="#1b4f72", stroke_width=1.3)
        dr.text(x + w * 0.36, y + h / 2 + 4.5, count, size=13, anchor="middle", weight="bold")
    return w


def wrap(words: list[str], width: float, size: float, *, bold: bool = False,
         sep: str = " · ") -> list[str]:
    """Words joined into lines no wider than ``width`` at font ``size``."""
    lines: list[str] = []
    for w in words:
        if lines and text_width(lines[-1] + sep + w, size, bold) <= width:
            lines[-1] += sep + w
        else:
            lines.append(w)
    return lines
