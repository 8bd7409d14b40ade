"""A hosted game's transcript as rows, and back.

The transcript text of a hosted game is its header (the tag lines) and its
log rows, one line each, exactly as ``referee new --commit`` and ``referee
play`` would have written the file: the tags, a blank line, the lines. The
transcript layer's :func:`referee.operations.play.play_text` turns that text and
one more line into the new text; :func:`append` stores what it added.
"""
from __future__ import annotations

from sqlalchemy import bindparam, insert, select, update

from referee.transcript import items as I
from referee.service import schema as S



def split_text(text: str) -> tuple[str, list[str]]:
    """(header text ending in a newline, body lines without blank lines)."""
    lines = text.replace("\r\n", "\n").split("\n")
    if "" in lines:
        cut = lines.index("")
    else:
        cut = 0
        while cut < len(lines) and lines[cut].lstrip().startswith("["):
            cut += 1
    header = "".join(line + "\n" for line in lines[:cut] if line.strip())
    return header, [line for line in lines[cut:] if line.strip()]


def join_text(header: str, body: list[str]) -> str:
    return header + ("\n" + "".join(line + "\n" for line in body) if body else "")


_BODY = select(S.log.c.text).where(S.log.c.game_id == bindparam("g")).order_by(S.log.c.seq)
_INSERT_LOG = insert(S.log)
_UPDATES: dict[tuple[str, ...], object] = {}


def body_lines(conn, game_id: str) -> list[str]:
    return list(conn.execute(_BODY, {"g": game_id}).scalars())


def update_game(conn, game_id: str, values: dict) -> None:
    """UPDATE the game's row; the statement for each set of columns is built once."""
    names = tuple(sorted(values))
    q = _UPDATES.get(names)
    if q is None:
        q = _UPDATES[names] = (update(S.games).where(S.games.c.id == bindparam("_id"))
                               .values({n: bindparam(n) for n in names}))
    conn.execute(q, {"_id": game_id, **values})


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
    from referee.replay import PLY_KINDS
    from referee.transcript import parse_line

    item = parse_line(line, number)
    if item is None or item.kind not in PLY_KINDS:
        return None
    if item.kind == I.CHANCE:
        return "* " + item.body
    return item.body


def header_tags(header: str) -> list[tuple[str, str]]:
    from referee.transcript import read_text
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
    from referee.replay import chain
    from referee.transcript import InternalError

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
                prev = chain.genesis(header_tags(header))
            prev = chain.link(prev, ply, canon)
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


def witness(ply: int, head_hex: str | None) -> str:
    return f"ply {ply} chain {(head_hex or '')[:12] or '-'}"
