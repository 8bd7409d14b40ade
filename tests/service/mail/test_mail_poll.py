"""Polling a real Maildir and a real (loopback) IMAP server: every message is
offered until its done() is called, and never after."""
from __future__ import annotations

import os

import pytest

from referee.service.errors import MailConfigError
from referee.service.mail.poll import imap_messages, maildir_messages
from referee.service.mail.smtp import PermanentFailure, TemporaryFailure
from tests.service.mailservers import (ImapServer, free_port, self_signed_cert,
                                       server_context)


def _mail(n: int) -> bytes:
    return f"From: p{n}@example.org\r\nMessage-ID: <m{n}@example.org>\r\n\r\nRED pass {n}\r\n" \
        .encode()


def _maildir(root, names_and_mails, sub="new"):
    for folder in ("new", "cur", "tmp"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    for i, (name, raw) in enumerate(names_and_mails):
        path = root / sub / name
        path.write_bytes(raw)
        os.utime(path, (1_700_000_000 + i, 1_700_000_000 + i))


def test_maildir_offers_until_done_and_keeps_order(tmp_path):
    _maildir(tmp_path, [(f"17000000{i}.M{i}P1.host", _mail(i)) for i in range(3)])
    (tmp_path / "tmp" / "partial").write_bytes(b"half a mail")   # being delivered
    first = list(maildir_messages(tmp_path))
    assert [p.raw for p in first] == [_mail(0), _mail(1), _mail(2)]
    first[1].done()
    first[1].done()                 # twice is harmless
    again = list(maildir_messages(tmp_path))
    assert [p.raw for p in again] == [_mail(0), _mail(2)]
    assert [p.key for p in again] == [first[0].key, first[2].key]
    assert sorted(os.listdir(tmp_path / "cur")) == ["170000001.M1P1.host:2,S"]
    for polled in again:
        polled.done()
    assert list(maildir_messages(tmp_path)) == []


def test_maildir_cur_messages_without_seen_are_offered_and_flags_kept(tmp_path):
    _maildir(tmp_path, [("a.host:2,F", _mail(1)), ("b.host:2,S", _mail(2)),
                        ("c.host:2,T", _mail(3))], sub="cur")
    [polled] = maildir_messages(tmp_path)
    assert polled.raw == _mail(1)
    polled.done()
    assert sorted(os.listdir(tmp_path / "cur")) == ["a.host:2,FS", "b.host:2,S", "c.host:2,T"]


def test_maildir_delete_mode_and_a_vanished_file(tmp_path):
    _maildir(tmp_path, [("x.host", _mail(1)), ("y.host", _mail(2))])
    polled = maildir_messages(tmp_path, delete=True)
    first = next(polled)
    (tmp_path / "new" / "y.host").unlink()          # another poller took it
    assert list(polled) == []
    first.done()
    assert os.listdir(tmp_path / "new") == [] and os.listdir(tmp_path / "cur") == []


def test_not_a_maildir(tmp_path):
    with pytest.raises(MailConfigError):
        list(maildir_messages(tmp_path / "nowhere"))


# ---------------------------------------------------------------- IMAP

def test_imap_offers_until_done_then_expunges():
    with ImapServer(user="referee", password="pw d\"x", mailboxes={
            "INBOX": [_mail(1), _mail(2), _mail(3)]}) as server:
        url = f"imap://referee:pw%20d%22x@127.0.0.1:{server.port}"
        seen = []
        for polled in imap_messages(url):
            seen.append(polled.raw)
            if polled.raw != _mail(2):
                polled.done()
        assert seen == [_mail(1), _mail(2), _mail(3)]
        assert [m.raw for m in server.boxes["INBOX"]] == [_mail(2)]
        assert server.boxes["INBOX"][0].flags == set()     # fetched with PEEK: not \Seen
        [left] = imap_messages(url)
        assert left.raw == _mail(2) and left.key == "1:2"
        server.append("INBOX", _mail(4))
        assert [p.raw for p in imap_messages(url)] == [_mail(2), _mail(4)]


def test_imap_done_after_the_iteration_reconnects():
    with ImapServer(user="u", password="p", mailboxes={"Games/Hawaii": [_mail(1)]}) as server:
        url = f"imap://u:p@127.0.0.1:{server.port}/Games%2FHawaii"
        [polled] = list(imap_messages(url))
        polled.done()
        assert list(imap_messages(url)) == []
        assert server.boxes["Games/Hawaii"] == []


def test_imap_done_is_skipped_when_uidvalidity_changed():
    with ImapServer(user="u", password="p", mailboxes={"INBOX": [_mail(1)]}) as server:
        url = f"imap://u:p@127.0.0.1:{server.port}/"
        [polled] = list(imap_messages(url))
        server.uidvalidity = 2                       # the mailbox was rebuilt
        polled.done()
        assert [p.raw for p in imap_messages(url)] == [_mail(1)]


def test_imaps(tmp_path):
    cert, key = self_signed_cert(tmp_path)
    with ImapServer(user="u", password="p", mailboxes={"INBOX": [_mail(1)]},
                    tls=server_context(cert, key)) as server:
        url = f"imaps://u:p@localhost:{server.port}/INBOX?cafile={cert}"
        polled = list(imap_messages(url))
        assert [p.raw for p in polled] == [_mail(1)]
        with pytest.raises(PermanentFailure, match="certificate"):
            list(imap_messages(f"imaps://u:p@localhost:{server.port}/INBOX"))


def test_imap_failures():
    with ImapServer(user="u", password="p", mailboxes={"INBOX": []}) as server:
        with pytest.raises(PermanentFailure, match="login"):
            list(imap_messages(f"imap://u:wrong@127.0.0.1:{server.port}"))
        with pytest.raises(MailConfigError):
            list(imap_messages(f"imap://u:p@127.0.0.1:{server.port}/Missing"))
        assert list(imap_messages(f"imap://u:p@127.0.0.1:{server.port}")) == []
    with pytest.raises(TemporaryFailure):
        list(imap_messages(f"imap://u:p@127.0.0.1:{free_port()}", timeout=5))
    with pytest.raises(MailConfigError):
        list(imap_messages("imap://127.0.0.1/"))
    with pytest.raises(MailConfigError):
        list(imap_messages("pop3://u:p@127.0.0.1/"))


def test_the_imap_password_never_needs_the_command_line(capsys, monkeypatch, tmp_path):
    """issue 21: `ps` shows a command line to every local user; the password comes from
    REFEREE_IMAP_PASSWORD or a file, and one written into --imap draws a warning."""
    from referee.cli import run

    secret = 'p w"x@:/%'
    db = f"sqlite:///{tmp_path / 'r.db'}"
    with ImapServer(user="u", password=secret, mailboxes={"INBOX": []}) as server:
        url = f"imap://u@127.0.0.1:{server.port}"
        sent = iter(range(100, 200))

        def poll(*extra) -> tuple[int, str]:
            capsys.readouterr()
            server.append("INBOX", _mail(next(sent)))
            code = run(["mail", "poll", "--imap", url, "--db", db, *extra])
            return code, capsys.readouterr().err

        monkeypatch.setenv("REFEREE_IMAP_PASSWORD", secret)
        code, err = poll()
        assert code == 0 and "handled 1 message" in err and "warning" not in err
        monkeypatch.delenv("REFEREE_IMAP_PASSWORD")
        (tmp_path / "pw").write_text(secret + "\n")
        code, err = poll("--imap-password-file", str(tmp_path / "pw"))
        assert code == 0 and "handled 1 message" in err
        code, err = poll()
        assert code == 1 and "login" in err                 # no password at all
        from urllib.parse import quote
        url = f"imap://u:{quote(secret, safe='')}@127.0.0.1:{server.port}"
        code, err = poll()
        assert code == 0 and "warning: the password in --imap is visible" in err
        code = run(["mail", "poll", "--imap", url, "--db", db,
                    "--imap-password-file", str(tmp_path / "missing")])
        assert code == 2 and "cannot read" in capsys.readouterr().err


def test_waiting_for_mail_with_idle_wakes_on_a_new_message():
    import threading

    from referee.service.mail.poll import wait_for_mail

    with ImapServer(user="u", password="p", mailboxes={"INBOX": []}) as server:
        url = f"imap://u:p@127.0.0.1:{server.port}"
        threading.Timer(0.5, server.append, ("INBOX", _mail(7))).start()
        assert wait_for_mail(url, 120, threading.Event()) is True     # the server told
        assert "DONE" in server.commands
        assert wait_for_mail(url, 1, threading.Event()) is False       # nothing new: time up
        stop = threading.Event()
        threading.Timer(0.3, stop.set).start()
        assert wait_for_mail(url, 30, stop) is False                   # told to stop
        assert [p.raw for p in imap_messages(url)] == [_mail(7)]


def test_waiting_for_mail_without_idle_looks_again_later():
    import threading

    from referee.service.mail.poll import wait_for_mail

    with ImapServer(user="u", password="p", mailboxes={"INBOX": []}, idle=False) as server:
        url = f"imap://u:p@127.0.0.1:{server.port}"
        assert wait_for_mail(url, 5, threading.Event(), fallback=0.2) is False
        assert not any("IDLE" in c for c in server.commands)
