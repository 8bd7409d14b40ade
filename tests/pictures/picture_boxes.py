"""A bounding-box model of the pictures, for the legibility tests (tests/pictures).

The pictures are written by our own small SVG writer: no transforms, only rect,
circle, line, polygon, path (M/L/Q/A/Z with absolute coordinates) and text. So a
box per element is exact for the shapes and an estimate for text: its width from
the font size and length (a wide sans, as DejaVu Sans is), its height from the
ascent over the baseline to a little under it. Each element keeps the titles of
the groups it is drawn in, so a test can ask "the boxes of RED's shaman".
(pytest puts this directory on sys.path: ``import picture_boxes as pb``.)
"""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

NS = "{http://www.w3.org/2000/svg}"
CHAR_W = 0.6          # em per character, a little wider than DejaVu Sans' average
BOLD_W = 0.66
ASCENT, DESCENT = 0.74, 0.22


@dataclass(frozen=True)
class Box:
    """An upright box; ``turned`` holds the four corners of a turned text, whose
    upright box (x1..y2) is the one around those corners."""
    x1: float
    y1: float
    x2: float
    y2: float
    turned: tuple = ()

    def corners(self) -> list[tuple[float, float]]:
        return list(self.turned) or [(self.x1, self.y1), (self.x2, self.y1),
                                     (self.x2, self.y2), (self.x1, self.y2)]

    def overlaps(self, other: "Box", margin: float = 0.0) -> bool:
        upright = (self.x1 < other.x2 + margin and other.x1 < self.x2 + margin
                   and self.y1 < other.y2 + margin and other.y1 < self.y2 + margin)
        if not upright or not (self.turned or other.turned):
            return upright
        return not _separated(self.corners(), other.corners(), margin)

    def inside(self, other: "Box") -> bool:
        return (self.x1 >= other.x1 - 0.5 and self.y1 >= other.y1 - 0.5
                and self.x2 <= other.x2 + 0.5 and self.y2 <= other.y2 + 0.5)


@dataclass(frozen=True)
class Element:
    tag: str
    box: Box
    groups: tuple[str, ...]          # titles of the enclosing groups, outermost first
    title: str                       # the element's own title, if any
    text: str = ""
    size: float = 0.0                # font size, for text
    group: int = 0                   # which <g> it is drawn in (0: none), one number each


def text_box(x: float, y: float, text: str, size: float, anchor: str | None,
             bold: bool = False) -> Box:
    w = len(text) * size * (BOLD_W if bold else CHAR_W)
    left = x - w / 2 if anchor == "middle" else (x - w if anchor == "end" else x)
    return Box(left, y - ASCENT * size, left + w, y + DESCENT * size)


def _separated(a, b, margin: float) -> bool:
    """Two convex quadrilaterals at least ``margin`` apart: some edge's normal
    separates them (the separating axis theorem)."""
    for poly in (a, b):
        for i in range(4):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % 4]
            length = math.hypot(x2 - x1, y2 - y1) or 1.0
            nx, ny = (y1 - y2) / length, (x2 - x1) / length
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            if max(pa) + margin <= min(pb) or max(pb) + margin <= min(pa):
                return True
    return False


def _turn(box: Box, transform: str | None) -> Box:
    """A text turned by ``rotate(a x y)``: its corners turned about (x, y)."""
    if not transform:
        return box
    a, ox, oy = (float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", transform)[:3])
    c, s = math.cos(math.radians(a)), math.sin(math.radians(a))
    pts = tuple((ox + (x - ox) * c - (y - oy) * s, oy + (x - ox) * s + (y - oy) * c)
                for x, y in box.corners())
    b = _span(pts)
    return Box(b.x1, b.y1, b.x2, b.y2, pts)


def _points(s: str) -> list[tuple[float, float]]:
    nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", s)]
    return list(zip(nums[::2], nums[1::2]))


def _path_points(d: str) -> list[tuple[float, float]]:
    """The end and control points of a path; an arc adds its end point only (our arcs
    are the island's ring sectors, whose boxes the tests do not need exactly)."""
    out: list[tuple[float, float]] = []
    for cmd, args in re.findall(r"([MLQAZ])([^MLQAZ]*)", d):
        nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", args)]
        if cmd == "A":
            for i in range(0, len(nums), 7):
                out.append((nums[i + 5], nums[i + 6]))
        else:
            out += list(zip(nums[::2], nums[1::2]))
    return out


def _span(points) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Box(min(xs), min(ys), max(xs), max(ys))


def _stroke(el) -> float:
    if el.get("stroke", "none") == "none":
        return 0.0
    return float(el.get("stroke-width", 1)) / 2


def _box(el, tag: str) -> Box | None:
    g = lambda k, d=0.0: float(el.get(k, d))           # noqa: E731
    s = _stroke(el)
    if tag == "rect":
        return Box(g("x") - s, g("y") - s, g("x") + g("width") + s, g("y") + g("height") + s)
    if tag == "circle":
        r = g("r") + s
        return Box(g("cx") - r, g("cy") - r, g("cx") + r, g("cy") + r)
    if tag == "line":
        b = _span([(g("x1"), g("y1")), (g("x2"), g("y2"))])
        return Box(b.x1 - s, b.y1 - s, b.x2 + s, b.y2 + s)
    if tag in ("polygon", "path"):
        pts = _points(el.get("points", "")) if tag == "polygon" else _path_points(el.get("d", ""))
        b = _span(pts)
        return Box(b.x1 - s, b.y1 - s, b.x2 + s, b.y2 + s)
    if tag == "text":
        return _turn(text_box(g("x"), g("y"), el.text or "", g("font-size", 12),
                              el.get("text-anchor"), el.get("font-weight") == "bold"),
                     el.get("transform"))
    return None


def elements(svg: str) -> tuple[Box, list[Element]]:
    """The viewBox and every drawn element but the white background."""
    root = ET.fromstring(svg)
    vb = [float(v) for v in root.get("viewBox").split()]
    out: list[Element] = []
    count = [0]

    def walk(node, groups, group=0):
        for child in node:
            tag = child.tag.replace(NS, "")
            if tag == "g":
                t = child.find(NS + "title")
                count[0] += 1
                walk(child, groups + ((t.text or "",) if t is not None else ()), count[0])
                continue
            box = _box(child, tag)
            if box is None:
                continue
            t = child.find(NS + "title")
            out.append(Element(tag, box, groups, t.text if t is not None else "",
                               child.text or "" if tag == "text" else "",
                               float(child.get("font-size", 0)) if tag == "text" else 0.0,
                               group))

    walk(root, ())
    view = Box(vb[0], vb[1], vb[0] + vb[2], vb[1] + vb[3])
    return view, out[1:]                 # the first is the white background


def within(els: list[Element], words: str) -> list[Element]:
    """The elements drawn inside a group whose title contains ``words``."""
    return [e for e in els if any(words in g for g in e.groups)]


def union(boxes) -> Box:
    boxes = list(boxes)
    return Box(min(b.x1 for b in boxes), min(b.y1 for b in boxes),
               max(b.x2 for b in boxes), max(b.y2 for b in boxes))
