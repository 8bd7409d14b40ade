"""A hosted game's transcript as rows, and back.

The transcript text of a hosted game is its header (the tag lines) and its
log rows, one line each, exactly as ``referee new --commit`` and ``referee
play`` would have written the file: the tags, a blank line, the lines. The
transcript layer's :func:`referee.operations.play.play_text` turns that text and
one more line into the new text; :func:`append` stores what it added.
"""
from __future__ import annotations

from sqlalchemy import bindparam, func, insert, select, update

from referee.replay import PLY_KINDS, genesis, link
from referee.service.store import schema as S
from referee.transcript import InternalError, join_text, parse_line, read_text, split_text
from referee.transcript import items as I

_BODY = select(S.log.c.text).where(S.log.c.game_id == bindparam("g")).order_by(S.log.c.seq)
_INSERT_LOG = insert(S.log)
_UPDATES: dict[tuple[str, ...], object] = {}


def body_lines(conn, game_id: str) -> list[str]:
    return list(conn.execute(_BODY, {"g": game_id}).scalars())


def update_game(conn, game_id: str, values: dict) -> None:
    """UPDATE the game's row; the statement for each set of columns is built once and
    kept, so that SQLAlchemy finds its compiled form in its cache instead of building it."""
    names = tuple(sorted(values))
    q = _UPDATES.get(names)
    if q is None:
        q = _UPDATES[names] = (update(S.games).where(S.games.c.id == bindparam("_id"))
                               .values({n: bindparam(n) for n in names}))
    conn.execute(q, {"_id": game_id, **{n: values[n] for n in names}})


def version(game) -> tuple | None:
    """What names a game's whole transcript on its row: the log only grows, so the same
    header, number of log rows and chain head mean the same text (None: not known)."""
    if game["lines"] is None:
        return None
    return game["header"], game["lines"], game["chain"]


def transcript_text(conn, game) -> str:
    """The whole transcript of ``game`` (a games row) rebuilt from the store."""
    return join_text(game["header"], body_lines(conn, game["id"]))


def chain_text(line: str, number: int = 1) -> str | None:
    """What the chain hashes for a body line: the item without its comment (None: not an item)."""
    item = parse_line(line, number)
    if item is None or item.kind not in PLY_KINDS:
        return None
    if item.kind == I.CHANCE:
        return "* " + item.body
    return item.body


def header_tags(header: str) -> list[tuple[str, str]]:
    return [(t.name, t.value) for t in read_text(header).tags]


def append(conn, game, new_text: str, *, seat: str | None, sent: str | None, via: str,
           message_id: str | None, now: float, old: str | None = None,
           defer: bool = False) -> list[str]:
    """Store what ``new_text`` adds to ``game``'s transcript; returns the lines added.

    The new text must extend the stored one: the same body with lines after it
    (the header may gain tags: salts, the result, the revealed seed). ``old``, when
    the caller read the stored text in this transaction, saves reading it again. A
    ``game`` that is a dict gets the row's new values; with ``defer`` the caller
    writes them (a dict, which it must be then, holds them)."""
    header, body = split_text(new_text)
    old = split_text(old)[1] if old is not None else body_lines(conn, game["id"])
    if body[:len(old)] != old:
        raise InternalError("the new transcript does not extend the stored one")
    added = body[len(old):]
    ply = game["ply"]
    prev = bytes.fromhex(game["chain"]) if game["chain"] else None
    rows = []
    for seq, line in enumerate(added, len(old) + 1):
        canon = chain_text(line, seq)
        h = None
        if canon is not None:
            ply += 1
            if prev is None:
                prev = genesis(header_tags(header))
            prev = link(prev, ply, canon)
            h = prev.hex()
        rows.append({"game_id": game["id"], "seq": seq, "ply": ply if canon is not None else None,
                     "text": line, "chain": h, "seat": seat, "sent": sent, "at": now,
                     "via": via, "message_id": message_id})
        seat = sent = None          # chance lines after a move are the referee's
    if rows:
        conn.execute(_INSERT_LOG, rows)
    values = {"updated_at": now, "ply": ply, "chain": prev.hex() if prev else game["chain"],
              "lines": len(body)}
    if header != game["header"]:
        values["header"] = header
    if not defer:
        update_game(conn, game["id"], values)
    if isinstance(game, dict):
        game.update(values)
    return added


_COUNT = select(func.count()).select_from(S.log).where(S.log.c.game_id == bindparam("g"))


def append_played(conn, game: dict, played, *, seat: str | None, sent: str | None, via: str,
                  message_id: str | None, now: float) -> list[str]:
    """Store the body lines ``played`` added (with the plies and chain heads play gave
    them) and put the row's new values in ``game``, for the caller to write at its
    commit; returns the lines. Nothing is read back or computed again."""
    lines = game["lines"]
    if lines is None:             # a row from before the count was kept
        lines = conn.execute(_COUNT, {"g": game["id"]}).scalar()
    rows = []
    for seq, (line, ply, head) in enumerate(played.added, lines + 1):
        rows.append({"game_id": game["id"], "seq": seq, "ply": ply, "text": line,
                     "chain": head, "seat": seat, "sent": sent, "at": now, "via": via,
                     "message_id": message_id})
        seat = sent = None          # chance lines after a move are the referee's
    if rows:
        conn.execute(_INSERT_LOG, rows)
    game.update({"updated_at": now, "ply": played.ply if played.ply is not None else game["ply"],
                 "chain": played.chain if played.added else game["chain"],
                 "lines": lines + len(rows)})
    if played.header is not None:
        game["header"] = played.header
    return [line for line, _, _ in played.added]


def witness(ply: int, head_hex: str | None) -> str:
    return f"ply {ply} chain {(head_hex or '')[:12] or '-'}"
