"""Documents a hostile forum may send, each refused with a ForumDocumentError (or a 400
for a webhook) and never a traceback (issue 32): XML with a DTD wherever XML is read,
in whatever encoding it comes, and JSON nested deeper than the parser goes. One
thread that cannot be read, for any reason, never stops the reading of the others."""
from __future__ import annotations

import hashlib
import hmac

import pytest

from referee.service.errors import ForumDocumentError, ForumRefused, WebhookError
from referee.service.forum import (DiscourseClient, http_fetch, read_posts, thread_of,
                                   webhook_post)
from referee.service.forum import intake
from referee.service.store import open_store
from tests.service.forum.badserver import DEEP, BadServer
from tests.service.forum.hostkit_forum import host_new
from tests.service.forum.standin import ForumStandIn


@pytest.fixture
def bad():
    with BadServer() as server:
        yield server


def test_a_feed_with_a_dtd_is_refused_unexpanded(bad):
    for path in ("/laughs/feed.xml", "/bomb/feed.xml"):
        with pytest.raises(ForumDocumentError) as refused:
            read_posts(thread_of(bad.base + path, "feed"))
        assert "DTD" in str(refused.value), path


def test_a_boardgamegeek_document_with_a_dtd_is_refused_in_any_encoding(bad):
    thread = thread_of(bad.base + "/thread/1/a-bomb")
    for path in ("/xmlapi2/thread", "/bomb16/thread"):
        with pytest.raises(ForumDocumentError) as refused:
            read_posts(thread, fetch=lambda url, **kw: http_fetch(bad.base + path, **kw))
        assert "DTD" in str(refused.value), path


def test_a_discourse_topic_nested_too_deep_is_a_document_error(bad):
    with pytest.raises(ForumDocumentError) as refused:
        read_posts(thread_of(bad.base + "/deep/t/x/1"))
    assert "nested deeper" in str(refused.value)


def test_a_refusal_whose_reason_is_nested_too_deep_is_still_a_refusal(bad):
    client = DiscourseClient(bad.base + "/deeperror", "key", "referee")
    with pytest.raises(ForumRefused) as refused:
        client.create_post(1, "hello")
    assert refused.value.status == 422


def _signed(secret: str, body: bytes) -> dict:
    return {"X-Discourse-Event": "post_created", "X-Discourse-Event-Type": "post",
            "X-Discourse-Instance": "https://forum.example.org",
            "X-Discourse-Event-Signature":
                "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()}


def test_a_signed_webhook_nested_too_deep_is_answered_400(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    from referee.service.daemon import host_app
    from referee.service.forum.webhook_route import SECRET

    body = b'{"post": ' + DEEP + b"}"
    with pytest.raises(WebhookError) as refused:
        webhook_post(body, _signed("s", body))
    assert "nested deeper" in str(refused.value)
    monkeypatch.setenv(SECRET, "a-long-random-secret")
    store = open_store(f"sqlite:///{tmp_path / 'r.db'}")
    answer = TestClient(host_app(store)).post(
        "/forum/discourse", content=body, headers=_signed("a-long-random-secret", body))
    assert answer.status_code == 400 and "nested deeper" in answer.text
    assert "Traceback" not in answer.text
    store.dispose()


def test_one_thread_that_cannot_be_read_does_not_stop_the_others(tmp_path, capsys, bad):
    """Three topics that could be read when their games were made; at the poll one
    answers JSON nested too deep, one fails as no reader foresaw, one is read."""
    db = f"sqlite:///{tmp_path / 'r.db'}"
    with ForumStandIn() as forum:
        good, deep, odd = (forum.thread("discourse", name) for name in ("good", "deep", "odd"))
        host_new(capsys, db, "hawaii", good.url, {"RED": "alice", "GREEN": "bob"})
        host_new(capsys, db, "hawaii", deep.url, {"RED": "carol", "GREEN": "dave"})
        host_new(capsys, db, "hawaii", odd.url, {"RED": "erin", "GREEN": "frank"})
        good.post("alice", "salt pepper")
        store = open_store(db)

        def fetch(url, **kw):
            if f"/t/{deep.topic_id}" in url:
                return http_fetch(bad.base + "/deep/t/deep.json", **kw)
            if f"/t/{odd.topic_id}" in url:
                raise LookupError("a surprise")
            return http_fetch(url, **kw)

        polled = intake.poll(store, fetch=fetch)
        assert polled.handled == 1
        failed = dict(polled.failures)
        assert len(failed) == 2
        assert "nested deeper" in failed[thread_of(deep.url).url]
        assert failed[thread_of(odd.url).url] == \
            "the referee could not read it (LookupError: a surprise)"
        store.dispose()
