"""A forum post, in the markup its source carries, to the text a player meant.

Forums quote in their markup, not in the text: phpBB ``[quote="alice" post_id=3]``,
BoardGameGeek ``[q="alice"]``, Discourse ``[quote="alice, post:3, topic:9"]`` in its raw
Markdown and ``<aside class="quote">`` in its HTML, everyone ``> `` lines and
``<blockquote>``. What a player quoted is an older post, maybe the other player's move,
so it is dropped whole, however deep the nesting. An unclosed quote drops everything
after its opening (the forum shows it as text, but it may hold the other seat's words);
a stray closing tag is only removed. Formatting tags go, their words stay; entities are
decoded; signatures (``-- `` and after, a phpBB ``signature`` block) are dropped with
the mail reader's rules (referee/service/plaintext/quotes.py). The bracket scanner is one pass
with a stack, so a huge or deeply nested post costs linear time; a post is read up to
MAX_POST characters.
"""
from __future__ import annotations

import html
import re

from referee.service.plaintext.html_text import html_to_text
from referee.service.plaintext.line_ends import split_lines
from referee.service.plaintext.quotes import strip_reply

MARKUPS = ("bbcode", "bgg", "markdown", "html")
MAX_POST = 200_000          # characters of a post read; the rest is cut at a line break
# classes forums mark quotes and signatures with in their HTML: Discourse's aside.quote,
# BoardGameGeek's div.quote (quotetitle, quotebody), phpBB's div.signature
QUOTE_CLASSES = frozenset({"quote", "quotetitle", "quotebody", "signature"})
_QUOTE_TAGS = {"bbcode": ("quote",), "bgg": ("q", "quote"), "markdown": ("quote",)}
# formatting tags removed (their content kept); img, url and the like keep their text
_FORMAT_TAGS = ("b", "i", "u", "s", "-", "color", "size", "font", "url", "email", "img",
                "code", "c", "list", "*", "center", "left", "right", "o", "spoiler",
                "strike", "sup", "sub", "hr", "floatleft", "floatright", "youtube",
                "details", "summary", "attachment", "thing", "user", "geekurl",
                "imageid", "bgcolor", "u", "tt", "microbadge")
_TAG = re.compile(r"\[(/?)([a-z*-]{1,12})(?:[=\s][^\[\]\n]{0,300})?\]", re.IGNORECASE)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u200b-\u200d\u2060\ufeff]")
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
_LINK = re.compile(r"!?\[([^\[\]\n]{0,300})\]\([^()\s]{0,1000}(?:\s\"[^\"\n]{0,200}\")?\)")
_EMPHASIS = re.compile(r"\*\*|__|~~|`")
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!>~|])")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+")
_HTML_TAG = re.compile(r"</?[a-z][a-z0-9-]{0,20}(?:\s[^<>]{0,500})?/?>", re.IGNORECASE)


def post_text(body: str, markup: str) -> str:
    """The lines a player wrote in ``body`` (in ``markup``: bbcode, bgg, markdown or
    html), ready for the mail command reader. Never raises on any text."""
    if markup not in MARKUPS:
        raise ValueError(f"unknown markup {markup!r}")
    text = _bounded(body if isinstance(body, str) else "")
    if markup == "html":
        text = html_to_text(text, quote_classes=QUOTE_CLASSES)
    else:
        text = _without_quotes(text, _QUOTE_TAGS[markup])
        text = _TAG.sub(_format_tag, text)    # Discourse's Markdown takes BBCode too
        if markup == "markdown":
            text = _markdown(text)
        text = html.unescape(text)
    text = _CONTROL.sub("", text.replace("\u00a0", " "))
    return strip_reply("\n".join(line.rstrip() for line in text.split("\n")))


def _bounded(text: str) -> str:
    text = "\n".join(split_lines(text))
    if len(text) > MAX_POST:
        cut = text.rfind("\n", 0, MAX_POST)
        text = text[:cut if cut > 0 else MAX_POST]
    return text


def _without_quotes(text: str, names: tuple[str, ...]) -> str:
    """``text`` without its bracket quotes: matched pairs dropped whole (the outermost
    pair takes its nested ones with it), an unclosed opening drops the rest."""
    kept: list[str] = []
    opened: list[int] = []          # starts of the quotes open now
    at = 0                          # where the text still to keep begins
    for m in _TAG.finditer(text):
        if m[2].lower() not in names:
            continue
        if not m[1]:
            if not opened:
                kept.append(text[at:m.start()])
            opened.append(m.start())
        elif opened:
            opened.pop()
            if not opened:
                at = m.end()
        else:                       # a closing tag with nothing open: remove the tag only
            kept.append(text[at:m.start()])
            at = m.end()
    if not opened:
        kept.append(text[at:])
    return "".join(kept)


def _format_tag(m: re.Match) -> str:
    return "" if m[2].lower() in _FORMAT_TAGS else m[0]


def _markdown(text: str) -> str:
    """Markdown's marks removed where they cannot be part of a move: fences, headings,
    bold, code spans, links (their words kept), escapes, ``>`` quotes (by strip_reply)."""
    out: list[str] = []
    for line in text.split("\n"):
        if _FENCE.match(line):
            continue
        line = _HEADING.sub("", _LINK.sub(r"\1", line))
        line = _EMPHASIS.sub("", line)
        line = _HTML_TAG.sub("", line)
        out.append(_ESCAPE.sub(r"\1", line))
    return "\n".join(out)
