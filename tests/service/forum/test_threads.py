"""Each forum's thread read through the stand-in forum, as the referee reads the real
ones: the authors, the post ids (stable however often read, edited or not), the order,
``since``, and the forum's quotes and signatures gone from the text."""
from __future__ import annotations

import pytest

from referee.service.forum import ForumError, read_posts, thread_of
from referee.service.errors import ForumRefused
from tests.service.forum.standin import ForumStandIn

KINDS = ("discourse", "phpbb", "bgg", "feed")
# a reply quoting the other player, in each forum's own markup
QUOTING = {
    "discourse": '[quote="bob, post:2, topic:9"]\nBLUE: A1 #1\n[/quote]\nRED: B2 #2\n'
                 "> and this too\ngood luck\n-- \nalice of Hilo",
    "phpbb": '[quote="bob" post_id=2 time=1790000000 user_id=3]BLUE: A1 #1[/quote]\n'
             "RED: B2 #2\ngood luck\n-- \nalice of Hilo",
    "bgg": '[q="bob"]BLUE: A1 #1[/q]\nRED: B2 #2\ngood luck\n-- \nalice of Hilo',
    "feed": "> BLUE: A1 #1\n\nRED: B2 #2\ngood luck\n-- \nalice of Hilo",
}


def _game(forum, kind):
    thread = forum.thread(kind, "Hawaii, game 7")
    ids = [thread.post("alice", "Hi all, I am RED.\nRED: A3 #0"),
           thread.post("bob", "BLUE: A1 #1"),
           thread.post("carol", "Nice opening! (just watching)"),
           thread.post("alice", QUOTING[kind])]
    return thread, ids


@pytest.mark.parametrize("kind", KINDS)
def test_each_forum_is_recognised_from_the_address_a_moderator_copies(forum, kind):
    thread = forum.thread(kind, "Haleakala at the summit")
    found = thread_of(thread.url)
    assert found.kind == kind
    assert found.topic_id == (None if kind == "feed" else thread.topic_id)
    assert thread_of(found.url) == found        # the normalised address names the same


@pytest.mark.parametrize("kind", KINDS)
def test_each_source_gives_authors_ids_order_and_the_words_outside_quotes(forum, kind):
    thread, ids = _game(forum, kind)
    posts = read_posts(thread_of(thread.url))
    assert [p.post_id for p in posts] == ids
    assert [p.author for p in posts] == ["alice", "bob", "carol", "alice"]
    assert posts[0].text == "Hi all, I am RED.\nRED: A3 #0"
    assert posts[1].text == "BLUE: A1 #1"
    last = posts[3].text
    assert "RED: B2 #2" in last and "good luck" in last
    assert "BLUE" not in last and "this too" not in last and "Hilo" not in last
    created = [p.created for p in posts]
    assert None not in created and created == sorted(created)
    assert {p.thread_key for p in posts} == {thread_of(thread.url).key}


@pytest.mark.parametrize("kind", KINDS)
def test_since_gives_only_the_posts_after_it(forum, kind):
    thread, ids = _game(forum, kind)
    found = thread_of(thread.url)
    assert [p.post_id for p in read_posts(found, since=ids[1])] == ids[2:]
    assert read_posts(found, since=ids[-1]) == []
    more = thread.post("bob", "BLUE: C4 #3")
    assert [p.post_id for p in read_posts(found, since=ids[-1])] == [more]


@pytest.mark.parametrize("kind", KINDS)
def test_an_edit_keeps_the_posts_id_and_is_marked_where_the_source_says_so(forum, kind):
    thread, ids = _game(forum, kind)
    found = thread_of(thread.url)
    before = read_posts(found)[1]
    thread.edit(ids[1], "BLUE: A2 #1")
    after = read_posts(found)[1]
    assert (after.post_id, after.author, after.created) == (before.post_id, "bob",
                                                            before.created)
    assert after.text == "BLUE: A2 #1" and before.edited is None
    # a plain RSS feed has no date of an edit; the others say when
    assert (after.edited is not None) == (kind != "feed")
    assert after.edited is None or after.edited > after.created


def test_discourse_reads_past_the_first_twenty_posts_from_posts_json(forum):
    thread = forum.thread("discourse", "A long game")
    ids = [thread.post("alice" if n % 2 else "bob", f"post {n}") for n in range(45)]
    posts = read_posts(thread_of(thread.url))
    assert [p.post_id for p in posts] == ids
    assert [p.number for p in posts] == list(range(1, 46))
    asked = [r for r in forum.requests if r.path.endswith("/posts.json")]
    assert [len(r.query["post_ids[]"]) for r in asked] == [20, 5]
    assert all(r.query["include_raw"] == ["1"] for r in asked)
    first = [r for r in forum.requests if r.path == f"/t/{thread.topic_id}.json"]
    assert first and first[0].query["include_raw"] == ["1"]


def test_discourse_since_asks_only_for_the_posts_after_it(forum):
    thread = forum.thread("discourse", "A long game")
    ids = [thread.post("alice", f"post {n}") for n in range(30)]
    forum.requests.clear()
    assert [p.post_id for p in read_posts(thread_of(thread.url), since=ids[25])] == ids[26:]
    asked = [r.query["post_ids[]"] for r in forum.requests if r.path.endswith("/posts.json")]
    assert asked == [ids[26:]]


def test_discourse_small_actions_whispers_and_deleted_posts_are_no_posts(forum):
    thread = forum.thread("discourse", "Closed game")
    kept = thread.post("alice", "RED: A3 #0")
    thread.find(thread.post("moderator", "closed the topic")).post_type = 3
    thread.find(thread.post("moderator", "psst")).post_type = 4
    thread.find(thread.post("bob", "BLUE: A1 #1")).deleted = True
    assert [p.post_id for p in read_posts(thread_of(thread.url))] == [kept]


def test_discourse_answers_posted_through_the_api_are_read_back_as_the_api_user(forum):
    from referee.service.forum import DiscourseClient
    thread = forum.thread("discourse", "Answered game")
    thread.post("alice", "RED: A3 #0")
    DiscourseClient(forum.base, forum.api_key, forum.api_username).create_post(
        thread.topic_id, "**RED** played A3.\n\n    ply 1 chain 0a1b")
    posts = read_posts(thread_of(thread.url))
    assert [p.author for p in posts] == ["alice", forum.api_username]
    assert "RED played A3." in posts[1].text


def test_a_discourse_topic_read_as_its_rss_feed(forum):
    thread, ids = _game(forum, "discourse")
    found = thread_of(thread.url + ".rss", "feed")
    posts = read_posts(found)
    assert found.kind == "feed"
    assert [p.author for p in posts] == ["alice", "bob", "carol", "alice"]
    assert [p.number for p in posts] == [1, 2, 3, 4]
    assert [p.post_id for p in posts] == ["1", "2", "3", "4"]
    assert posts[1].text == "BLUE: A1 #1"
    assert "RED: B2 #2" in posts[3].text and "BLUE" not in posts[3].text
    assert "Read full topic" not in posts[3].text and "wrote" not in posts[3].text
    assert [p.post_id for p in read_posts(found, since="2")] == ["3", "4"]


def test_phpbb_feed_holds_the_last_posts_only_and_drops_its_statistics_line(forum):
    thread = forum.thread("phpbb", "A busy topic")
    ids = [thread.post("alice", f"RED: move {n}") for n in range(20)]
    posts = read_posts(thread_of(thread.url))
    assert [p.post_id for p in posts] == ids[-forum.feed_limit:]
    assert all("Statistics" not in p.text and "Posted by" not in p.text for p in posts)
    assert [p.post_id for p in read_posts(thread_of(thread.url), since=ids[2])] \
        == ids[-forum.feed_limit:]        # the feed no longer has ids[2]; newer ids are kept


def test_bgg_minarticleid_is_asked_for_and_the_token_is_sent(monkeypatch):
    with ForumStandIn(bgg_token="registered-app-token") as forum:
        thread, ids = _game(forum, "bgg")
        found = thread_of(thread.url)
        monkeypatch.delenv("REFEREE_BGG_TOKEN", raising=False)
        with pytest.raises(ForumRefused) as refused:
            read_posts(found)
        assert refused.value.status == 401 and refused.value.code == "forum-refused"
        monkeypatch.setenv("REFEREE_BGG_TOKEN", "registered-app-token")
        monkeypatch.setenv("REFEREE_BGG_URL", forum.base)     # BoardGameGeek's stand-in
        assert [p.post_id for p in read_posts(found, since=ids[0])] == ids[1:]
        last = forum.requests[-1]
        assert last.path == "/xmlapi2/thread"
        assert last.query == {"id": [str(thread.topic_id)],
                              "minarticleid": [str(int(ids[0]) + 1)]}
        assert last.headers["authorization"] == "Bearer registered-app-token"
        assert last.headers["user-agent"].startswith("referee/")


def test_a_thread_the_forum_does_not_have_is_a_clear_refusal(forum):
    for url in (f"{forum.base}/t/gone/999999", f"{forum.base}/phpbb/viewtopic.php?t=999999",
                f"{forum.base}/thread/999999/gone", f"{forum.base}/feeds/999999.rss"):
        with pytest.raises(ForumError) as failed:
            read_posts(thread_of(url))
        assert failed.value.code == "forum-refused", url
        assert "999999" in str(failed.value) or "not found" in str(failed.value)
        assert ("feeds are switched on" in str(failed.value)) == ("phpbb" in url)


def test_a_private_discourse_topic_is_read_with_the_api_users_headers(forum):
    from referee.service.forum import DiscourseClient
    thread = forum.thread("discourse", "Members only")
    thread.private = True
    ids = [thread.post("alice", f"RED: move {n}") for n in range(25)]
    found = thread_of(thread.url)
    with pytest.raises(ForumRefused) as refused:
        read_posts(found)
    assert refused.value.status == 403
    client = DiscourseClient(forum.base, forum.api_key, forum.api_username)
    assert [p.post_id for p in read_posts(found, fetch=client.fetch)] == ids
    reads = [r for r in forum.requests if r.method == "GET"][-2:]
    assert all(r.headers["api-key"] == forum.api_key for r in reads)
    assert all("content-type" not in r.headers for r in reads)


def test_a_feed_of_plain_text_keeps_its_lines():
    atom = b"""<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><id>urn:t</id>
<updated>2026-11-25T10:00:00Z</updated>
<entry><id>urn:post:1</id><title>p</title><author><name>alice</name></author>
<updated>2026-11-25T10:00:00Z</updated><published>2026-11-25T10:00:00Z</published>
<content type="text">RED: A3 #0
show
&gt; BLUE: A1
-- 
alice</content></entry></feed>"""
    found = thread_of("https://forum.example.org/feeds/plain.atom")
    [post] = read_posts(found, fetch=lambda url, **kw: atom)
    assert (post.post_id, post.author, post.text) == ("urn:post:1", "alice",
                                                      "RED: A3 #0\nshow")


@pytest.mark.parametrize("kind", KINDS)
def test_a_kibitzer_named_like_a_player_is_not_the_player(forum, kind):
    thread = forum.thread(kind, "Watched game")
    thread.post("alice", "RED: A3 #0")
    for name in ("@alice x", "Alice", "alice\u200b", " alice2"):
        thread.post(name, "RED: A9 #1")
    authors = [p.author for p in read_posts(thread_of(thread.url))]
    assert authors.count("alice") == 1 and authors[0] == "alice"
    assert len(authors) == 5


@pytest.mark.parametrize("kind", KINDS)
def test_a_huge_post_and_500_nested_quotes_cost_one_read_and_leave_the_next_post(forum,
                                                                                   kind):
    q = "q" if kind == "bgg" else "quote"
    thread = forum.thread(kind, "Hostile game")
    thread.post("mallory", "RED: A1 #0\n" + "spam " * 150_000)
    thread.post("mallory", f'[{q}="x"]' * 500 + "BLUE: A1" + f"[/{q}]" * 500 + "\nRED: A2")
    last = thread.post("alice", "RED: A3 #0")
    posts = read_posts(thread_of(thread.url))
    assert [p.author for p in posts] == ["mallory", "mallory", "alice"]
    assert len(posts[0].text) <= 200_000 and posts[0].text.startswith("RED: A1 #0")
    assert "BLUE" not in posts[1].text and "RED: A2" in posts[1].text
    assert (posts[2].post_id, posts[2].text) == (last, "RED: A3 #0")


@pytest.mark.parametrize("kind", KINDS)
def test_a_posts_text_is_what_the_mail_command_reader_takes(forum, kind):
    from referee.service.hosted.lines import read_lines
    thread, ids = _game(forum, kind)
    thread.post("alice", "Here goes:\n\nRED: C1 #5\nshow\n\nthanks!")
    posts = read_posts(thread_of(thread.url))
    quoting = read_lines(posts[3].text).commands(seats=["RED", "BLUE"], verbs=[])
    assert [(c.word, c.guard) for c in quoting.lines] == [("RED", 2)]
    several = read_lines(posts[4].text).commands(seats=["RED", "BLUE"], verbs=[])
    assert [(c.word, c.guard) for c in several.lines] == [("RED", 5), ("show", None)]
    assert "thanks!" in several.ignored
