"""One way in (docs/architecture.md, the hosted referee): a mail, a forum post, a web
form and a webhook delivery each reach a game through ``hosted.entry.take``, which reads
the message's lines once and runs them once. Each test counts, inside the entry
module, the reading of a message's lines and the running of its commands while a real
channel brings one message: a channel that read or ran lines on a path of its own
would leave the counts short (or doubled)."""
from __future__ import annotations

import html
import random
import re

import pytest

from referee.service.hosted import entry
from referee.service.store import open_store
from tests.service.forum.hostkit_forum import Referee, host_new, legal_line
from tests.service.forum.standin import ForumStandIn
from tests.service.hostkit import Table
from tests.service.mailservers import SmtpSink
from tests.service.web.conftest import Hosted


@pytest.fixture
def counted(monkeypatch):
    """(channel, text) of every message the entry read, and the channel of every run."""
    seen = {"read": [], "run": []}
    read_lines, run_lines = entry.read_lines, entry.run_lines

    def reading(text):
        seen["read"].append(text)
        return read_lines(text)

    def running(store, conn, game_id, seat, commands, *, via, **kw):
        seen["run"].append(via)
        return run_lines(store, conn, game_id, seat, commands, via=via, **kw)

    monkeypatch.setattr(entry, "read_lines", reading)
    monkeypatch.setattr(entry, "run_lines", running)
    return seen


def test_a_mail_goes_through_the_entry_once(tmp_path, counted):
    store = open_store(f"sqlite:///{tmp_path / 'r.db'}")
    with SmtpSink() as sink:
        table = Table(store, sink, {"RED": "red@players.example", "GREEN": "green@players.example"})
        gid = table.start()
        assert counted["run"] == ["mail", "mail"]          # each seat's first reply
        counted["read"].clear()
        counted["run"].clear()
        table.deliver()
        line = legal_line(store, gid, random.Random(1))
        taken, _, _ = table.send(line.split()[0], line)
        assert taken.outcome == "handled" and taken.reply.ok
        assert len(counted["read"]) == 1 and counted["run"] == ["mail"]
    store.dispose()


def test_a_forum_post_and_a_webhook_go_through_the_entry_once(tmp_path, capsys, counted,
                                                                monkeypatch):
    from starlette.testclient import TestClient

    from referee.service.daemon import host_app
    from referee.service.forum.webhook_route import SECRET

    db = f"sqlite:///{tmp_path / 'r.db'}"
    with ForumStandIn() as forum:
        monkeypatch.setenv(SECRET, forum.webhook_secret)
        topic = forum.thread("discourse", "one way in")
        host_new(capsys, db, "hawaii", topic.url, {"RED": "alice", "GREEN": "bob"})
        store = open_store(db)
        referee = Referee(store, forum)
        topic.post("alice", "salt pepper")
        assert referee.poll().handled == 1
        assert counted["run"] == ["forum"] and counted["read"] == ["salt pepper"]
        post_id = topic.post("bob", "salt coconut")
        raw, headers = topic.webhook(post_id)
        with TestClient(host_app(store)) as web:
            assert web.post("/forum/discourse", content=raw, headers=headers).status_code == 200
        assert counted["run"] == ["forum", "forum"]
        assert referee.poll().handled == 0                 # read again: handled once only
        assert counted["run"] == ["forum", "forum"]
        store.dispose()


def test_a_web_play_goes_through_the_entry_once(tmp_path, counted):
    from starlette.testclient import TestClient

    hosted = Hosted(tmp_path)
    with TestClient(hosted.app, base_url="http://testserver") as client:
        _play_on_the_page(client, hosted)
    assert counted["run"] == ["web"] and len(counted["read"]) == 1
    hosted.store.dispose()


def _play_on_the_page(client, hosted) -> None:
    seat = hosted.to_move()
    link = hosted.link(seat)
    page = client.get(link)
    move = html.unescape(re.search(r'data-move="([^"]+)"', page.text).group(1))
    token = re.search(r'name="token" value="([0-9a-f]+)"', page.text).group(1)
    r = client.post(link, data={"token": token, "command": "move", "move": move,
                                "ply": str(hosted.detail()["ply"])},
                    headers={"Origin": "http://testserver"})
    assert r.status_code == 200, r.text
    assert "accepted:" in r.text


def test_a_move_in_words_is_read_once_and_played_once(tmp_path, monkeypatch):
    """A 3-line mail whose move is in the player's own words: each line is offered to
    the reader once, and the line read as the move is not played again when it is run."""
    from referee.core.game import CHANCE
    from referee.service.hosted import session as session_module
    from referee.service.hosted.games import export_text
    from referee.service.hosted.session import replay_text

    store = open_store(f"sqlite:///{tmp_path / 'r.db'}")
    with SmtpSink() as sink:
        table = Table(store, sink, {"RED": "red@players.example", "GREEN": "green@players.example"})
        gid = table.start()
        table.deliver()
        state = replay_text(export_text(store, gid), gid).state
        who = state.current_player()
        assert who not in (None, CHANCE)
        space = min(m.space for m in state.legal_moves() if type(m).__name__ == "TakeOrder")
        plays = []
        play_text = session_module.play_text

        def counted(raw, line, **kw):
            plays.append(line)
            return play_text(raw, line, **kw)

        monkeypatch.setattr(session_module, "play_text", counted)
        text = f"Hi all, here is my move:\n\nput me on order space {space}\n\ngood luck!"
        taken, _, _ = table.send(who, text)
        assert taken.reply.ok and taken.reply.lines[0] == f"{who} takes order {space}"
        assert sorted(plays) == sorted(f"{who} {line}" for line in
                                       ("Hi all, here is my move:", f"put me on order space {space}",
                                        "good luck!"))
    store.dispose()
