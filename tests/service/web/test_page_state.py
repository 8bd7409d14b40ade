"""The game's state is the store's, one place for every reader (docs/web.md): a page
shown after a move, whichever channel took it, reads the game from the store once,
starts from the state the move left (no replay of the game's text, no second copy of
the state of the web's own) and reads only the lines the move added."""
from __future__ import annotations

from contextlib import contextmanager

import pytest
from starlette.testclient import TestClient

from referee.operations import legal_lines
from referee.replay import state_json
from referee.service.hosted.games import game_detail, seat_link_token
from referee.service.hosted.session import replay_text
from referee.service.store import games_state, open_store, states
from referee.service.web import replays
from referee.service.web.app import create_app
from referee.transcript import reader
from tests.service.hostkit import Table
from tests.service.mailservers import SmtpSink

SEATS = {"RED": "alice@example.org", "GREEN": "bob@example.org"}


class Counts:
    """The store's read transactions and the transcript lines read, from now on."""

    def __init__(self, store, monkeypatch):
        self.reads, self.lines = 0, 0
        store_read, read_lines = store.read, reader._read_lines

        @contextmanager
        def counted_read():
            self.reads += 1
            with store_read() as conn:
                yield conn

        def counted_lines(lines, file, tags, items, errors, *, start=0, **kw):
            self.lines += len(lines) - start
            return read_lines(lines, file, tags, items, errors, start=start, **kw)

        monkeypatch.setattr(store, "read", counted_read)
        monkeypatch.setattr(reader, "_read_lines", counted_lines)


def _no_replay_from_text(monkeypatch):
    """Fail the test if anything replays the game from its text or from the store's row
    instead of taking the state the move left."""
    def refused(*args, **kw):
        raise AssertionError("the game was replayed, not taken from the state kept")

    monkeypatch.setattr(games_state, "replay", refused)
    monkeypatch.setattr(states, "load", refused)
    monkeypatch.setattr(replays, "replay", refused)


def _line(store, gid) -> tuple[str, str]:
    g = game_detail(store, gid)
    rp = g["replay"]
    return g["to_move"], legal_lines(rp.module, rp.state, 5)[1][0]


@pytest.fixture
def mailed(tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/referee.db", resident=True)
    with SmtpSink() as sink:
        table = Table(store, sink, SEATS)
        gid = table.start()
        with TestClient(create_app(store), base_url="http://testserver") as client:
            yield store, table, gid, client
    store.dispose()


def test_a_mailed_move_then_a_page_uses_the_state_the_move_left(mailed, monkeypatch):
    store, table, gid, client = mailed
    seat, line = _line(store, gid)
    link = seat_link_token(store, gid, next(s for s in SEATS if s != seat))
    for shown in (f"/game/{gid}", f"/seat/{link}"):       # the pages were shown before
        assert client.get(shown).status_code == 200
    table.deliver()
    taken = table.send(seat, line)[0]
    assert taken.reply.ok, taken.reply.text
    added = len(line.splitlines())
    _no_replay_from_text(monkeypatch)
    counts = Counts(store, monkeypatch)
    page = client.get(f"/game/{gid}")
    assert page.status_code == 200, page.text
    assert counts.reads == 1
    # only the move's own line and what it set off (a draw's chance line) are read
    assert 0 < counts.lines <= added + 2
    after = game_detail(store, gid)
    assert f"ply {after['ply']}" in page.text.lower() or str(after["ply"]) in page.text

    assert after["to_move"] != seat
    counts.reads, counts.lines = 0, 0
    seat_page = client.get(f"/seat/{link}")
    assert seat_page.status_code == 200, seat_page.text
    steps = client.get(f"/seat/{link}/steps")
    assert steps.status_code == 200, steps.text
    assert counts.reads == 2 and counts.lines == 0    # one read each, nothing read again


def test_the_state_a_page_reads_is_the_one_a_replay_of_the_record_gives(mailed):
    store, table, gid, client = mailed
    for _ in range(3):
        seat, line = _line(store, gid)
        table.deliver()
        assert table.send(seat, line)[0].reply.ok
    g = game_detail(store, gid)
    honest = replay_text(g["text"], gid)
    assert state_json(honest.module, honest.state) == state_json(g["replay"].module,
                                                                 g["replay"].state)
    assert (g["replay"].ply, g["replay"].chain) == (honest.ply, honest.chain)
