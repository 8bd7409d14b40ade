"""Where the referee keeps what it can recompute, and what makes an entry stale.

Both caches (replayed states for ``play``, parsed component files) key their
entries by a fingerprint of the referee's own code and data, so a new version
or an edited data file misses instead of answering with old rules.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import stat
import time
from functools import lru_cache
from pathlib import Path

from referee.core.paths import games_dir, grammar_dir


def cache_root() -> Path:
    """$REFEREE_CACHE_DIR, else ~/.cache/referee/states: replayed states at the top
    (where ``play`` has always kept them), parsed component files in components/."""
    explicit = os.environ.get("REFEREE_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "referee" / "states"


def _sources():
    """Every source, grammar and data file of the referee (and a group's corrected
    component data), in a fixed order."""
    roots = {Path(__file__).resolve().parent, grammar_dir().resolve(), games_dir().resolve()}
    override = os.environ.get("REFEREE_COMPONENTS_DIR")
    if override and os.path.isdir(override):
        roots.add(Path(override).resolve())     # a group's corrected data changes every state
    for root in sorted(roots):
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith((".py", ".lark", ".yaml")):
                    yield folder, name


@lru_cache(maxsize=1)
def fingerprint() -> str:
    """Names, sizes and times of every source, grammar and data file of the referee."""
    digest = hashlib.sha256()
    for folder, name in _sources():
        st = os.stat(os.path.join(folder, name))
        digest.update(f"{folder}/{name}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return digest.hexdigest()


@lru_cache(maxsize=1)
def content_fingerprint() -> str:
    """The contents of the same files, where they lie left out: the same for every
    installation of one version, so processes on several machines sharing one store
    agree on it (reading the files costs a few milliseconds, once per process)."""
    digest = hashlib.sha256()
    for folder, name in _sources():
        data = Path(folder, name).read_bytes()
        digest.update(f"{name}:{len(data)}\n".encode() + data)
    return digest.hexdigest()


def entry_name(raw: bytes) -> str:
    """The file name of the entry for ``raw`` (what the entry was made from)."""
    return hashlib.sha256(fingerprint().encode() + b"\0" + raw).hexdigest() + ".json"


MAX_ENTRY = 16 * 1024 * 1024
STALE_TEMP = 600               # seconds after which a temp file is a killed writer's leftover


def private_root() -> Path:
    """The cache folder, made private to the user (0700) if it is not yet; OSError if it
    is not a real folder of ours (a symlink, someone else's): then nothing is cached."""
    root = cache_root()
    root.mkdir(parents=True, exist_ok=True, mode=0o700)
    st = os.lstat(root)
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid():
        raise PermissionError(f"{root} is not a folder of this user")
    if st.st_mode & 0o077:
        os.chmod(root, 0o700)
    return root


def _key() -> bytes:
    """The cache's own secret: an entry is only believed if it carries this key's MAC,
    so an edited or planted entry can never change a verdict."""
    path = private_root() / "key"
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except FileNotFoundError:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        except FileExistsError:
            return _key()
        with os.fdopen(fd, "wb") as out:
            out.write(os.urandom(32))
        return _key()
    with os.fdopen(fd, "rb") as f:
        key = f.read(64)
    if len(key) != 32:
        raise PermissionError("the cache key is damaged")
    return key


def _mac(body: bytes) -> str:
    return hmac.new(_key(), body, hashlib.sha256).hexdigest()


def load(path: Path):
    """An entry's data, or ValueError unless its MAC is this cache's own."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    with os.fdopen(fd, "rb") as f:
        raw = f.read(MAX_ENTRY + 1)
    mac, _, body = raw.partition(b"\n")
    if len(raw) > MAX_ENTRY or not hmac.compare_digest(mac.decode("ascii", "replace"), _mac(body)):
        raise ValueError("not an entry of this cache")
    return json.loads(body)


def store(path: Path, data) -> None:
    """Write one entry (its MAC, a newline, compact JSON), whole or not at all (a reader
    may be looking): a fresh temporary file that follows no symlink, then a rename,
    which replaces a planted symlink rather than writing through it."""
    root = private_root()
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    if path.parent != root and (path.parent.is_symlink() or path.parent.stat().st_uid != os.getuid()):
        raise PermissionError(f"{path.parent} is not a folder of this user")
    body = json.dumps(data, separators=(",", ":")).encode("utf-8")
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(6).hex()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(_mac(body).encode("ascii") + b"\n" + body)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def clean_temporaries(folder: Path) -> None:
    """Remove the temp files of writers killed mid-write (older than STALE_TEMP)."""
    now = time.time()
    for entry in os.scandir(folder):
        if entry.name.startswith(".") and entry.name.endswith(".tmp"):
            try:
                if now - entry.stat(follow_symlinks=False).st_mtime > STALE_TEMP:
                    os.unlink(entry.path)
            except OSError:
                pass
