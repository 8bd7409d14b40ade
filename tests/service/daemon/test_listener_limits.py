"""What mail in may hold in memory: the SMTP listener (aiosmtpd) takes at most
MAX_SESSIONS sessions at once, answering another 421 before it reads a byte of it,
and mails of at most MAX_MAIL bytes, answering a larger one 552. Real smtplib clients
against the real listener; the assertions are on the server's replies."""
from __future__ import annotations

import smtplib
import time

import pytest

from referee.service.daemon.listener import MAX_MAIL, MAX_SESSIONS, Listener
from referee.service.mail.incoming import MAX_RAW
from referee.service.store import open_store
from tests.service.hostkit import HOST
from tests.service.mailservers import free_port

SENDER = "alice@players.example"


def _mail(size: int) -> bytes:
    head = (f"From: {SENDER}\r\nTo: {HOST}\r\nSubject: a long one\r\n"
            "Message-ID: <big@players.example>\r\n\r\n").encode()
    line = b"x" * 76 + b"\r\n"
    return head + line * ((size - len(head)) // len(line))


@pytest.fixture
def listener(tmp_path):
    store = open_store(f"sqlite:///{tmp_path / 'referee.db'}")
    port = free_port()
    ears = Listener(store, "127.0.0.1", port, HOST)
    ears.start()
    _settled(ears, 0)                # the controller's own probe connection is gone
    yield ears, port
    ears.stop()
    store.dispose()


def _settled(ears: Listener, sessions: int) -> None:
    """Waits (a bounded number of looks) for the server's loop to count ``sessions``:
    a closed connection is counted off when the server sees it close."""
    for _ in range(400):
        if ears.sessions == sessions:
            return
        time.sleep(0.025)
    raise AssertionError(f"{ears.sessions} sessions open, not {sessions}")


def test_the_limits_leave_room_for_what_the_ingest_reads():
    assert MAX_RAW < MAX_MAIL <= 8 * MAX_RAW and 1 < MAX_SESSIONS <= 16


def test_a_session_past_the_cap_is_refused_with_421(listener):
    ears, port = listener
    held = [smtplib.SMTP("127.0.0.1", port, timeout=30) for _ in range(MAX_SESSIONS)]
    try:
        assert ears.sessions == MAX_SESSIONS
        for _ in range(3):
            with pytest.raises(smtplib.SMTPConnectError) as refused:
                smtplib.SMTP("127.0.0.1", port, timeout=30)
            assert refused.value.smtp_code == 421
        assert ears.sessions == MAX_SESSIONS
        held.pop().quit()
        _settled(ears, MAX_SESSIONS - 1)
        with smtplib.SMTP("127.0.0.1", port, timeout=30) as s:      # a place again
            assert s.sendmail(SENDER, [HOST], _mail(4000)) == {}
    finally:
        for s in held:
            s.quit()
    _settled(ears, 0)


def test_a_mail_over_the_size_limit_is_refused_with_552(listener):
    _, port = listener
    with smtplib.SMTP("127.0.0.1", port, timeout=60) as s:
        s.ehlo()
        assert s.esmtp_features["size"] == str(MAX_MAIL)      # said before any is sent
        s.mail(SENDER)                   # no SIZE given: the limit holds on the data too
        s.rcpt(HOST)
        code, _ = s.data(_mail(MAX_MAIL + 100_000))     # smtplib returns the last reply
        assert code == 552
    with smtplib.SMTP("127.0.0.1", port, timeout=60) as s:
        assert s.sendmail(SENDER, [HOST], _mail(MAX_MAIL - 100_000)) == {}
