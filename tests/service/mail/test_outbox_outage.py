"""The store going down while ``mail send`` delivers (issue 21, item 2: stopping
PostgreSQL during a send re-sent mails). The server took a mail and the store cannot
record it yet: the mark is retried until the database is back, so every mail arrives
once. A real PostgreSQL cluster is stopped as a crash would and started again, under
a real SMTP server (aiosmtpd)."""
from __future__ import annotations

import threading
from contextlib import contextmanager

import pytest

from referee.service.hosted.games import create_game
from referee.service.hosted.outbox import counts
from referee.service.mail.sending import deliver
from referee.service.store import open_store
from tests.service.hostkit import HOST
from tests.service.mailservers import SmtpSink
from tests.service.pgcluster import ClusterError, PgCluster

SEATS = {"RED": "alice@players.example", "GREEN": "bob@players.example",
         "BLUE": "carol@players.example"}


class CrashingSink(SmtpSink):
    """Takes each mail; after the first, the database crashes and comes back 3 s later."""

    def __init__(self, cluster: PgCluster):
        super().__init__()
        self.cluster, self.crashed = cluster, threading.Event()

    async def handle_DATA(self, server, session, envelope):
        answer = await super().handle_DATA(server, session, envelope)
        if not self.crashed.is_set():
            self.crashed.set()
            self.cluster.halt()
            threading.Timer(3.0, self.cluster.start).start()
        return answer


@contextmanager
def _cluster():
    """A throwaway PostgreSQL cluster of this test's own, to stop and start at will."""
    try:
        cluster = PgCluster()
    except ClusterError as exc:
        pytest.fail(str(exc))
    try:
        yield cluster
    finally:
        cluster.stop()


def test_a_crash_of_the_store_during_sending_sends_nothing_twice():
    with _cluster() as cluster:
        store = open_store(cluster.new_database())
        for _ in range(2):
            create_game(store, "hawaii", SEATS, host_address=HOST)
        queued = counts(store)["waiting"]
        assert queued >= 6
        with CrashingSink(cluster) as sink:
            done = deliver(store, f"smtp://127.0.0.1:{sink.port}", timeout=10)
        assert sink.crashed.is_set()
        ids = [r.data.split(b"Message-ID:", 1)[1].split(b"\n", 1)[0] for r in sink.received]
        assert len(ids) == len(set(ids)) == queued, "a mail was sent twice or not at all"
        assert done.sent == queued and counts(store)["waiting"] == 0
        store.dispose()


def test_a_connection_that_rested_through_a_restart_is_tried_before_use(monkeypatch):
    """Pooled connections are not pinged before every transaction (a round trip each,
    three a move), only after resting: a server restarted while the process rested is
    never seen by a command, and one restarted under a busy process fails one
    transaction, after which the pool connects anew."""
    from sqlalchemy import text
    from sqlalchemy.exc import OperationalError

    from referee.service.store import database as store_module

    with _cluster() as cluster:
        store = open_store(cluster.new_database())
        with store.write() as conn:
            conn.execute(text("SELECT 1"))
        cluster.halt()
        cluster.start()
        monkeypatch.setattr(store_module, "PING_AFTER_IDLE", 0.0)    # it has rested
        with store.write() as conn:                                 # tried, found dead,
            assert conn.execute(text("SELECT 1")).scalar() == 1    # connected anew
        monkeypatch.setattr(store_module, "PING_AFTER_IDLE", 3600.0)  # busy: not tried
        cluster.halt()
        cluster.start()
        with pytest.raises(OperationalError):
            with store.write() as conn:
                conn.execute(text("SELECT 1"))
        with store.write() as conn:                                 # the pool starts over
            assert conn.execute(text("SELECT 1")).scalar() == 1
        store.dispose()
