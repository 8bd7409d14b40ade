"""``referee serve`` hosts a whole game alone (issue 21, item 1): one process with its
web page, an SMTP listener for mail in, the outbox sent to a real SMTP server
(aiosmtpd) and the clock, and nothing else running: no cron, no MTA pipe. It is
stopped with SIGTERM in mid-game and started again, and nothing is lost; the
settings are checked before anything starts."""
from __future__ import annotations

import os
import random
import signal
import smtplib
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

import pytest

from referee.cli import run
from referee.operations.check import check_path
from referee.replay.lines import canonical_move
from referee.service.hosted.games import export_text, list_games
from referee.service.hosted.session import replay_text
from referee.service.store import open_store
from tests.service.hostkit import HOST, parse
from tests.service.mailkit import client_mail
from tests.service.mailservers import ImapServer, SmtpSink, free_port

ROOT = Path(__file__).resolve().parents[3]
SEATS = {"RED": "alice@players.example", "GREEN": "bob@players.example"}
WAIT = 120.0                 # seconds to wait for a mail before the test fails


_RUNNING: list[subprocess.Popen] = []


@pytest.fixture(autouse=True)
def _no_serve_outlives_its_test():
    """A test that fails half-way leaves no ``referee serve`` behind to hold its
    ports and slow every later test."""
    yield
    while _RUNNING:
        proc = _RUNNING.pop()
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=WAIT)


class Serve:
    """One ``referee serve`` process; its log is kept in a file."""

    def __init__(self, tmp: Path, db: str, sink: SmtpSink, *extra: str):
        self.tmp, self.db, self.sink, self.extra = tmp, db, sink, extra
        self.listen, self.web = free_port(), free_port()
        self.proc = None
        self.log = tmp / "serve.log"

    def start(self) -> "Serve":
        args = [sys.executable, "-m", "referee", "serve", "--db", self.db,
                "--port", str(self.web), "--from", HOST, "--no-pictures", "--tick", "1",
                "--mail-in", f"smtp://127.0.0.1:{self.listen}",
                "--mail-out", f"smtp://127.0.0.1:{self.sink.port}", *self.extra]
        self.proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL,
                                     stderr=open(self.log, "ab"))
        _RUNNING.append(self.proc)
        deadline = time.monotonic() + WAIT
        while True:
            assert self.proc.poll() is None, self.log.read_text()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.web}/", timeout=5) as r:
                    if r.status == 200:
                        with smtplib.SMTP("127.0.0.1", self.listen, timeout=5) as s:
                            s.noop()
                        return self
            except OSError:
                pass
            assert time.monotonic() < deadline, f"serve did not start:\n{self.log.read_text()}"
            time.sleep(0.2)

    def terminate(self) -> int:
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout=WAIT)

    def send(self, raw: bytes, sender: str, to: str) -> None:
        with smtplib.SMTP("127.0.0.1", self.listen, timeout=30) as s:
            s.sendmail(sender, [to], raw)


class Players:
    """The seats' mailboxes, read from the SMTP sink the referee sends to."""

    def __init__(self, sink: SmtpSink):
        self.sink, self.seen, self.last = sink, 0, {}

    def wait(self, what, count: int = 1) -> list:
        """The next mails that ``what`` accepts, once ``count`` of them have arrived."""
        deadline, found = time.monotonic() + WAIT, []
        while True:
            for r in self.sink.received[self.seen:]:
                mail = parse(r.data)
                for address in mail.to:
                    self.last[address] = mail
                if what(mail):
                    found.append(mail)
            self.seen = len(self.sink.received)
            if len(found) >= count:
                return found
            assert time.monotonic() < deadline, f"waited {WAIT} s for mail"
            time.sleep(0.05)

    def reply(self, serve: Serve, seat: str, text: str) -> str:
        address = SEATS[seat]
        answering = self.last[address]
        mid = f"<{uuid.uuid4().hex}@players.example>"
        raw = client_mail("gmail", sender=address, to=answering.reply_to, subject="Re: x",
                          new_text=text, quoted=answering.body[:300], message_id=mid,
                          in_reply_to=answering.message_id)
        serve.send(raw, address, answering.reply_to)
        return mid


def _game(db, gid):
    store = open_store(db)
    try:
        return next(g for g in list_games(store) if g["id"] == gid), export_text(store, gid)
    finally:
        store.dispose()


def test_one_serve_process_hosts_a_whole_game(tmp_path, capsys):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    rng = random.Random(5)
    with SmtpSink() as sink:
        serve = Serve(tmp_path, db, sink).start()
        players = Players(sink)
        capsys.readouterr()
        args = ["host", "new", "hawaii", "--db", db, "--from", HOST]
        for seat, address in SEATS.items():
            args += ["--seat", f"{seat}={address}"]
        assert run(args) == 0
        gid = capsys.readouterr().out.strip()
        players.wait(lambda m: True, count=len(SEATS))          # the invitations
        for seat in SEATS:
            mid = players.reply(serve, seat, "I'm in")
            players.wait(lambda m, mid=mid: m.in_reply_to == mid)
        moves = 0
        while True:
            game, text = _game(db, gid)
            if game["status"] != "playing":
                break
            if moves == 20:                    # stopped mid-game, started again
                assert serve.terminate() == 0
                serve = Serve(tmp_path, db, sink).start()
            rp = replay_text(text, gid)
            mover = game["to_move"]
            line = canonical_move(rp.module, rng.choice(rp.state.legal_moves()), rp.state, mover)
            mid = players.reply(serve, mover, f"my move:\n{line} #{game['ply']}\nthanks")
            [answer] = players.wait(lambda m, mid=mid: m.in_reply_to == mid)
            assert "refused" not in answer.body.lower(), answer.body
            moves += 1
        assert game["status"] == "over" and moves > 20
        path = tmp_path / "game.txt"
        path.write_text(text)
        assert check_path(str(path), deal_check=True).ok
        assert serve.terminate() == 0
    log = serve.log.read_text()
    assert "mail in from" in log and "mail out #" in log and "Traceback" not in log
    assert "move " in log and " via mail: " in log
    assert "stopped; what is queued is sent at the next start" in log


def test_the_clock_runs_without_cron(tmp_path, capsys):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    with SmtpSink() as sink:
        serve = Serve(tmp_path, db, sink).start()
        players = Players(sink)
        try:
            capsys.readouterr()
            assert run(["host", "new", "hawaii", "--db", db, "--from", HOST,
                        "--seat", f"RED={SEATS['RED']}", "--seat", f"GREEN={SEATS['GREEN']}",
                        "--deadline", "3s", "--grace", "2s", "--on-timeout", "skip"]) == 0
            gid = capsys.readouterr().out.strip()
            players.wait(lambda m: True, count=2)
            for seat in SEATS:
                mid = players.reply(serve, seat, "I am in")
                players.wait(lambda m, mid=mid: m.in_reply_to == mid)
            ply = _game(db, gid)[0]["ply"]
            deadline = time.monotonic() + WAIT
            while _game(db, gid)[0]["ply"] == ply:                # the referee plays for it
                assert time.monotonic() < deadline, "the clock never acted"
                time.sleep(0.2)
            assert _game(db, gid)[1].rstrip().endswith("# deadline passed: played by the referee")
        finally:
            serve.terminate()
    assert "clock: " in serve.log.read_text()


@pytest.mark.parametrize("args, said", [
    (["--mail-out", "http://127.0.0.1:1", "--from", HOST], "mail server URL must start"),
    (["--mail-in", "pop3://x@y/", "--from", HOST], "mail-in is smtp://"),
    (["--mail-out", "smtp://127.0.0.1:1"], "needs the referee's own address"),
    (["--url", "example.org"], "public address"),
])
def test_bad_settings_stop_before_anything_starts(tmp_path, args, said):
    done = subprocess.run([sys.executable, "-m", "referee", "serve", "--db",
                           f"sqlite:///{tmp_path / 'r.db'}", *args],
                          capture_output=True, cwd=ROOT, timeout=WAIT)
    assert done.returncode == 2 and said in done.stderr.decode(), done.stderr.decode()
    assert not (tmp_path / "r.db").exists()            # not even the store was opened


def test_a_config_file_with_secrets_apart(tmp_path):
    with SmtpSink(users={"referee": "s3cret"}) as sink, \
            ImapServer(user="ref", password="imap-pw", mailboxes={"INBOX": []}) as imap:
        config = tmp_path / "referee.toml"
        config.write_text(f'db = "sqlite:///{tmp_path / "r.db"}"\nfrom = "{HOST}"\n'
                          f'mail-out = "smtp://referee@127.0.0.1:{sink.port}"\n'
                          f'mail-in = "imap://ref@127.0.0.1:{imap.port}/INBOX"\n'
                          f'smtp-password-file = "{tmp_path / "smtp-pw"}"\n'
                          f'port = {free_port()}\n')
        (tmp_path / "smtp-pw").write_text("s3cret\n")
        env = {**os.environ, "REFEREE_IMAP_PASSWORD": "imap-pw"}

        def check(*extra):
            return subprocess.run([sys.executable, "-m", "referee", "serve", "--config",
                                   str(config), "--check", *extra], capture_output=True,
                                  cwd=ROOT, env=env, timeout=WAIT, text=True)
        done = check()
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout.count("ok: ") == 4 and "FAILED" not in done.stdout
        assert "ok: web: 127.0.0.1:" in done.stdout
        assert "does not exist yet" in done.stdout
        assert not (tmp_path / "r.db").exists()        # a check looks; it makes nothing
        open_store(f"sqlite:///{tmp_path / 'r.db'}").dispose()
        done = check()
        assert "opens and answers" in done.stdout and "brought to" not in done.stdout
        (tmp_path / "smtp-pw").write_text("wrong\n")
        env["REFEREE_IMAP_PASSWORD"] = "nope"
        done = check()
        assert done.returncode == 1
        assert "FAILED: mail out: the mail server answered 535" in done.stdout
        assert "FAILED: mail in: the IMAP server refused the login" in done.stdout
        done = check("--db", "postgresql://u@127.0.0.1:1/x?connect_timeout=2")
        assert "FAILED: store: cannot open" in done.stdout
        config.write_text(config.read_text() + 'password = "x"\n')
        done = check()
        assert done.returncode == 2 and "put no password in the config file" in done.stderr


@pytest.mark.parametrize("given, said", [
    ({"REFEREE_DISCOURSE_API_KEY": "k", "REFEREE_DISCOURSE_USER": "referee"},
     "FAILED: forum: REFEREE_DISCOURSE_URL not set"),
    ({"REFEREE_DISCOURSE_API_KEY": "k", "REFEREE_DISCOURSE_USER": "referee",
      "REFEREE_DISCOURSE_URL": "forum.example.org"}, "FAILED: forum: REFEREE_DISCOURSE_URL: "),
    ({"REFEREE_DISCOURSE_API_KEY": "k", "REFEREE_DISCOURSE_USER": "referee",
      "REFEREE_DISCOURSE_URL": "https://Forum.example.org/"},
     "ok: forum: answers in https://forum.example.org threads are posted as referee"),
])
def test_check_says_whether_discourse_answers_can_be_posted(tmp_path, given, said):
    """The key, its user and its forum go together: a missing or unusable one meant
    every answer was refused one by one, each after its own retries."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_DISCOURSE")}
    done = subprocess.run([sys.executable, "-m", "referee", "serve", "--demo", "--port",
                           str(free_port()), "--check"], capture_output=True, cwd=ROOT,
                          env={**env, **given}, timeout=WAIT, text=True)
    assert said in done.stdout, done.stdout + done.stderr
    assert done.returncode == (0 if said.startswith("ok") else 1), done.stdout


def test_port_0_takes_a_free_port_and_the_printed_links_name_it(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "referee", "serve", "--demo", "--port", "0"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    _RUNNING.append(proc)
    first = proc.stdout.readline()
    address = first.split()[1]
    assert address.startswith("http://127.0.0.1:") and not address.endswith(":0/"), first
    with urllib.request.urlopen(address, timeout=30) as page:
        assert page.status == 200
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=WAIT) == 0


def _serve(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "referee", "serve", *args],
                          capture_output=True, cwd=cwd, timeout=WAIT, text=True)


def test_a_busy_port_stops_serve_before_it_prints_or_starts_anything(tmp_path):
    """The demo printed seat links on a port another program held, then died: every
    port serve listens on is tried first, and a busy one names the flag to change."""
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        done = _serve("--demo", "--port", str(port))
        assert done.returncode == 2, done.stdout + done.stderr
        assert done.stdout == "" and "/seat/" not in done.stderr
        assert f"cannot listen on 127.0.0.1:{port}" in done.stderr and "--port" in done.stderr
        assert "Traceback" not in done.stderr
        db = tmp_path / "r.db"
        done = _serve("--db", f"sqlite:///{db}", "--port", str(free_port()), "--from", HOST,
                      "--mail-in", f"smtp://127.0.0.1:{port}")
        assert done.returncode == 2, done.stdout + done.stderr
        assert "mail in: cannot listen" in done.stderr and "--mail-in" in done.stderr
        assert not db.exists()                       # not even the store was opened
        done = _serve("--db", f"sqlite:///{db}", "--port", str(port), "--check")
        assert done.returncode == 1
        assert f"FAILED: web: cannot listen on 127.0.0.1:{port}" in done.stdout
