"""Read-only questions the page asks the store that the host's functions do not
answer: cheap enough to ask twice a second from every open page.

Only reads, only through the store's own schema; writing is
:func:`referee.service.hosted.entry.submit`'s alone.
"""
from __future__ import annotations

import json

from sqlalchemy import select

from referee.service.store import schema as S


def version(store, game_id: str) -> str | None:
    """What changes whenever the game does (a move, a takeback asked or ended, a
    seat replaced): ply and last write. None when there is no such game."""
    with store.read() as conn:
        row = conn.execute(select(S.games.c.ply, S.games.c.updated_at, S.games.c.undo)
                           .where(S.games.c.id == game_id)).first()
    if row is None:
        return None
    return _version(row.ply, row.updated_at, row.undo)


def version_of(detail: dict) -> str:
    """:func:`version` of a game read for its page, from the same row."""
    return _version(detail["ply"], detail["updated_at"], detail["undo"])


def versions(store, game_ids: list[str]) -> dict[str, str]:
    """:func:`version` of many games in one query (the games that exist)."""
    out: dict[str, str] = {}
    with store.read() as conn:
        for start in range(0, len(game_ids), 500):
            q = (select(S.games.c.id, S.games.c.ply, S.games.c.updated_at, S.games.c.undo)
                 .where(S.games.c.id.in_(game_ids[start:start + 500])))
            for row in conn.execute(q):
                out[row.id] = _version(row.ply, row.updated_at, row.undo)
    return out


def _version(ply, updated_at, undo) -> str:
    return f"{ply}-{updated_at!r}-{len(undo or '')}"


def undo_of(value: str | None) -> dict | None:
    """The takeback request waiting for answers that a game row's ``undo`` holds:
    {"seat", "ply", "accepted"}, or None."""
    try:
        return json.loads(value) if value else None
    except ValueError:
        return None
