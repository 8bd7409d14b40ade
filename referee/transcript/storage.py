"""Writing transcripts so that no update is ever half-done or lost.

Two players may ``play`` at the same moment (a mail gateway, a forum bot):
an exclusive ``flock`` on ``FILE.lock`` serialises read-validate-write, and
the new text goes to a temporary file in the same directory that is fsynced
and renamed over the old one, so readers see either the old file or the new.
The lock file is left in place: deleting it would let a third process lock
a different inode.
"""
from __future__ import annotations

import errno
import itertools
import os
import stat
import time
from contextlib import contextmanager
from pathlib import Path

from referee.i18n import _
from referee.transcript.problems import UsageError

MAX_FILE = 8 * 1024 * 1024     # bytes of a transcript: a long game is well under 100 KB
LOCK_TIMEOUT = 30.0            # seconds a play waits for another one on the same file


def real_path(path: str | Path) -> str:
    """The file a (possibly symlinked) path names: what is locked and replaced, so a
    link stays a link and its target gets the move."""
    return os.path.realpath(path)


def read_limited(path: str | Path, limit: int = MAX_FILE) -> bytes:
    """A regular file's bytes, at most ``limit`` + 1 of them (so a caller sees it is
    too long without reading a device or a huge file into memory)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        return f.read(limit + 1)


@contextmanager
def locked(path: str | Path, timeout: float | None = None):
    """An exclusive lock on ``path`` (via FILE.lock); after ``timeout`` seconds of
    waiting, a UsageError that says the file is busy."""
    import fcntl     # POSIX only: imported where the lock is taken

    lock_path = f"{path}.lock"
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o666)
    try:
        deadline = time.monotonic() + (LOCK_TIMEOUT if timeout is None else timeout)
        delay = 0.005
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise UsageError(_("{file} is busy: another play has held its lock for "
                                       "over {seconds} s; try again").format(
                        file=path, seconds=f"{LOCK_TIMEOUT if timeout is None else timeout:g}")
                    ) from None
                time.sleep(delay)
                delay = min(delay * 2, 0.1)
        yield
    finally:
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)


def write_atomic(path: str | Path, text: str, *, exclusive: bool = False,
                 private: bool = False) -> None:
    """Replace ``path`` with ``text`` in one rename (``exclusive``: fail if it exists;
    ``private``: readable by the owner only, as a secret must be)."""
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    data = text.encode("utf-8")
    try:
        mode = 0o600 if private else os.stat(path).st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = _new_temporary(directory, path.name)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, mode)
        if exclusive:
            os.link(tmp, path)
            os.unlink(tmp)
        else:
            os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    _sync_dir(directory)


def remove_stale_temporaries(path: str | Path) -> None:
    """Remove the temporary files that writers killed mid-write (kill -9, a power cut)
    left beside ``path``. Call it under the file's lock: a temporary whose writer is
    still alive (or whose pid was reused) is left alone."""
    path = Path(path)
    prefix = f".{path.name}."
    try:
        entries = list(os.scandir(path.parent if str(path.parent) else "."))
    except OSError:
        return
    for entry in entries:
        pid = entry.name[len(prefix):].split(".")[0]
        if not (entry.name.startswith(prefix) and entry.name.endswith(".tmp") and pid.isascii() and pid.isdigit()):
            continue
        try:
            os.kill(int(pid), 0)
            continue                      # its writer lives
        except ProcessLookupError:
            pass
        except (PermissionError, OverflowError):
            continue
        try:
            os.unlink(entry.path)
        except OSError:
            pass


_SERIAL = itertools.count()


def _new_temporary(directory: Path, name: str) -> tuple[int, str]:
    """A new file of our own beside the target, as tempfile.mkstemp makes one, without
    importing tempfile (and shutil with it) into every ``play``."""
    for _ in range(100):
        tmp = os.path.join(directory, f".{name}.{os.getpid()}.{next(_SERIAL)}.tmp")
        try:
            return os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600), tmp
        except FileExistsError:     # left by a process that died with our pid
            continue
    raise FileExistsError(f"cannot make a temporary file beside {name} in {directory}")


def _sync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
