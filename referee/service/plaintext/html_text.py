"""HTML mail to the plain text a player meant, with the quoted part left out.

Clients that send HTML only (or an HTML part better than their plain one) mark
the quoted message in their markup: Gmail wraps it in ``gmail_quote``, Apple
Mail and Thunderbird in ``<blockquote type="cite">``, Outlook starts it at
``appendonsend`` / ``divRplyFwdMsg`` and leaves the old message unmarked after
that. Dropping those parts here is more reliable than guessing from the text.
Only the standard library's tolerant ``html.parser`` is used.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

# Elements whose whole content is dropped.
_SKIP_TAGS = frozenset({"script", "style", "head", "title", "blockquote", "template",
                        "noscript", "object", "svg", "math"})
_SKIP_CLASSES = frozenset({"gmail_quote", "gmail_attr", "gmail_signature",
                           "gmail_quote_container", "moz-cite-prefix",
                           "moz-signature", "yahoo_quoted", "outlookmessageheader",
                           "protonmail_quote"})
# Elements after which nothing the sender wrote follows (Outlook's reply header).
_STOP_IDS = frozenset({"appendonsend", "divrplyfwdmsg", "stopspelling",
                       "x_divrplyfwdmsg", "x_appendonsend"})
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
                   "meta", "param", "source", "track", "wbr"})
_BLOCK = frozenset({"p", "div", "tr", "li", "ul", "ol", "table", "h1", "h2", "h3", "h4",
                    "h5", "h6", "pre", "section", "article", "header", "footer", "dl",
                    "dt", "dd", "hr", "address", "center", "form", "fieldset"})
_SPACE = re.compile(r"[ \t\r\n\f\v\u00a0]+")


class _Text(HTMLParser):
    def __init__(self, skip_classes: frozenset = _SKIP_CLASSES) -> None:
        super().__init__(convert_charrefs=True)
        self.skip_classes = skip_classes
        self.out: list[str] = []
        self.skip_tag: str | None = None
        self.skip_depth = 0
        self.pre = 0
        self.stopped = False

    def _newline(self) -> None:
        if self.out and not self.out[-1].endswith("\n"):
            self.out.append("\n")

    def handle_starttag(self, tag, attrs):
        if self.stopped:
            return
        if self.skip_tag is not None:
            if tag == self.skip_tag:
                self.skip_depth += 1
            return
        values = {k: (v or "") for k, v in attrs}
        classes = set(values.get("class", "").lower().split())
        if values.get("id", "").lower() in _STOP_IDS:
            self.stopped = True
            return
        if tag not in _VOID and (tag in _SKIP_TAGS or classes & self.skip_classes):
            self.skip_tag, self.skip_depth = tag, 1
            return
        if tag == "br":
            self.out.append("\n")
        elif tag in _BLOCK:
            self._newline()
            if tag == "pre":
                self.pre += 1
        elif tag in ("td", "th"):
            self.out.append(" ")

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in _VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if self.stopped:
            return
        if self.skip_tag is not None:
            if tag == self.skip_tag:
                self.skip_depth -= 1
                if self.skip_depth == 0:
                    self.skip_tag = None
            return
        if tag in _BLOCK:
            self._newline()
            if tag == "pre" and self.pre:
                self.pre -= 1

    def handle_data(self, data):
        if self.stopped or self.skip_tag is not None:
            return
        if self.pre:
            self.out.append(data.replace("\u00a0", " "))
            return
        text = _SPACE.sub(" ", data)
        if self.out and self.out[-1].endswith("\n"):
            text = text.lstrip(" ")
        if text:
            self.out.append(text)


def html_to_text(html: str, *, quote_classes: frozenset = frozenset()) -> str:
    """The visible text of ``html`` without its quoted parts; line breaks where the
    markup breaks lines (``<br>``, ``<p>``, ``<div>``...). ``quote_classes`` adds the
    classes a forum marks its quotes and signatures with. Never raises."""
    parser = _Text(_SKIP_CLASSES | quote_classes)
    try:
        parser.feed(html)
        parser.close()
    except Exception:  # html.parser can still trip on broken markup: keep what it read
        pass
    lines = "".join(parser.out).split("\n")
    return "\n".join(line.rstrip() for line in lines).strip("\n")
