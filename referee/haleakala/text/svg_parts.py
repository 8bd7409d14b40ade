"""The pieces both halves of the Haleakala picture draw (the island in
:mod:`referee.haleakala.text.svg`, the column beside it in
:mod:`referee.haleakala.text.svg_panel`): the seats' colours, a number disc and a
card. Apart so that each half imports them at its top, neither importing the other.
"""
from __future__ import annotations

from referee.core.svg import Drawing
from referee.i18n import _

SEAT_FILL = {"RED": "#d62728", "YELLOW": "#f2c200"}
SEAT_INK = {"RED": "#ffffff", "YELLOW": "#111111"}
CARD_SIZE = 10           # never smaller: the page shows the picture at 0.9 of its size
CARD_FILL = {"statue": "#d9d9d9", "priestess": "#e3d1f0", "shell": "#f6e3c6", "beach": "#d3ecf7",
             "lava": "#f4a582"}


def disc(dr: Drawing, cx: float, cy: float, seat: str, label, first: bool, title: str,
         choice: str | None = None) -> None:
    """A seat's number disc: round for the first seat, square for the second. ``choice``:
    what picking it is called in the move builder (its seat's own discs only)."""
    fill, ink = SEAT_FILL.get(seat, "#777"), SEAT_INK.get(seat, "#fff")
    with dr.group(title, data_choice=choice, data_seat=seat if choice else None):
        if first:
            dr.circle(cx, cy, 9.5, fill=fill, stroke="#000", stroke_width=1.2)
        else:
            dr.rect(cx - 9, cy - 9, 18, 18, fill=fill, stroke="#000", stroke_width=1.2, rx=2)
        dr.text(cx, cy + 4, label, size=11, anchor="middle", weight="bold", fill=ink)


def card(dr: Drawing, x: float, y: float, face: str | None, comp, title: str,
         w: float = 66, h: float = 28, count: int = 1, within: str | None = None) -> None:
    """A card face as a labelled rectangle; None is an empty slot (dashed). ``within``:
    the action under which the seat page's move builder offers the card (``picks``,
    ``buys``)."""
    if face is None:
        dr.rect(x, y, w, h, fill="#ffffff", stroke="#888", rx=4, stroke_dasharray="4 3",
                title=_("{what}: empty").format(what=title))
        dr.text(x + w / 2, y + h / 2 + 3.5, _("empty"), size=CARD_SIZE, anchor="middle", fill="#666")
        return
    kind = comp.faces[face].kind if face in comp.faces else "statue"
    with dr.group((_("{what}: {card}, {n} of them") if count > 1 else
                   _("{what}: {card}")).format(what=title, card=face, n=count),
                  data_choice=face if within else None, data_within=within):
        dr.rect(x, y, w, h, fill=CARD_FILL.get(kind, "#eee"), stroke="#333", rx=4)
        words = face.replace("-", " ").split() + ([f"×{count}"] if count > 1 else [])
        fits = max(4, int((w - 4) / (CARD_SIZE * 0.58)))
        lines: list[str] = []
        for word in words:
            if lines and len(lines[-1]) + 1 + len(word) <= fits:
                lines[-1] += " " + word
            else:
                lines.append(word)
        for i, line in enumerate(lines[:3]):
            dy = h / 2 + CARD_SIZE * 0.37 + (i - (min(len(lines), 3) - 1) / 2) * CARD_SIZE * 1.05
            dr.text(x + w / 2, y + dy, line, size=CARD_SIZE, anchor="middle")
