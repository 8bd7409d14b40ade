"""A thread's RSS or Atom feed, read with feedparser: phpBB, Discourse and any forum.

Documented by the forums themselves: phpBB's topic feed ``app.php/feed/topic/ID`` is
Atom (phpBB/styles/all/template/feed.xml.twig and phpbb/feed/ in phpbb/phpbb): one
``<entry>`` per post, newest first and only the last few (the board's "posts per feed"
setting, 15 by default), the author in ``<author><name>``, the post's address
``viewtopic.php?p=POST#pPOST`` as ``<id>`` and ``<link>``, the post as HTML in
``<content>`` followed by an optional ``<p>Statistics: ...</p>`` and ``<hr />``.
Discourse's ``/t/slug/ID.rss`` (app/views/topics/show.rss.erb in discourse/discourse)
is RSS 2.0: ``<dc:creator>`` "@user Full Name", the post's HTML inside a
``<blockquote>`` after an "@user wrote:" line, ``<guid>`` HOST-post-TOPIC-NUMBER. Any
other feed is read as RSS 2.0 or Atom (RFC 4287) says. Posts come out oldest first;
``since`` drops what came before it when the feed still holds it.
"""
from __future__ import annotations

import hashlib
import re

from referee.service.errors import ForumDocumentError, ForumRefused
from referee.service.forum.dtd import refuse_dtd
from referee.service.forum.fetch import http_fetch
from referee.service.forum.markup import post_text
from referee.service.forum.records import Post, Thread
from referee.service.forum.times import struct_epoch

MAX_READ = 400
_ACCEPT = {"Accept": "application/atom+xml, application/rss+xml, application/xml;q=0.9, "
                     "*/*;q=0.5"}
_PHPBB_POST = re.compile(r"[?&;]p=(\d{1,12})")
_DISCOURSE_GUID = re.compile(r"-post-(\d{1,12})-(\d{1,9})$")
_PHPBB_STATISTICS = re.compile(r"(?:<p>(?:(?!<p>).){0,2000}</p>)?\s*<hr\s*/?>\s*$",
                               re.DOTALL | re.IGNORECASE)
_DISCOURSE_WRAP = re.compile(r"<blockquote>(.*)</blockquote>", re.DOTALL | re.IGNORECASE)


def _content(entry) -> tuple[str, str]:
    """The entry's text and its markup: HTML, or plain text where the feed says so."""
    content = entry.get("content")
    if isinstance(content, list) and content and isinstance(content[0].get("value"), str):
        found, kind = content[0]["value"], content[0].get("type")
    else:
        found = entry.get("summary") if isinstance(entry.get("summary"), str) else ""
        kind = (entry.get("summary_detail") or {}).get("type")
    return found, ("bbcode" if kind == "text/plain" else "html")


def _author(entry, discourse: bool) -> str:
    """The account name; from Discourse's "@alice Alice Smith" only the handle. Nowhere
    else is an "@" taken off: a phpBB user called "@alice x" is not alice."""
    detail = entry.get("author_detail") or {}
    name = str(detail.get("name") or entry.get("author") or "").strip()
    words = name.split()
    if discourse and words and words[0].startswith("@"):
        return words[0][1:]
    return name


def _post(thread: Thread, entry) -> Post | None:
    link = entry.get("link") if isinstance(entry.get("link"), str) else None
    guid = entry.get("id") if isinstance(entry.get("id"), str) else None
    (html, markup), number = _content(entry), None
    discourse = _DISCOURSE_GUID.search(guid or "")
    author = _author(entry, bool(discourse))
    if not author:
        return None
    if discourse:
        post_id, number = discourse[2], int(discourse[2])
        wrapped = _DISCOURSE_WRAP.search(html)
        html = wrapped[1] if wrapped else html
    elif thread.kind == "phpbb" and _PHPBB_POST.search(link or guid or ""):
        post_id = _PHPBB_POST.search(link or guid or "")[1]
        html = _PHPBB_STATISTICS.sub("", html)
    elif guid or link:
        post_id = (guid or link)[:300]
    else:
        seen = f"{author}\n{entry.get('published', '')}\n{entry.get('title', '')}"
        post_id = "sha256:" + hashlib.sha256(seen.encode("utf-8")).hexdigest()[:32]
    # dict.get: feedparser's own get answers a missing updated_parsed with the published
    # one (and warns), which would hide that a post was never edited
    updated = struct_epoch(dict.get(entry, "updated_parsed"))
    created = struct_epoch(dict.get(entry, "published_parsed")) or updated
    edited = updated if created is not None and updated and updated > created else None
    return Post(thread.key, post_id, author[:100], post_text(html, markup), created,
                edited, link, number)


def _order(post: Post):
    return (post.created or 0.0, post.number or 0,
            int(post.post_id) if post.post_id.isdigit() else 0, post.post_id)


def read_feed(thread: Thread, since: str | None = None, fetch=http_fetch) -> list[Post]:
    import feedparser  # heavy: only a host following a feed needs it (the service extra)
    try:
        data = fetch(thread.source, headers=_ACCEPT)
    except ForumRefused as exc:
        if thread.kind == "phpbb" and exc.status == 404:
            exc.reason += (" (a phpBB board serves topic feeds only when its feeds and "
                           "per-topic feeds are switched on: ACP, Board feeds; and only "
                           "for a forum guests may read)")
            exc.args = (exc.reason,)
        raise
    refuse_dtd(data, f"the thread's feed at {thread.source[:200]}")
    parsed = feedparser.parse(data, resolve_relative_uris=False)
    if parsed.get("bozo") and not parsed.get("entries") or not parsed.get("version"):
        raise ForumDocumentError(f"the thread's feed at {thread.source[:200]} is not an "
                                 "RSS or Atom feed")
    posts = [p for p in (_post(thread, e) for e in parsed.entries[:MAX_READ]) if p]
    posts.sort(key=_order)
    if since is None:
        return posts
    ids = [p.post_id for p in posts]
    if since in ids:
        return posts[ids.index(since) + 1:]
    if since.isdigit():             # phpBB post ids and Discourse post numbers only grow
        return [p for p in posts if p.post_id.isdigit() and int(p.post_id) > int(since)]
    return posts
