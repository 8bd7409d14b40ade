"""Replayed states remembered between ``play`` calls.

``play`` must start from the state at the end of the file, and replaying a
long game is most of its running time. A file that replayed cleanly is
remembered as its state JSON (the same document a ``[Position]`` tag loads),
keyed by the file's bytes and by a fingerprint of the referee's code and data,
so any edit of the file, the rules or the components makes the entry useless
rather than wrong. JSON rather than pickle: a cache file can never run code.
Nothing here may fail a move: any problem means "replay instead".
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from referee.cache import cache_root, entry_name, store

KEEP = 256


def cache_dir() -> Path:
    return cache_root()


def restore(transcript, raw: bytes):
    """The Replay at the end of ``transcript`` from the cache, or None."""
    if os.environ.get("REFEREE_NO_CACHE"):
        return None
    try:
        data = json.loads((cache_dir() / entry_name(raw)).read_text(encoding="utf-8"))
        from referee.core import registry
        from referee.notation.replay import Replay

        module = registry.get(transcript.tag("Game") or "")
        if data["game"] != module.key:
            return None
        state = module.state_from_json(data["state"])
        if data.get("resigned"):
            from referee.notation.control import Resignations
            state.control = Resignations(tuple(data["players"]), tuple(data["resigned"]))
        return Replay(transcript, module, list(data["players"]), list(data["rules"]), state,
                      moves=int(data["moves"]), draws=int(data["draws"]))
    except Exception:
        return None


def save(rp, raw: bytes) -> None:
    """Remember a clean replay of the file whose bytes are ``raw``."""
    if os.environ.get("REFEREE_NO_CACHE") or rp.errors or rp.state is None:
        return
    try:
        folder = cache_dir()
        data = {"game": rp.module.key, "players": rp.players, "rules": rp.rules,
                "moves": rp.moves, "draws": rp.draws,
                "resigned": list(getattr(rp.state.control, "resigned", ())),
                "state": rp.module.state_to_json(rp.state)}
        store(folder / entry_name(raw), data)
        _prune(folder)
    except Exception:
        pass


def _prune(folder: Path) -> None:
    entries = [e for e in os.scandir(folder) if e.name.endswith(".json")]
    if len(entries) <= KEEP:
        return
    entries.sort(key=lambda e: e.stat().st_mtime_ns)
    for entry in entries[:len(entries) - KEEP]:
        try:
            os.unlink(entry.path)
        except OSError:
            pass
