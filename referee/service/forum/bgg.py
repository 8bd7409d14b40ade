"""BoardGameGeek: a thread read through the XML API 2 thread document.

Documented on BoardGameGeek's wiki page "BGG XML API2" (section Threads):
``/xmlapi2/thread?id=ID`` with ``minarticleid=N`` for the articles from id N on gives
``<thread id numarticles link><subject/><articles><article id username link postdate
editdate numedits><subject/><body/></article>...``; the body is the article as HTML
(escaped in the XML), quotes as ``<div class='quote'><div class='quotetitle'>...</div>
<div class='quotebody'>...</div></div>``. BoardGameGeek now asks applications to
register and send their token as ``Authorization: Bearer TOKEN``: the referee sends
``REFEREE_BGG_TOKEN`` from the environment when it is set, to BoardGameGeek's host
only (``REFEREE_BGG_URL``, https://boardgamegeek.com unless set). A document with a
DTD is refused (BoardGameGeek sends none; entities are how XML is made to explode).
"""
from __future__ import annotations

import os
import xml.etree.ElementTree as ET

from referee.service.errors import ForumDocumentError, ForumError, ForumRefused
from referee.service.forum.dtd import refuse_dtd
from referee.service.forum.fetch import http_fetch, same_host
from referee.service.forum.markup import post_text
from referee.service.forum.records import Post, Thread
from referee.service.forum.times import iso_epoch

TOKEN_VARIABLE = "REFEREE_BGG_TOKEN"
HOST_VARIABLE, HOST = "REFEREE_BGG_URL", "https://boardgamegeek.com"


def _headers(url: str) -> dict:
    """The token goes only to BoardGameGeek's own host (or the one REFEREE_BGG_URL
    names), over https when that is how it is named: a thread address on any other
    host that has BoardGameGeek's paths gets no token."""
    headers = {"Accept": "application/xml"}
    token = os.environ.get(TOKEN_VARIABLE, "").strip()
    if token and same_host(os.environ.get(HOST_VARIABLE, "").strip() or HOST, url):
        if any(ord(c) < 33 or ord(c) == 127 for c in token):
            raise ForumError(f"{TOKEN_VARIABLE} must be one word (the application token "
                             "BoardGameGeek gave)")
        headers["Authorization"] = f"Bearer {token}"
    return headers


def _document(data: bytes) -> ET.Element:
    refuse_dtd(data, "the BoardGameGeek thread document")
    try:
        root = ET.fromstring(data)
    except ET.ParseError:
        raise ForumDocumentError("the BoardGameGeek thread document is not XML") from None
    if root.tag in ("error", "errors"):
        message = root.get("message") or " ".join(root.itertext()).strip()
        raise ForumRefused(f"BoardGameGeek answered: {message[:200] or 'an error'}")
    if root.tag != "thread":
        raise ForumDocumentError("the BoardGameGeek answer is not a thread document")
    return root


def _post(thread: Thread, article: ET.Element) -> Post | None:
    pid, user = (article.get("id") or "").strip(), (article.get("username") or "").strip()
    if not pid.isdigit() or not user:
        return None
    body = article.find("body")
    created = iso_epoch(article.get("postdate"))
    edited = iso_epoch(article.get("editdate"))
    numedits = article.get("numedits") or "0"
    if not (numedits.isdigit() and int(numedits) > 0) or edited == created:
        edited = None
    text = post_text(body.text or "" if body is not None else "", "html")
    return Post(thread.key, pid, user[:100], text, created, edited, article.get("link"))


def read_bgg(thread: Thread, since: str | None = None, fetch=http_fetch) -> list[Post]:
    url = thread.source
    if since is not None and since.isdigit():
        url += f"&minarticleid={int(since) + 1}"
    root = _document(fetch(url, headers=_headers(url)))
    posts = [p for p in (_post(thread, a) for a in root.iter("article")) if p]
    posts.sort(key=lambda p: int(p.post_id))
    if since is not None and since.isdigit():
        posts = [p for p in posts if int(p.post_id) > int(since)]
    return posts
