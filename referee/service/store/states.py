"""Each hosted game's state, kept in the store with every move it takes: the persisted
form of the store's one cache of game states (:mod:`referee.service.store.games_state`).

A game that is not in a process's memory (evicted by newer ones, or moved through
another process of the host: a second ``serve``, the mail process) is loaded from its
row here instead of replayed from its whole text. The row is sealed to the digest of
exactly the text it is the end of, to the code's contents and to the game, with the
host key (``referee.replay.snapshot.seal``): a stale or altered row is never believed.
A log row forged behind the host's back changes the text, so the game is replayed
with the deal check and the forged history refused, as without the row.
"""
from __future__ import annotations

from sqlalchemy import bindparam, select
from sqlalchemy.dialects import postgresql, sqlite

from referee.replay import snapshot
from referee.service.store import schema as S


def _save_statement(dialect):
    q = dialect.insert(S.states)
    return q.on_conflict_do_update(index_elements=["game_id"], set_={
        "digest": q.excluded.digest, "doc": q.excluded.doc, "mac": q.excluded.mac})


_SAVE = {"sqlite": _save_statement(sqlite), "postgresql": _save_statement(postgresql)}
_LOAD = select(S.states.c.digest, S.states.c.doc, S.states.c.mac).where(
    S.states.c.game_id == bindparam("g"))


def save(store, conn, game_id: str, text: str, rp) -> str | None:
    """Keep ``rp``, the replay at the end of ``text``, as the game's state, in the
    transaction that stores ``text``; returns the state's document (None: not kept)."""
    sealed = snapshot.seal(rp, text.encode("utf-8"), store.host_key(conn), game_id)
    if sealed is None:
        return None
    digest, doc, mac = sealed
    conn.execute(_SAVE["sqlite" if store.sqlite else "postgresql"],
                 {"game_id": game_id, "digest": digest, "doc": doc, "mac": mac})
    return doc


def load(store, conn, game_id: str, text: str, name: str):
    """The replay at the end of ``text`` from the game's kept state, or None (none
    kept, or not of exactly this text under this code and key)."""
    row = conn.execute(_LOAD, {"g": game_id}).first()
    if row is None:
        return None
    raw = text.encode("utf-8")
    if row[0] != snapshot.text_digest(raw):
        return None
    return snapshot.unseal(raw, store.host_key(conn), game_id, row, name)
