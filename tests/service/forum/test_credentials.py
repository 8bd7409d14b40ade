"""A forum credential goes only to the forum it was made for (issue 32): the Discourse
API key to the forum REFEREE_DISCOURSE_URL names, BoardGameGeek's token to
BoardGameGeek's host; and no read, with a credential or without, follows a redirect
off the host it was sent to. Two local servers stand for two hosts: what one of them
was never sent is read from its own record of requests."""
from __future__ import annotations

import pytest

from referee.service.errors import ForumRefused
from referee.service.forum import DiscourseClient, http_fetch, read_posts, thread_of
from referee.service.forum import intake
from referee.service.forum.posting import discourse_client, post_answers
from referee.service.store import open_store
from tests.service.forum.badserver import BadServer
from tests.service.forum.hostkit_forum import host_new
from tests.service.forum.standin import ForumStandIn


@pytest.fixture
def bad():
    with BadServer() as server:
        yield server


def _keys_seen(forum) -> list:
    return [r.headers.get("api-key") for r in forum.requests if r.headers.get("api-key")]


def test_a_redirect_to_another_host_is_not_followed(bad, forum):
    port = bad.base.rsplit(":", 1)[1]
    for target in (f"{forum.base}/t/1.json",                 # another port
                   f"http://localhost:{port}/echo"):         # another name, the same server
        with pytest.raises(ForumRefused) as refused:
            http_fetch(f"{bad.base}/redirect?to={target}")
        assert "another host" in str(refused.value) and refused.value.status == 302
    assert forum.requests == []
    assert b"referee/" in http_fetch(f"{bad.base}/redirect?to=/echo")   # its own host


def test_the_api_key_never_follows_a_redirect_off_its_forum(bad, forum):
    client = DiscourseClient(bad.base, forum.api_key, forum.api_username)
    with pytest.raises(ForumRefused):
        client.fetch(f"{bad.base}/redirect?to={forum.base}/t/1.json")
    assert _keys_seen(forum) == []


def test_a_feed_that_redirects_off_its_host_is_not_read(bad, forum):
    thread = forum.thread("feed", "elsewhere")
    thread.post("alice", "RED: salt pepper")
    with pytest.raises(ForumRefused) as refused:
        read_posts(thread_of(f"{bad.base}/redirect?to={thread.url}", "feed"))
    assert "another host" in str(refused.value)
    assert forum.requests == []


def test_the_api_key_goes_only_to_the_forum_it_is_for(tmp_path, capsys, monkeypatch):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    with ForumStandIn() as ours, ForumStandIn(api_key="another-forums-key") as theirs:
        monkeypatch.setenv("REFEREE_DISCOURSE_API_KEY", ours.api_key)
        monkeypatch.setenv("REFEREE_DISCOURSE_USER", ours.api_username)
        monkeypatch.setenv("REFEREE_DISCOURSE_URL", ours.base + "/")
        mine = ours.thread("discourse", "ours")
        other = theirs.thread("discourse", "a forum that only looks like ours")
        host_new(capsys, db, "hawaii", mine.url, {"RED": "alice", "GREEN": "bob"})
        host_new(capsys, db, "hawaii", other.url, {"RED": "carol", "GREEN": "dave"})
        other.post("carol", "salt pepper")
        store = open_store(db)
        polled = intake.poll(store)
        assert polled.failures == [] and polled.handled == 1
        client_for = discourse_client()
        assert client_for.serves(thread_of(mine.url).base)
        assert not client_for.serves(thread_of(other.url).base)
        posted = post_answers(store, client_for)
        assert posted.failed == 2 and posted.sent == 1     # two openings and carol's answer
        assert _keys_seen(theirs) == [] and ours.requests and _keys_seen(ours)
        with pytest.raises(ForumRefused) as refused:
            client_for(thread_of(other.url).base)
        assert "REFEREE" not in str(refused.value) and theirs.base in str(refused.value)


def test_a_key_without_its_forum_goes_nowhere(monkeypatch, forum):
    monkeypatch.setenv("REFEREE_DISCOURSE_API_KEY", forum.api_key)
    monkeypatch.setenv("REFEREE_DISCOURSE_USER", forum.api_username)
    monkeypatch.delenv("REFEREE_DISCOURSE_URL", raising=False)
    client_for = discourse_client()
    assert not client_for.serves(forum.base)
    with pytest.raises(ForumRefused) as refused:
        client_for(forum.base)
    assert "REFEREE_DISCOURSE_URL" in str(refused.value)
    assert forum.requests == []


def test_the_boardgamegeek_token_goes_only_to_boardgamegeek(monkeypatch):
    with ForumStandIn(bgg_token="registered-app-token") as forum:
        thread = forum.thread("bgg", "a thread on a host that is not BoardGameGeek")
        thread.post("alice", "hello")
        monkeypatch.setenv("REFEREE_BGG_TOKEN", "registered-app-token")
        monkeypatch.delenv("REFEREE_BGG_URL", raising=False)
        with pytest.raises(ForumRefused) as refused:
            read_posts(thread_of(thread.url))
        assert refused.value.status == 401
        assert all("authorization" not in r.headers for r in forum.requests)
