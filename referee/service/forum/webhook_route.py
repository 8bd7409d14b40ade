"""Discourse's ``post_created`` webhook (``POST /forum/discourse``): a post handled at
once, as a poll would handle it later (once, whichever comes first).

The body is checked against its signature (``X-Discourse-Event-Signature``, an
HMAC-SHA256 of the body under the webhook's secret, REFEREE_DISCOURSE_WEBHOOK_SECRET)
before anything in it is read; a missing or bad signature, a body that is not the
JSON Discourse sends, or a topic no game follows is answered 4xx and changes nothing.
"""
from __future__ import annotations

import logging
import os

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from referee.service.errors import ForumError
from referee.service.forum import webhook_post, webhook_signature_ok
from referee.service.forum.intake import handle_post, post_ref

SECRET = "REFEREE_DISCOURSE_WEBHOOK_SECRET"
SIGNATURE = "X-Discourse-Event-Signature"
MAX_BODY = 1_000_000           # bytes: a post's JSON is a few kilobytes
log = logging.getLogger("referee")


def _text(status: int, text: str) -> PlainTextResponse:
    return PlainTextResponse(text + "\n", status_code=status)


async def discourse(request: Request):
    secret = os.environ.get(SECRET)
    if not secret:
        return _text(404, "This host takes no Discourse webhook (no secret is set).")
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        return _text(413, "Too large for a post's webhook.")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return _text(413, "Too large for a post's webhook.")
    if not webhook_signature_ok(body, request.headers.get(SIGNATURE), secret):
        return _text(403, "The signature is missing or wrong; nothing was done.")
    try:
        post = webhook_post(body, dict(request.headers))
    except ForumError as err:
        return _text(400, f"Not a post the referee can read: {err.reason}")
    if post is None:
        return _text(200, "Not a new post; nothing to do.")
    store = request.app.state.store
    done = await run_in_threadpool(lambda: handle_post(store, post, webhook=True))
    if done.outcome == "unknown":
        return _text(404, "No game follows this topic; nothing was done.")
    log.info("forum webhook %s: %s %s %s", post_ref(post), done.outcome, done.game_id or "",
             done.seat or "")
    return _text(200, done.outcome)


ROUTES = [Route("/forum/discourse", discourse, methods=["POST"])]   # beside the web page
