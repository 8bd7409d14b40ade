"""A small SVG writer shared by the games' pictures.

Pictures are written as text, element by element, the way python-chess draws
its boards: no dependency, and the same state always gives the same bytes, so
golden files can pin a picture. Numbers are rounded to one decimal for the
same reason. Every piece a screen reader should name carries a ``<title>``.
The writing of numbers and attributes is memoised: a picture repeats its colours,
sizes and coordinates, and the next position of a game repeats most of the last,
so a web page drawn after a move escapes little that is new.
"""
from __future__ import annotations

from contextlib import contextmanager
from functools import lru_cache
from xml.sax.saxutils import escape as _escape
from xml.sax.saxutils import quoteattr

FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"
MEMO = 8192           # strings kept by each memo (a Hawaii picture: about 600 distinct)


@lru_cache(maxsize=MEMO, typed=True)
def num(v: float) -> str:
    """One decimal at most, no trailing zeros: 12, 12.5, -3."""
    r = round(float(v), 1)
    return str(int(r)) if r == int(r) else f"{r:.1f}"


@lru_cache(maxsize=MEMO)
def escape(s: str) -> str:
    return _escape(s)


@lru_cache(maxsize=MEMO, typed=True)
def _attr(k: str, v) -> str:
    """`` name="value"``: a page of the same picture repeats most of these, and the
    escaping is most of the writer's time."""
    k = k.rstrip("_").replace("_", "-")
    if isinstance(v, float) or isinstance(v, int) and not isinstance(v, bool):
        v = num(v)
    return f" {k}={quoteattr(str(v))}"


def forget() -> None:
    """Empty the memo, as in a process that has drawn nothing yet (benchmarks)."""
    for memo in (num, escape, _attr):
        memo.cache_clear()


def _attrs(attrs: dict) -> str:
    out = []
    for k, v in attrs.items():
        if v is None or v is False:
            continue
        try:
            out.append(_attr(k, v))
        except TypeError:                   # a value that cannot be a key: not kept
            out.append(_attr.__wrapped__(k, v))
    return "".join(out)


class Drawing:
    """An SVG document under construction; ``str(drawing)`` is the finished text."""

    def __init__(self, width: float, height: float, title: str, desc: str = ""):
        self.width, self.height = width, height
        self._parts: list[str] = []
        self._title, self._desc = title, desc

    def _element(self, tag: str, attrs: dict, title: str | None = None,
                 content: str = "") -> None:
        inner = (f"<title>{escape(title)}</title>" if title else "") + content
        if inner:
            self._parts.append(f"<{tag}{_attrs(attrs)}>{inner}</{tag}>")
        else:
            self._parts.append(f"<{tag}{_attrs(attrs)}/>")

    def rect(self, x, y, w, h, *, fill="none", stroke="#333", title=None, rx=0, **kw):
        self._element("rect", dict(x=x, y=y, width=w, height=h, rx=rx or None, fill=fill,
                                   stroke=stroke, **kw), title)

    def circle(self, cx, cy, r, *, fill="none", stroke="#333", title=None, **kw):
        self._element("circle", dict(cx=cx, cy=cy, r=r, fill=fill, stroke=stroke, **kw), title)

    def line(self, x1, y1, x2, y2, *, stroke="#333", **kw):
        self._element("line", dict(x1=x1, y1=y1, x2=x2, y2=y2, stroke=stroke, **kw))

    def path(self, d: str, *, fill="none", stroke="#333", title=None, **kw):
        self._element("path", dict(d=d, fill=fill, stroke=stroke, **kw), title)

    def polygon(self, points, *, fill="none", stroke="#333", title=None, **kw):
        pts = " ".join(f"{num(x)},{num(y)}" for x, y in points)
        self._element("polygon", dict(points=pts, fill=fill, stroke=stroke, **kw), title)

    def text(self, x, y, s, *, size=12, anchor=None, weight=None, fill="#111", title=None,
             **kw):
        self._element("text", dict(x=x, y=y, font_size=size, text_anchor=anchor,
                                   font_weight=weight, fill=fill, **kw), title, escape(str(s)))

    def spans(self, x, y, parts, *, sep=" · ", size=12, fill="#111", **kw):
        """One line of text made of parts, each a ``<tspan>`` with attributes of its own
        (``(text, attrs)``), so that a page can tell the parts apart: the tiles of a
        place's stock, each a choice of the seat page's move builder."""
        content = escape(sep).join(f"<tspan{_attrs(attrs)}>{escape(str(text))}</tspan>"
                                   for text, attrs in parts)
        self._element("text", dict(x=x, y=y, font_size=size, fill=fill, **kw), None, content)

    @contextmanager
    def group(self, title: str | None = None, **kw):
        """A ``<g>``: what is drawn inside is one thing to a screen reader when titled."""
        head = f"<g{_attrs(kw)}>" + (f"<title>{escape(title)}</title>" if title else "")
        self._parts.append(head)
        try:
            yield self
        finally:
            self._parts.append("</g>")

    def __str__(self) -> str:
        w, h = num(self.width), num(self.height)
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
                f'viewBox="0 0 {w} {h}" font-family={quoteattr(FONT)} role="img">'
                f"<title>{escape(self._title)}</title>")
        if self._desc:
            head += f"<desc>{escape(self._desc)}</desc>"
        background = f'<rect width="{w}" height="{h}" fill="#ffffff"/>'
        return head + background + "\n".join(["", *self._parts, ""]) + "</svg>\n"


def text_width(s: str, size: float, bold: bool = False) -> float:
    """A rough width of ``s`` in a sans font, to size boxes around labels."""
    return len(s) * size * (0.66 if bold else 0.6)


def resigned(state) -> tuple[str, ...]:
    """The seats that resigned. The referee keeps resignations beside the engine, on
    ``state.control`` (one rule for every title), so a title's own state JSON does not
    carry them; its picture asks here to mark a resigned seat's panel."""
    return tuple(getattr(getattr(state, "control", None), "resigned", ()))
