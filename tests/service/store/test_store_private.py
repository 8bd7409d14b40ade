"""The store holds the host key from which every seat's secret is derived: only its
owner may read it (issue 21: private by default), and a store that cannot be reached
is a temporary failure (exit 75) for every hosted command, never an internal error."""
from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from referee.service.errors import StoreUnsafe
from referee.service.store import open_store

ROOT = Path(__file__).resolve().parents[3]


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_new_store_and_its_folder_are_the_owners_alone(tmp_path):
    folder = tmp_path / "home" / "referee"
    old = os.umask(0o022)
    try:
        store = open_store(f"sqlite:///{folder / 'referee.db'}")
        store.dispose()
    finally:
        os.umask(old)
    assert _mode(folder) == 0o700
    assert _mode(folder / "referee.db") == 0o600
    for extra in ("referee.db-wal", "referee.db-shm"):
        if (folder / extra).exists():
            assert _mode(folder / extra) & 0o077 == 0


def test_a_store_open_to_others_is_refused_with_the_command_that_fixes_it(tmp_path):
    path = tmp_path / "r.db"
    open_store(f"sqlite:///{path}").dispose()
    os.chmod(path, 0o644)
    with pytest.raises(StoreUnsafe) as refused:
        open_store(f"sqlite:///{path}")
    assert refused.value.code == "store-unsafe"
    assert f"chmod 600 {path}" in str(refused.value) and "0644" in str(refused.value)
    assert _mode(path) == 0o644                       # changed nothing
    os.chmod(path, 0o600)
    open_store(f"sqlite:///{path}").dispose()


def _key_written(path: Path) -> bool:
    return b"host_key" in path.read_bytes()


def test_a_file_of_another_user_is_refused_unwritten(tmp_path):
    """Even one that user made private to themselves but left readable by the
    referee's user (root reads everything): the host key would be theirs to read."""
    if os.geteuid() == 0:
        path = tmp_path / "theirs.db"
        path.write_bytes(b"")
        os.chmod(path, 0o600)
        os.chown(path, 65534, 65534)
    else:                                 # a file root owns, readable by everyone
        path = Path("/etc/hostname") if Path("/etc/hostname").exists() else Path("/etc/passwd")
    before = path.read_bytes()
    with pytest.raises(StoreUnsafe) as refused:
        open_store(f"sqlite:///{path}")
    assert "belongs to another user" in str(refused.value) and "chown" in str(refused.value)
    assert path.read_bytes() == before


@pytest.mark.parametrize("target", ["missing.db", "existing.db"])
def test_a_symbolic_link_where_the_store_goes_is_refused(tmp_path, target):
    aim = tmp_path / target
    if target == "existing.db":
        aim.write_bytes(b"")
        os.chmod(aim, 0o600)
    link = tmp_path / "referee.db"
    link.symlink_to(aim)
    with pytest.raises(StoreUnsafe) as refused:
        open_store(f"sqlite:///{link}")
    assert "symbolic link" in str(refused.value)
    assert not aim.exists() or aim.read_bytes() == b""


def test_a_planted_wal_file_is_refused(tmp_path):
    path = tmp_path / "r.db"
    open_store(f"sqlite:///{path}").dispose()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(b"")
    for extra in ("r.db-wal", "r.db-shm"):
        if (tmp_path / extra).exists():
            (tmp_path / extra).unlink()
    (tmp_path / "r.db-wal").symlink_to(elsewhere)
    with pytest.raises(StoreUnsafe) as refused:
        open_store(f"sqlite:///{path}")
    assert "r.db-wal is a symbolic link" in str(refused.value)


def test_folders_made_for_the_store_are_private_whatever_the_umask(tmp_path):
    old = os.umask(0)
    try:
        open_store(f"sqlite:///{tmp_path / 'a' / 'b' / 'c' / 'r.db'}").dispose()
    finally:
        os.umask(old)
    for folder in (tmp_path / "a", tmp_path / "a" / "b", tmp_path / "a" / "b" / "c"):
        assert _mode(folder) == 0o700, folder
    assert _mode(tmp_path / "a" / "b" / "c" / "r.db") == 0o600


def test_the_command_refuses_an_unsafe_store_in_one_sentence(tmp_path):
    path = tmp_path / "r.db"
    open_store(f"sqlite:///{path}").dispose()
    os.chmod(path, 0o640)
    done = subprocess.run([sys.executable, "-m", "referee", "host", "games", "--db",
                           f"sqlite:///{path}"], capture_output=True, cwd=ROOT, timeout=120)
    err = done.stderr.decode()
    assert done.returncode == 1, err
    assert err.startswith("store-unsafe: the store") and f"chmod 600 {path}" in err, err
    assert "Traceback" not in err and "internal" not in err


def test_mail_ingest_defers_a_move_while_its_store_is_refused(tmp_path):
    """Exit 75: the mail server keeps the move and tries again once the host has
    fixed the store, rather than bouncing it to the player."""
    path = tmp_path / "r.db"
    open_store(f"sqlite:///{path}").dispose()
    os.chmod(path, 0o640)
    done = subprocess.run([sys.executable, "-m", "referee", "mail", "ingest", "--db",
                           f"sqlite:///{path}"], input=b"From: a@example.org\n\nhi\n",
                          capture_output=True, cwd=ROOT, timeout=120)
    err = done.stderr.decode()
    assert done.returncode == 75, err
    assert err.startswith("store-unsafe: the store") and f"chmod 600 {path}" in err, err
    assert _mode(path) == 0o640


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to act as another user")
def test_another_user_cannot_read_the_store(tmp_path):
    os.chmod(tmp_path, 0o755)                 # the folder is open: only the file protects
    path = tmp_path / "r.db"
    open_store(f"sqlite:///{path}").dispose()
    done = subprocess.run(["runuser", "-u", "nobody", "--", "cat", str(path)],
                          capture_output=True)
    assert done.returncode != 0 and b"Permission denied" in done.stderr


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("args", [["host", "games"], ["host", "tick"],
                                  ["host", "export", "game-nosuch"],
                                  ["host", "show", "game-nosuch"],
                                  ["mail", "send", "--smtp", "smtp://127.0.0.1:1"]])
def test_every_hosted_command_exits_75_when_the_store_is_down(args):
    db = f"postgresql://referee@127.0.0.1:{_closed_port()}/referee?connect_timeout=2"
    done = subprocess.run([sys.executable, "-m", "referee", *args, "--db", db],
                          capture_output=True, cwd=ROOT, timeout=120)
    err = done.stderr.decode()
    assert done.returncode == 75, err
    assert "cannot be reached" in err or "try again later" in err
    assert "internal" not in err and "Traceback" not in err
