"""The limits of every request to a forum, against a server that misbehaves: too big,
too slow, dripping, failing, redirecting elsewhere; and documents that are not the
forum's format. Each gives a ForumError with its code and a sentence, never a traceback."""
from __future__ import annotations

import pytest

from referee.service.errors import (ForumDocumentError, ForumRefused, ForumTooLarge,
                                    ForumUnreachable)
from referee.service.forum import http_fetch, read_posts, thread_of
from tests.service.forum.badserver import BadServer


@pytest.fixture
def bad():
    with BadServer(slow=3.0) as server:
        yield server


@pytest.mark.parametrize("path", ["/big/4000001", "/bigchunked/4000001"])
def test_an_answer_over_the_limit_is_refused(bad, path):
    with pytest.raises(ForumTooLarge) as failed:
        http_fetch(bad.base + path)
    assert failed.value.code == "forum-too-large" and "4,000,000" in str(failed.value)
    assert len(http_fetch(bad.base + "/big/4000000")) == 4_000_000
    with pytest.raises(ForumTooLarge):
        http_fetch(bad.base + "/big/1001", limit=1000)


@pytest.mark.parametrize("path", ["/slow", "/drip"])
def test_a_slow_or_dripping_server_is_given_up(bad, path):
    with pytest.raises(ForumUnreachable) as failed:
        http_fetch(bad.base + path, timeout=0.5)
    assert failed.value.temporary and "0.5 seconds" in str(failed.value)


@pytest.mark.parametrize("status,error,temporary", [
    (404, ForumRefused, False), (403, ForumRefused, False), (410, ForumRefused, False),
    (429, ForumUnreachable, True), (500, ForumUnreachable, True),
    (503, ForumUnreachable, True)])
def test_an_error_status_is_refused_or_worth_a_retry(bad, status, error, temporary):
    with pytest.raises(error) as failed:
        http_fetch(f"{bad.base}/status/{status}")
    assert failed.value.status == status and failed.value.temporary is temporary
    assert str(status) in str(failed.value) and failed.value.body.startswith(b'{"errors"')


@pytest.mark.parametrize("target", ["file:///etc/passwd", "ftp://127.0.0.1/x",
                                    "gopher://127.0.0.1/x", "data:text/plain,hi"])
def test_a_redirect_to_anything_but_http_is_not_followed(bad, target):
    with pytest.raises(ForumRefused) as failed:
        http_fetch(f"{bad.base}/redirect?to={target}")
    assert "redirected" in str(failed.value) and "\n" not in str(failed.value)


def test_a_redirect_to_http_is_followed_and_a_loop_is_not(bad):
    echoed = http_fetch(f"{bad.base}/redirect?to={bad.base}/echo")
    assert b'"User-Agent": "referee/' in echoed
    with pytest.raises(ForumRefused):
        http_fetch(bad.base + "/loop")


def test_no_server_and_no_http_are_clear_failures():
    with pytest.raises(ForumUnreachable) as failed:
        http_fetch("http://127.0.0.1:1/t/1.json")
    assert "could not be reached" in str(failed.value)
    for url in ("file:///etc/passwd", "ftp://example.org/x", "javascript:alert(1)"):
        with pytest.raises(ForumRefused):
            http_fetch(url)


@pytest.mark.parametrize("path", ["/garbage/t/x/1", "/garbage/phpbb/viewtopic.php?t=1",
                                  "/garbage/feed.xml"])
def test_a_document_that_is_not_the_forums_format_is_a_clear_error(bad, path):
    with pytest.raises(ForumDocumentError) as failed:
        read_posts(thread_of(bad.base + path))
    assert failed.value.code == "forum-document"


def test_an_xml_entity_bomb_is_refused_unread(bad):
    with pytest.raises(ForumDocumentError) as failed:
        read_posts(thread_of(bad.base + "/thread/1/a-bomb"))
    assert "DTD" in str(failed.value)
    with pytest.raises(ForumDocumentError):             # read as a feed: refused too
        read_posts(thread_of(bad.base + "/bomb/feed.xml"))


def test_a_forum_that_fails_mid_thread_is_a_forum_error(bad):
    for path in ("/status/500/t/x/1", "/drip/thread/3"):
        with pytest.raises(ForumUnreachable):
            read_posts(thread_of(bad.base + path), fetch=lambda url, **kw: http_fetch(
                url, timeout=0.5, **kw))
