"""Nothing lost to a typo or a refusing server (issue 21, item 2): a malformed SMTP URL
is refused before any mail is claimed; a server that refuses the referee itself (a
wrong password) stops the run with every mail still waiting; a mail refused for good is
listed by ``referee mail failed`` and queued again by ``referee mail retry``. All against
a real SMTP server on loopback (aiosmtpd)."""
from __future__ import annotations

import json

from referee.cli import run
from referee.service.hosted.outbox import counts
from referee.service.store import open_store
from tests.service.hostkit import HOST
from tests.service.mailservers import SmtpSink

SEATS = {"RED": "alice@players.example", "GREEN": "bob@players.example"}


def _cli(capsys, *args) -> tuple[int, str, str]:
    capsys.readouterr()
    code = run(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def _game(capsys, db) -> None:
    code, _, _ = _cli(capsys, "host", "new", "hawaii", "--db", db, "--from", HOST,
                      "--seat", f"RED={SEATS['RED']}", "--seat", f"GREEN={SEATS['GREEN']}")
    assert code == 0


def test_a_typo_in_the_smtp_url_claims_nothing(capsys, tmp_path):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    _game(capsys, db)
    waiting = counts(open_store(db))["waiting"]
    assert waiting >= 2
    with SmtpSink() as sink:
        code, _, err = _cli(capsys, "mail", "send", "--db", db, "--no-pictures",
                            "--smtp", f"http://127.0.0.1:{sink.port}")
        assert code == 2 and "--smtp" in err and "nothing was sent" in err
        after = counts(open_store(db))
        assert after["failed"] == 0 and after["waiting"] == waiting
        code, _, err = _cli(capsys, "mail", "send", "--db", db, "--no-pictures",
                            "--smtp", f"smtp://127.0.0.1:{sink.port}")
        assert code == 0, err
    assert len(sink.received) == waiting
    assert counts(open_store(db))["waiting"] == 0


def test_a_server_refusing_the_referee_marks_no_mail_failed(capsys, tmp_path):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    _game(capsys, db)
    waiting = counts(open_store(db))["waiting"]
    with SmtpSink(users={"referee": "secret"}) as sink:
        code, _, err = _cli(capsys, "mail", "send", "--db", db, "--no-pictures",
                            "--smtp", f"smtp://referee:wrong@127.0.0.1:{sink.port}")
        assert code == 1 and "535" in err and "none was marked failed" in err
        assert counts(open_store(db))["failed"] == 0
        assert counts(open_store(db))["waiting"] == waiting
        code, _, err = _cli(capsys, "mail", "send", "--db", db, "--no-pictures",
                            "--smtp", f"smtp://referee:secret@127.0.0.1:{sink.port}")
        assert code == 0, err
    assert len(sink.received) == waiting


def test_failed_mail_is_listed_and_queued_again(capsys, tmp_path):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    _game(capsys, db)
    with SmtpSink() as sink:
        sink.rcpt_answer[SEATS["GREEN"]] = "550 5.1.1 no such user"
        code, _, _ = _cli(capsys, "mail", "send", "--db", db, "--no-pictures",
                          "--smtp", f"smtp://127.0.0.1:{sink.port}")
        assert code == 1
        code, out, _ = _cli(capsys, "mail", "failed", "--db", db, "--format", "json")
        rows = json.loads(out)
        assert code == 0 and len(rows) == 1
        assert rows[0]["recipients"] == [SEATS["GREEN"]] and "550" in rows[0]["failed"]
        code, out, _ = _cli(capsys, "mail", "failed", "--db", db)
        assert f"{rows[0]['id']}  " in out and SEATS["GREEN"] in out

        assert _cli(capsys, "mail", "retry", "--db", db)[0] == 2          # neither ids nor --all
        assert _cli(capsys, "mail", "retry", "999999", "--db", db)[0] == 1  # no such failed mail
        del sink.rcpt_answer[SEATS["GREEN"]]
        code, _, err = _cli(capsys, "mail", "retry", str(rows[0]["id"]), "--db", db)
        assert code == 0 and "queued 1 mail again" in err
        assert _cli(capsys, "mail", "send", "--db", db, "--no-pictures",
                    "--smtp", f"smtp://127.0.0.1:{sink.port}")[0] == 0
    assert any(SEATS["GREEN"] in r.recipients for r in sink.received)
    assert _cli(capsys, "mail", "failed", "--db", db)[1].strip() == "no failed mail"
