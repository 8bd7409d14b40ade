"""Every answer the referee sends, a mail or a post in a forum thread, is a row of the
one outbox, claimed, retried and backed off the same way whatever its channel; a
store from before keeps every forum answer it held (waiting, posted, pasted, given
up) when it is upgraded. On SQLite and a real PostgreSQL, with a real SMTP port and
the stand-in Discourse (tests/service/forum/standin.py)."""
from __future__ import annotations

import json
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import inspect, select, text

from referee.service.forum import DiscourseClient
from referee.service.forum.posting import post_answers
from referee.service.hosted.forum_answers import queue_answer, waiting_pastes
from referee.service.hosted.mails import Envelope, queue
from referee.service.hosted.outbox import BACKOFF_FIRST, RAN_OUT, claim
from referee.service.mail.sending import deliver
from referee.service.store import open_store
from referee.service.store import schema as S
from tests.service.forum.hostkit_forum import HOST, host_new
from tests.service.forum.standin import ForumStandIn
from tests.service.mailservers import free_port

ROOT = Path(__file__).resolve().parents[3]


def _discourse_game(capsys, forum, url: str) -> str:
    topic = forum.thread("discourse", "one outbox")
    return host_new(capsys, url, "hawaii", topic.url, {"RED": "alice", "GREEN": "bob"})


def _game(store, gid: str) -> dict:
    with store.read() as conn:
        return dict(conn.execute(select(S.games).where(S.games.c.id == gid)).mappings().one())


def _rows(store, gid: str) -> list[dict]:
    with store.read() as conn:
        return [dict(r) for r in conn.execute(select(S.outbox).where(S.outbox.c.game_id == gid)
                                              .order_by(S.outbox.c.id)).mappings()]


def test_a_mail_and_a_forum_answer_share_one_outbox_claim_and_backoff(store_url, capsys):
    with ForumStandIn() as forum:
        gid = _discourse_game(capsys, forum, store_url)
        store = open_store(store_url)
        now = forum.now()
        with store.write() as conn:         # the game's moderator is told, by mail
            queue(conn, Envelope(kind="notify", sender=HOST, to=["mod@players.example"],
                                 subject="a word", game_id=gid), "the game has begun", now=now)
            queue_answer(conn, _game(store, gid), "a second answer", now=now)
        rows = _rows(store, gid)
        assert [r["channel"] for r in rows] == ["post", "mail", "post"]
        assert all(r["next_try"] <= now for r in rows)

        # one claim, whatever the channel: each sender asks it for its own rows
        mail = claim(store, "a-sender", now, "mail")
        posts = claim(store, "a-sender", now, "post")
        assert [r["id"] for r in mail] == [rows[1]["id"]]
        assert [r["id"] for r in posts] == [rows[0]["id"], rows[2]["id"]]
        assert not claim(store, "another-sender", now, "post")     # each claimed once

        # the claims run out; both transports are down: both back off alike
        later = now + 301
        dead_smtp = f"smtp://127.0.0.1:{free_port()}"
        with ForumStandIn() as gone:
            dead_forum = gone.base

        def down(_base):
            return DiscourseClient(dead_forum, forum.api_key, forum.api_username)

        for tries, at in ((1, later), (2, later + BACKOFF_FIRST)):
            assert deliver(store, dead_smtp, now=at).deferred == 1
            assert post_answers(store, down, now=at).deferred == 2
            for row in _rows(store, gid):
                assert row["attempts"] == tries and row["last_error"], row
                assert row["next_try"] == at + BACKOFF_FIRST * 2 ** (tries - 1)
                assert row["failed"] is None and row["sent_at"] is None

        # and both go out once their transport is back
        def up(base):
            return DiscourseClient(base, forum.api_key, forum.api_username)

        back = later + 10 * BACKOFF_FIRST
        assert post_answers(store, up, now=back).sent == 2
        assert all(r["sent_at"] is not None for r in _rows(store, gid) if r["channel"] == "post")
        store.dispose()


# what a forum answer's row held before the one outbox, and the column it is now
OLD = ("game_id", "how", "reply_to", "body", "created_at", "attempts", "next_try",
       "claimed_by", "claimed_until", "sent_at", "posted", "failed", "last_error")
NEW = {"how": "channel", "reply_to": "reply_post"}


def _alembic(conn):
    cfg = Config()
    cfg.set_main_option("script_location", str(ROOT / "referee/service/store/migrations"))
    cfg.attributes["connection"] = conn
    return cfg


def test_an_upgraded_store_keeps_every_forum_answer_in_the_one_outbox(store_url, capsys):
    with ForumStandIn() as forum:
        gid = _discourse_game(capsys, forum, store_url)
        store = open_store(store_url)
        with store.engine.begin() as conn:
            command.downgrade(_alembic(conn), "r0008")
        gone = "t" + gid[1:]            # a game of a paste forum, its answers in each state
        old = [
            (gid, "post", 3, "posted answer 2", 10.0, 1, 10.0, "w1", None, 11.0, "77", None, None),
            (gid, "post", None, "waiting", 12.0, 2, 500.0, None, None, None, None, None, "503"),
            (gid, "post", 5, "refused", 13.0, 12, 900.0, None, None, None, None, "no", "no"),
            (gid, "post", 6, "claimed", 14.0, 0, 14.0, "w2", 314.0, None, None, None, None),
            (gone, "paste", None, "pasted", 15.0, 0, 15.0, None, None, 16.0, "m1", None, None),
            (gone, "paste", 9, "to paste", 17.0, 0, 17.0, None, None, None, "m2", None, None),
        ]
        mail = ("game_id, kind, created_at, sender, recipients, subject, body, message_id, "
                "refs, headers, attempts, next_try, sent_at")
        with store.engine.begin() as conn:
            for sent in (11.0, None):
                conn.execute(text(f"INSERT INTO outbox ({mail}) VALUES (:g, 'notify', 10.0, "
                                  f"'{HOST}', '[\"mod@players.example\"]', 'a word', 'body', "
                                  ":mid, '[]', '{}', 0, 10.0, :sent)"),
                             {"g": gid, "mid": f"<{sent}@host.example>", "sent": sent})
            mails = [dict(r) for r in conn.execute(text("SELECT * FROM outbox ORDER BY id"))
                     .mappings()]
            for row in old:
                conn.execute(text(f"INSERT INTO forum_answers ({', '.join(OLD)}) VALUES "
                                  f"({', '.join(':' + c for c in OLD)})"), dict(zip(OLD, row)))
            before = [dict(r) for r in conn.execute(
                text(f"SELECT {', '.join(OLD)} FROM forum_answers ORDER BY id")).mappings()]
        assert len(before) == len(old) + 1         # the game's opening answer besides
        store.dispose()

        upgraded = open_store(store_url)
        with upgraded.read() as conn:
            assert "forum_answers" not in inspect(conn).get_table_names()
            rows = [dict(r) for r in conn.execute(select(S.outbox).order_by(S.outbox.c.id))
                    .mappings()]
        kept = [r for r in rows if r["channel"] != "mail"]
        assert [{c: r[NEW.get(c, c)] for c in OLD} for r in kept] == before
        assert all(r["kind"] == "answer" and json.loads(r["refs"]) == [] for r in kept)
        assert [{k: r[k] for k in mails[0]} for r in rows if r["channel"] == "mail"] == mails

        # the answers go on where they were: numbered after the old ones, the paste
        # still waiting, the refused one shown to paste, the claimed one claimed
        assert [p["body"] for p in waiting_pastes(upgraded, gone)] == ["to paste"]
        assert [p["body"] for p in waiting_pastes(upgraded, gid)] == ["refused"]
        with upgraded.write() as conn:
            n = queue_answer(conn, _game(upgraded, gid), "next", now=20.0)
        assert n == 6
        due = claim(upgraded, "w3", 600.0, "post")
        assert [r["body"].split("\n")[0] for r in due] == ["waiting", "claimed", "next"]
        assert due[1]["last_error"] == RAN_OUT          # its sender may have posted it
        assert f"answer {gid}.6 from the referee" in due[2]["body"].replace("\\", "")
        upgraded.dispose()
