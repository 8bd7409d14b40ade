"""A stand-in forum for the tests: the documents Discourse, phpBB, BoardGameGeek and a
plain feed publish for a thread, served from one mutable model on 127.0.0.1.

The real forums cannot run on these machines (issue 20, item 6), so this server writes
each forum's documented format, with the paths the forum uses, and takes posts where
Discourse takes them. Where each format is documented:

- Discourse topic JSON ``/t/ID.json`` and ``/t/ID/posts.json?post_ids[]=``: the API
  reference (docs.discourse.org, "Get a single topic", "Get specific posts from a
  topic") and TopicViewSerializer / PostSerializer in discourse/discourse; twenty posts
  in ``post_stream.posts``, every id in ``post_stream.stream``; ``raw`` with
  ``include_raw=1``.
- Discourse ``POST /posts.json``: the API reference ("Creates a new topic, a new post,
  or a private message"), headers ``Api-Key`` and ``Api-Username``; a bad key is
  answered 403 with ``error_type: invalid_access``, a blank body 422 with ``errors``.
- Discourse RSS ``/t/slug/ID.rss``: app/views/topics/show.rss.erb.
- Discourse webhook: Jobs::EmitWebHookEvent (headers, ``sha256=`` HMAC of the body) and
  WebHookPostSerializer (the post, ``raw`` included).
- phpBB topic feed ``app.php/feed/topic/ID``: phpBB/styles/all/template/feed.xml.twig
  and phpbb/feed/post_base.php (Atom, newest first, ``viewtopic.php?p=ID#pID`` links, the
  statistics line, at most ``feed_limit`` entries: the board's default is 15).
- BoardGameGeek ``/xmlapi2/thread?id=ID&minarticleid=N``: the wiki page "BGG XML API2"
  (Threads); the article body is HTML escaped in the XML. With ``bgg_token`` set, a
  request without ``Authorization: Bearer TOKEN`` is answered 401, as BoardGameGeek
  answers applications that did not register.
- The plain feed ``/feeds/ID.rss``: RSS 2.0 (the RSS Advisory Board's specification).
"""
from __future__ import annotations

import hashlib
import hmac
import html
import json
import re
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from email.utils import format_datetime
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, urlsplit

from tests.service.forum.render import bgg_html, discourse_cooked, phpbb_html
from tests.service.forum.serving import LocalServer

KINDS = ("discourse", "phpbb", "bgg", "feed")
CHUNK = 20
FEED_GUID = "standin-feed-post-"


@dataclass
class Request:
    method: str
    path: str
    query: dict
    headers: dict
    body: bytes


@dataclass
class StandInPost:
    post_id: int
    number: int
    author: str
    body: str
    created: float
    edited: float | None = None
    version: int = 1
    post_type: int = 1          # Discourse's: 1 regular, 3 small action, 4 whisper
    deleted: bool = False


def _iso(moment: float) -> str:
    return datetime.fromtimestamp(moment, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def _atom_time(moment: float) -> str:
    return datetime.fromtimestamp(moment, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S+00:00")


def _bgg_time(moment: float) -> str:
    return datetime.fromtimestamp(moment, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S+00:00")


def _rfc2822(moment: float) -> str:
    return format_datetime(datetime.fromtimestamp(moment, timezone.utc))


def _x(text: str) -> str:
    return html.escape(text, quote=True)


def _cdata(text: str) -> str:
    return "<![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]>"


@dataclass
class StandInThread:
    forum: "ForumStandIn"
    kind: str
    topic_id: int
    title: str
    posts: list = field(default_factory=list)
    private: bool = False       # in a category guests cannot see: only the API user reads it

    @property
    def slug(self) -> str:
        words = "".join(c if c.isalnum() else "-" for c in self.title.lower()).strip("-")
        return "-".join(w for w in words.split("-") if w) or "topic"

    @property
    def url(self) -> str:
        base = self.forum.base
        return {"discourse": f"{base}/t/{self.slug}/{self.topic_id}",
                "phpbb": f"{base}/phpbb/viewtopic.php?f=2&t={self.topic_id}",
                "bgg": f"{base}/thread/{self.topic_id}/{self.slug}",
                "feed": f"{base}/feeds/{self.topic_id}.rss"}[self.kind]

    def post(self, author: str, body: str) -> str:
        """Adds a post (``body`` in the forum's markup); its id as the reader sees it."""
        with self.forum.lock:
            pid = self.forum.next_id()
            self.posts.append(StandInPost(pid, len(self.posts) + 1, author, body,
                                          self.forum.now()))
        return self.reader_id(pid)

    def reader_id(self, pid: int) -> str:
        """A post's id as the referee reads it: the plain feed's guid, else the number."""
        return f"{FEED_GUID}{pid}" if self.kind == "feed" else str(pid)

    def edit(self, post_id, body: str) -> None:
        with self.forum.lock:
            post = self.find(post_id)
            post.body, post.edited, post.version = body, self.forum.now(), post.version + 1

    def find(self, post_id) -> StandInPost:
        pid = int(str(post_id).removeprefix(FEED_GUID))
        return next(p for p in self.posts if p.post_id == pid)

    def webhook(self, post_id) -> tuple[bytes, dict]:
        """The ``post_created`` delivery Discourse would send for this post, signed
        with the stand-in's webhook secret."""
        body = json.dumps({"post": self.forum.serialize(self, self.find(post_id),
                                                        raw=True)}).encode("utf-8")
        signature = hmac.new(self.forum.webhook_secret.encode("utf-8"), body,
                             hashlib.sha256).hexdigest()
        headers = {"Accept": "*/*", "Connection": "close",
                   "Content-Length": str(len(body)), "Content-Type": "application/json",
                   "Host": urlsplit(self.forum.base).netloc,
                   "User-Agent": "Discourse/3.4.0", "X-Discourse-Instance": self.forum.base,
                   "X-Discourse-Event-Id": str(self.forum.next_id()),
                   "X-Discourse-Event-Type": "post", "X-Discourse-Event": "post_created",
                   "X-Discourse-Event-Signature": f"sha256={signature}"}
        return body, headers


class ForumStandIn(LocalServer):
    """The stand-in forum (a context manager): a threaded HTTP server on a free port."""

    def __init__(self, *, api_key: str = "standin-api-key-0123456789",
                 api_username: str = "referee-bot", webhook_secret: str = "standin-secret",
                 bgg_token: str | None = None, feed_limit: int = 15):
        self.api_key, self.api_username = api_key, api_username
        self.webhook_secret, self.bgg_token, self.feed_limit = webhook_secret, bgg_token, \
            feed_limit
        self.requests: list[Request] = []
        self.threads: dict[int, StandInThread] = {}
        self.lock = threading.RLock()
        self._ids = 1000
        self._clock = float(int(time.time()))    # a forum's clock tells the present
        self.base = ""

    def next_id(self) -> int:
        with self.lock:
            self._ids += 1
            return self._ids

    def now(self) -> float:
        """A clock that moves a minute per post, so every post has its own time."""
        with self.lock:
            self._clock += 60.0
            return self._clock

    def shift_clock(self, seconds: float) -> None:
        """Posts made next are dated ``seconds`` later (earlier, if negative)."""
        with self.lock:
            self._clock += seconds

    def thread(self, kind: str, title: str) -> StandInThread:
        assert kind in KINDS, kind
        with self.lock:
            thread = StandInThread(self, kind, self.next_id(), title)
            self.threads[thread.topic_id] = thread
        return thread

    # -- the documents ------------------------------------------------------------------

    def serialize(self, thread: StandInThread, post: StandInPost, *, raw: bool) -> dict:
        data = {"id": post.post_id, "name": post.author.title(), "username": post.author,
                "avatar_template": f"/user_avatar/standin/{post.author}/{{size}}/1_2.png",
                "created_at": _iso(post.created),
                "updated_at": _iso(post.edited or post.created),
                "cooked": discourse_cooked(post.body), "post_number": post.number,
                "post_type": post.post_type, "reply_count": 0, "reply_to_post_number": None,
                "quote_count": 0, "incoming_link_count": 0, "reads": 1, "score": 0,
                "topic_id": thread.topic_id, "topic_slug": thread.slug,
                "topic_title": thread.title, "version": post.version,
                "user_id": sum(post.author.encode()), "deleted_at": _iso(post.created) if post.deleted
                else None,
                "hidden": False, "wiki": False}
        if raw:
            data["raw"] = post.body
        return data

    def topic_json(self, thread, raw: bool) -> dict:
        posts = thread.posts
        return {"id": thread.topic_id, "title": thread.title, "fancy_title": thread.title,
                "slug": thread.slug, "posts_count": len(posts), "archetype": "regular",
                "post_stream": {"posts": [self.serialize(thread, p, raw=raw)
                                          for p in posts[:CHUNK]],
                                "stream": [p.post_id for p in posts]}}

    def posts_json(self, thread, ids: list[int], raw: bool) -> dict:
        wanted = [p for p in thread.posts if p.post_id in ids]
        return {"post_stream": {"posts": [self.serialize(thread, p, raw=raw)
                                          for p in wanted]}, "id": thread.topic_id}

    def discourse_rss(self, thread) -> str:
        url = f"{self.base}/t/{thread.slug}/{thread.topic_id}"
        items = []
        for post in reversed(thread.posts):
            items.append(
                f"<item><title>{_x(thread.title)}</title>"
                f"<dc:creator>{_cdata('@' + post.author + ' ' + post.author.title())}"
                "</dc:creator><description>"
                + _cdata(f'<p>@{post.author} wrote:</p><blockquote>'
                         f"{discourse_cooked(post.body)}</blockquote>"
                         f'<p><a href="{url}/{post.number}">Read full topic</a></p>')
                + f"</description><link>{url}/{post.number}</link>"
                f"<pubDate>{_rfc2822(post.created)}</pubDate>"
                f'<guid isPermaLink="false">127.0.0.1-post-{thread.topic_id}-{post.number}'
                f'</guid><source url="{url}.rss">{_x(thread.title)}</source></item>')
        return ('<?xml version="1.0" encoding="UTF-8" ?>\n<rss version="2.0" '
                'xmlns:atom="http://www.w3.org/2005/Atom" '
                'xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>'
                f"<title>{_x(thread.title)}</title><link>{url}</link>"
                f"<description>{_x(thread.posts[0].body if thread.posts else '')}"
                f'</description><atom:link href="{url}.rss" rel="self" '
                'type="application/rss+xml" />' + "".join(items) + "</channel></rss>")

    def phpbb_feed(self, thread) -> str:
        board = f"{self.base}/phpbb"
        rows = sorted(thread.posts, key=lambda p: (p.created, p.post_id),
                      reverse=True)[:self.feed_limit]
        entries = []
        for post in rows:
            link = f"{board}/viewtopic.php?p={post.post_id}#p{post.post_id}"
            stats = (f'Posted by <a href="{board}/memberlist.php?mode=viewprofile&amp;'
                     f'u=2">{_x(post.author)}</a> — {_rfc2822(post.created)}')
            entries.append(
                f"<entry><author><name>{_cdata(post.author)}</name></author>"
                f"<updated>{_atom_time(post.edited or post.created)}</updated>"
                f"<published>{_atom_time(post.created)}</published>"
                f"<id>{_x(link)}</id><link href=\"{_x(link)}\"/>"
                f"<title type=\"html\">{_cdata('Re: ' + thread.title)}</title>"
                f"<content type=\"html\" xml:base=\"{_x(link)}\">"
                + _cdata(f"\n{phpbb_html(post.body)}<p>Statistics: {stats}</p><hr />\n")
                + "</content></entry>")
        updated = _atom_time(rows[0].created) if rows else _atom_time(self._clock)
        return ('<?xml version="1.0" encoding="UTF-8"?>\n'
                '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-gb">'
                f'<link rel="self" type="application/atom+xml" '
                f'href="{board}/app.php/feed/topic/{thread.topic_id}" />'
                f"<title>Stand-in board</title><subtitle>A phpBB stand-in</subtitle>"
                f'<link href="{board}/index.php" /><updated>{updated}</updated>'
                f"<author><name>{_cdata('Stand-in board')}</name></author>"
                f"<id>{board}/app.php/feed/topic/{thread.topic_id}</id>"
                + "".join(entries) + "</feed>")

    def bgg_thread(self, thread, minarticleid: int) -> str:
        articles = []
        for post in thread.posts:
            if post.post_id < minarticleid:
                continue
            link = f"https://boardgamegeek.com/thread/{thread.topic_id}/article/" \
                   f"{post.post_id}#{post.post_id}"
            articles.append(
                f'<article id="{post.post_id}" username="{_x(post.author)}" '
                f'link="{link}" postdate="{_bgg_time(post.created)}" '
                f'editdate="{_bgg_time(post.edited or post.created)}" '
                f'numedits="{post.version - 1}"><subject>{_x("Re: " + thread.title)}'
                f"</subject><body>{_x(bgg_html(post.body))}</body></article>")
        return ('<?xml version="1.0" encoding="utf-8"?>\n'
                f'<thread id="{thread.topic_id}" numarticles="{len(thread.posts)}" '
                f'link="https://boardgamegeek.com/thread/{thread.topic_id}" '
                'termsofuse="https://boardgamegeek.com/xmlapi/termsofuse">'
                f"<subject>{_x(thread.title)}</subject><articles>" + "".join(articles)
                + "</articles></thread>")

    def plain_feed(self, thread) -> str:
        url = f"{self.base}/feeds/{thread.topic_id}.rss"
        items = "".join(
            f"<item><title>{_x('Re: ' + thread.title)}</title>"
            f"<author>{_x(post.author)}@players.example.org (" + _x(post.author) + ")</author>"
            f"<description>{_x(discourse_cooked(post.body))}</description>"
            f"<link>{url}#post-{post.post_id}</link>"
            f'<guid isPermaLink="false">{FEED_GUID}{post.post_id}</guid>'
            f"<pubDate>{_rfc2822(post.created)}</pubDate></item>"
            for post in reversed(thread.posts))
        return ('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>'
                f"<title>{_x(thread.title)}</title><link>{url}</link>"
                f"<description>A plain feed</description>{items}</channel></rss>")

    def create_post(self, headers: dict, body: bytes) -> tuple[int, dict]:
        if headers.get("api-key") != self.api_key \
                or headers.get("api-username") != self.api_username:
            return 403, {"errors": ["You are not permitted to view the requested resource. "
                                    "The API username or key is invalid."],
                         "error_type": "invalid_access"}
        if "json" in headers.get("content-type", ""):
            try:
                fields = json.loads(body.decode("utf-8"))
            except ValueError:
                return 400, {"errors": ["The request body is not valid JSON."]}
        else:
            fields = {k: v[0] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}
        raw = fields.get("raw") if isinstance(fields, dict) else None
        if not isinstance(raw, str) or not raw.strip():
            return 422, {"errors": ["Body can't be blank"], "error_type": "invalid_parameters"}
        try:
            thread = self.threads[int(fields.get("topic_id"))]
        except (TypeError, ValueError, KeyError):
            return 404, {"errors": ["The requested URL or resource could not be found."],
                         "error_type": "not_found"}
        with self.lock:
            pid = thread.post(self.api_username, raw)
            post = thread.find(pid)
        return 200, self.serialize(thread, post, raw=True)


class _Handler(BaseHTTPRequestHandler):
    owner: ForumStandIn
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):       # the tests read .requests, not a log
        pass

    def _answer(self, status: int, body: str | bytes, ctype: str) -> None:
        data = body.encode("utf-8") if isinstance(body, str) else body
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def _json(self, status: int, doc) -> None:
        self._answer(status, json.dumps(doc), "application/json; charset=utf-8")

    def _record(self, body: bytes) -> Request:
        parts = urlsplit(self.path)
        request = Request(self.command, parts.path,
                          parse_qs(parts.query, keep_blank_values=True),
                          {k.lower(): v for k, v in self.headers.items()}, body)
        with self.owner.lock:
            self.owner.requests.append(request)
        return request

    def do_GET(self):
        request = self._record(b"")
        forum, path, query = self.owner, request.path, request.query
        with forum.lock:
            self._get(forum, path, query, request.headers)

    def _thread(self, forum, topic, kind):
        thread = forum.threads.get(int(topic))
        return thread if thread is not None and thread.kind == kind else None

    def _get(self, forum, path, query, headers):
        m = re.fullmatch(r"/t/(?:[^/]+/)?(\d+)(?:/posts)?\.(?:json|rss)", path)
        thread = forum.threads.get(int(m[1])) if m else None
        if thread is not None and thread.private and (
                headers.get("api-key") != forum.api_key
                or headers.get("api-username") != forum.api_username):
            return self._json(403, {"errors": ["You are not permitted to view the requested "
                                               "resource."], "error_type": "invalid_access"})
        raw = query.get("include_raw", [""])[0] in ("1", "true")
        m = re.fullmatch(r"/t/(?:[^/]+/)?(\d+)\.json", path)
        if m and self._thread(forum, m[1], "discourse"):
            return self._json(200, forum.topic_json(self._thread(forum, m[1], "discourse"),
                                                    raw))
        m = re.fullmatch(r"/t/(\d+)/posts\.json", path)
        if m and self._thread(forum, m[1], "discourse"):
            ids = [int(i) for i in query.get("post_ids[]", []) if i.isdigit()]
            return self._json(200, forum.posts_json(self._thread(forum, m[1], "discourse"),
                                                    ids, raw))
        m = re.fullmatch(r"/t/[^/]+/(\d+)\.rss", path)
        if m and self._thread(forum, m[1], "discourse"):
            return self._answer(200, forum.discourse_rss(self._thread(forum, m[1],
                                                                      "discourse")),
                                "application/rss+xml; charset=utf-8")
        m = re.fullmatch(r"/phpbb/app\.php/feed/topic/(\d+)", path)
        if m and self._thread(forum, m[1], "phpbb"):
            return self._answer(200, forum.phpbb_feed(self._thread(forum, m[1], "phpbb")),
                                "application/atom+xml; charset=UTF-8")
        if path == "/xmlapi2/thread":
            if forum.bgg_token and headers.get("authorization") != f"Bearer {forum.bgg_token}":
                return self._answer(401, "Unauthorized", "text/plain")
            topic = query.get("id", [""])[0]
            thread = self._thread(forum, topic, "bgg") if topic.isdigit() else None
            if thread is None:
                return self._answer(200, '<?xml version="1.0" encoding="utf-8"?>\n'
                                         '<error message="Thread not found"/>',
                                    "text/xml; charset=utf-8")
            low = query.get("minarticleid", ["0"])[0]
            return self._answer(200, forum.bgg_thread(thread, int(low) if low.isdigit()
                                                      else 0), "text/xml; charset=utf-8")
        m = re.fullmatch(r"/feeds/(\d+)\.rss", path)
        if m and self._thread(forum, m[1], "feed"):
            return self._answer(200, forum.plain_feed(self._thread(forum, m[1], "feed")),
                                "application/rss+xml; charset=utf-8")
        return self._json(404, {"errors": ["The requested URL or resource could not be "
                                           "found."], "error_type": "not_found"})

    def do_POST(self):
        length = self.headers.get("Content-Length", "0")
        body = self.rfile.read(int(length)) if length.isdigit() else b""
        request = self._record(body)
        if request.path == "/posts.json":
            status, doc = self.owner.create_post(request.headers, body)
            return self._json(status, doc)
        return self._json(404, {"errors": ["The requested URL or resource could not be "
                                           "found."], "error_type": "not_found"})


ForumStandIn.handler = _Handler
