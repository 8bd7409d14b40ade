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

A host keeps each game's state in its store the same way (:func:`seal`,
:func:`unseal`), for every process of the host: bound to the digest of exactly the
text it is the end of and to a fingerprint of the code's contents, and signed with
the host's key, so a stale, planted or edited copy is never believed.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
from pathlib import Path

from referee.core import registry
from referee.core.cache import (cache_root, clean_temporaries, content_fingerprint,
                                 entry_name, load, store)
from referee.replay.control import Resignations, state_from_json
from referee.replay.replayer import Replay
from referee.transcript.reader import read_bytes_lazily

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
        return from_document(transcript, load(cache_dir() / entry_name(raw)))
    except Exception:
        return None


def document(rp) -> dict:
    """What a replay at its end is remembered as (the state cache's entry, a host's
    saved state): plain JSON, never code."""
    return {"game": rp.module.key, "players": rp.players, "rules": rp.rules,
            "moves": rp.moves, "draws": rp.draws, "ply": rp.ply, "chain": rp.chain.hex(),
            "acts": rp.acts, "last_key": rp.last_key.hex() if rp.last_key else None,
            "state": rp.state_data()}


def from_document(transcript, data: dict, *, checked: bool = True):
    """The Replay at the end of ``transcript`` from its :func:`document`; the caller
    has made sure the document is of exactly that transcript. Raises on a document
    that does not read (the caller then replays). ``checked=False``: a document this
    code sealed itself, its state not checked for consistency again."""
    module = registry.get(transcript.tag("Game") or "")
    return _replay_of(transcript, module, data, checked)


def _replay_of(transcript, module, data: dict, checked: bool):
    if data["game"] != module.key:
        raise ValueError("a document of another game")
    state = state_from_json(module, data["state"], list(data["players"]), checked=checked)
    key = data.get("last_key")
    return Replay(transcript, module, list(data["players"]), list(data["rules"]), state,
                  moves=int(data["moves"]), draws=int(data["draws"]), ply=int(data["ply"]),
                  chain=bytes.fromhex(data["chain"]), acts=int(data["acts"]),
                  last_key=bytes.fromhex(key) if key else None)


def revive(doc: str, module):
    """The replay at the end of a game from the :func:`document_text` this process
    sealed for it, without a transcript: ``play`` reads the file's own. A host keeps
    its games in memory so (``Store.games``): a few strings per game, which the
    garbage collector never walks, rather than a replay's hundreds of objects."""
    return _replay_of(None, module, json.loads(doc), False)


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


def text_digest(raw: bytes) -> str:
    """What names a transcript's bytes as this version of the referee replays them."""
    return hashlib.sha256(content_fingerprint().encode() + b"\0" + raw).hexdigest()


def _mac(key: bytes, scope: str, digest: str, doc: str) -> str:
    return hmac.new(key, f"{scope}\0{digest}\0".encode() + doc.encode(), "sha256").hexdigest()


def seal(rp, raw: bytes, key: bytes, scope: str) -> tuple[str, str, str] | None:
    """(the digest of ``raw``, the document of ``rp`` at its end, their MAC under
    ``key`` for ``scope`` (a game's id)), or None for a replay not to be kept."""
    if rp.errors or rp.state is None or rp.chain is None:
        return None
    digest, doc = text_digest(raw), document_text(rp)
    return digest, doc, _mac(key, scope, digest, doc)


def document_text(rp) -> str:
    """:func:`document` as compact JSON, the state's part written once for its ply
    (:meth:`Replay.state_text`, which the move's notifications carry too)."""
    head = document(rp)
    del head["state"]               # the last key: the text is the same as the whole's
    return json.dumps(head, separators=(",", ":"))[:-1] + ',"state":' + rp.state_text() + "}"


def unseal(raw: bytes, key: bytes, scope: str, sealed, name: str) -> Replay | None:
    """The replay at the end of the transcript whose bytes are ``raw`` (its lines read
    only if something asks for them) from what :func:`seal` gave, or None if that is
    of another text, another version of the referee, another scope or key, or altered."""
    try:
        digest, doc, mac = sealed
        if digest != text_digest(raw) or not hmac.compare_digest(
                mac, _mac(key, scope, digest, doc)):
            return None
        return from_document(read_bytes_lazily(raw, name), json.loads(doc), checked=False)
    except Exception:
        return None


def save(rp, raw: bytes) -> None:
    """Remember a clean replay of the file whose bytes are ``raw``."""
    if os.environ.get("REFEREE_NO_CACHE") or rp.errors or rp.state is None or rp.chain is None:
        return
    try:
        folder = cache_dir()
        store(folder / entry_name(raw), document(rp))
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
