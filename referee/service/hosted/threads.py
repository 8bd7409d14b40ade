"""A thread's address, as a moderator copies it from the browser, to the thread to follow.

Each forum names a thread in its own way: Discourse ``/t/slug/ID`` (or ``/t/ID``, with a
post number after it when copied from a post), phpBB ``viewtopic.php?t=ID`` (with ``f=``
and ``sid=`` about), BoardGameGeek ``/thread/ID/slug``. Forums are often installed in a
folder (``/forum/t/...``), and the tests' stand-in serves the same paths from a local
address, so the host is never part of the recognition. Any other http(s) address is a
feed. Credentials in an address are refused: the address is stored and shown.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit, urlunsplit

from referee.service.errors import ForumAddressError

KINDS = ("discourse", "phpbb", "bgg", "feed")


@dataclass(frozen=True)
class Thread:
    kind: str               # one of KINDS
    url: str                # the thread's address, normalised (what a reader opens)
    key: str                # short and stable: names the thread in the store
    base: str               # the forum's root (scheme, host, any folder it is installed in)
    topic_id: int | None    # the forum's number for the thread (None for a plain feed)
    source: str             # the address read first: topic JSON, feed, XML API document


MAX_URL = 2000
_DISCOURSE = re.compile(
    r"^(?P<prefix>(?:/[^/]+)*?)/t/(?:(?P<slug>[^/]*[^/\d][^/]*)/)?(?P<id>\d{1,12})"
    r"(?:/\d{1,9})?(?:\.json|\.rss)?/?$")
_PHPBB_PAGE = re.compile(r"^(?P<prefix>(?:/[^/]+)*?)/(?:viewtopic|feed)\.php$")
_PHPBB_FEED = re.compile(r"^(?P<prefix>(?:/[^/]+)*?)/app\.php/feed/topic/(?P<id>\d{1,12})/?$")
_BGG = re.compile(r"^(?P<prefix>)/thread/(?P<id>\d{1,12})(?:/[^/]*)*/?$")
_BGG_API = re.compile(r"^(?P<prefix>)/xmlapi2/thread/?$")


def _refuse(url: str, why: str) -> ForumAddressError:
    return ForumAddressError(f"{why}: {url[:200]!r}", text=url[:200])


def _split(url: str):
    if not isinstance(url, str) or not url.strip():
        raise _refuse(str(url), "a thread's address is needed (the address of the thread "
                                "in a browser)")
    url = url.strip()
    if len(url) > MAX_URL or any(ord(c) < 33 or ord(c) == 127 for c in url):
        raise _refuse(url, f"a thread's address is one line of at most {MAX_URL} characters "
                           "without spaces")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise _refuse(url, "this is not a web address") from None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise _refuse(url, "a thread's address starts with http:// or https:// and names "
                           "a host")
    if parts.username is not None or parts.password is not None:
        raise _refuse(url, "a thread's address must not carry a user name or password "
                           "(it is stored and shown to the players)")
    host = parts.hostname.lower() + (f":{port}" if port is not None else "")
    return parts.scheme.lower(), host, parts.path or "/", parts.query


def _discourse(scheme, host, path, query) -> Thread | None:
    m = _DISCOURSE.match(path)
    if not m:
        return None
    base = f"{scheme}://{host}{m['prefix']}"
    topic = int(m["id"])
    slug = m["slug"]
    url = f"{base}/t/{slug}/{topic}" if slug else f"{base}/t/{topic}"
    return Thread("discourse", url, f"discourse:{host}{m['prefix']}:{topic}", base, topic,
                  f"{base}/t/{topic}.json")


def _phpbb(scheme, host, path, query) -> Thread | None:
    m = _PHPBB_FEED.match(path)
    if m:
        topic = int(m["id"])
    else:
        m = _PHPBB_PAGE.match(path)
        if not m:
            return None
        values = parse_qs(query).get("t") or []
        if len(values) != 1 or not re.fullmatch(r"\d{1,12}", values[0]):
            raise _refuse(f"{scheme}://{host}{path}?{query}",
                          "a phpBB topic's address carries its number as t=NUMBER (open the "
                          "topic, not a post, and copy that address)")
        topic = int(values[0])
    base = f"{scheme}://{host}{m['prefix']}"
    return Thread("phpbb", f"{base}/viewtopic.php?t={topic}",
                  f"phpbb:{host}{m['prefix']}:{topic}", base, topic,
                  f"{base}/app.php/feed/topic/{topic}")


def _bgg(scheme, host, path, query) -> Thread | None:
    m = _BGG.match(path)
    if m:
        topic = int(m["id"])
    elif _BGG_API.match(path):
        values = parse_qs(query).get("id") or []
        if len(values) != 1 or not re.fullmatch(r"\d{1,12}", values[0]):
            raise _refuse(f"{scheme}://{host}{path}?{query}",
                          "a BoardGameGeek thread document's address carries id=NUMBER")
        topic = int(values[0])
    else:
        return None
    base = f"{scheme}://{host}"
    return Thread("bgg", f"{base}/thread/{topic}", f"bgg:{host}:{topic}", base, topic,
                  f"{base}/xmlapi2/thread?id={topic}")


def _feed(scheme, host, path, query) -> Thread:
    url = urlunsplit((scheme, host, path, query, ""))
    digest = hashlib.sha256(url.encode("utf-8")).hexdigest()[:16]
    return Thread("feed", url, f"feed:{host}:{digest}", f"{scheme}://{host}", None, url)


_READERS = {"discourse": _discourse, "phpbb": _phpbb, "bgg": _bgg}
_SHAPES = {"discourse": "/t/slug/NUMBER", "phpbb": "viewtopic.php?t=NUMBER",
           "bgg": "/thread/NUMBER"}


def thread_of(url: str, kind: str | None = None) -> Thread:
    """The thread at ``url``; ``kind`` forces the forum's kind (``feed`` reads any
    address as an RSS or Atom feed). Raises ForumAddressError with a sentence."""
    if kind is not None and kind not in KINDS:
        raise ForumAddressError(f"the forum kind {str(kind)[:40]!r} is not one the referee "
                                f"reads ({', '.join(KINDS)})", text=str(kind)[:40])
    parts = _split(url)
    if kind == "feed":
        return _feed(*parts)
    if kind is not None:
        thread = _READERS[kind](*parts)
        if thread is None:
            raise _refuse(url, f"this is not the address of a {kind} thread (it looks like "
                               f"{_SHAPES[kind]})")
        return thread
    for read in _READERS.values():
        thread = read(*parts)
        if thread is not None:
            return thread
    return _feed(*parts)
