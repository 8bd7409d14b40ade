"""A thread's address as a moderator copies it, on any host and in any folder, to the
thread the referee follows; what it cannot follow is refused with a sentence."""
from __future__ import annotations

import pytest

from referee.service.errors import ForumAddressError
from referee.service.forum import thread_of


@pytest.mark.parametrize("url,kind,key,normal,source", [
    ("https://forum.example.org/t/hawaii-game-7/1234", "discourse",
     "discourse:forum.example.org:1234", "https://forum.example.org/t/hawaii-game-7/1234",
     "https://forum.example.org/t/1234.json"),
    ("https://Forum.Example.org/t/hawaii-game-7/1234/17?u=alice", "discourse",
     "discourse:forum.example.org:1234", "https://forum.example.org/t/hawaii-game-7/1234",
     "https://forum.example.org/t/1234.json"),
    ("https://forum.example.org/t/1234", "discourse", "discourse:forum.example.org:1234",
     "https://forum.example.org/t/1234", "https://forum.example.org/t/1234.json"),
    ("https://forum.example.org/t/1234/5", "discourse", "discourse:forum.example.org:1234",
     "https://forum.example.org/t/1234", "https://forum.example.org/t/1234.json"),
    ("https://example.org/community/t/game/88.rss", "discourse",
     "discourse:example.org/community:88", "https://example.org/community/t/game/88",
     "https://example.org/community/t/88.json"),
    ("http://127.0.0.1:8080/t/game/9.json", "discourse", "discourse:127.0.0.1:8080:9",
     "http://127.0.0.1:8080/t/game/9", "http://127.0.0.1:8080/t/9.json"),
    ("https://board.example.org/viewtopic.php?f=2&t=77&sid=0123abcd", "phpbb",
     "phpbb:board.example.org:77", "https://board.example.org/viewtopic.php?t=77",
     "https://board.example.org/app.php/feed/topic/77"),
    ("https://example.org/phpBB3/viewtopic.php?t=77#p300", "phpbb",
     "phpbb:example.org/phpBB3:77", "https://example.org/phpBB3/viewtopic.php?t=77",
     "https://example.org/phpBB3/app.php/feed/topic/77"),
    ("https://example.org/forum/app.php/feed/topic/77", "phpbb", "phpbb:example.org/forum:77",
     "https://example.org/forum/viewtopic.php?t=77",
     "https://example.org/forum/app.php/feed/topic/77"),
    ("https://boardgamegeek.com/thread/3707929/hawaii-pbf-game-1", "bgg",
     "bgg:boardgamegeek.com:3707929", "https://boardgamegeek.com/thread/3707929",
     "https://boardgamegeek.com/xmlapi2/thread?id=3707929"),
    ("https://boardgamegeek.com/thread/3707929/article/47675007#47675007", "bgg",
     "bgg:boardgamegeek.com:3707929", "https://boardgamegeek.com/thread/3707929",
     "https://boardgamegeek.com/xmlapi2/thread?id=3707929"),
    ("https://boardgamegeek.com/xmlapi2/thread?id=3707929&minarticleid=5", "bgg",
     "bgg:boardgamegeek.com:3707929", "https://boardgamegeek.com/thread/3707929",
     "https://boardgamegeek.com/xmlapi2/thread?id=3707929"),
    ("https://forum.example.net/threads/hawaii.55/index.rss", "feed", None,
     "https://forum.example.net/threads/hawaii.55/index.rss",
     "https://forum.example.net/threads/hawaii.55/index.rss"),
])
def test_an_address_gives_its_thread(url, kind, key, normal, source):
    thread = thread_of(url)
    assert (thread.kind, thread.url, thread.source) == (kind, normal, source)
    if key is not None:
        assert thread.key == key
    assert thread_of(thread.url).key == thread.key
    assert len(thread.key) <= 200


def test_a_feeds_key_is_short_stable_and_its_own():
    one = thread_of("https://forum.example.net/threads/hawaii.55/index.rss")
    assert one.key.startswith("feed:forum.example.net:") and len(one.key) < 60
    assert one == thread_of("https://forum.example.net/threads/hawaii.55/index.rss")
    assert one.key != thread_of("https://forum.example.net/threads/hawaii.56/index.rss").key


def test_a_kind_forces_the_reading():
    rss = thread_of("https://forum.example.org/t/game/1234.rss", "feed")
    assert (rss.kind, rss.source) == ("feed", "https://forum.example.org/t/game/1234.rss")
    assert thread_of("https://forum.example.org/t/game/1234", "discourse").topic_id == 1234


@pytest.mark.parametrize("url,kind,says", [
    ("", None, "address is needed"),
    ("forum.example.org/t/game/1", None, "http:// or https://"),
    ("ftp://forum.example.org/t/game/1", None, "http:// or https://"),
    ("file:///etc/passwd", None, "http:// or https://"),
    ("javascript:alert(1)", None, "http:// or https://"),
    ("https://alice:secret@forum.example.org/t/game/1", None, "password"),
    ("https://forum.example.org/t/game/1 extra", None, "without spaces"),
    ("https://forum.example.org/" + "a" * 3000, None, "at most 2000"),
    ("https://forum.example.org:99999/t/1", None, "not a web address"),
    ("https://board.example.org/viewtopic.php?p=300#p300", None, "t=NUMBER"),
    ("https://board.example.org/viewtopic.php?t=1&t=2", None, "t=NUMBER"),
    ("https://boardgamegeek.com/xmlapi2/thread?id=abc", None, "id=NUMBER"),
    ("https://example.org/feed.xml", "discourse", "not the address of a discourse thread"),
    ("https://example.org/feed.xml", "bgg", "not the address of a bgg thread"),
    ("https://example.org/t/game/1", "wiki", "is not one the referee reads"),
])
def test_an_address_the_referee_cannot_follow_is_refused_with_a_sentence(url, kind, says):
    with pytest.raises(ForumAddressError) as refused:
        thread_of(url, kind)
    assert refused.value.code == "forum-address"
    assert says in str(refused.value)


def test_whitespace_around_a_pasted_address_is_not_part_of_it():
    assert thread_of("  https://forum.example.org/t/game/1\n").url \
        == "https://forum.example.org/t/game/1"
