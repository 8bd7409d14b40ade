"""One seat's part of the Hawaii picture: resources, this round's pile against
its threshold, the realm board (villages, kahuna and tiki spaces) and boats.

The realm is drawn like the printed player board: village rows top to bottom
from the start hut, kahuna spaces down the left with their points, tiki spaces
over the columns (filled right to left, the printed tiki at the far right).
"""
from __future__ import annotations

from referee.core.svg import Drawing, num
from referee.hawaii.text.svg_parts import fish, seat_fill, seat_ink, token
from referee.i18n import _

PANEL_W, PANEL_H = 485, 335
CELL_W, CELL_H = 54, 30
KAHUNA_W = 36            # the column of kahuna spaces left of the villages
PER_LINE = 8             # tiles a village shows in one line; a longer row goes on below
TILE_SIZE = 10
FAMILY_FILL = {"hut": "#f3dfbd", "village": "#e4d4f4", "fruit": "#d3efc4", "god": "#fbd9d9",
               "boat": "#cfe3f7", "kahuna": "#eeeeee", "tiki": "#eeeeee"}


def panel_height(p, comps) -> float:
    """A seat's panel, taller by a line for each village row longer than ``PER_LINE``."""
    return PANEL_H + CELL_H * sum(_lines(row) - 1 for row in p["villages"])


def _lines(row) -> int:
    return max(1, (len(row) + PER_LINE - 1) // PER_LINE)


def realm_panel(dr: Drawing, x: float, y: float, seat: str, data, comps, target: int,
                height: float = PANEL_H, gone: bool = False) -> None:
    """``gone``: the seat resigned; its panel says so and its frame is dashed."""
    p = data["players"][seat]
    with dr.group((_("{seat}: score {score}, shells {shells}, feet {feet}, fruits {fruits}, "
                     "this round {sum} of {needed} needed, resigned") if gone else
                   _("{seat}: score {score}, shells {shells}, feet {feet}, fruits {fruits}, "
                     "this round {sum} of {needed} needed")).format(
            seat=seat, score=p["score"], shells=p["shells"], feet=p["feet"], fruits=p["fruits"],
            sum=p["round_sum"], needed=target)):
        dr.rect(x, y, PANEL_W, height, fill="#f1f1ef" if gone else "#fcfcfa",
                stroke=seat_fill(seat), rx=8, stroke_width=3,
                stroke_dasharray="10 5" if gone else None)
        dr.rect(x, y, PANEL_W, 26, fill=seat_fill(seat), stroke="none", rx=8)
        dr.text(x + 10, y + 18.5, seat, size=15, weight="bold", fill=seat_ink(seat))
        where = _where(p["at"])
        turn = data["order"].index(seat) + 1 if seat in data["order"] else None
        sub = _("chief {where}").format(where=where) + (
            _(" · turn {n} of {count}").format(n=turn, count=len(data["order"])) if turn else "")
        dr.text(x + 90, y + 18, sub, size=11.5, fill=seat_ink(seat))
        dr.text(x + PANEL_W - 10, y + 19, _("score {n}").format(n=p["score"]), size=15, anchor="end",
                weight="bold", fill=seat_ink(seat))
        for i, key in enumerate(("shells", "feet", "fruits")):
            dr.text(x + 10 + i * 105, y + 44, _(key) + f" {p[key]}", size=13, weight="bold")
        if gone:
            dr.rect(x + PANEL_W - 92, y + 31, 82, 18, fill="#ffffff", stroke="#a00", rx=4,
                    stroke_width=1.5)
            dr.text(x + PANEL_W - 51, y + 44.5, _("resigned"), size=12.5, anchor="middle",
                    weight="bold", fill="#a00")
        _pile(dr, x + 10, y + 52, seat, p, target)
        _realm(dr, x + 10, y + 100, seat, p, comps)


def _where(at: str) -> str:
    if at.startswith("dock"):
        return _("at dock {n}").format(n=at[4:])
    if at.startswith("order"):
        return _("on order space {n}").format(n=at[5:])
    return _("on the beach") if at == "beach" else _("at {place}").format(place=at)


def _pile(dr: Drawing, x, y, seat, p, target) -> None:
    """This round's tokens and fish, their sum against the seat's threshold."""
    total = p["round_sum"]
    reached = total >= target
    dr.text(x, y + 14, _("this round:"), size=11)
    cx = x + 76
    for t in p["tokens"]:
        token(dr, cx + 15, y + 12, t, _("taken by {seat} this round").format(seat=seat), r=10)
        cx += 32
    for f in p["fish"]:
        cx += fish(dr, cx, y + 1, f, _("caught by {seat} this round").format(seat=seat)) + 4
    if not p["tokens"] and not p["fish"]:
        dr.text(cx, y + 14, _("nothing yet"), size=11, fill="#555")
    bar_x, bar_y, bar_w = x, y + 31, PANEL_W - 215
    scale = bar_w / max(target, total, 1)
    label = _("sum {total} of {needed} needed").format(total=total, needed=target) + (
        _(": reached") if reached else "")
    with dr.group((_("{seat}'s round sum {total}, threshold {needed}, reached") if reached else
                   _("{seat}'s round sum {total}, threshold {needed}, not reached")).format(
            seat=seat, total=total, needed=target)):
        dr.rect(bar_x, bar_y, bar_w, 12, fill="#ffffff", stroke="#555")
        if total:
            dr.rect(bar_x, bar_y, total * scale, 12, fill="#7fbf7f" if reached else "#f0b27a",
                    stroke="none")
        tx = bar_x + target * scale
        dr.line(tx, bar_y - 4, tx, bar_y + 16, stroke="#000", stroke_width=2.5)
        dr.text(bar_x + bar_w + 8, bar_y + 10.5, label, size=11, weight="bold" if reached else None)


def _tiki_spaces(comps) -> list[tuple[int, int | None, bool]]:
    """(column, fill order or None for the printed tiki, printed) for each tiki space."""
    spec = comps.realm
    out = [(col, i, False) for i, col in enumerate(spec.tiki_columns)]
    if spec.printed_tiki_column is not None:
        out.append((spec.printed_tiki_column, None, True))
    return out


def _realm(dr: Drawing, x, y, seat, p, comps) -> None:
    spec = comps.realm
    tikis = _tiki_spaces(comps)
    columns = max([c for c, _, _ in tikis] + [min(len(r), PER_LINE) for r in p["villages"]]
                  + [1])
    gx, gy = x + KAHUNA_W, y + 26
    with dr.group(_("{seat}'s tikis: {n} of {count} spaces filled").format(
            seat=seat, n=p["tikis"], count=len(spec.tiki_columns))):
        dr.text(x, y + 17, _("tikis"), size=10, fill="#555")
        for col, order, printed in tikis:
            tx = gx + (col - 1) * CELL_W + CELL_W / 2
            filled = printed or order < p["tikis"]
            feet = spec.tiki_feet[order] if order is not None and order < len(spec.tiki_feet) else 0
            what = _("printed tiki") if printed else _("tiki space {n}").format(n=order + 1) + (
                " " + _("(+{n} feet)").format(n=feet) if feet else "")
            what = _("{space}: tiki").format(space=what) if filled else \
                _("{space}: empty").format(space=what)
            if filled:
                dr.polygon([(tx - 9, y + 22), (tx + 9, y + 22), (tx + 6, y + 4), (tx - 6, y + 4)],
                           fill="#8d6e63", stroke="#3e2723", title=_("{seat} {space}").format(
                               seat=seat, space=what))
                dr.text(tx, y + 17, "T", size=10, anchor="middle", weight="bold", fill="#fff")
            else:
                dr.rect(tx - 9, y + 4, 18, 18, fill="#fff", stroke="#999", stroke_dasharray="3 2",
                        title=_("{seat} {space}").format(seat=seat, space=what))
                if feet:
                    dr.text(tx, y + 17, f"+{feet}", size=10, anchor="middle", fill="#666")
    ry = gy
    for row in range(spec.villages):
        _kahuna(dr, x, ry, row, seat, p, spec)
        tiles = p["villages"][row] if row < len(p["villages"]) else []
        with dr.group(_("{seat}'s village {n}: {tiles}").format(
                seat=seat, n=row + 1, tiles=", ".join(tiles) or _("empty")),
                      data_choice=f"village {row + 1}", data_seat=seat):
            for line in range(_lines(tiles)):
                if line:                        # the same village, going on below
                    dr.text(x + 15, ry + 20, "↳", size=16, anchor="middle", fill="#555")
                for col in range(columns):
                    cx, i = gx + col * CELL_W, line * PER_LINE + col
                    if i < len(tiles):
                        _tile(dr, cx, ry, tiles[i], comps)
                    elif line == 0:
                        dr.rect(cx + 1, ry + 1, CELL_W - 2, CELL_H - 2, fill="#ffffff",
                                stroke="#dddddd")
                ry += CELL_H
    _boats(dr, x, ry + 6, seat, p)


def _kahuna(dr: Drawing, x, ry, row, seat, p, spec) -> None:
    if row >= len(spec.kahuna_points):
        return
    pts = spec.kahuna_points[row]
    shells = spec.kahuna_shells[row] if row < len(spec.kahuna_shells) else 0
    filled = row < p["kahunas"]
    title = (_("{seat} kahuna space {n} ({points} points, +{shells} shells): {what}") if shells
             else _("{seat} kahuna space {n} ({points} points): {what}")).format(
        seat=seat, n=row + 1, points=pts, shells=shells, what=_("kahuna") if filled else _("empty"))
    if filled:
        dr.circle(x + 15, ry + CELL_H / 2, 13, fill="#5d4037", stroke="#000", title=title)
        dr.text(x + 15, ry + CELL_H / 2 + 4, pts, size=11, anchor="middle", weight="bold",
                fill="#fff")
    else:
        dr.circle(x + 15, ry + CELL_H / 2, 13, fill="#fff", stroke="#999",
                  stroke_dasharray="3 2", title=title)
        dr.text(x + 15, ry + CELL_H / 2 + 4, pts, size=10.5, anchor="middle", fill="#666")


def _tile(dr: Drawing, x, y, tile: str, comps) -> None:
    kind, _colon, side = tile.partition(":")
    fam = comps.tiles[kind].family if kind in comps.tiles else "hut"
    label = _("start hut") if kind == "start-hut" else kind
    dr.rect(x + 1, y + 1, CELL_W - 2, CELL_H - 2, fill=FAMILY_FILL.get(fam, "#eee"),
            stroke="#555", rx=3, stroke_width=2 if side == "II" else 1,
            title=_("{tile} side {side}").format(tile=label, side=side) if side else label)
    parts = label.replace("-", " ").split()
    if side:
        parts = [" ".join(parts[:-1]), f"{parts[-1]} {side}"] if len(parts) > 1 else [
            parts[0], side]
    for i, s in enumerate(parts[:2]):
        dr.text(x + CELL_W / 2, y + 12.5 + i * 11, s, size=TILE_SIZE, anchor="middle")


def _boats(dr: Drawing, x, y, seat, p) -> None:
    dr.text(x, y + 15, _("boats"), size=10, fill="#555")
    bx = x + KAHUNA_W
    w = min(100.0, (PANEL_W - 20 - KAHUNA_W) / max(1, len(p["boats"])) - 8)
    for b in p["boats"]:
        fishing = b["name"] == "fishing-boat"
        name = (_("fishing") if w < 96 else _("fishing boat")) if fishing else \
            _("boat {side}").format(side=b["side"])
        state = _("sailed") if b["used"] else _("ready")
        with dr.group((_("{seat}'s {boat}: {n} feet, sailed this round") if b["used"] else
                       _("{seat}'s {boat}: {n} feet, ready this round")).format(
                seat=seat, boat=name, n=b["capacity"])):
            dr.path(f"M{num(bx)} {num(y + 4)} L{num(bx + w)} {num(y + 4)} L{num(bx + w - 12)} "
                    f"{num(y + 22)} L{num(bx + 12)} {num(y + 22)}Z",
                    fill="#cfe3f7" if not b["used"] else "#dddddd", stroke="#1b4f72",
                    stroke_width=1.3, stroke_dasharray="4 2" if b["used"] else None)
            dr.text(bx + w / 2, y + 17, f"{name} {b['capacity']}", size=10, anchor="middle",
                    weight="bold")
            dr.text(bx + w / 2, y + 34, state, size=10, anchor="middle",
                    fill="#a00" if b["used"] else "#1b4f72")
        bx += w + 8
