"""The Haleakala position as a picture (``referee show --format svg``).

Drawn from the state JSON (``serial.state_to_json``) so the picture says what
``show --format json`` says; the component file adds the ring names, the hut
beaches and the jetty. The island is a disc cut into its sections, clockwise
from section 1 at the top, ringed from the sea inwards (sea, beach, plain,
forest, mountain, crater); every space is captioned with the name the moves
use (``forest3``). The two seats differ in shape as well as colour: the first
seat's discs are round, the second's square.
"""
from __future__ import annotations

import math

from referee.core.svg import Drawing, num, resigned
from referee.haleakala.text.state_json import state_to_json
from referee.haleakala.text.svg_panel import panel
from referee.haleakala.text.svg_parts import SEAT_FILL, SEAT_INK, card, disc
from referee.i18n import N_, _, ngettext

WIDTH, HEIGHT = 1000, 780
CX, CY = 365, 395
RADII = {"sea": (240, 285), "beach": (192, 240), "plain": (148, 192), "forest": (104, 148),
         "mountain": (60, 104), "crater": (16, 60)}
RING_FILL = {"sea": "#bfe0f2", "beach": "#f7e6a8", "plain": "#d9ecb5", "forest": "#9fcd8a",
             "mountain": "#c9b8a3", "crater": "#7a5f55"}
PANEL_X = 730
LABEL_SIZE = 10
PIECE_R = {"plain": 164, "forest": 120, "mountain": 75}   # pieces inside, the label outside
PIECE_GAP = 20           # between the pieces standing on one space, along the ring


def render_svg(state) -> str:
    data = state_to_json(state)
    comp = state.comp
    dr = Drawing(WIDTH, HEIGHT, _("Haleakala, round {n} of 2: {next}").format(
                     n=data["round"], next=_next(data)),
                 _("The island from above: section 1 at the top, sections clockwise; rings "
                   "from the sea inwards. Card slots outside the sea; players, decks and score "
                   "cards on the right."))
    dr.text(15, 30, _("Haleakala · round {n} of 2").format(n=data["round"]), size=22,
            weight="bold")
    shown = _next(data) if data.get("result") else _("Next: {what}").format(what=_next(data))
    dr.text(WIDTH - 15, 30, shown[0].upper() + shown[1:], size=15, anchor="end", weight="bold")
    for sec in range(1, comp.sections + 1):
        _section(dr, data, comp, sec)
    dr.circle(CX, CY, RADII["crater"][0], fill="#3b2b26", stroke="#000",
              title=_("the summit of Haleakala"))
    _legend(dr, comp)
    _panel(dr, data, comp, state)
    return str(dr)


# the rings' names in the legend, in the reader's language (the spaces keep their codes)
RING_WORDS = {"sea": N_("sea"), "beach": N_("beach"), "plain": N_("plain"),
              "forest": N_("forest"), "mountain": N_("mountain"), "crater": N_("crater")}


def _legend(dr: Drawing, comp) -> None:
    with dr.group(_("the rings, from the sea inwards")):
        dr.text(15, 700, _("Rings, from the sea inwards:"), size=11, weight="bold")
        for i, ring in enumerate(comp.rings):
            x, y = 15 + (i % 2) * 95, 710 + (i // 2) * 20
            dr.rect(x, y, 14, 14, fill=RING_FILL[ring], stroke="#333")
            dr.text(x + 19, y + 11.5, _(RING_WORDS.get(ring, ring)), size=11)


def _next(data) -> str:
    if data.get("result"):
        res = data["result"]
        scores = ", ".join(f"{s} {res['scores'][s]}" for s in data["players"])
        return _("game over ({scores}); winner {seats}").format(
            scores=scores, seats=_(" and ").join(res["winners"]))
    if data["to_move"] is None:
        return _("a chance line is due ({kind})").format(kind=data["chance"])
    return f"{data['to_move']} ({data['phase']})"


def _angle(comp, sec: int, offset: float = 0.0) -> float:
    """Degrees, clockwise from 12 o'clock, of section ``sec``'s middle plus ``offset``."""
    return (sec - 1) * 360 / comp.sections + offset


def _point(r: float, deg: float) -> tuple[float, float]:
    rad = math.radians(deg - 90)
    return CX + r * math.cos(rad), CY + r * math.sin(rad)


def _sector(r1: float, r2: float, a1: float, a2: float) -> str:
    p = [_point(r2, a1), _point(r2, a2), _point(r1, a2), _point(r1, a1)]
    f = [(num(x), num(y)) for x, y in p]
    return (f"M{f[0][0]} {f[0][1]} A{num(r2)} {num(r2)} 0 0 1 {f[1][0]} {f[1][1]} "
            f"L{f[2][0]} {f[2][1]} A{num(r1)} {num(r1)} 0 0 0 {f[3][0]} {f[3][1]}Z")


def _who_here(data, space: str) -> list[str]:
    out = []
    if space in data["statues"]:
        out.append(_("{seat}'s statue").format(seat=data["statues"][space]))
    out += [_("{seat}'s shaman").format(seat=s) for s, p in data["players"].items()
            if p["shaman"] == space]
    return out


def _section(dr: Drawing, data, comp, sec: int) -> None:
    half = 180 / comp.sections
    mid = _angle(comp, sec)
    seats = list(data["players"])
    for ring in comp.rings:
        r1, r2 = RADII[ring]
        space = f"{ring}{sec}"
        title = _space_title(data, comp, ring, sec)
        with dr.group(title, data_choice=_space_choice(ring, space)):
            dr.path(_sector(r1, r2, mid - half, mid + half), fill=RING_FILL[ring],
                    stroke="#4a4a4a", stroke_width=1)
            if ring not in ("sea", "beach"):      # the beach is full of discs
                _label(dr, space, r2 - 9 if ring == "crater" else r2 - 6, mid,
                       "#ffffff" if ring == "crater" else "#333333")
    _sea_cell(dr, data, comp, sec, mid)
    _beach_cell(dr, data, comp, sec, mid, seats)
    for ring in comp.statue_rings:
        _land_cell(dr, data, ring, sec, mid, seats)
    _crater_cell(dr, data, sec, mid)
    _slots(dr, data, sec, mid, comp)


def _label(dr: Drawing, space: str, r: float, mid: float, ink: str) -> None:
    """A space's name along its ring's outer edge, turned with the ring so it stays
    within it (and upright): the pieces stand nearer the summit, clear of it."""
    x, y = _point(r, mid)
    turn = (mid + 90) % 180 - 90
    base = LABEL_SIZE * 0.26                   # the baseline, below the middle of the letters
    bx, by = x - base * math.sin(math.radians(turn)), y + base * math.cos(math.radians(turn))
    dr.text(bx, by, space, size=LABEL_SIZE, anchor="middle", fill=ink,
            transform=f"rotate({num(turn)} {num(bx)} {num(by)})" if turn else None)


def _space_choice(ring: str, space: str) -> str | None:
    """What choosing this space is called in the move builder (the seat page's clicks)."""
    if ring == "beach":
        return f"{space}|shaman to {space}"
    return None if ring in ("sea", "crater") else f"shaman to {space}"


def _space_title(data, comp, ring: str, sec: int) -> str:
    space = f"{ring}{sec}"
    if ring == "sea":
        extra = [_("the boat")] if data["boat"] == sec else []
        if comp.jetty == sec:
            extra.append(_("the jetty"))
        sea = _("sea of section {n}").format(n=sec)
        return _("{space}: {what}").format(space=sea, what=", ".join(extra)) if extra else sea
    if ring == "beach":
        parts = [_("{seat} discs {values}").format(seat=s, values=", ".join(map(str, b)))
                 for s, b in data["beaches"][str(sec)].items() if b]
        parts += [_("{seat}'s invocation disc").format(seat=s) for s, p in data["players"].items()
                  if p["invocation"] == f"beach{sec}"]
        parts += [_("{seat}'s hut").format(seat=s) for s, h in comp.huts.items() if h == sec]
        parts += _who_here(data, space)
        return _("{space}: {what}").format(space=space, what=", ".join(parts) or _("empty"))
    if ring == "crater":
        lava = data["craters"][str(sec)]
        return _("{space}: {what}").format(space=space, what=ngettext(
            "{n} lava disc", "{n} lava discs", lava).format(n=lava))
    return _("{space}: {what}").format(space=space,
                                       what=", ".join(_who_here(data, space)) or _("empty"))


def _sea_cell(dr: Drawing, data, comp, sec: int, mid: float) -> None:
    cx, cy = _point(262, mid)
    if comp.jetty == sec:
        jx, jy = _point(275, mid + 17)
        dr.text(jx, jy + 3.5, _("jetty"), size=10, anchor="middle", fill="#1b4f72")
    if data["boat"] == sec:
        with dr.group(_("the boat, in the sea of section {n}").format(n=sec), data_choice="sails"):
            dr.path(f"M{num(cx - 26)} {num(cy - 7)} L{num(cx + 26)} {num(cy - 7)} "
                    f"L{num(cx + 17)} {num(cy + 9)} L{num(cx - 17)} {num(cy + 9)}Z",
                    fill="#8d5a2b", stroke="#000", stroke_width=1.3)
            dr.text(cx, cy + 5, _("BOAT"), size=10, anchor="middle", weight="bold", fill="#fff")
    nx, ny = _point(262, mid - 22)
    dr.circle(nx, ny, 10, fill="#ffffff", stroke="#1b4f72", title=_("section {n}").format(n=sec))
    dr.text(nx, ny + 4.5, sec, size=12.5, anchor="middle", weight="bold", fill="#1b4f72")


def _beach_cell(dr: Drawing, data, comp, sec: int, mid: float, seats) -> None:
    beach = data["beaches"][str(sec)]
    for row, seat in enumerate(seats):
        values = list(beach.get(seat, []))
        invoked = data["players"][seat]["invocation"] == f"beach{sec}"
        labels = [str(v) for v in values] + (["*"] if invoked else [])
        r = 228 - row * 22
        n = len(labels)
        for i, label in enumerate(labels):
            off = (i - (n - 1) / 2) * 24 / (r * math.pi / 180)
            x, y = _point(r, mid + off)
            what = (_("{seat}'s invocation disc on {space}") if label == "*" else
                    _("{seat}'s disc {n} on {space}")).format(seat=seat, n=label,
                                                             space=f"beach{sec}")
            disc(dr, x, y, seat, label, row == 0, what,
                 choice=None if label == "*" else f"disc {label}")
    for i, seat in enumerate(s for s in seats if data["players"][s]["shaman"] == f"beach{sec}"):
        x, y = _point(214, mid - 22 + 44 * i)
        shaman(dr, x, y, seat, f"beach{sec}")
    for seat, hut in comp.huts.items():
        if hut == sec:
            x, y = _point(230, mid + 24)
            with dr.group(_("{seat}'s hut on {space}").format(seat=seat, space=f"beach{sec}")):
                dr.polygon([(x - 9, y + 7), (x + 9, y + 7), (x + 9, y - 1), (x, y - 9), (x - 9, y - 1)],
                           fill="#fff", stroke=SEAT_FILL.get(seat, "#777"), stroke_width=2)
                dr.text(x, y + 5.5, seat[0], size=10, anchor="middle", weight="bold")


def statue(dr: Drawing, x: float, y: float, seat: str, space: str) -> None:
    """A statue: a tall head on a plinth, in its seat's colour with its initial."""
    with dr.group(_("{seat}'s statue on {space}").format(seat=seat, space=space)):
        dr.path(f"M{num(x - 8)} {num(y + 10)} L{num(x - 6)} {num(y - 6)} Q{num(x)} {num(y - 14)} "
                f"{num(x + 6)} {num(y - 6)} L{num(x + 8)} {num(y + 10)}Z",
                fill=SEAT_FILL.get(seat, "#777"), stroke="#000", stroke_width=1.3)
        dr.text(x, y + 6, seat[0], size=10, anchor="middle", weight="bold",
                fill=SEAT_INK.get(seat, "#fff"))


def shaman(dr: Drawing, x: float, y: float, seat: str, space: str) -> None:
    """A shaman: a pawn (head over a cloak) with its seat's initial, white-ringed."""
    with dr.group(_("{seat}'s shaman on {space}").format(seat=seat, space=space),
                  data_choice="shaman stays", data_seat=seat):
        fill = SEAT_FILL.get(seat, "#777")
        dr.polygon([(x - 8, y + 11), (x + 8, y + 11), (x, y - 3)], fill=fill, stroke="#fff",
                   stroke_width=1.5)
        dr.circle(x, y - 6, 6, fill=fill, stroke="#fff", stroke_width=1.5)
        dr.text(x, y + 9.5, seat[0], size=10, anchor="middle", weight="bold",
                fill=SEAT_INK.get(seat, "#fff"))


def _land_cell(dr: Drawing, data, ring: str, sec: int, mid: float, seats) -> None:
    space = f"{ring}{sec}"
    r = PIECE_R[ring]
    pieces = ([(statue, data["statues"][space])] if space in data["statues"] else []) + [
        (shaman, s) for s in seats if data["players"][s]["shaman"] == space]
    for i, (draw, seat) in enumerate(pieces):
        offset = (i - (len(pieces) - 1) / 2) * PIECE_GAP
        x, y = _point(r, mid + math.degrees(offset / r))
        draw(dr, x, y, seat, space)


def _crater_cell(dr: Drawing, data, sec: int, mid: float) -> None:
    lava = data["craters"][str(sec)]
    if not lava:
        return
    x, y = _point(29, mid)
    with dr.group(ngettext("{n} lava disc on {space}", "{n} lava discs on {space}", lava).format(
            n=lava, space=f"crater{sec}")):
        dr.circle(x, y, 10, fill="#ff7f0e", stroke="#fff", stroke_width=1.5)
        dr.text(x, y + 4.5, lava, size=12, anchor="middle", weight="bold", fill="#000")


def _slots(dr: Drawing, data, sec: int, mid: float, comp) -> None:
    """The section's card slots, just outside its sea."""
    faces = data["slots"][str(sec)]
    x, y = _point(322, mid)
    w, h = 66, 28
    side = abs(math.sin(math.radians(mid))) > 0.5      # stack them on the left and right
    n = len(faces)
    for i, face in enumerate(faces):
        if side:
            fx, fy = x - w / 2 + (8 if x > CX else -8), y - n * (h + 3) / 2 + i * (h + 3)
        else:
            fx, fy = x - n * (w + 4) / 2 + i * (w + 4), y - h / 2 + (10 if y > CY else -10)
        card(dr, fx, fy, face, comp, _("section {n} card slot {slot}").format(n=sec, slot=i + 1), w, h,
             within="picks")


def _panel(dr: Drawing, data, comp, state) -> None:
    panel(dr, PANEL_X, 50, WIDTH - PANEL_X - 12, data, comp, resigned(state))
