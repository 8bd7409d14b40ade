"""An answer in a Discourse topic is posted at most once, even when the process that
posted it died before it could mark it posted (docs/forum.md). The forum is a local
stand-in that speaks Discourse's documented API (a real Discourse cannot run here) and
records every post made through it."""
from __future__ import annotations

from sqlalchemy import select

from referee.service.forum.posting import post_answers
from referee.service.hosted.forum_answers import MARKER
from referee.service.hosted.outbox import CLAIM_SECS, claim
from referee.service.hosted.threads import thread_of
from referee.service.store import open_store
from referee.service.store import schema as S
from tests.service.forum.hostkit_forum import Referee, host_new
from tests.service.forum.standin import ForumStandIn


def _answers_in_topic(topic) -> dict[str, int]:
    """How many posts of the topic carry each answer's marker line."""
    seen: dict[str, int] = {}
    for post in topic.posts:
        for found in MARKER.finditer(post.body):
            seen[found.group(0)] = seen.get(found.group(0), 0) + 1
    return seen


def test_an_answer_posted_by_a_process_that_died_is_not_posted_again(tmp_path, capsys):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    with ForumStandIn() as forum:
        topic = forum.thread("discourse", "a crash between posting and marking")
        host_new(capsys, db, "hawaii", topic.url, {"RED": "alice", "GREEN": "bob"})
        store = open_store(db)
        referee = Referee(store, forum)
        topic.post("alice", "salt pepper")
        referee.poll()
        with store.read() as conn:
            due = conn.execute(select(S.outbox.c.id).where(
                S.outbox.c.channel == "post", S.outbox.c.sent_at.is_(None))
                .order_by(S.outbox.c.id)).scalars().all()
        assert due
        # a process claims the first answer, posts it, and dies before marking it
        now = forum.now()
        [row] = claim(store, "a-process-that-died", now, "post", limit=1)
        assert row["id"] == due[0]
        thread = thread_of(topic.url, "discourse")
        referee.client(thread.base).create_post(thread.topic_id, row["body"],
                                                reply_to_post_number=row["reply_post"])
        assert max(_answers_in_topic(topic).values()) == 1
        # too early: the dead process's claim still holds the answer
        post_answers(store, referee.client, now=now + 1)
        # once the claim has run out, the next sender finds the post and posts nothing new
        done = post_answers(store, referee.client, now=now + CLAIM_SECS + 1)
        assert done.failed == 0 and done.deferred == 0
        assert set(_answers_in_topic(topic).values()) == {1}
        assert len(_answers_in_topic(topic)) == len(due)         # and every answer is there
        with store.read() as conn:
            rows = conn.execute(select(S.outbox.c.sent_at, S.outbox.c.posted)
                                .where(S.outbox.c.id.in_(due))).all()
        assert all(sent is not None and posted for sent, posted in rows)
        store.dispose()
