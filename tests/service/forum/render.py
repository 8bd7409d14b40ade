"""How each stand-in forum renders a post from the markup its users type, as the real
forums do it in the documents the referee reads (a small subset: quotes, bold, line
breaks, code; everything else stays text). The text is HTML-escaped first, as every
forum does, so markup injected into a post stays text.

- Discourse ``cooked`` (markdown-it with Discourse's quote plugin): a quote becomes
  ``<aside class="quote no-group" data-username data-post data-topic><div class="title">
  ...</div><blockquote>...</blockquote></aside>``, ``> `` lines a ``<blockquote>``, a
  line break ``<br>`` (Discourse's default), paragraphs ``<p>``.
- phpBB (s9e TextFormatter's default templates, with the feed's quote helper that drops
  the quote's attributes): ``<blockquote><div><cite>alice wrote:</cite>...</div>
  </blockquote>``, ``[b]`` ``<strong class="text-strong">``, line breaks ``<br>``.
- BoardGameGeek (the XML API's article body): ``<div class='quote'><div
  class='quotetitle'><p><b>alice wrote:</b></p></div><div class='quotebody'>...</div>
  </div>``, ``[b]`` ``<b>``, line breaks ``<br/>``.
"""
from __future__ import annotations

import html
import re

_TAG = re.compile(r"\[(/?)(quote|q|b)(?:=(&quot;)?([^\]\n]{0,200}?)(?:&quot;)?)?"
                  r"(\s[^\]\n]{0,200})?\]", re.IGNORECASE)


def _matched(text: str, names: tuple[str, ...]):
    """The tags of ``text`` with a partner (opening and closing), by their start."""
    opened, pairs = [], {}
    for m in _TAG.finditer(text):
        if m[2].lower() not in names:
            continue
        if not m[1]:
            opened.append(m)
        elif opened and opened[-1][2].lower() == m[2].lower():
            start = opened.pop()
            pairs[start.start()] = start
            pairs[m.start()] = m
    return pairs


def _render(text: str, names, opening, closing) -> str:
    pairs = _matched(text, names)
    out, at = [], 0
    for start in sorted(pairs):
        m = pairs[start]
        out.append(text[at:m.start()])
        out.append(closing(m) if m[1] else opening(m))
        at = m.end()
    out.append(text[at:])
    return "".join(out)


def _name(m) -> str:
    value = (m[4] or "").strip()
    return value.split(",")[0].strip()


def discourse_cooked(raw: str) -> str:
    text = html.escape(raw, quote=True)

    def opening(m):
        if m[2].lower() == "b":
            return "<strong>"
        name = _name(m)
        data = dict(re.findall(r"(post|topic):(\d+)", m[0]))
        return (f'<aside class="quote no-group" data-username="{name}" '
                f'data-post="{data.get("post", "")}" data-topic="{data.get("topic", "")}">'
                f'<div class="title">{name}:</div><blockquote>')

    def closing(m):
        return "</strong>" if m[2].lower() == "b" else "</blockquote></aside>"

    text = _render(text, ("quote", "b"), opening, closing)
    text = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)
    paragraphs, quote, code = [], [], None
    for line in text.split("\n") + [""]:
        if code is not None:
            if line.startswith("```"):
                paragraphs.append(f"<pre><code>{chr(10).join(code)}</code></pre>")
                code = None
            else:
                code.append(line)
            continue
        if line.startswith("```"):
            code = []
            continue
        if line.startswith("&gt;"):
            quote.append(line[4:].lstrip())
            continue
        if quote:
            paragraphs.append("<blockquote><p>" + "<br>".join(quote) + "</p></blockquote>")
            quote = []
        paragraphs.append(line)
    blocks = "\n".join(paragraphs).split("\n\n")
    return "\n".join(f"<p>{b.strip().replace(chr(10), '<br>' + chr(10))}</p>"
                     for b in blocks if b.strip())


def phpbb_html(bbcode: str) -> str:
    text = html.escape(bbcode, quote=True)

    def opening(m):
        if m[2].lower() == "b":
            return '<strong class="text-strong">'
        name = _name(m)
        return f"<blockquote><div><cite>{name} wrote:</cite>" if name \
            else "<blockquote class=\"uncited\"><div>"

    def closing(m):
        return "</strong>" if m[2].lower() == "b" else "</div></blockquote>"

    return _render(text, ("quote", "b"), opening, closing).replace("\n", "<br>\n")


def bgg_html(markup: str) -> str:
    text = html.escape(markup, quote=True)

    def opening(m):
        if m[2].lower() == "b":
            return "<b>"
        name = _name(m)
        title = f"{name} wrote:" if name else "Quote:"
        return (f"<div class='quote'><div class='quotetitle'><p><b>{title}</b></p></div>"
                "<div class='quotebody'>")

    def closing(m):
        return "</b>" if m[2].lower() == "b" else "</div></div>"

    return _render(text, ("q", "b"), opening, closing).replace("\n", "<br/>")
