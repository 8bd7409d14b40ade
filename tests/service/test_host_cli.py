"""`referee host …` and `referee mail …` as commands: output formats, exit codes, the
export that check and verify accept, replace, adopt, poll."""
from __future__ import annotations

import json
from contextlib import contextmanager
import subprocess
import sys
from pathlib import Path

from referee.cli import run
from referee.service.hosted.games import seat_link_token
from referee.service.store import open_store
from tests.service.hostkit import HOST, Table
from tests.service.mailservers import SmtpSink

ROOT = Path(__file__).resolve().parents[2]
SEATS = {"RED": "alice@players.example", "GREEN": "bob@players.example"}


def _cli(capsys, *args) -> tuple[int, str]:
    capsys.readouterr()
    code = run(list(args))
    return code, capsys.readouterr().out


def _new(capsys, db) -> str:
    code, out = _cli(capsys, "host", "new", "hawaii", "--db", db, "--from", HOST,
                     "--seat", f"RED={SEATS['RED']}", "--seat", f"GREEN={SEATS['GREEN']}",
                     "--deadline", "48h", "--grace", "1d")
    assert code == 0
    return out.strip()


@contextmanager
def _salted(capsys, db):
    """A hosted game whose seats have all replied to their invitations (so it is dealt),
    with its store, the loopback SMTP server and the players' table."""
    gid = _new(capsys, db)
    store = open_store(db)
    with SmtpSink() as sink:
        table = Table(store, sink, SEATS)
        table.deliver()
        for seat in SEATS:
            table.send(seat, "hello")
        yield gid, store, sink, table


def test_games_show_export_check_verify(capsys, tmp_path):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    with _salted(capsys, db) as (gid, store, sink, table):
        table.deliver()
        mover = json.loads(_cli(capsys, "host", "games", "--db", db, "--format", "json")[1])[0]
        assert mover["id"] == gid and mover["status"] == "playing" and mover["deadline"]
        note = next(m for m in reversed(table.inbox[SEATS[mover["to_move"]]]) if m.options())
        assert table.send(mover["to_move"], note.options()[0], answering=note)[0].reply.ok
    code, out = _cli(capsys, "host", "show", gid, "--db", db, "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["id"] == gid and data["ply"] > 0 and len(data["chain"]) == 64
    code, out = _cli(capsys, "host", "games", "--db", db)
    assert code == 0 and gid in out and "1 game" in out
    path = tmp_path / "g.txt"
    assert _cli(capsys, "host", "export", gid, "--db", db, "-o", str(path))[0] == 0
    assert run(["check", str(path)]) == 0
    # every draw reveals its key: verify proves them while the game is still running
    assert run(["verify", str(path)]) == 0


def test_replace_kills_the_old_secret(capsys, tmp_path):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    gid = _new(capsys, db)
    store = open_store(db)
    old = seat_link_token(store, gid, "GREEN")
    assert _cli(capsys, "host", "replace", gid, "GREEN", "dora@players.example", "--db", db)[0] == 0
    new = seat_link_token(store, gid, "GREEN")
    assert new != old
    with SmtpSink() as sink:
        table = Table(store, sink, dict(SEATS, GREEN="dora@players.example"))
        mails = table.deliver()
        to_dora = [m for m in mails if m.to == ["dora@players.example"]]
        assert to_dora and new in to_dora[-1].reply_to
        assert any(m.to == [SEATS["GREEN"]] and "no longer hold" in m.subject for m in mails)
        # the old player, with the old address, changes nothing
        stale = Table(store, sink, SEATS)
        raw, _ = stale.write("GREEN", "salt abc", answering=[m for m in mails
                                                            if m.to == [SEATS["RED"]]][0])
        raw = raw.replace(b"referee+" + old.encode(), b"referee+" + old.encode())
    from referee.service.mail.ingest import ingest
    fake = raw.replace(f"{gid}.red.".encode(), f"{gid}.green.".encode())
    assert ingest(store, fake).outcome in ("refused", "dropped")
    assert "GREEN is played by a new player" in \
        _cli(capsys, "host", "export", gid, "--db", db)[1]


def test_adopt_a_transcript(capsys, tmp_path):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    path = tmp_path / "g.txt"
    assert run(["new", "hawaii", "--players", "red,green", "--seed", "7", "-o", str(path)]) == 0
    code, out = _cli(capsys, "host", "adopt", str(path), "--db", db, "--from", HOST,
                     "--seat", f"RED={SEATS['RED']}", "--seat", f"GREEN={SEATS['GREEN']}")
    assert code == 0
    gid = out.strip()
    assert _cli(capsys, "host", "export", gid, "--db", db)[1] == path.read_text()


def test_ingest_exit_75_when_the_store_cannot_be_written(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    done = subprocess.run([sys.executable, "-m", "referee", "mail", "ingest", "--db",
                           f"sqlite:///{blocker / 'r.db'}"], input=b"From: a@b.c\n\nhi\n",
                          capture_output=True, cwd=ROOT)
    assert done.returncode == 75 and b"try again later" in done.stderr


def test_poll_a_maildir(capsys, tmp_path):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    gid = _new(capsys, db)
    store = open_store(db)
    box = tmp_path / "Maildir"
    for sub in ("new", "cur", "tmp"):
        (box / sub).mkdir(parents=True)
    with SmtpSink() as sink:
        table = Table(store, sink, SEATS)
        table.deliver()
        for i, seat in enumerate(SEATS):
            raw, _ = table.write(seat, "count me in")
            (box / "new" / f"{i}.eml").write_bytes(raw)
    assert run(["mail", "poll", "--maildir", str(box), "--db", db]) == 0
    game = json.loads(_cli(capsys, "host", "games", "--db", db, "--format", "json")[1])[0]
    assert game["id"] == gid and game["status"] == "playing"
    assert run(["mail", "poll", "--maildir", str(box), "--db", db]) == 0     # nothing new


def test_send_with_pictures_adds_the_board(capsys, tmp_path):
    from email import message_from_bytes, policy

    db = f"sqlite:///{tmp_path / 'r.db'}"
    with _salted(capsys, db) as (gid, store, sink, table):
        before = len(sink.received)
        assert run(["mail", "send", "--smtp", table.url, "--db", db, "--pictures"]) == 0
        notes = [message_from_bytes(r.data, policy=policy.default)
                 for r in sink.received[before:]]
    notes = [m for m in notes if m["Subject"] and "to move" in str(m["Subject"])]
    assert len(notes) == len(SEATS)
    for m in notes:
        types = [p.get_content_type() for p in m.walk()]
        assert "text/plain" in types and "text/html" in types and "image/png" in types
        png = next(p for p in m.walk() if p.get_content_type() == "image/png")
        assert png.get_content().startswith(b"\x89PNG")
        assert gid in str(m["Subject"])


def test_host_new_and_games_speak_the_hosts_language(capsys, tmp_path):
    """What host new and host games print beside the ids is in the host's language."""
    db = f"sqlite:///{tmp_path / 'h.db'}"
    run(["--lang", "fr", "host", "new", "hawaii", "--db", db, "--from", HOST,
         "--seat", f"RED={SEATS['RED']}", "--seat", f"GREEN={SEATS['GREEN']}"])
    assert "invitations en attente pour 2 places" in capsys.readouterr().err
    assert _cli(capsys, "--lang", "de", "host", "games", "--db", db)[1].endswith("1 Partie\n")
    code, out = _cli(capsys, "--lang", "it", "host", "config", "--db", db)
    assert code == 0 and "url nessuno" in out


def test_the_hosts_refusals_are_in_the_hosts_language(capsys, tmp_path):
    """A host's mistake (a game that does not exist, a bad duration, every seat a bot) is
    refused in the host's language, the ids and the words to type kept as they are."""
    db = f"sqlite:///{tmp_path / 'h.db'}"
    run(["host", "new", "hawaii", "--db", db, "--from", HOST,
         "--seat", f"RED={SEATS['RED']}", "--seat", f"GREEN={SEATS['GREEN']}"])
    capsys.readouterr()
    code = run(["--lang", "fr", "host", "show", "NOPE", "--db", db])
    assert code != 0 and "il n'y a pas de partie NOPE" in capsys.readouterr().err
    code = run(["--lang", "de", "host", "new", "hawaii", "--db", db, "--from", HOST,
                "--seat", "RED=bot:basic", "--seat", "GREEN=bot:strong"])
    assert code != 0 and "jeder Platz ist ein Bot" in capsys.readouterr().err
    code = run(["--lang", "it", "host", "new", "hawaii", "--db", db, "--from", HOST,
                "--seat", "RED=bot:clever", "--seat", f"GREEN={SEATS['GREEN']}"])
    assert code != 0 and "'bot:clever' non indica alcun bot" in capsys.readouterr().err


def test_what_the_host_commands_report_is_in_the_hosts_language(capsys, tmp_path):
    db = f"sqlite:///{tmp_path / 'h.db'}"
    gid = _new(capsys, db)
    code, out = _cli(capsys, "--lang", "de", "host", "replace", gid, "GREEN",
                     "dora@players.example", "--db", db)
    assert code == 0 and out == f"GREEN von {gid} wird jetzt von dora@players.example aus gespielt\n"
    code, out = _cli(capsys, "--lang", "fr", "mail", "failed", "--db", db)
    assert code == 0 and out == "aucun courriel en échec\n"
    code = run(["--lang", "it", "mail", "retry", "--all", "--db", db])
    assert "0 mail rimesse in coda" in capsys.readouterr().err
