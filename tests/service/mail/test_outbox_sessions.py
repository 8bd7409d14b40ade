"""``mail send`` (and serve's sender) sends a run's mails over one SMTP session and
claims them in batches (issue 21, item 7: the sending cost more than the move). A
session the server closed between two mails is opened anew and nothing is lost or
sent twice; a run that stops early gives back what it claimed and did not try. A
real SMTP server (aiosmtpd) on loopback, on SQLite and PostgreSQL."""
from __future__ import annotations

import asyncio
import threading

from sqlalchemy import select

from referee.service.store import schema as S
from referee.service.hosted.games import create_game
from referee.service.hosted.outbox import counts
from referee.service.mail.sending import deliver
from tests.service.hostkit import HOST
from tests.service.mailservers import SmtpSink

SEATS = {"RED": "alice@players.example", "GREEN": "bob@players.example",
         "BLUE": "carol@players.example"}


class CountingSink(SmtpSink):
    """Counts the sessions it greets; with ``drop_every`` it closes the session after
    every that many mails, as a server with a per-session limit does."""

    def __init__(self, drop_every: int | None = None):
        super().__init__()
        self.sessions, self.drop_every = 0, drop_every

    async def handle_EHLO(self, server, session, envelope, hostname, responses):
        self.sessions += 1
        session.host_name = hostname
        return responses

    async def handle_DATA(self, server, session, envelope):
        answer = await super().handle_DATA(server, session, envelope)
        if self.drop_every and len(self.received) % self.drop_every == 0:
            asyncio.get_running_loop().call_soon(server.transport.close)   # after the 250
        return answer


def _ids(sink) -> list[bytes]:
    return [r.data.split(b"Message-ID:", 1)[1].split(b"\n", 1)[0] for r in sink.received]


def test_a_run_sends_over_one_session(store):
    for _ in range(3):
        create_game(store, "hawaii", SEATS, host_address=HOST)
    queued = counts(store)["waiting"]
    with CountingSink() as sink:
        done = deliver(store, f"smtp://127.0.0.1:{sink.port}", timeout=10)
    assert done.sent == queued == len(sink.received) == 9
    assert sink.sessions == 1


def _three_games_sent(store, sink):
    """Three new games' invitations delivered to ``sink``: (mails queued, the run,
    the Message-IDs the server took)."""
    for _ in range(3):
        create_game(store, "hawaii", SEATS, host_address=HOST)
    queued = counts(store)["waiting"]
    with sink:
        done = deliver(store, f"smtp://127.0.0.1:{sink.port}", timeout=10)
    return queued, done, _ids(sink)


def test_a_session_the_server_closed_is_opened_again(store):
    sink = CountingSink(drop_every=2)
    queued, done, ids = _three_games_sent(store, sink)
    assert done.sent == queued == len(ids) == len(set(ids))     # each once
    assert sink.sessions >= queued // 2 and counts(store)["waiting"] == 0


def test_a_run_that_stops_gives_back_what_it_claimed(store):
    for _ in range(3):
        create_game(store, "hawaii", SEATS, host_address=HOST)
    stop = threading.Event()
    with CountingSink() as sink:
        done = deliver(store, f"smtp://127.0.0.1:{sink.port}", timeout=10,
                       stop=stop, report=lambda row, outcome, reason: stop.set())
    assert done.sent == 1 == len(sink.received)
    with store.read() as conn:
        claimed = conn.execute(select(S.outbox.c.id).where(
            S.outbox.c.sent_at.is_(None), S.outbox.c.claimed_by.is_not(None))).all()
    assert claimed == []                    # the next run may send them at once
    with CountingSink() as sink:
        assert deliver(store, f"smtp://127.0.0.1:{sink.port}", timeout=10).sent == 8


class ClosingAtMail(CountingSink):
    """Closes the session instead of answering the MAIL FROM of every ``every``-th mail
    of a session, as a server that timed the session out the moment the client spoke:
    the client learns it only from that mail's first command."""

    def __init__(self, every: int):
        super().__init__()
        self.every, self.mails_in_session = every, 0

    async def handle_EHLO(self, server, session, envelope, hostname, responses):
        self.mails_in_session = 0
        return await super().handle_EHLO(server, session, envelope, hostname, responses)

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        self.mails_in_session += 1
        if self.mails_in_session == self.every:
            server.transport.close()
            return "421 closing"              # never reaches the client
        envelope.mail_from = address
        return "250 OK"


def test_a_session_closed_at_mail_from_sends_the_mail_on_a_new_one(store):
    """No round trip checks a kept session before each mail (a NOOP cost as much as a
    fifth of sending one); a session found closed at MAIL FROM, before anything of the
    mail went out, is opened anew and the mail sent there, once."""
    sink = ClosingAtMail(every=3)
    queued, done, ids = _three_games_sent(store, sink)
    assert done.sent == queued == len(ids) == len(set(ids)) == 9
    assert done.deferred == done.failed == 0 and counts(store)["waiting"] == 0
    assert sink.sessions == 5                 # 2 mails a session, then one more session


def test_serve_keeps_one_session_from_one_move_to_the_next(store, monkeypatch):
    """serve's sender runs once a move; it keeps its session open between runs (a
    greeting and a goodbye for each move cost more than a mail), answers the server's
    closing it between two runs with a new one, and says goodbye once the outbox has
    rested (SESSION_REST) or it stops."""
    from referee.service.daemon import workers

    monkeypatch.setattr(workers, "LOOK_AGAIN", 0.05)
    monkeypatch.setattr(workers, "SESSION_REST", 0.5)
    with CountingSink() as sink:
        stop = threading.Event()
        sender = workers.Sender(store, f"smtp://127.0.0.1:{sink.port}", stop, pictures=False)
        sender.start()
        try:
            for n in range(1, 4):               # three moves' worth of mail, one by one
                create_game(store, "hawaii", SEATS, host_address=HOST)
                _until(lambda: len(sink.received) == 3 * n)
            assert sink.sessions == 1
            _until(lambda: sender.session.client is None)       # rested: goodbye
            create_game(store, "hawaii", SEATS, host_address=HOST)
            _until(lambda: len(sink.received) == 12)
            assert sink.sessions == 2
        finally:
            stop.set()
            sender.nudge()
            sender.join(10)
        assert not sender.is_alive() and sender.session.client is None
    assert len(set(_ids(sink))) == 12 and counts(store)["waiting"] == 0


def _until(condition, timeout: float = 20.0) -> None:
    import time

    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_serve_sender_is_not_woken_by_its_own_bookkeeping(store, monkeypatch):
    """Every commit wakes serve's sender, but its own claims and marks queue no mail:
    woken by them, it claimed again at once, and again, a core busy for ever after
    the first mail (32,000 claims in three seconds before this was fixed)."""
    import time

    from referee.service.daemon import workers
    from referee.service.mail import sending as outbox

    claims = []
    real = outbox.claim
    monkeypatch.setattr(outbox, "claim", lambda *a, **k: claims.append(1) or real(*a, **k))
    with CountingSink() as sink:
        stop = threading.Event()
        sender = workers.Sender(store, f"smtp://127.0.0.1:{sink.port}", stop, pictures=False)
        sender.start()
        try:
            create_game(store, "hawaii", SEATS, host_address=HOST)     # one commit
            _until(lambda: len(sink.received) == 3)
            time.sleep(1.5)                  # well inside LOOK_AGAIN (5 s): no look
            assert len(claims) <= 2, len(claims)
        finally:
            stop.set()
            sender.nudge()
            sender.join(10)
