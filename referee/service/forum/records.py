"""What the forum layer hands up: a thread the host follows and a post read from it.

Both are frozen values, so the host can keep them, compare them and key its store by
them; the forum's own documents never travel further than this package.
"""
from __future__ import annotations

from dataclasses import dataclass

KINDS = ("discourse", "phpbb", "bgg", "feed")


@dataclass(frozen=True)
class Thread:
    kind: str               # one of KINDS
    url: str                # the thread's address, normalised (what a reader opens)
    key: str                # short and stable: names the thread in the store
    base: str               # the forum's root (scheme, host, any folder it is installed in)
    topic_id: int | None    # the forum's number for the thread (None for a plain feed)
    source: str             # the address read first: topic JSON, feed, XML API document


@dataclass(frozen=True)
class Post:
    thread_key: str
    post_id: str            # stable for this post however often it is read
    author: str             # the account name as the forum shows it, no "@"
    text: str               # plain text for the command reader: no markup, quotes, signature
    created: float | None = None    # epoch seconds
    edited: float | None = None     # epoch seconds of the last edit, None if never edited
    url: str | None = None
    number: int | None = None       # the post's number in the thread, where the forum has one
