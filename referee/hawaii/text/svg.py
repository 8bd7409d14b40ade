"""The Hawaii position as a picture (``referee show --format svg``).

Drawn from the state JSON (``state_json.to_json``), so the picture shows
exactly what ``show --format json`` says; the component file adds only what
the JSON leaves to it (place names, dock costs, round thresholds, the printed
realm spaces). The board is laid out as on the table: row 4 farthest, the
beach at the bottom; the sea (cove, docks, islands) and the order track beside
it; each seat's realm and resources below.
"""
from __future__ import annotations

from referee.core.svg import Drawing, resigned, text_width
from referee.hawaii.rules import scoring
from referee.hawaii.text import state_json
from referee.hawaii.text.svg_parts import CHIEF_H, CHIEF_W, chief, chiefs_flow, fish, fish_of, token, wrap
from referee.hawaii.text.svg_realm import PANEL_W, panel_height, realm_panel
from referee.i18n import _, ngettext

WIDTH = 1000
PLACE_W, PLACE_H, GAP = 195, 134, 10
BOARD_X, BOARD_Y = 15, 100
SEA_X = 635
PLAYERS_Y = 740
CIRCLE_GAP = 30          # room for the spears of a token beside its neighbour's
NAME_SIZE = 11           # a place's name, wrapped to two lines rather than made smaller


def render_svg(state) -> str:
    data = state_json.to_json(state)
    comps = state.d.comps
    seats = data["seats"]
    targets = {s: scoring.threshold_for(state.d.players[s], _round(comps, data).threshold, comps)
               for s in seats}
    heights = [panel_height(data["players"][s], comps) for s in seats]
    rows = [max(heights[i:i + 2]) for i in range(0, len(seats), 2)]
    height = PLAYERS_Y + sum(h + 10 for h in rows) + 5
    dr = Drawing(WIDTH, height, _caption(data, comps),
                 _("The board (row 4 farthest, the beach at the bottom), the sea with the "
                   "cove, the docks and the island stack, the order track, and every seat's "
                   "realm."))
    _header(dr, data, comps)
    _rounds(dr, data, comps)
    _board(dr, data, comps)
    _sea(dr, data, comps)
    _track(dr, data)
    _rules(dr, data)
    gone = resigned(state)
    for i, seat in enumerate(seats):
        x = 10 + (i % 2) * (PANEL_W + 10)
        y = PLAYERS_Y + sum(h + 10 for h in rows[:i // 2])
        realm_panel(dr, x, y, seat, data, comps, targets[seat], rows[i // 2], seat in gone)
    return str(dr)


def _round(comps, data):
    return comps.rounds[min(data["round"], len(comps.rounds)) - 1]


def _caption(data, comps) -> str:
    return _("Hawaii, round {n} of {rounds}: {next}").format(
        n=data["round"], rounds=len(comps.rounds), next=_next(data))


def _next(data) -> str:
    if "result" in data:
        res = data["result"]
        scores = ", ".join(f"{s} {res['scores'][s]}" for s in data["seats"])
        return _("game over ({scores}); winner {seats}").format(
            scores=scores, seats=_(" and ").join(res["winners"]))
    who = data["to_move"]
    if who is None:
        return _("a chance line is due")
    if data["phase"] == "round-end":
        return _("{seat} chooses irrigation income").format(seat=who)
    return _("{seat} to move").format(seat=who)


def _header(dr: Drawing, data, comps) -> None:
    title = _("Hawaii · round {n} of {rounds}").format(n=data["round"], rounds=len(comps.rounds))
    dr.text(15, 30, title, size=22, weight="bold")
    shown = _next(data) if "result" in data else _("Next: {what}").format(what=_next(data))
    room = WIDTH - 60 - text_width(title, 22, bold=True)
    if "result" in data and text_width(shown, 15, bold=True) > room:
        shown = _("game over; winner {seats}").format(  # the scores are in the panels
            seats=_(" and ").join(data["result"]["winners"]))
    dr.text(WIDTH - 15, 30, shown[0].upper() + shown[1:], size=15, anchor="end",
            weight="bold")


def _rounds(dr: Drawing, data, comps) -> None:
    """The round indicator: every round's threshold and points, this one marked."""
    w = (WIDTH - 30 - 4 * 6) / len(comps.rounds)
    for i, spec in enumerate(comps.rounds, start=1):
        x, y = 15 + (i - 1) * (w + 6), 44
        now = i == data["round"] and data["phase"] != "over"
        done = i < data["round"] or data["phase"] == "over"
        state = _("this round") if now else (_("played") if done else _("to come"))
        pts = "/".join(map(str, spec.points))
        with dr.group(_("round {n} ({state}): threshold {threshold}, points {points}").format(
                n=i, state=state, threshold=spec.threshold, points=pts)):
            dr.rect(x, y, w, 42, fill="#fff4c2" if now else ("#eeeeee" if done else "#ffffff"),
                    stroke="#000" if now else "#999", stroke_width=3 if now else 1, rx=5)
            label = _("Round {n}").format(n=i) + ("  " + _("◀ NOW") if now else
                                                  ("  " + _("(played)") if done else ""))
            dr.text(x + 8, y + 16, label, size=12, weight="bold")
            dr.text(x + 8, y + 34, _("needs {threshold} · scores {points}").format(
                threshold=spec.threshold, points=pts), size=12)


def _place_xy(coord: str, comps) -> tuple[float, float]:
    col, row = "ABC".index(coord[0]), int(coord[1:])
    rows = max(int(c[1:]) for c in comps.positions)
    wide = sum(1 for c in comps.positions if c[1:] == coord[1:])
    x = BOARD_X + col * (PLACE_W + GAP) + (3 - wide) * (PLACE_W + GAP) / 2
    y = BOARD_Y + (rows - row) * (PLACE_H + GAP)
    return x, y


def _board(dr: Drawing, data, comps) -> None:
    at = _standing(data)
    for coord in comps.positions:
        x, y = _place_xy(coord, comps)
        place = data["places"].get(coord)
        if place is None:
            with dr.group(_("place {place}: not laid out yet").format(place=coord)):
                dr.rect(x, y, PLACE_W, PLACE_H, fill="#f4f4f4", stroke="#aaa", rx=8,
                        stroke_dasharray="5 4")
                dr.text(x + 8, y + 18, _("{place}: not laid out yet").format(place=coord), size=12,
                        fill="#555")
            continue
        _place(dr, x, y, coord, place, comps, at.get(coord, []))
    n = max(int(c[1:]) for c in comps.positions)
    y = BOARD_Y + n * (PLACE_H + GAP)
    with dr.group("the beach"):
        dr.rect(BOARD_X, y, 3 * PLACE_W + 2 * GAP, 44, fill="#f7e6a8", stroke="#b08d2a", rx=8)
        dr.text(BOARD_X + 10, y + 27, _("Beach"), size=14, weight="bold")
        chiefs_flow(dr, BOARD_X + 70, y + 5, 3 * PLACE_W - 60, at.get("beach", []), "on the beach")


def _standing(data) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for seat in data["seats"]:
        out.setdefault(data["players"][seat]["at"], []).append(seat)
    return out


def _place(dr: Drawing, x, y, coord, place, comps, chiefs) -> None:
    """Header (coordinate, name), the tiles left, purchase circles at the bottom left and
    the chiefs standing here in a column at the right, clear of the text."""
    spec = comps.place(place["id"])
    name = spec.name or place["id"]
    stock = [f"{k} {n}" for k, n in place["sells"].items()]
    names = wrap(name.split(), PLACE_W - 40, NAME_SIZE, bold=True, sep=" ")
    chiefs_x = x + PLACE_W - CHIEF_W - 6
    stock_w = (chiefs_x - x - 10) if chiefs else PLACE_W - 12
    with dr.group(_("place {place}, {name}: tiles left {tiles}").format(
            place=coord, name=name, tiles=", ".join(stock)),
                  data_choice=f"{coord}|stay at {coord}"):
        dr.rect(x, y, PLACE_W, PLACE_H, fill="#e9f5e1", stroke="#2f5d1e", rx=8, stroke_width=1.5)
        dr.rect(x, y, 28, 18, fill="#2f5d1e", stroke="none", rx=4)
        dr.text(x + 14, y + 13.5, coord, size=11, anchor="middle", weight="bold", fill="#fff")
        for i, line in enumerate(names[:2]):
            dr.text(x + 33, y + 13.5 + i * 12.5, line, size=NAME_SIZE, weight="bold")
        top = y + 31 + 12.5 * (min(len(names), 2) - 1)
        for i, line in enumerate(wrap(stock, stock_w, 10.5)):
            dr.spans(x + 6, top + i * 12.5, [(e, {"data_choice": e.rsplit(" ", 1)[0]})
                                             for e in line.split(" · ")], size=10.5)
    _circles(dr, x, y, coord, place)
    for i, seat in enumerate(chiefs):
        chief(dr, chiefs_x, top - 10 + i * (CHIEF_H + 3), seat, _("at {place}").format(place=coord))


def _circles(dr: Drawing, x, y, coord, place) -> None:
    """Purchase circles left to right, the printed one last with its limit; tokens in
    draw order from the left (which circle a bought token left is not recorded)."""
    n, tokens = place["circles"], place["tokens"]
    cy = y + PLACE_H - 30
    for i in range(n):
        cx = x + 21 + i * CIRCLE_GAP
        printed = i == n - 1
        what = _("printed circle (limit {n})").format(n=place["limit"]) if printed else \
            _("circle {n}").format(n=i + 1)
        if i < len(tokens):
            if printed:
                dr.circle(cx, cy, 14.5, stroke="#6b4a1f", stroke_width=1.2)
            token(dr, cx, cy, tokens[i], _("on {place} {circle}").format(place=coord, circle=what),
                  within=f"{coord}|stay at {coord}")
        else:
            empty = printed and place["printed_empty"]
            dr.circle(cx, cy, 12, fill="#ffffff", stroke="#6b4a1f", stroke_width=1.2,
                      stroke_dasharray="3 2", title=(
                          _("{place} {circle}: empty, stayed empty this round") if empty else
                          _("{place} {circle}: empty")).format(place=coord, circle=what))
            if printed:
                dr.circle(cx, cy, 14.5, stroke="#6b4a1f", stroke_width=1.2)
            if empty:
                dr.text(cx + 18, cy + 4, _("empty"), size=10.5, fill="#555")
        if printed:
            dr.text(cx, cy + 26, f"≤{place['limit']}", size=10.5, anchor="middle",
                    weight="bold", title=_("the printed limit of {place}: {n}").format(
                        place=coord, n=place["limit"]))


def _sea(dr: Drawing, data, comps) -> None:
    at = _standing(data)
    x, w = SEA_X, WIDTH - SEA_X - 15
    y = BOARD_Y
    with dr.group(_("the cove"), data_choice="cove"):
        dr.rect(x, y, w, 80, fill="#d8eef7", stroke="#1b4f72", rx=8)
        count = sum(_fish_count(e) for e in data["cove"])
        dr.text(x + 8, y + 17, _("Cove: {tokens}, {n} fish").format(
            tokens=ngettext("{n} fish token", "{n} fish tokens", len(data["cove"])).format(
                n=len(data["cove"])), n=count), size=12,
                weight="bold")
        fx = x + 8
        for entry in data["cove"]:
            fx += fish(dr, fx, y + 26, entry, _("in the cove")) + 6
        if not data["cove"]:
            dr.text(x + 8, y + 42, _("empty"), size=11, fill="#555")
        chiefs_flow(dr, x + 8, y + 57, w - 16, at.get("cove", []), _("at the cove"))
    y += 88
    for i, spec in enumerate(comps.docks, start=1):
        island = data["docks"][i - 1]
        feet = ngettext("{n} foot", "{n} feet", spec.feet).format(n=spec.feet)
        points = ngettext("{n} point", "{n} points", spec.points).format(n=spec.points)
        with dr.group((_("dock {n}: {feet}, {points}, island {island}") if island else
                       _("dock {n}: {feet}, {points}, visited this round (empty)")).format(
                n=i, feet=feet, points=points, island=island),
                      data_choice=f"dock {i}"):
            dr.rect(x, y, w, 50, fill="#eaf4fb", stroke="#1b4f72", rx=6)
            dr.text(x + 8, y + 16, _("Dock {n}").format(n=i), size=12, weight="bold")
            dr.text(x + 8, y + 32, feet, size=11)
            dr.text(x + 8, y + 45, points, size=11)
            if island:
                dr.rect(x + 78, y + 8, 120, 34, fill="#c9e4b4", stroke="#2f5d1e", rx=14)
                dr.text(x + 138, y + 21, _("island"), size=10, anchor="middle", fill="#2f5d1e")
                dr.text(x + 138, y + 35, island, size=11.5, anchor="middle", weight="bold")
            else:
                dr.text(x + 82, y + 30, _("(visited: empty)"), size=11, fill="#555")
            chiefs_flow(dr, x + 206, y + 4, w - 210, at.get(f"dock{i}", []),
                        _("at dock {n}").format(n=i))
        y += 56
    down = sum(data["islands"]["face_down"].values())
    up = data["islands"]["face_up"]
    text = _("Island stack: {n} face down").format(n=down) + (
        _("; face up: {islands}").format(islands=", ".join(up)) if up else "")
    dr.text(x + 4, y + 12, text, size=11.5, title=_("the island stack"))


def _fish_count(entry) -> int:
    return fish_of(entry)[1]


def _rules(dr: Drawing, data) -> None:
    """The rules flags of the game (H-R22), under the order track: the header has no
    room for them beside a result."""
    if not data["rules"]:
        return
    y = BOARD_Y + 88 + 4 * 56 + 22 + 80 + 24
    with dr.group(_("rules in play: {flags}").format(flags=", ".join(data["rules"]))):
        dr.text(SEA_X + 4, y, _("Rules in play:"), size=12, weight="bold")
        for i, line in enumerate(wrap(data["rules"], WIDTH - SEA_X - 20, 12, sep=", ")):
            dr.text(SEA_X + 4, y + 17 * (i + 1), line, size=12)


def _track(dr: Drawing, data) -> None:
    """The order track: each space holds the seat standing there, or a token, or nothing."""
    x, w = SEA_X, WIDTH - SEA_X - 15
    y = BOARD_Y + 88 + 4 * 56 + 22
    spaces = data["track"]
    with dr.group(_("the order track"), data_choice="order track"):
        dr.rect(x, y, w, 80, fill="#fbf1e6", stroke="#8a5a2b", rx=8)
        dr.text(x + 8, y + 16, _("Order track"), size=12, weight="bold")
        if data["order"]:
            dr.text(x + w - 8, y + 16, _("turn order: {seats}").format(seats=" ".join(data["order"])), size=10,
                    anchor="end")
        sw = (w - 16) / max(1, len(spaces))
        for i, (space, v) in enumerate(spaces.items()):
            sx = x + 8 + i * sw
            where = _("on order space {n}").format(n=space)
            dr.rect(sx, y + 24, sw - 6, 50, fill="#ffffff", stroke="#8a5a2b", rx=4,
                    title=_("order space {n}: {what}").format(n=space, what=v or _("empty")),
                    data_choice=f"order {space}")
            dr.text(sx + 4, y + 36, space, size=10, weight="bold")
            cx = sx + (sw - 6) / 2
            if v is None:
                continue
            if v in data["players"]:
                chief(dr, cx - CHIEF_W / 2, y + 47, v, where)
            else:
                token(dr, cx, y + 55, v, where, r=11)
