"""A throwaway PostgreSQL cluster (initdb, pg_ctl) on a free loopback port under a
temporary folder, for the store's tests and benchmarks/host_bench.py. As root it runs
as the user postgres (PostgreSQL refuses root). Missing programs are an error
(ClusterError), never a reason to skip.
"""
from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path


class ClusterError(RuntimeError):
    pass


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pg_bin() -> Path | None:
    for name in ("initdb", "pg_ctl"):
        found = shutil.which(name)
        if found:
            return Path(found).parent
    dirs = sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    return Path(dirs[0]) if dirs else None


class PgCluster:
    def __init__(self):
        self.bindir = _pg_bin()
        if self.bindir is None or not (self.bindir / "initdb").exists():
            raise ClusterError("PostgreSQL's programs (initdb, pg_ctl) are not installed: the store "
                        "tests need them (Debian/Ubuntu: apt-get install postgresql)")
        self.root = Path(tempfile.mkdtemp(prefix="referee-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.as_user:
            shutil.chown(self.root, "postgres")
            os.chmod(self.root, 0o700)
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres",
                  "--no-sync", "-E", "UTF8")
        self.start()

    def start(self) -> None:
        opts = (f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off "
                "-c max_connections=200 -c full_page_writes=off")
        self._run("pg_ctl", "-D", str(self.data), "-o", opts, "-l", str(self.root / "log"),
                  "-w", "start")

    def halt(self) -> None:
        """Stop the server as a crash would (its data kept): :meth:`start` brings it back."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def _run(self, program: str, *args: str) -> None:
        cmd = self.as_user + [str(self.bindir / program), *args]
        done = subprocess.run(cmd, capture_output=True, text=True, cwd=str(self.root))
        if done.returncode != 0:
            raise ClusterError(f"{program} failed: {done.stdout}\n{done.stderr}")

    def url(self, db: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{db}"

    def new_database(self) -> str:
        import psycopg
        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres",
                             autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        subprocess.run(self.as_user + [str(self.bindir / "pg_ctl"), "-D", str(self.data),
                                       "-m", "immediate", "stop"],
                       capture_output=True, cwd=str(self.root))
        shutil.rmtree(self.root, ignore_errors=True)
