"""Where the referee keeps what it can recompute, and what makes an entry stale.

Both caches (replayed states for ``play``, parsed component files) key their
entries by a fingerprint of the referee's own code and data, so a new version
or an edited data file misses instead of answering with old rules.
"""
from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path


def cache_root() -> Path:
    """$REFEREE_CACHE_DIR, else ~/.cache/referee/states: replayed states at the top
    (where ``play`` has always kept them), parsed component files in components/."""
    explicit = os.environ.get("REFEREE_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "referee" / "states"


@lru_cache(maxsize=1)
def fingerprint() -> str:
    """Names, sizes and times of every source, grammar and data file of the referee."""
    from referee.paths import games_dir, grammar_dir

    digest = hashlib.sha256()
    roots = {Path(__file__).resolve().parent, grammar_dir().resolve(), games_dir().resolve()}
    override = os.environ.get("REFEREE_COMPONENTS_DIR")
    if override and os.path.isdir(override):
        roots.add(Path(override).resolve())     # a group's corrected data changes every state
    for root in sorted(roots):
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith((".py", ".lark", ".yaml")):
                    st = os.stat(os.path.join(folder, name))
                    digest.update(f"{folder}/{name}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def entry_name(raw: bytes) -> str:
    """The file name of the entry for ``raw`` (what the entry was made from)."""
    return hashlib.sha256(fingerprint().encode() + b"\0" + raw).hexdigest() + ".json"


def store(path: Path, data) -> None:
    """Write one entry as compact JSON, whole or not at all (a reader may be looking)."""
    import json

    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    os.replace(tmp, path)
