"""A move the seat sent before, sent again: held until the seat confirms it.

A player copies their last move into a new mail, or a client resends an old one;
when the game has come round to a point where that move is legal again (Hawaii's
``GREEN takes order 1`` ends one round and may start the next), playing it would
make a move the player never meant. Without a ``#N`` guard saying which ply it
follows, such a line is held in the store (a restart keeps it) and the seat is asked
to ``confirm``; any ply played after it voids the hold. The same move written
another way (``GREEN takes 1``) is the same move. A repeat that could not be played
now is the old move, and is answered "already recorded" as before.
"""
from __future__ import annotations

from sqlalchemy import delete, insert, select

from referee.i18n import _
from referee.service.store import schema as S
from referee.service.hosted import takebacks
from referee.service.hosted.session import Verdict


def hold(session, text: str, line: str, ply: int) -> Verdict:
    """``line`` (``text`` as written), legal now, repeats the seat's move at ``ply``:
    kept for the seat to confirm."""
    now = session.game["ply"]
    _drop(session)
    session.conn.execute(insert(S.holds).values(
        game_id=session.game["id"], seat=session.seat, kind="repeat", line=line,
        sent=text, ply=now, at=session.now))
    return Verdict(text, False, _(
        "HELD, not played: this is your own last move again, accepted at ply {ply}. To play "
        "it once more now, reply 'confirm' or send it again ending with '#{now}'. If your "
        "mail only repeated the old one, do nothing: the hold lapses when the game moves "
        "on.").format(ply=ply, now=now), code="held")


def confirm(session, text: str) -> Verdict:
    """Play the seat's held line, if the game is still where it was held."""
    row = session.conn.execute(select(S.holds).where(
        S.holds.c.game_id == session.game["id"], S.holds.c.seat == session.seat)
    ).mappings().first()
    if row is not None:
        _drop(session)
    if row is None or row["ply"] != session.game["ply"]:
        return session.refuse(text, "confirm", _(
            "nothing of yours waits for a confirmation (the one held lapsed: the game has "
            "moved on since)") if row else _("nothing of yours waits for a confirmation"))
    verdict = session.play(text, row["line"], sent=row["sent"])
    if verdict.ok:
        takebacks.moved_on(session)
    return verdict


def _drop(session) -> None:
    session.conn.execute(delete(S.holds).where(S.holds.c.game_id == session.game["id"],
                                               S.holds.c.seat == session.seat))
