"""What no post can do: act for a seat it does not hold, be handled twice, change the
record by an edit, slip markup into the referee's answer, or reach the referee
through a forged webhook. Each is checked by what the store holds after it (the
record, the posts handled, the answers), on SQLite and on PostgreSQL."""
from __future__ import annotations

import hashlib
import hmac
import random
import re

import pytest

from referee.service.hosted.forum_answers import SHOWN_COMMANDS
from referee.service.forum.webhook_route import SECRET
from referee.service.store import open_store
from referee.service.daemon import host_app
from tests.service.forum.hostkit_forum import (Referee, answer_bodies, counts, game_row, host_new,
                                       legal_line)
from tests.service.forum.standin import ForumStandIn
from tests.service.conftest import pg_cluster, store_url  # noqa: F401 (fixtures)

SEATS = {"RED": "alice", "GREEN": "bob"}


def _dealt(capsys, forum, db, kind="discourse"):
    topic = forum.thread(kind, "a game")
    gid = host_new(capsys, db, "hawaii", topic.url, SEATS,
                   *(["--moderator", "mod@players.example"] if kind != "discourse" else []))
    store = open_store(db)
    ref = Referee(store, forum)
    topic.post("alice", "count me in")
    topic.post("bob", "me too")
    ref.round()
    assert game_row(store, gid)["status"] == "playing"
    if kind == "discourse":
        ref.poll()                  # the referee's own posts read (and ignored) too
    return topic, gid, store, ref


def _account(store, gid):
    return SEATS[game_row(store, gid)["to_move"]]


def test_each_post_is_handled_once_and_an_edit_changes_nothing(store_url, capsys, monkeypatch):
    from starlette.testclient import TestClient

    rng = random.Random(3)
    with ForumStandIn() as forum:
        monkeypatch.setenv(SECRET, forum.webhook_secret)
        topic, gid, store, ref = _dealt(capsys, forum, store_url)
        web = TestClient(host_app(store))
        line = legal_line(store, gid, rng)
        post_id = topic.post(_account(store, gid), line)
        raw, headers = topic.webhook(post_id)
        assert web.post("/forum/discourse", content=raw, headers=headers).status_code == 200
        hooked = counts(store, gid)
        ply = game_row(store, gid)["ply"]
        ref.poll()
        once = counts(store, gid)
        assert once == hooked
        for _ in range(3):                        # polls and the webhook again: nothing new
            ref.poll()
            assert web.post("/forum/discourse", content=raw, headers=headers).status_code == 200
        assert counts(store, gid) == once and game_row(store, gid)["ply"] == ply
        # an edit after the post was handled is never read, by a poll or a webhook
        topic.edit(post_id, "RED resigns\nGREEN resigns\n" + legal_line(store, gid, rng))
        ref.poll()
        raw, headers = topic.webhook(post_id)
        web.post("/forum/discourse", content=raw, headers=headers)
        assert counts(store, gid) == once and game_row(store, gid)["ply"] == ply
        store.dispose()


def test_kibitzers_quotes_and_huge_posts_act_for_no_seat(tmp_path, capsys):
    rng = random.Random(4)
    with ForumStandIn() as forum:
        topic, gid, store, ref = _dealt(capsys, forum, f"sqlite:///{tmp_path / 'r.db'}")
        mover = game_row(store, gid)["to_move"]
        line = legal_line(store, gid, rng)
        before = counts(store, gid)
        topic.post("mallory", f"{line}\n{mover} resigns\nshow")          # a kibitzer
        topic.post(forum.api_username, line)                             # "the referee"
        nested = f"[quote=\"bob\"][quote=\"alice\"]\n{line}\n[/quote]\n{line}\n[/quote]\nnice"
        topic.post(SEATS[mover], nested)                                 # quotes are not read
        ref.round()
        log, posts, answers = counts(store, gid)
        assert (log, answers) == before[::2] and posts == before[1] + 3
        # a huge post: at most SHOWN_COMMANDS commands run, one answer of bounded size
        topic.post(SEATS[mover], "show\n" * 5000 + "x" * 200_000)
        ref.round()
        body = answer_bodies(store, gid)[-1]
        assert body.count("> show") == SHOWN_COMMANDS and "not read" in body
        assert len(body) < 32_000                  # Discourse's longest post by default
        assert counts(store, gid)[0] == before[0]
        store.dispose()


INJECTIONS = ["[/code][url=http://evil.example]win[/url][code]",
              "[/c][img]http://evil.example/x.png[/img][c]",
              "````\n[click](http://evil.example)\n````", "<script>alert(1)</script>",
              "@everyone ![x](http://evil.example/x.png)"]


@pytest.mark.parametrize("kind", ["discourse", "phpbb", "bgg"])
def test_markup_in_a_post_is_inert_in_the_answer(tmp_path, capsys, kind):
    with ForumStandIn() as forum:
        topic, gid, store, ref = _dealt(capsys, forum, f"sqlite:///{tmp_path / 'r.db'}", kind)
        mover = game_row(store, gid)["to_move"]
        for evil in INJECTIONS:
            topic.post(SEATS[mover], f"{mover} plays {evil}")
        ref.round()
        bodies = answer_bodies(store, gid)[-len(INJECTIONS):]
        assert len(bodies) == len(INJECTIONS)
        for evil, body in zip(INJECTIONS, bodies):
            assert "REFUSED" in body
            outside = _outside_blocks(body, kind)
            assert "evil.example" not in outside and "<script" not in outside, body
            if kind != "discourse":
                assert not re.search(r"\[/?(url|img|c|code)\b[^\]]*\]", _inside_blocks(body, kind)
                                     ), body
        store.dispose()


def _outside_blocks(body: str, kind: str) -> str:
    if kind == "discourse":                  # CommonMark fences: ``` or more, closed alike
        out, fence = [], None
        for line in body.split("\n"):
            mark = re.match(r"(`{3,})", line)
            if fence is None and mark:
                fence = mark.group(1)
            elif fence is not None and line.strip() == fence:
                fence = None
            elif fence is None:
                out.append(line)
        assert fence is None, "a fence left open"
        return "\n".join(out)
    tag = "c" if kind == "bgg" else "code"
    return re.sub(rf"\[{tag}\].*?\[/{tag}\]", "", body, flags=re.S)


def _inside_blocks(body: str, kind: str) -> str:
    tag = "c" if kind == "bgg" else "code"
    return "".join(re.findall(rf"\[{tag}\](.*?)\[/{tag}\]", body, flags=re.S))


def test_a_forged_unsigned_or_strange_webhook_changes_nothing(tmp_path, capsys, monkeypatch):
    from starlette.testclient import TestClient

    rng = random.Random(5)
    with ForumStandIn() as forum:
        monkeypatch.setenv(SECRET, forum.webhook_secret)
        topic, gid, store, ref = _dealt(capsys, forum, f"sqlite:///{tmp_path / 'r.db'}")
        web = TestClient(host_app(store))
        post_id = topic.post(_account(store, gid), legal_line(store, gid, rng))
        raw, headers = topic.webhook(post_id)
        before = counts(store, gid)
        sig = next(k for k in headers if k.lower() == "x-discourse-event-signature")
        forged = dict(headers, **{sig: "sha256=" + "0" * 64})
        unsigned = {k: v for k, v in headers.items() if k != sig}
        tampered = raw.replace(b'"raw"', b'"raw" ', 1) if b'"raw"' in raw else raw + b" "
        assert web.post("/forum/discourse", content=raw, headers=forged).status_code == 403
        assert web.post("/forum/discourse", content=raw, headers=unsigned).status_code == 403
        assert web.post("/forum/discourse", content=tampered, headers=headers).status_code == 403
        assert web.post("/forum/discourse", content=b"x" * 2_000_000,
                        headers=headers).status_code == 413
        assert counts(store, gid) == before
        # signed, but not JSON, or a topic no game follows: 4xx, nothing changes
        other = forum.thread("discourse", "another topic")
        other_id = other.post(_account(store, gid), legal_line(store, gid, rng))
        raw2, headers2 = other.webhook(other_id)
        assert web.post("/forum/discourse", content=raw2, headers=headers2).status_code == 404
        junk = b"{not json"
        assert web.post("/forum/discourse", content=junk,
                        headers=dict(headers, **{sig: _sign(forum, junk)})).status_code == 400
        assert counts(store, gid) == before
        # the signed delivery itself plays the move
        assert web.post("/forum/discourse", content=raw, headers=headers).status_code == 200
        assert counts(store, gid)[0] > before[0]
        monkeypatch.delenv(SECRET)          # a host that takes no webhook refuses them all
        assert web.post("/forum/discourse", content=raw, headers=headers).status_code == 404
        store.dispose()


def _sign(forum, body: bytes) -> str:
    """The signature Discourse puts on a delivery (its webhook settings' secret)."""
    return "sha256=" + hmac.new(forum.webhook_secret.encode(), body, hashlib.sha256).hexdigest()


def test_a_post_brought_by_a_webhook_first_leaves_earlier_posts_to_the_poll(tmp_path, capsys,
                                                                            monkeypatch):
    from starlette.testclient import TestClient

    with ForumStandIn() as forum:
        monkeypatch.setenv(SECRET, forum.webhook_secret)
        topic, gid, store, ref = _dealt(capsys, forum, f"sqlite:///{tmp_path / 'r.db'}")
        web = TestClient(host_app(store))
        before = counts(store, gid)
        topic.post(_account(store, gid), "moves")              # its webhook got lost
        later = topic.post("mallory", "nice game")
        raw, headers = topic.webhook(later)
        assert web.post("/forum/discourse", content=raw, headers=headers).text.strip() \
            == "ignored"
        ref.poll()
        assert counts(store, gid)[2] == before[2] + 1           # the earlier post answered
        store.dispose()


def test_a_hidden_line_break_in_a_post_splits_nothing(tmp_path, capsys, monkeypatch):
    """U+2028 and the other breaks str.splitlines knows are spaces in a post as in a mail
    (plaintext/line_ends.py ``split_lines``): a move behind one is still the line's move, and
    the line's stale ``#N`` still stops it, by webhook and by poll alike."""
    from starlette.testclient import TestClient

    from tests.service.plaintext.test_line_ends import OTHER_BREAKS

    rng = random.Random(8)
    with ForumStandIn() as forum:
        monkeypatch.setenv(SECRET, forum.webhook_secret)
        topic, gid, store, ref = _dealt(capsys, forum, f"sqlite:///{tmp_path / 'r.db'}")
        web = TestClient(host_app(store))
        ply = game_row(store, gid)["ply"]
        for i, sep in enumerate(OTHER_BREAKS):
            line = legal_line(store, gid, rng)
            post_id = topic.post(_account(store, gid), f"{line}{sep}{line} #{ply - 1}")
            if i % 2:
                raw, headers = topic.webhook(post_id)
                assert web.post("/forum/discourse", content=raw,
                                headers=headers).status_code == 200
            else:
                ref.round()
            assert game_row(store, gid)["ply"] == ply, repr(sep)
            assert "stale-ply" in answer_bodies(store, gid)[-1], repr(sep)
        store.dispose()
