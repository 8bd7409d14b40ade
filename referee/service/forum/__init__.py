"""Forum threads: where a game is played by posts (docs/forum-sources.md).

Reads a thread from the forum's own documents (Discourse's topic JSON, phpBB's and any
RSS or Atom feed, BoardGameGeek's XML API), turns each post into the plain text the mail
command reader takes, posts answers through Discourse's API and checks its webhook's
signature. It knows nothing of games, seats or the store: the host above decides whose
posts count and what to answer.
"""
from referee.service.errors import ForumError
from referee.service.hosted.threads import thread_of
from referee.service.forum.discourse import DiscourseAccount, DiscourseClient
from referee.service.forum.fetch import http_fetch
from referee.service.forum.markup import post_text
from referee.service.forum.posts import post_ids, read_posts
from referee.service.forum.records import Post, Thread
from referee.service.forum.webhook import webhook_post, webhook_signature_ok

__all__ = ["Thread", "Post", "thread_of", "read_posts", "post_ids", "post_text", "http_fetch",
           "DiscourseClient", "DiscourseAccount", "webhook_signature_ok", "webhook_post",
           "ForumError"]
