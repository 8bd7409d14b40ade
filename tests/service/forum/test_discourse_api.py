"""What the referee sends Discourse, checked against what Discourse documents: the post
request (path, headers, JSON body) and the webhook's signature (HMAC-SHA256 of the raw
body with the webhook's secret, ``X-Discourse-Event-Signature: sha256=HEX``)."""
from __future__ import annotations

import hashlib
import hmac
import json

import pytest

from referee.service.errors import ForumRefused, WebhookError
from referee.service.forum import (DiscourseClient, ForumError, read_posts, thread_of,
                                   webhook_post, webhook_signature_ok)


def test_a_post_is_the_documented_request_and_appears_in_the_topic(forum):
    thread = forum.thread("discourse", "Hawaii, game 8")
    thread.post("alice", "RED: A3 #0")
    client = DiscourseClient(forum.base + "/", forum.api_key, forum.api_username)
    forum.requests.clear()
    answer = client.create_post(thread.topic_id, "RED played **A3**.", reply_to_post_number=1)
    [request] = forum.requests
    assert (request.method, request.path, request.query) == ("POST", "/posts.json", {})
    assert request.headers["api-key"] == forum.api_key
    assert request.headers["api-username"] == forum.api_username
    assert request.headers["content-type"] == "application/json"
    assert request.headers["user-agent"].startswith("referee/")
    assert json.loads(request.body) == {"topic_id": thread.topic_id,
                                        "raw": "RED played **A3**.",
                                        "reply_to_post_number": 1}
    assert (answer["post_number"], answer["username"]) == (2, forum.api_username)
    assert str(answer["id"]) == read_posts(thread_of(thread.url))[-1].post_id


def test_a_key_discourse_refuses_posts_nothing_and_says_why(forum):
    thread = forum.thread("discourse", "Hawaii, game 9")
    for key, user in (("wrong-key", forum.api_username), (forum.api_key, "mallory")):
        with pytest.raises(ForumRefused) as refused:
            DiscourseClient(forum.base, key, user).create_post(thread.topic_id, "hello")
        assert refused.value.status == 403
        assert "API username or key is invalid" in str(refused.value)
    assert thread.posts == []


def test_discourses_reasons_for_refusing_a_post_are_in_the_error(forum):
    client = DiscourseClient(forum.base, forum.api_key, forum.api_username)
    thread = forum.thread("discourse", "Hawaii, game 10")
    with pytest.raises(ForumRefused) as refused:
        client.create_post(thread.topic_id, "   ")
    assert refused.value.status == 422 and "Body can't be blank" in str(refused.value)
    with pytest.raises(ForumRefused) as refused:
        client.create_post(987654321, "to a topic that is not there")
    assert refused.value.status == 404


@pytest.mark.parametrize("key,user", [("key\r\nX-Evil: 1", "bot"), ("key", "bot\nX: y"),
                                      ("", "bot"), ("key", "")])
def test_credentials_that_would_break_a_header_are_refused_before_any_request(forum, key,
                                                                              user):
    with pytest.raises(ForumError):
        DiscourseClient(forum.base, key, user)
    assert forum.requests == []


def test_the_stand_ins_webhook_signature_is_discourses(forum):
    thread = forum.thread("discourse", "Hawaii, game 11")
    body, headers = thread.webhook(thread.post("alice", "RED: A3 #0"))
    expected = hmac.new(forum.webhook_secret.encode(), body, hashlib.sha256).hexdigest()
    assert headers["X-Discourse-Event-Signature"] == f"sha256={expected}"
    assert webhook_signature_ok(body, headers["X-Discourse-Event-Signature"],
                                forum.webhook_secret)
    assert webhook_signature_ok(body, f"sha256={expected.upper()}", forum.webhook_secret)


def test_a_bad_missing_or_forged_signature_is_refused(forum):
    thread = forum.thread("discourse", "Hawaii, game 12")
    body, headers = thread.webhook(thread.post("alice", "RED: A3 #0"))
    good = headers["X-Discourse-Event-Signature"]
    secret = forum.webhook_secret
    forged = "sha256=" + hmac.new(b"guessed", body, hashlib.sha256).hexdigest()
    altered = body.replace(b"A3", b"A4")
    sha1 = "sha1=" + hmac.new(secret.encode(), body, hashlib.sha1).hexdigest()
    assert not webhook_signature_ok(body, None, secret)
    assert not webhook_signature_ok(body, "", secret)
    assert not webhook_signature_ok(body, forged, secret)
    assert not webhook_signature_ok(altered, good, secret)
    assert not webhook_signature_ok(body, sha1, secret)
    assert not webhook_signature_ok(body, good[:-1], secret)
    assert not webhook_signature_ok(body, good + "0", secret)
    assert not webhook_signature_ok(body, good.replace("sha256=", ""), secret)
    assert not webhook_signature_ok(body, "sha256=" + "é" * 64, secret)
    assert not webhook_signature_ok(body, good, "")          # no secret: nothing believed
    assert not webhook_signature_ok(body, good, secret + "x")


def test_the_post_of_a_post_created_delivery(forum):
    thread = forum.thread("discourse", "Hawaii, game 13")
    thread.post("bob", "BLUE: A1 #0")
    pid = thread.post("alice", '[quote="bob, post:1, topic:9"]\nBLUE: A1 #0\n[/quote]\n'
                               "RED: A3 #1")
    body, headers = thread.webhook(pid)
    post = webhook_post(body, headers)
    read = read_posts(thread_of(thread.url))[-1]
    assert post == read
    assert (post.post_id, post.author, post.text, post.number) == (pid, "alice",
                                                                   "RED: A3 #1", 2)
    lower = {k.lower(): v for k, v in headers.items()}
    assert webhook_post(body, lower) == post                  # header names in any case


def test_other_events_are_no_post_and_a_bad_body_is_a_clear_error(forum):
    thread = forum.thread("discourse", "Hawaii, game 14")
    body, headers = thread.webhook(thread.post("alice", "RED: A3 #0"))
    assert webhook_post(body, {**headers, "X-Discourse-Event": "post_edited"}) is None
    assert webhook_post(body, None) is None and webhook_post(body, []) is None
    assert webhook_post(b'{"ping": "OK"}', {**headers, "X-Discourse-Event": "ping"}) is None
    for bad in (b"not json", b"\xff\xfe", b"[]", b'{"post": "x"}', b'{"post": {}}',
                b'{"post": {"topic_id": "9"}}'):
        with pytest.raises(WebhookError) as failed:
            webhook_post(bad, headers)
        assert failed.value.code == "forum-webhook"
    no_instance = {k: v for k, v in headers.items() if k != "X-Discourse-Instance"}
    with pytest.raises(WebhookError):
        webhook_post(body, no_instance)
    small_action = json.loads(body)
    small_action["post"]["post_type"] = 3
    assert webhook_post(json.dumps(small_action).encode(), headers) is None
