"""Discourse's webhook: a post arrives the moment it is made.

Documented by Discourse (``Jobs::EmitWebHookEvent`` in discourse/discourse, and the
webhooks guide on meta.discourse.org): a POST whose JSON body is ``{"post": {...}}``
(the post as ``WebHookPostSerializer`` writes it, ``raw`` included), with the headers
``X-Discourse-Event-Type: post``, ``X-Discourse-Event: post_created``,
``X-Discourse-Instance`` (the forum's address) and, when the webhook has a secret,
``X-Discourse-Event-Signature: sha256=HEX``, the HMAC-SHA256 of the raw body keyed with
that secret. A delivery is believed only with a good signature: the address of the
webhook is public, the secret is not.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import re
from collections.abc import Mapping

from referee.service.errors import ForumError, WebhookError
from referee.service.hosted.threads import thread_of
from referee.service.forum.discourse import discourse_post
from referee.service.forum.records import Post

EVENT = "post_created"
_SIGNATURE = re.compile(r"^sha256=([0-9a-fA-F]{64})$")


def webhook_signature_ok(body: bytes, header: str | None, secret: str) -> bool:
    """Whether ``header`` is Discourse's signature of ``body`` with ``secret``
    (compared in constant time). Missing, malformed or wrong: False."""
    if not secret or not isinstance(header, str) or not isinstance(body, (bytes, bytearray)):
        return False
    m = _SIGNATURE.match(header.strip())
    if not m:
        return False
    expected = hmac.new(secret.encode("utf-8"), bytes(body), hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected.encode("ascii"), m[1].lower().encode("ascii"))


def _lower(headers) -> dict[str, str]:
    if headers is None:
        return {}
    items = headers.items() if isinstance(headers, Mapping) or hasattr(headers, "items") \
        else headers
    return {str(k).lower(): str(v) for k, v in items}


def webhook_post(body: bytes, headers) -> Post | None:
    """The post a ``post_created`` delivery carries; None for any other event or a post
    that is no player's (a small action, a whisper). The signature is checked apart,
    with webhook_signature_ok, before this is called. Bad JSON: WebhookError."""
    named = _lower(headers)
    if named.get("x-discourse-event") != EVENT:
        return None
    try:
        doc = json.loads(bytes(body).decode("utf-8"))
    except (UnicodeDecodeError, ValueError, TypeError):
        raise WebhookError("the webhook's body is not the JSON Discourse sends") from None
    except RecursionError:        # nested deeper than the parser goes
        raise WebhookError("the webhook's body is nested deeper than any JSON Discourse "
                           "sends") from None
    post = doc.get("post") if isinstance(doc, dict) else None
    if not isinstance(post, dict):
        raise WebhookError("the post_created webhook carries no post")
    topic = post.get("topic_id")
    if not isinstance(topic, int) or isinstance(topic, bool):
        raise WebhookError("the post in the webhook names no topic")
    instance = named.get("x-discourse-instance", "").rstrip("/")
    try:
        thread = thread_of(f"{instance}/t/{topic}", "discourse")
    except ForumError:
        raise WebhookError("the webhook has no X-Discourse-Instance header naming the "
                           "forum's http(s) address") from None
    return discourse_post(thread.key, thread.base, post)
