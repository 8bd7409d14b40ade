"""The three markups a forum post is written in, and how text people typed is made inert
in each (docs/forum-markup.md).

A post quotes what people typed (an Event tag, the accounts that hold the seats), and a
forum reads markup in it: a ``[url]`` or ``[img]`` in BBCode, a link, an image, raw HTML
or an ``@name`` mention in Markdown, and on BoardGameGeek a ``<`` that makes the site cut
the rest of the post away. Such text goes through :meth:`Markup.inert` and comes out as
the same characters to a reader, with nothing a forum would act on: a word joiner
(U+2060, invisible) after each ``[``, after an ``@`` that starts a word and inside
``scheme://`` and ``www.``; in Markdown the punctuation backslash-escaped (CommonMark
0.31, section 2.4) and a web address in a code span, which no linkify reads; a space
after BoardGameGeek's ``<``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable
from urllib.parse import quote

JOIN = "\u2060"                  # WORD JOINER: no width, no break, ends a tag's name
MAX_TEXT = 120                   # characters of one piece of people's text in a post

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_MENTION = re.compile(r"(?<![\w.+-])@")              # an @ that starts a word
_SCHEME = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*):(?=//)")
_WWW = re.compile(r"(?i)\bwww\.")
_MARKDOWN = re.compile(r"([\\`*_\[\]<>!&|~#])")     # what CommonMark and Discourse act on


def _common(text: str, limit: int) -> str:
    """One line, at most ``limit`` characters, no mention, no bare link."""
    text = _CONTROL.sub(" ", text).strip()
    if len(text) > limit:
        text = text[:limit - 1] + "\u2026"
    text = _MENTION.sub("@" + JOIN, text)
    text = _SCHEME.sub(lambda m: m.group(1) + ":" + JOIN, text)
    return _WWW.sub(lambda m: m.group(0)[:3] + JOIN + ".", text)


# a web address a Markdown forum would make a link of (linkify: a scheme, www., a bare
# domain), though its joiners break it for BBCode: in Markdown it goes in a code span
_URLISH = re.compile(r"(?i)\b[a-z][a-z0-9+.-]*:\u2060?//\S*|\bwww\u2060?\.\S*"
                     r"|(?<![@\w.-])[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b\S*")


def _markdown_text(text: str) -> str:
    out, at = [], 0
    for found in _URLISH.finditer(text):
        out.append(_MARKDOWN.sub(r"\\\1", text[at:found.start()]))
        out.append(_code_span(found.group(0).replace(JOIN, "")))
        at = found.end()
    out.append(_MARKDOWN.sub(r"\\\1", text[at:]))
    return "".join(out)


def _code_span(text: str) -> str:
    """``text`` as a literal code span (CommonMark 0.31 section 6.1)."""
    fence = "`" * (max((len(r) for r in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _brackets(text: str) -> str:
    return text.replace("[", "[" + JOIN)


def _bgg_text(text: str) -> str:
    # BGG's forum editor help: a '<' followed by anything but a space cuts the post there
    return re.sub(r"<(?! )", "< ", _brackets(text))


def _safe_url(url: str) -> str:
    """Our own address, with anything that could end the markup around it encoded."""
    return quote(url, safe=":/?&=#%~.-_+,;@!$'*")


@dataclass(frozen=True)
class Markup:
    name: str
    _escape: Callable[[str], str]
    _bold: tuple[str, str]
    _colour: str | None              # the tag around a seat's name, {hex} and {seat}
    _block: tuple[str, str] | None   # around the fixed-width block; None: a fence
    _image: str                      # {url} and {alt}
    _items: tuple[str, str]          # a list item and one under it

    def inert(self, text: str, limit: int = MAX_TEXT) -> str:
        """``text`` from people, shown as it is and acted on by nothing."""
        return self._escape(_common(str(text), limit))

    def item(self, level: int = 1) -> str:
        return self._items[min(level, 2) - 1]

    def bold(self, text: str) -> str:
        """Our own words in bold (no people's text: that goes through :meth:`inert`)."""
        return f"{self._bold[0]}{text}{self._bold[1]}"

    def seat(self, seat: str, colour: str | None) -> str:
        """A seat's name in its colour, where the markup has colours."""
        if not self._colour or not colour or not re.fullmatch(r"#[0-9a-fA-F]{6}", colour):
            return seat
        return self._colour.format(hex=colour, seat=seat)

    def block(self, lines: list[str]) -> str:
        """Lines in a fixed-width block, which the forum shows as they are."""
        if self._block is None:
            longest = max((len(r) for line in lines for r in re.findall(r"`+", line)),
                          default=0)
            fence = "`" * max(3, longest + 1)
            return "\n".join([fence, *lines, fence])
        body = [self._escape(line) if self.name == "bgg" else _brackets(line) for line in lines]
        return "\n".join([self._block[0] + body[0], *body[1:-1], body[-1] + self._block[1]]) \
            if len(body) > 1 else f"{self._block[0]}{body[0] if body else ''}{self._block[1]}"

    def image(self, url: str, alt: str) -> str:
        return self._image.format(url=_safe_url(url), alt=alt)


MARKUPS = {
    # BoardGameGeek's forum formatting: [b], [COLOR=#hex], [c] fixed width, [url=...];
    # images only from BGG's own gallery, so the board is a link
    "bgg": Markup("bgg", _bgg_text, ("[b]", "[/b]"), "[COLOR={hex}]{seat}[/COLOR]",
                  ("[c]", "[/c]"), "[url={url}]{alt}[/url]", ("", "\u2003\u2013 ")),
    # phpBB's BBCode guide: [b], [color=#hex], [code], [img]
    "bbcode": Markup("bbcode", _brackets, ("[b]", "[/b]"), "[color={hex}]{seat}[/color]",
                     ("[code]", "[/code]"), "[img]{url}[/img]", ("", "\u2003\u2013 ")),
    # Markdown as Discourse reads it (CommonMark and its own additions): no colours
    "markdown": Markup("markdown", _markdown_text, ("**", "**"), None,
                       None, "![{alt}]({url})", ("- ", "  - ")),
}


def markup(name: str) -> Markup:
    try:
        return MARKUPS[name]
    except KeyError:
        raise ValueError(f"unknown forum markup {name!r}: {', '.join(MARKUPS)}") from None
