"""What the forum layer hands up: a post read from a thread the host follows
(:class:`referee.service.hosted.threads.Thread`).

It is a frozen value, so the host can keep them, compare them and key its store by
it; the forum's own documents never travel further than this package.
"""
from __future__ import annotations

from dataclasses import dataclass

from referee.service.hosted.threads import KINDS, Thread  # noqa: F401 (read with Post)


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
