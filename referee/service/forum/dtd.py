"""A DTD refused wherever the referee reads XML (feeds, BoardGameGeek's documents).

No forum's document carries a DTD, and a DTD's entities are how a small XML document
is made to expand into gigabytes (the "billion laughs"). feedparser expands the
entities a feed declares, and its strict parser reads a DTD its clean-up missed, so
the document is refused before any parser sees it. The DTD is looked for in the text
as each parser could read it: the bytes as they are (every encoding that writes
``<!`` as ASCII does), and decoded as UTF-16, UTF-32 or EBCDIC when the document's
first bytes or its declaration say so.
"""
from __future__ import annotations

import codecs
import re

from referee.service.errors import ForumDocumentError

_DTD = re.compile(r"<!\s*(?:DOCTYPE|ENTITY)", re.IGNORECASE)
_DECLARED = re.compile(r"""^<\?xml[^>]{0,200}?encoding\s*=\s*["']([A-Za-z0-9._:-]{1,40})["']""")
# the first bytes of a document in an encoding that does not write "<" as ASCII
# (the XML specification's appendix F, and EBCDIC's "<?xm" that feedparser reads)
_SIGNATURES = ((b"\x00\x00\xfe\xff", "utf-32-be"), (b"\xff\xfe\x00\x00", "utf-32-le"),
               (b"\x00\x00\x00<", "utf-32-be"), (b"<\x00\x00\x00", "utf-32-le"),
               (b"\xfe\xff", "utf-16-be"), (b"\xff\xfe", "utf-16-le"),
               (b"\x00<\x00?", "utf-16-be"), (b"<\x00?\x00", "utf-16-le"),
               (b"\x4c\x6f\xa7\x94", "cp037"))


def _readings(data: bytes):
    text = data.decode("latin-1")            # byte for byte: never fails
    yield text
    for start, encoding in _SIGNATURES:
        if data.startswith(start):
            text = data.decode(encoding, errors="replace")
            yield text
            break
    declared = _DECLARED.match(text.lstrip("\ufeff"))
    if declared:
        try:
            codecs.lookup(declared[1])
        except LookupError:
            return
        yield data.decode(declared[1], errors="replace")


def refuse_dtd(data: bytes, what: str) -> None:
    """ForumDocumentError when ``data``, an XML document, carries a DTD."""
    for text in _readings(data):
        if _DTD.search(text):
            raise ForumDocumentError(f"{what} carries a DTD (<!DOCTYPE or <!ENTITY), which no "
                                     "forum sends and the referee does not read: its "
                                     "entities are how XML is made to explode")
