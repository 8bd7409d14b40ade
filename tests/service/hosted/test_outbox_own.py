"""Mail claimed for the process's own sender as it is queued (serve's sender: issue 21,
item 7, the cost of a move's mails): claimed in the move's transaction, handed over
only once it committed, sent without a claim of its own; never sent twice, never lost
(a process that dies leaves it to the next sender when the claim runs out). A real SMTP
server (aiosmtpd) on loopback, on SQLite and PostgreSQL."""
from __future__ import annotations

import json
import threading
import time

import pytest
from sqlalchemy import event, select, update

from referee.service.store import schema as S
from referee.service.hosted.games import create_game
from referee.service.hosted.mails import Envelope, queue
from referee.service.hosted.outbox import CLAIM_SECS, OwnMail, counts
from referee.service.mail.sending import deliver
from tests.service.hostkit import HOST
from tests.service.mailservers import SmtpSink

SEATS = {"RED": "alice@players.example", "GREEN": "bob@players.example",
         "BLUE": "carol@players.example"}


def _rows(store) -> list[dict]:
    with store.read() as conn:
        return [dict(r) for r in conn.execute(select(S.outbox).order_by(S.outbox.c.id))
                .mappings()]


def _statements(store) -> list[str]:
    """The statements on the outbox from now on (SQLite's PRAGMAs are not)."""
    seen: list[str] = []
    event.listen(store.engine, "before_cursor_execute",
                 lambda conn, cursor, statement, *rest: "outbox" in statement.lower()
                 and seen.append(statement))
    return seen


def test_a_move_s_mail_is_claimed_for_the_sender_and_sent_without_a_claim(store):
    own = store.own_mail = OwnMail("sender-1")
    create_game(store, "hawaii", SEATS, host_address=HOST)
    rows = _rows(store)
    assert len(rows) == 3 and {r["claimed_by"] for r in rows} == {"sender-1"}
    assert all(time.time() < r["claimed_until"] <= time.time() + CLAIM_SECS for r in rows)
    handed = own.take()             # without their ids: the INSERT did not ask for them
    assert [(r["id"], r["message_id"]) for r in handed] == \
        [(None, r["message_id"]) for r in rows]
    own.add(handed)
    own.looked = time.monotonic()               # it looked at the outbox a moment ago
    seen, reports = _statements(store), []
    with SmtpSink() as sink:
        done = deliver(store, f"smtp://127.0.0.1:{sink.port}", own=True,
                       report=lambda row, outcome, reason: reports.append((row["id"], outcome)))
    assert done.sent == len(sink.received) == 3
    assert len(seen) == 1 and seen[0].lstrip().upper().startswith("UPDATE OUTBOX SET")
    assert "sent_at" in seen[0] and counts(store)["waiting"] == 0
    assert reports == [(r["id"], "sent") for r in rows]     # each with its id, once marked
    assert own.take() == []


def test_a_rolled_back_transaction_hands_over_nothing(store):
    own = store.own_mail = OwnMail("sender-1")
    with pytest.raises(RuntimeError):
        with store.write() as conn:
            queue(conn, Envelope(kind="reply", sender=HOST, to=["a@players.example"],
                                 subject="s"), "b", now=time.time())
            raise RuntimeError("the move failed")
    assert own.take() == [] and _rows(store) == []


def test_the_rest_of_the_outbox_is_looked_at_without_own_mail_and_every_few_seconds(store):
    """Another process's mail (queued unclaimed) goes out in a run with no mail of the
    sender's own, and in one with some once LOOK_EVERY seconds have passed; a run
    busy with its own mail a moment after a look leaves it for later."""
    create_game(store, "hawaii", SEATS, host_address=HOST)      # another process's
    own = store.own_mail = OwnMail("sender-1")
    with SmtpSink() as sink:
        url = f"smtp://127.0.0.1:{sink.port}"
        assert deliver(store, url, own=True).sent == 3          # none of its own: looks
        store.own_mail = None
        create_game(store, "hawaii", SEATS, host_address=HOST)  # another process's
        store.own_mail = own
        create_game(store, "hawaii", SEATS, host_address=HOST)  # its own
        assert deliver(store, url, own=True).sent == 3          # its own only
        assert counts(store)["waiting"] == 3
        own.looked -= 60
        assert deliver(store, url, own=True).sent == 3          # then the rest
    assert counts(store)["waiting"] == 0 and len(sink.received) == 9


def test_the_mail_of_a_sender_that_died_goes_out_when_its_claim_runs_out(store):
    store.own_mail = OwnMail("sender-that-dies")
    create_game(store, "hawaii", SEATS, host_address=HOST)
    store.own_mail = None                       # the process is gone, its memory too
    with SmtpSink() as sink:
        url = f"smtp://127.0.0.1:{sink.port}"
        assert deliver(store, url).sent == 0                    # still claimed
        assert deliver(store, url, now=time.time() + CLAIM_SECS + 1).sent == 3
    assert counts(store)["waiting"] == 0


def test_own_mail_kept_waiting_is_claimed_afresh_unless_another_sender_took_it(store):
    """A sender kept waiting (a server down, a backoff) finds its claims half run out:
    it claims afresh what is still its own and leaves alone what another sender took
    once the claim had run out, so no mail goes out twice."""
    own = store.own_mail = OwnMail("sender-1")
    create_game(store, "hawaii", SEATS, host_address=HOST)
    rows = own.take()
    with store.write() as conn:
        conn.execute(update(S.outbox).where(S.outbox.c.message_id == rows[0]["message_id"])
                     .values(claimed_by="sender-2", claimed_until=time.time() + CLAIM_SECS))
    own.add([dict(r, claimed_until=time.time() + 10) for r in rows])
    with SmtpSink() as sink:
        done = deliver(store, f"smtp://127.0.0.1:{sink.port}", own=True)
    assert done.sent == 2 and len(sink.received) == 2
    after = {r["message_id"]: r for r in _rows(store)}
    assert after[rows[0]["message_id"]]["sent_at"] is None
    assert after[rows[0]["message_id"]]["claimed_by"] == "sender-2"
    assert all(after[r["message_id"]]["sent_at"] is not None for r in rows[1:])


def test_a_run_stopped_early_gives_its_own_mail_back_to_the_outbox(store):
    own = store.own_mail = OwnMail("sender-1")
    create_game(store, "hawaii", SEATS, host_address=HOST)
    stop = threading.Event()
    stop.set()
    with SmtpSink() as sink:
        url = f"smtp://127.0.0.1:{sink.port}"
        assert deliver(store, url, own=True, stop=stop).sent == 0
        assert {r["claimed_by"] for r in _rows(store)} == {None}
        assert own.take() == []
        assert deliver(store, url).sent == 3                    # any sender, at once


def test_serve_s_sender_gives_back_what_it_did_not_send_when_it_stops(store):
    from referee.service.daemon.workers import Sender

    with SmtpSink() as sink:
        sender = Sender(store, f"smtp://127.0.0.1:{sink.port}", threading.Event(),
                        pictures=False)
        assert isinstance(store.own_mail, OwnMail)
        create_game(store, "hawaii", SEATS, host_address=HOST)
        assert {r["claimed_by"] for r in _rows(store)} == {store.own_mail.worker}
        sender._give_back()                     # what its run() does at the end
        assert store.own_mail is None
        assert {r["claimed_by"] for r in _rows(store)} == {None}
        assert deliver(store, f"smtp://127.0.0.1:{sink.port}").sent == 3


def test_three_processes_on_one_store_send_every_mail_once(store_url):
    """Two hosts with a sender of their own (two ``serve`` processes on one database)
    make games while their senders send, and a third process runs ``mail send`` all
    along: every mail reaches the server exactly once, whoever claimed it."""
    from referee.service.store import open_store

    stores = [open_store(store_url) for _ in range(3)]
    for s in stores[:2]:
        s.own_mail = OwnMail(f"host-{id(s)}")
    made = threading.Event()
    failures: list = []

    def guard(work):
        def run():
            try:
                work()
            except Exception as exc:        # reported by the main thread
                failures.append(exc)
        return threading.Thread(target=run)

    with SmtpSink() as sink:
        url = f"smtp://127.0.0.1:{sink.port}"

        def make(s):
            for _ in range(6):
                create_game(s, "hawaii", SEATS, host_address=HOST)

        def send(s, own):
            while not made.is_set():
                deliver(s, url, own=own)
                time.sleep(0.01)

        makers = [guard(lambda s=s: make(s)) for s in stores[:2]]
        senders = [guard(lambda s=s: send(s, True)) for s in stores[:2]]
        senders.append(guard(lambda: send(stores[2], False)))
        for t in makers + senders:
            t.start()
        for t in makers:
            t.join(120)
        made.set()
        for t in senders:
            t.join(120)
        for s in stores[:2]:                    # what each host still holds
            s.own_mail.looked = time.monotonic()
            deliver(s, url, own=True)
        deliver(stores[2], url)
    for s in stores:
        s.dispose()
    assert failures == []
    ids = [r.data.split(b"Message-ID:", 1)[1].split(b"\n", 1)[0] for r in sink.received]
    assert len(ids) == len(set(ids)) == 2 * 6 * 3
    check = open_store(store_url)
    rows = [r["sent_at"] for r in _rows(check)]
    check.dispose()
    assert len(rows) == 36 and None not in rows


@pytest.mark.parametrize("answer, outcome", [("550 no such user", "failed"),
                                             ("451 try later", "deferred")])
def test_own_mail_the_server_refuses_is_recorded_on_its_row(store, answer, outcome):
    """A mail claimed as it was queued has no id in memory: what became of it (refused
    for good, or to try later) is recorded on its row all the same, found by its
    Message-ID, and reported with the row's id; the others are sent."""
    own = store.own_mail = OwnMail("sender-1")
    create_game(store, "hawaii", SEATS, host_address=HOST)
    own.looked = time.monotonic()
    reports = []
    with SmtpSink() as sink:
        sink.rcpt_answer = {SEATS["GREEN"]: answer}
        done = deliver(store, f"smtp://127.0.0.1:{sink.port}", own=True,
                       report=lambda row, what, reason: reports.append((row["id"], what)))
    rows = {json.loads(r["recipients"])[0]: r for r in _rows(store)}
    refused = rows[SEATS["GREEN"]]
    assert (refused["failed"] is not None) == (outcome == "failed")
    assert refused["sent_at"] is None and refused["claimed_by"] is None
    assert (refused["id"], outcome) in reports
    if outcome == "failed":                 # the run goes on: the others are sent
        assert done.sent == 2 and done.failed == 1
        assert sorted(i for i, what in reports if what == "sent") == \
            sorted(r["id"] for a, r in rows.items() if a != SEATS["GREEN"])
    else:                                   # a temporary failure ends the run; the rest
        assert done.deferred == 1           # is given back, due at once
        assert all(r["claimed_by"] is None for r in rows.values() if r["sent_at"] is None)


_DOOMED_SENDER = """
import sys
from referee.service.hosted.games import create_game
from referee.service.hosted.outbox import OwnMail
from referee.service.mail.sending import deliver
from referee.service.store import open_store
db, url, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
store = open_store(db)
store.own_mail = OwnMail("doomed")
seats = {"RED": "alice@players.example", "GREEN": "bob@players.example",
         "BLUE": "carol@players.example"}
for _ in range(games):
    create_game(store, "hawaii", seats, host_address="referee@host.example")
deliver(store, url, own=True)
"""


class KillingSink(SmtpSink):
    """Takes each mail; with the ``kill_at``-th it kills the sender (SIGKILL) before
    answering, as a crash between the server's acceptance and the sender's mark."""

    def __init__(self, kill_at: int):
        super().__init__()
        self.kill_at, self.victim = kill_at, None

    async def handle_DATA(self, server, session, envelope):
        answer = await super().handle_DATA(server, session, envelope)
        if len(self.received) == self.kill_at and self.victim is not None:
            import os
            import signal
            os.kill(self.victim.pid, signal.SIGKILL)
            self.victim.wait()
        return answer


def test_a_sender_killed_mid_backlog_sends_at_most_a_batch_twice(tmp_path):
    """serve's sender with a backlog of its own mail (claimed as it was queued) is
    killed with it half sent; the next sender, once the claims run out, sends the
    rest. The mails that arrive twice are at most one batch (CLAIM_BATCH), the bound
    docs/hosting.md gives, and every mail arrives."""
    import subprocess
    import sys
    from pathlib import Path

    from referee.service.hosted.outbox import CLAIM_BATCH
    from referee.service.store import open_store

    db = f"sqlite:///{tmp_path / 'referee.db'}"
    games = 4 * CLAIM_BATCH // len(SEATS) + 1          # three mails a game: 4 batches
    kill_at = 2 * CLAIM_BATCH + CLAIM_BATCH // 2 + 1    # in the middle of the third batch
    with KillingSink(kill_at) as sink:
        url = f"smtp://127.0.0.1:{sink.port}"
        sink.victim = subprocess.Popen([sys.executable, "-c", _DOOMED_SENDER, db, url,
                                        str(games)], cwd=Path(__file__).parents[3])
        assert sink.victim.wait(timeout=600) == -9, "the sender was not killed"
        assert len(sink.received) == kill_at
        store = open_store(db)
        later = time.time() + CLAIM_SECS + 1
        deliver(store, url, now=later)
        assert counts(store)["waiting"] == 0
        store.dispose()
    ids = [r.data.split(b"Message-ID:", 1)[1].split(b"\n", 1)[0] for r in sink.received]
    doubled = len(ids) - len(set(ids))
    assert len(set(ids)) == games * len(SEATS)
    assert 0 < doubled <= CLAIM_BATCH, doubled
