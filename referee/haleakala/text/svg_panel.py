"""The right-hand column of the Haleakala picture: what lies beside the island
(decks, lava supply, score cards for sale and the priestess) and each seat's
score, reserve discs, statues left, kept cards and bought score cards.
"""
from __future__ import annotations

from referee.core.svg import Drawing
from referee.haleakala.text.svg_parts import SEAT_FILL, SEAT_INK, card, disc
from referee.i18n import _, ngettext


def panel(dr: Drawing, x: float, y: float, w: float, data, comp, gone=()) -> None:
    """``gone``: the seats that resigned, marked on their panels."""
    y = _supply(dr, x, y, w, data, comp)
    for i, (seat, p) in enumerate(data["players"].items()):
        y = _seat(dr, x, y + 10, w, seat, p, i == 0, data, comp, seat in gone)


def _supply(dr: Drawing, x, y, w, data, comp) -> float:
    decks = data["decks"]
    board = data["score_board"]
    with dr.group(_("beside the island: decks, lava supply, score cards, priestess")):
        dr.rect(x, y, w, 205, fill="#f7f7f2", stroke="#555", rx=8)
        dr.text(x + 8, y + 18, _("Decks (cards left)"), size=12, weight="bold")
        for i, name in enumerate(decks):
            bx = x + 8 + i * ((w - 16) / len(decks))
            palms = {"one": 1, "two": 2, "three": 3}.get(name, 0)
            with dr.group(ngettext("{palms}-palm deck: {n} card", "{palms}-palm deck: {n} cards",
                                   decks[name]).format(palms=name, n=decks[name])):
                dr.rect(bx, y + 26, (w - 16) / len(decks) - 6, 34, fill="#fff", stroke="#333",
                        rx=4)
                dr.text(bx + 5, y + 40, _("{palms}-palm").format(palms=name), size=10)
                dr.text(bx + 6, y + 55, decks[name], size=13, weight="bold")
                for k in range(palms):
                    dr.circle(bx + (w - 16) / len(decks) - 16 - k * 9, y + 52, 3.5,
                              fill="#2f7d32", stroke="none")
        dr.text(x + 8, y + 80, _("Lava discs beside the board: {n}").format(n=data["lava_supply"]), size=11.5,
                title=ngettext("{n} lava disc in the supply", "{n} lava discs in the supply",
                               data["lava_supply"]).format(n=data["lava_supply"]))
        dr.text(x + 8, y + 100, _("Score cards for sale"), size=12, weight="bold")
        cw, ch = (w - 22) / 3, 26
        for i, name in enumerate(board["cards"]):
            spec = comp.score_cards.get(name)
            sale = _("score card for sale, costs {n}").format(n=spec.cost) if spec else \
                _("score card for sale")
            card(dr, x + 8 + (i % 3) * (cw + 3), y + 108 + (i // 3) * (ch + 3), name, comp,
                 sale, cw, ch, within="buys")
        if not board["cards"]:
            dr.text(x + 8, y + 124, _("none left"), size=11, fill="#555")
        up = board["priestess"] == "up"
        py = y + 108 + 2 * (ch + 3) + 4
        with dr.group(_("the priestess on the score board, face up") if up else
                      _("the priestess on the score board, face down"),
                      data_choice="priestess" if up else None, data_within="buys" if up else None):
            dr.rect(x + 8, py, w - 16, 30, fill="#e3d1f0" if up else "#ffffff", stroke="#5b3a7a",
                    rx=4, stroke_dasharray=None if up else "4 3")
            dr.text(x + 16, py + 19.5, _("Priestess: face up (for sale)") if up else _("Priestess: face down"),
                    size=11.5, weight="bold" if up else None)
    return y + 205


def _seat(dr: Drawing, x, y, w, seat, p, first_shape: bool, data, comp, gone: bool) -> float:
    h = 225 + 27 * max(0, (len(set(p['cards'])) - 1) // 3 - 2)
    fill, ink = SEAT_FILL.get(seat, "#777"), SEAT_INK.get(seat, "#fff")
    first = data["first_player"] == seat
    told = [_("{seat}: score {score}, statues left {n}").format(
        seat=seat, score=p["score"], n=p["statues_left"])]
    told += [_("first player")] if first else []
    told += [_("resigned")] if gone else []
    with dr.group(", ".join(told)):
        dr.rect(x, y, w, h, fill="#f1f1ef" if gone else "#fcfcfa", stroke=fill, rx=8,
                stroke_width=3, stroke_dasharray="10 5" if gone else None)
        dr.rect(x, y, w, 24, fill=fill, stroke="none", rx=8)
        dr.text(x + 8, y + 17, seat + (_(" · first player") if first else ""), size=13,
                weight="bold", fill=ink)
        dr.text(x + w - 8, y + 17.5, _("score {n}").format(n=p["score"]), size=14, anchor="end",
                weight="bold", fill=ink)
        dr.text(x + 8, y + 42, _("reserve"), size=11)
        for i, v in enumerate(p["reserve"]):
            disc(dr, x + 70 + i * 23, y + 38, seat, v, first_shape, _("{seat}'s disc {n} in reserve").format(seat=seat, n=v),
                 choice=f"disc {v}")
        if not p["reserve"]:
            dr.text(x + 70, y + 42, _("none"), size=11, fill="#555")
        inv = p["invocation"]
        if inv is not None:
            where = _("in reserve") if inv == "reserve" else _("on {space}").format(space=inv)
            dr.text(x + 8, y + 62, _("invocation disc (*): {where}").format(where=where), size=11)
        dr.text(x + 8, y + 80, _("statues left: {n}").format(n=p["statues_left"]), size=11.5)
        if gone:
            dr.rect(x + w - 90, y + 67, 82, 18, fill="#ffffff", stroke="#a00", rx=4,
                    stroke_width=1.5)
            dr.text(x + w - 49, y + 80.5, _("resigned"), size=12.5, anchor="middle",
                    weight="bold", fill="#a00")
        dr.text(x + 8, y + 100, _("cards kept ({n})").format(n=len(p["cards"])), size=11, weight="bold")
        counts: dict[str, int] = {}
        for face in p["cards"]:
            counts[face] = counts.get(face, 0) + 1
        cw, ch = (w - 22) / 3, 24
        for i, (face, n) in enumerate(counts.items()):
            card(dr, x + 8 + (i % 3) * (cw + 3), y + 106 + (i // 3) * (ch + 3), face, comp,
                 _("{seat}'s card").format(seat=seat), cw, ch, count=n)
        sy = y + h - 25
        bought = ", ".join(p["score_cards"]) or _("none")
        dr.text(x + 8, sy + 12, _("score cards bought: {cards}").format(cards=bought), size=10.5,
                title=_("{seat}'s score cards bought this round: {cards}").format(
                    seat=seat, cards=bought))
    return y + h
