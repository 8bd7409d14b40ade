"""Pictures a player can read (docs/pictures.md, "Reading the picture"): no text under
9 px where the web page shows the picture or in the PNG at its own size, token numbers
clear of the crossed spears, long village rows inside the picture, no piece on the
island over a label, a resigned seat marked on its panel.

Sizes and overlaps are read from the SVG with a box per element (picture_boxes).
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import picture_boxes as pb
import pytest
from test_properties import positions

from referee.core.game import CHANCE
from referee.core.registry import get
from referee.replay.control import Resignations

CSS = Path(__file__).parents[2] / "referee" / "service" / "web" / "static" / "web.css"
SMALLEST_PX = 9


def page_width() -> float:
    """The narrowest the web page ever shows a picture: its CSS ``min-width``."""
    rule = re.search(r"\.picture svg\s*{([^}]*)}", CSS.read_text())
    assert rule, "web.css styles the picture"
    found = re.search(r"min-width:\s*(\d+)px", rule.group(1))
    assert found, "the picture has a min-width on the page"
    return float(found.group(1))


def samples():
    both = ("german-original", "kanaloa-fishing-boat")
    for game, players, seed, rules in [("hawaii", 2, 11, ()), ("hawaii", 3, 12, ()),
                                       ("hawaii", 4, 17, both), ("hawaii", 5, 13, ()),
                                       ("hawaii", 5, 14, ()), ("hawaii", 5, 18, ()),
                                       ("haleakala", 2, 15, ()), ("haleakala", 2, 19, ()),
                                       ("haleakala", 2, 16, ("tactical",))]:
        for module, state in positions(game, players, seed, samples=8, rules=rules):
            yield game, module.render(state, "svg")


SAMPLES = list(samples())


def drawn(game: str):
    """The elements of each sample picture of ``game``."""
    return [pb.elements(svg)[1] for g, svg in SAMPLES if g == game]


def test_no_text_under_nine_pixels_on_the_page_or_in_the_png():
    width = page_width()
    for game, svg in SAMPLES:
        view, els = pb.elements(svg)
        for scale, where in ((width / (view.x2 - view.x1), "on the page"), (1.0, "in the PNG")):
            small = {(e.text, e.size) for e in els if e.tag == "text"
                     and e.size * scale < SMALLEST_PX}
            assert not small, f"{game} {where}: text under {SMALLEST_PX} px: {sorted(small)[:8]}"


def test_everything_drawn_lies_inside_the_picture():
    for game, svg in SAMPLES + [("hawaii", long_rows_svg()[0])]:
        view, els = pb.elements(svg)
        out = [(e.tag, e.text or e.title, e.groups[-1:]) for e in els if not e.box.inside(view)]
        assert not out, f"{game}: drawn outside the picture: {out[:5]}"


def test_no_text_runs_into_another():
    for game, svg in SAMPLES + [("hawaii", long_rows_svg()[0])]:
        _, els = pb.elements(svg)
        texts = [e for e in els if e.tag == "text"]
        hit = [(a.text, b.text) for i, a in enumerate(texts) for b in texts[i + 1:]
               if a.box.overlaps(b.box)]
        assert not hit, f"{game}: texts overlap: {hit[:5]}"


RING = re.compile(r"(sea of section|beach|plain|forest|mountain|crater)\d?")


def test_nothing_drawn_later_covers_a_text():
    """A shape drawn after a text, outside the text's own group, lies off it (the
    island's ring sectors excepted: their boxes are the boxes of arcs, far larger than
    the sectors, and every label is drawn after its own sector)."""
    for game, svg in SAMPLES + [("hawaii", long_rows_svg()[0])]:
        _, els = pb.elements(svg)
        for i, t in enumerate(els):
            if t.tag != "text":
                continue
            over = [e.groups[-1:] for e in els[i + 1:] if e.tag != "text"
                    and not (t.group and e.group == t.group) and e.box.overlaps(t.box)
                    and not (e.tag == "path" and e.groups and RING.match(e.groups[-1]))]
            assert not over, f"{game}: '{t.text}' is covered by {over[:3]}"


def test_a_long_village_row_stays_inside_its_seat_panel():
    svg, data = long_rows_svg()
    _, els = pb.elements(svg)
    for seat, p in data["players"].items():
        mine = pb.within(els, f"{seat}: score")
        frame = mine[0].box
        assert mine[0].tag == "rect"
        out = [e.text or e.title for e in mine if not e.box.inside(frame)]
        assert not out, f"{seat}: drawn outside the panel: {out[:5]}"
        tiles = [e for e in mine if e.tag == "rect" and (" side " in e.title or e.title == "start hut")]
        assert len(tiles) == sum(len(row) for row in p["villages"])


def long_rows_svg(seed: int = 3) -> tuple[str, dict]:
    """Hawaii, five seats, villages as long as the rules let them be (each kind once,
    one god) or nearly: rows of 9 to 14 tiles, the tiles taken from the places."""
    module = get("hawaii")
    state = module.new_state(module.seats[:5], ())
    rng = random.Random(seed)
    while state.current_player() == CHANCE:            # the setup: places laid out
        state.apply(state.sample_chance(rng))
    data = module.state_to_json(state)
    comps = state.d.comps
    stock = {}
    for place in data["places"].values():
        for kind, n in place["sells"].items():
            stock[kind] = stock.get(kind, 0) + n
    gods = [k for k, t in comps.tiles.items() if t.family == "god"]
    plain = [k for k, t in comps.tiles.items() if t.family not in ("god", "boat", "kahuna", "tiki")]
    for i, seat in enumerate(data["seats"]):
        for row in range(2):
            length = 13 - i - 2 * row                    # beside the start hut in row 1
            kinds = [k for k in plain if stock.get(k, 0) > 0][:length - 1]
            if row == 0:                                 # one god in a realm
                kinds += [g for g in gods if stock.get(g, 0) > 0][:1]
            elif comps.tiles[kinds[0]].family != "hut":  # a village starts with a hut
                continue
            for k in kinds:
                stock[k] -= 1
            tiles = [f"{k}:{'II' if n % 2 else 'I'}" for n, k in enumerate(kinds)]
            data["players"][seat]["villages"][row] += tiles
    left = dict(stock)
    for place in data["places"].values():
        for kind in place["sells"]:
            given = min(place["sells"][kind], left.get(kind, 0))
            place["sells"][kind] = given
            left[kind] -= given
    state = module.state_from_json(data)
    data = module.state_to_json(state)
    rows = [len(r) for p in data["players"].values() for r in p["villages"]]
    assert max(rows) == 14 and sorted(rows)[-5] >= 9
    return module.render(state, "svg"), data


def test_token_numbers_are_clear_of_the_crossed_spears():
    seen = 0
    for els in drawn("hawaii"):
        tokens = {e.group: e.groups[-1] for e in els
                  if e.groups and "with crossed spears" in e.groups[-1]}
        for group, name in tokens.items():
            parts = [e for e in els if e.group == group]
            number = [e for e in parts if e.tag == "text"]
            mark = [e for e in parts if e.tag in ("line", "polygon", "path")]
            assert len(number) == 1 and mark, name
            hit = [m.tag for m in mark if m.box.overlaps(number[0].box)]
            assert not hit, f"{name}: the spears cover the number"
            seen += 1
    assert seen > 10


def test_no_chief_hides_a_label():
    seen = 0
    for els in drawn("hawaii"):
        chiefs = [e for e in els if e.groups and "'s chief, " in e.groups[-1]]
        labels = [e for e in els if e.tag == "text" and not (e.groups and "'s chief, " in e.groups[-1])]
        for c in chiefs:
            hit = [e.text for e in labels if e.box.overlaps(c.box)]
            assert not hit, f"{c.groups[-1]} covers {hit}"
            seen += 1
    assert seen > 50


PIECE = re.compile(r"[A-Z]+'s (shaman|statue|hut|disc \S+|invocation disc) on |the boat|\d+ lava disc")


def test_no_piece_on_the_island_hides_a_label():
    seen = 0
    for els in drawn("haleakala"):
        piece = [bool(e.groups and PIECE.match(e.groups[-1])) for e in els]
        labels = [e for e, p in zip(els, piece) if e.tag == "text" and not p
                  and re.fullmatch(r"[a-z]+\d|jetty|\d", e.text)]
        pieces = [e for e, p in zip(els, piece) if p]
        assert labels and pieces
        for label in labels:
            hit = {p.groups[-1] for p in pieces if p.box.overlaps(label.box, margin=1.5)}
            assert not hit, f"'{label.text}' is covered by {sorted(hit)}"
            seen += 1
    assert seen > 100


@pytest.mark.parametrize("game,players", [("hawaii", 3), ("haleakala", 2)])
def test_a_resigned_seat_is_marked_on_its_panel(game, players):
    module = get(game)
    state = next(s for _, s in positions(game, players, 21, samples=1))
    seats = tuple(module.seats[:players])
    before = pb.elements(module.render(state, "svg"))[1]
    assert not [e for e in before if "resigned" in e.text]
    state.control = Resignations(seats, (seats[0],))
    _, els = pb.elements(module.render(state, "svg"))
    mine = [e for e in pb.within(els, f"{seats[0]}: score") if e.tag == "text"]
    assert any(e.text == "resigned" for e in mine)
    others = [e for e in els if e.tag == "text" and e.text == "resigned" and e not in mine]
    assert not others
