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

from referee.service.store import open_store

ROOT = Path(__file__).resolve().parents[2]


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


def test_an_older_store_readable_by_others_is_closed_to_them(tmp_path):
    path = tmp_path / "r.db"
    open_store(f"sqlite:///{path}").dispose()
    os.chmod(path, 0o644)
    open_store(f"sqlite:///{path}").dispose()
    assert _mode(path) == 0o600


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
