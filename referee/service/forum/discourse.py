"""Discourse: a topic read through its JSON, answers posted through its API.

Documented by Discourse (the API reference at docs.discourse.org, and the serializers
in discourse/discourse): ``GET /t/ID.json`` gives the topic with ``post_stream.posts``
(the first twenty posts) and ``post_stream.stream`` (every post id in order); later
posts come from ``GET /t/ID/posts.json?post_ids[]=...``; ``include_raw=1`` adds each
post's ``raw`` Markdown beside the ``cooked`` HTML. A post is ``POST /posts.json`` with
``topic_id`` and ``raw``, authenticated by the ``Api-Key`` and ``Api-Username`` headers.
The raw Markdown is read when present (what the player typed: the cooked HTML has
Discourse's typographer and emoji in it), else the cooked HTML. Only regular posts
(``post_type`` 1) count: small actions ("closed the topic") and whispers are not posts
of a player, and deleted posts are gone.
"""
from __future__ import annotations

import json
from urllib.parse import urlencode, urlsplit

from referee.service.errors import ForumDocumentError, ForumError, ForumRefused
from referee.service.forum.fetch import http_fetch
from referee.service.forum.markup import post_text
from referee.service.forum.records import Post, Thread
from referee.service.forum.times import iso_epoch

CHUNK = 20                  # posts asked for at once, as Discourse's own client does
MAX_READ = 400              # posts read in one call; the next call goes on from there
REGULAR = 1                 # Discourse's post_type of a post a person wrote
_JSON = {"Accept": "application/json"}


def json_document(data: bytes, what: str) -> dict:
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ForumDocumentError(f"{what} is not the JSON Discourse sends") from None
    except RecursionError:        # nested deeper than the parser goes: no forum's JSON is
        raise ForumDocumentError(f"{what} is nested deeper than any JSON Discourse "
                                 "sends") from None
    if not isinstance(doc, dict):
        raise ForumDocumentError(f"{what} is not the JSON object Discourse sends")
    return doc


def discourse_post(thread_key: str, base: str, data) -> Post | None:
    """The Post of one serialized Discourse post, or None when it is no player's post
    (not regular, deleted, or not the shape Discourse documents)."""
    if not isinstance(data, dict):
        return None
    pid, user = data.get("id"), data.get("username")
    if not isinstance(pid, int) or isinstance(pid, bool) or not isinstance(user, str) or not user:
        return None
    if data.get("post_type", REGULAR) != REGULAR or data.get("deleted_at") \
            or data.get("user_deleted") is True:
        return None
    raw, cooked = data.get("raw"), data.get("cooked")
    if isinstance(raw, str):
        text = post_text(raw, "markdown")
    elif isinstance(cooked, str):
        text = post_text(cooked, "html")
    else:
        return None
    number = data.get("post_number")
    number = number if isinstance(number, int) and not isinstance(number, bool) else None
    version = data.get("version")
    edited = iso_epoch(data.get("updated_at")) if isinstance(version, int) and version > 1 \
        else None
    topic, slug = data.get("topic_id"), data.get("topic_slug")
    url = None
    if isinstance(topic, int) and number is not None:
        url = f"{base}/t/{slug if isinstance(slug, str) and slug else 'topic'}/{topic}/{number}"
    return Post(thread_key, str(pid), user.lstrip("@")[:100], text,
                iso_epoch(data.get("created_at")), edited, url, number)


def _stream(doc: dict) -> tuple[list, list[int]]:
    stream = doc.get("post_stream")
    if not isinstance(stream, dict):
        raise ForumDocumentError("the Discourse topic has no post_stream")
    posts = stream.get("posts") if isinstance(stream.get("posts"), list) else []
    ids = stream.get("stream")
    ids = [i for i in ids if isinstance(i, int) and not isinstance(i, bool)] \
        if isinstance(ids, list) else [p.get("id") for p in posts if isinstance(p, dict)]
    return posts, [i for i in ids if isinstance(i, int)]


def _after(ids: list[int], since: str | None) -> list[int]:
    if since is None:
        return ids
    if since.isdigit() and int(since) in ids:
        return ids[ids.index(int(since)) + 1:]
    if since.isdigit():                 # that post is gone: Discourse's ids only grow
        return [i for i in ids if i > int(since)]
    return ids


def read_discourse(thread: Thread, since: str | None = None, fetch=http_fetch, *,
                   last: int | None = None) -> list[Post]:
    """The topic's posts after ``since``, or its ``last`` posts."""
    base, topic = thread.base, thread.topic_id
    doc = json_document(fetch(f"{base}/t/{topic}.json?include_raw=1", headers=_JSON),
                        "the Discourse topic")
    posts, ids = _stream(doc)
    wanted = ids[-last:] if last else _after(ids, since)[:MAX_READ]
    have = {p["id"]: p for p in posts if isinstance(p, dict) and isinstance(p.get("id"), int)}
    missing = [i for i in wanted if i not in have]
    for start in range(0, len(missing), CHUNK):
        query = urlencode([("include_raw", "1")]
                          + [("post_ids[]", str(i)) for i in missing[start:start + CHUNK]])
        more = json_document(fetch(f"{base}/t/{topic}/posts.json?{query}", headers=_JSON),
                             "the Discourse posts")
        for p in _stream(more)[0]:
            if isinstance(p, dict) and isinstance(p.get("id"), int):
                have[p["id"]] = p
    found = (discourse_post(thread.key, base, have.get(i)) for i in wanted)
    return [p for p in found if p is not None]


def discourse_ids(thread: Thread, fetch=http_fetch) -> list[str]:
    """The id of every post of the topic, from its stream, without reading the posts."""
    doc = json_document(fetch(f"{thread.base}/t/{thread.topic_id}.json", headers=_JSON),
                        "the Discourse topic")
    return [str(i) for i in _stream(doc)[1]]


def _header_value(value, what: str) -> str:
    if not isinstance(value, str) or not value.strip() or any(
            ord(c) < 32 or ord(c) == 127 for c in value):
        raise ForumError(f"the Discourse {what} is missing or is not one line of text")
    return value.strip()


def forum_base(url: str) -> str:
    """A Discourse forum's address as thread addresses give it (address.py): the
    scheme and host name in lower case, the folder it is installed in, no slash at the
    end. ForumError for anything but an http(s) address of a host."""
    parts = urlsplit(str(url).strip())
    try:
        port = parts.port
    except ValueError:
        port = -1
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname or port == -1 \
            or parts.username is not None or parts.query or parts.fragment:
        raise ForumError(f"the Discourse address {str(url)[:200]!r} is not an http(s) "
                         "address of a forum")
    host = parts.hostname.lower() + (f":{port}" if port is not None else "")
    return f"{parts.scheme.lower()}://{host}{parts.path.rstrip('/')}"


class DiscourseAccount:
    """The referee's API user on one Discourse forum, the one its key was made on:
    a client for that forum only, so that the key never goes to a forum that merely
    has Discourse's addresses. ``forum`` None: no forum was named, and no client is
    made."""

    def __init__(self, forum: str | None, api_key: str, api_username: str,
                 fetch=http_fetch, *, unnamed: str = "the Discourse forum of the API key "
                                                   "is not named"):
        self.base = None if forum is None else forum_base(forum)
        self._key, self._user, self._fetch, self._unnamed = api_key, api_username, fetch, unnamed

    def serves(self, base: str) -> bool:
        try:
            return self.base is not None and forum_base(base) == self.base
        except ForumError:
            return False

    def __call__(self, base: str) -> "DiscourseClient":
        if self.base is None:
            raise ForumRefused(f"{self._unnamed}: the referee sends the key to no forum")
        if not self.serves(base):
            raise ForumRefused(f"the Discourse API key is for {self.base}, not "
                               f"{str(base)[:200]}: the referee sends it to no other forum")
        return DiscourseClient(self.base, self._key, self._user, self._fetch)


class DiscourseClient:
    """Posts the referee's answers in a Discourse topic as the API user."""

    def __init__(self, base_url: str, api_key: str, api_username: str, fetch=http_fetch):
        self.base = forum_base(base_url)
        self._headers = {"Api-Key": _header_value(api_key, "API key"),
                         "Api-Username": _header_value(api_username, "API user name"),
                         "Content-Type": "application/json", "Accept": "application/json"}
        self.api_username = self._headers["Api-Username"]
        self._fetch = fetch

    def fetch(self, url: str, **kw) -> bytes:
        """http_fetch with the API user's headers on requests to this forum: for
        ``read_posts(thread, fetch=client.fetch)`` on a topic guests may not read."""
        if url.startswith(self.base + "/"):
            kw["headers"] = {**self._headers, **(kw.get("headers") or {})}
            if kw.get("data") is None:
                kw["headers"].pop("Content-Type", None)
        return self._fetch(url, **kw)

    def create_post(self, topic_id: int, raw: str, *,
                    reply_to_post_number: int | None = None) -> dict:
        """Posts ``raw`` (Markdown) in the topic; Discourse's answer (the new post, with
        at least ``id`` and ``post_number``)."""
        body = {"topic_id": int(topic_id), "raw": str(raw)}
        if reply_to_post_number is not None:
            body["reply_to_post_number"] = int(reply_to_post_number)
        try:
            answer = self._fetch(f"{self.base}/posts.json", method="POST",
                                 headers=dict(self._headers),
                                 data=json.dumps(body).encode("utf-8"))
        except ForumRefused as exc:
            reasons = _errors(exc.body)
            if reasons:
                exc.reason = f"{exc.reason}: {reasons}"
                exc.args = (exc.reason,)
            raise
        post = json_document(answer, "Discourse's answer to the post")
        if not all(isinstance(post.get(k), int) for k in ("id", "post_number")):
            raise ForumDocumentError("Discourse's answer to the post has no id and "
                                     "post_number")
        return post


def _errors(body: bytes) -> str:
    """Discourse's reasons for refusing (``{"errors": ["Body is too similar..."]}``)."""
    try:
        errors = json.loads(body.decode("utf-8")).get("errors")
    except (UnicodeDecodeError, ValueError, AttributeError, RecursionError):
        return ""
    if not isinstance(errors, list):
        return ""
    return "; ".join(str(e)[:200] for e in errors[:3])
