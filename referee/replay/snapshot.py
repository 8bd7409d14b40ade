"""Replayed states remembered between ``play`` calls.

``play`` must start from the state at the end of the file, and replaying a
long game is most of its running time. A file that replayed cleanly is
remembered as its state JSON (the same document a ``[Position]`` tag loads)
with its ply and chain head, keyed by the file's bytes and by a fingerprint of
the referee's code and data, so any edit of the file, the rules or the
components makes the entry useless rather than wrong; and signed with the
cache's own secret key (:func:`referee.core.cache.load`), so an edited or planted
entry is ignored. JSON rather than pickle: a cache file can never run code.
Nothing here may fail a move: any problem means "replay instead".
"""
from __future__ import annotations

import os
from pathlib import Path

from referee.core import registry
from referee.core.cache import cache_root, clean_temporaries, entry_name, load, store
from referee.replay.control import Resignations, state_from_json
from referee.replay.replayer import Replay

KEEP = 256
PRUNE_EVERY = 32          # saves into one folder between prunes (the first save prunes)
_saves: dict[str, int] = {}


def cache_dir() -> Path:
    return cache_root()


def restore(transcript, raw: bytes):
    """The Replay at the end of ``transcript`` from the cache, or None."""
    if os.environ.get("REFEREE_NO_CACHE"):
        return None
    try:
        data = load(cache_dir() / entry_name(raw))

        module = registry.get(transcript.tag("Game") or "")
        if data["game"] != module.key:
            return None
        state = state_from_json(module, data["state"], list(data["players"]))
        key = data.get("last_key")
        return Replay(transcript, module, list(data["players"]), list(data["rules"]), state,
                      moves=int(data["moves"]), draws=int(data["draws"]), ply=int(data["ply"]),
                      chain=bytes.fromhex(data["chain"]), acts=int(data["acts"]),
                      last_key=bytes.fromhex(key) if key else None)
    except Exception:
        return None


def copy(rp, transcript=None):
    """A replay at the same point as ``rp`` with a state of its own, as :func:`restore`
    would give it from ``rp``'s entry (no history, no takeback memory): for a process
    that keeps replays in memory instead of reading them back."""
    state = rp.state.clone()
    resigned = tuple(getattr(rp.state.control, "resigned", ()))
    if resigned:
        state.control = Resignations(tuple(rp.players), resigned)
    elif getattr(state, "control", None) is not None:
        state.control = None
    return Replay(transcript if transcript is not None else rp.transcript, rp.module,
                  list(rp.players), list(rp.rules), state, moves=rp.moves, draws=rp.draws,
                  ply=rp.ply, chain=rp.chain, acts=rp.acts, last_key=rp.last_key)


def save(rp, raw: bytes) -> None:
    """Remember a clean replay of the file whose bytes are ``raw``."""
    if os.environ.get("REFEREE_NO_CACHE") or rp.errors or rp.state is None or rp.chain is None:
        return
    try:
        folder = cache_dir()
        data = {"game": rp.module.key, "players": rp.players, "rules": rp.rules,
                "moves": rp.moves, "draws": rp.draws, "ply": rp.ply, "chain": rp.chain.hex(),
                "acts": rp.acts, "last_key": rp.last_key.hex() if rp.last_key else None,
                "state": rp.state_data()}
        store(folder / entry_name(raw), data)
        n = _saves[str(folder)] = _saves.get(str(folder), 0) + 1
        if n % PRUNE_EVERY == 1:      # a resident host saves on every move
            _prune(folder)
    except Exception:
        pass


def _prune(folder: Path) -> None:
    """Down to KEEP entries, oldest first, once there are a quarter more than that: a
    prune on every save would stat the whole folder for each move a host takes."""
    clean_temporaries(folder)
    entries = [e for e in os.scandir(folder) if e.name.endswith(".json")]
    if len(entries) <= KEEP + KEEP // 4:
        return
    entries.sort(key=lambda e: e.stat().st_mtime_ns)
    for entry in entries[:len(entries) - KEEP]:
        try:
            os.unlink(entry.path)
        except OSError:
            pass
