"""Taking back a move: a seat asks, every other seat still playing must accept, one
decline or the next move ends the request (docs/mail.md lists the commands).

A takeback is written as a control line (``RED takes back``) through the
transcript layer like any other, so the record says who agreed and ``check``
replays it.
"""
from __future__ import annotations

import json

from sqlalchemy import select, update

from referee.i18n import _, seat_word, seat_words
from referee.service.hosted.bot_seats import held_by_bot
from referee.service.hosted.session import Verdict
from referee.service.store import schema as S
from referee.transcript import items, parse_line


def last_item(session):
    """The game's last log row that counts as a ply (None before the first)."""
    q = (select(S.log).where(S.log.c.game_id == session.game["id"], S.log.c.ply.is_not(None))
         .order_by(S.log.c.seq.desc()).limit(1))
    return session.conn.execute(q).mappings().first()


def past_bots(session):
    """(the game's last log row that counts as a ply and is not a bot's move, the bots'
    moves after it, the last first). A bot answers a person at once, so a person's
    takeback in a game against bots reaches back past their replies (T-1)."""
    q = (select(S.log).where(S.log.c.game_id == session.game["id"], S.log.c.ply.is_not(None))
         .order_by(S.log.c.seq.desc()))
    return before_bots(session.conn.execute(q).mappings())


def before_bots(plies):
    """:func:`past_bots` of ``plies``, rows with their ``text``, the last first (the seat
    page asks it of the game it shows)."""
    replies = []
    for row in plies:
        item = parse_line(row["text"])
        if item is None or item.kind != items.MOVE or "# bot " not in row["text"]:
            return row, replies
        replies.append(item.name.upper())
    return None, replies


def asked_of(session, seat: str) -> list[str]:
    """The seats that must accept ``seat``'s takeback: a bot has no say."""
    return [s for s, r in session.seats.items()
            if s != seat and not r["resigned"] and not held_by_bot(r)]


def request(session) -> dict | None:
    return json.loads(session.game["undo"]) if session.game["undo"] else None


def set_request(session, value: dict | None) -> None:
    session.game["undo"] = json.dumps(value) if value is not None else None
    session.conn.execute(update(S.games).where(S.games.c.id == session.game["id"])
                         .values(undo=session.game["undo"]))


def undoable(status: str, last, seat: str, resigned: bool) -> bool:
    """Whether ``seat`` may ask to take back ``last``, the game's last ply (a row with its
    ``seat`` and ``text``, or None): a move of the seat's own, with no chance line and no
    other seat's move after it, and the seat still playing. A resignation or a takeback
    is never taken back (T-2), nor a resigned seat's move (T-5): asking the others for
    one would end in a refusal once they had all accepted. The seat page asks it too,
    to offer only what would be taken."""
    if status != "playing" or resigned or last is None or last["seat"] != seat:
        return False
    item = parse_line(last["text"])
    return item is not None and item.kind == items.MOVE


def undo(session, text: str) -> Verdict:
    last = past_bots(session)[0]
    if not undoable(session.game["status"], last, session.seat,
                    session.seats[session.seat]["resigned"]):
        return session.refuse(text, "undo", _(
            "you can take back only your own last move, while no chance line and no other "
            "seat's move has followed it, and not a resignation or a takeback"))
    set_request(session, {"seat": session.seat, "ply": last["ply"], "accepted": []})
    others = asked_of(session, session.seat)
    if not others:
        return takeback(session, text, [])
    seat, ply, line = session.seat, last["ply"], last["text"]
    session.mail_others(lambda: (
        _("{seat} asks to take back a move").format(seat=seat_word(seat)),
        _("{seat} asks to take back its move at ply {ply}:").format(seat=seat_word(seat),
                                                                     ply=ply)
        + f"\n\n    {line}\n\n"
        + _("Reply 'accept' or 'decline'. Every other seat must accept; one decline, or "
            "the next move, ends the request.") + "\n"))
    return Verdict(text, True, _("takeback of ply {ply} asked; waiting for {seats} to "
                                 "accept").format(ply=last["ply"], seats=seat_words(others)))


def accept(session, text: str) -> Verdict:
    asked = request(session)
    if asked is None or asked["seat"] == session.seat:
        return session.refuse(text, "undo", _("there is no takeback of another seat to "
                                              "accept"))
    accepted = sorted(set(asked["accepted"]) | {session.seat})
    requester = asked["seat"]
    waiting = [s for s in asked_of(session, requester) if s not in accepted]
    if waiting:
        asked["accepted"] = accepted
        set_request(session, asked)
        return Verdict(text, True, _("accepted; still waiting for {seats}").format(
            seats=seat_words(waiting)))
    return takeback(session, text, accepted, seat=requester)


def decline(session, text: str) -> Verdict:
    asked = request(session)
    if asked is None or asked["seat"] == session.seat:
        return session.refuse(text, "undo", _("there is no takeback of another seat to "
                                              "decline"))
    set_request(session, None)
    seat = session.seat
    session.mail_others(lambda: (
        _("{seat} declined the takeback").format(seat=seat_word(seat)),
        _("{seat} declined {asker}'s takeback of ply {ply}; the move stands.").format(
            seat=seat_word(seat), asker=seat_word(asked["seat"]), ply=asked["ply"]) + "\n"))
    return Verdict(text, True, _("declined: the move stands"))


def takeback(session, text: str, agreed: list[str], *, seat: str | None = None,
             note: str | None = None) -> Verdict:
    """Write the takeback line for ``seat`` (the session's by default): agreed, or forced."""
    seat = seat or session.seat
    set_request(session, None)
    comment = note or (f"# agreed by {' '.join(agreed)}" if agreed else "# nobody else to ask")
    for bot in past_bots(session)[1]:
        # each bot seat voids its reply, the last first; they move again once the
        # person has, from the chain head the takebacks made
        verdict = session.play(text, f"{bot} takes back  # before {seat}'s", sent=None,
                               who=None)
        if not verdict.ok:
            return verdict
    return session.play(text, f"{seat} takes back  {comment}", sent=None, who=None)


def moved_on(session) -> None:
    """The next seat moving ends a takeback request."""
    if session.game["undo"]:
        set_request(session, None)
