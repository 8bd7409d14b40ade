"""The posts of a thread, whatever the forum: one entry for the host's poller."""
from __future__ import annotations

from referee.service.forum.bgg import read_bgg
from referee.service.forum.discourse import discourse_ids, read_discourse
from referee.service.forum.feeds import read_feed
from referee.service.forum.fetch import http_fetch
from referee.service.forum.records import Post, Thread

_READERS = {"discourse": read_discourse, "phpbb": read_feed, "bgg": read_bgg,
            "feed": read_feed}


def read_posts(thread: Thread, *, since: str | None = None, fetch=http_fetch) -> list[Post]:
    """The thread's posts, oldest first, after ``since`` (the last post id handled)
    where the source still shows it. The host still remembers the ids it handled: a
    feed holds only the last posts, and a post edited or read twice keeps its id."""
    if since is not None and not isinstance(since, str):
        since = str(since)
    return _READERS[thread.kind](thread, since, fetch)


def post_ids(thread: Thread, *, fetch=http_fetch) -> list[str]:
    """The ids of the posts the thread holds now (a Discourse topic: every one, from its
    stream; a feed: the last posts it shows), for a game about to follow it."""
    if thread.kind == "discourse":
        return discourse_ids(thread, fetch)
    return [p.post_id for p in read_posts(thread, fetch=fetch)]
