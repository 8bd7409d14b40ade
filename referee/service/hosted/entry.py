"""The one way a message's lines reach a hosted game, whatever channel brought them.

A channel (a mail, a forum post, the web page's form, a webhook delivery) hands
:func:`take` an :class:`Arrival` and a :class:`Door`: the door is the channel's own
answer to three questions (which seat sent this, has this message been handled
already, how is the answer sent back), and everything else happens here, the same
way for every channel, in one transaction holding the game's lock: the message's
lines read once by the command reader (:mod:`lines`), a move in the player's own
words offered to the free reader (:mod:`free_moves`), each command run in order (the
first refusal stops the rest), what they add appended to the record, the
notifications and the channel's answer queued. Nothing is acknowledged before that
commit, and a message handled once is never handled again.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from referee.service.hosted.free_moves import offer
from referee.service.hosted.lines import Commands, read_lines
from referee.service.hosted.running import Reply, run_lines
from referee.service.hosted.session import NoSuchGame, Session


@dataclass(frozen=True)
class Arrival:
    """A message as its channel brought it."""
    via: str                       # the channel: mail, forum, web
    text: str                      # what the sender wrote, as plain text
    ref: str | None = None         # what the record notes for its lines (a Message-ID, a
                                   # post's address), and its key for :meth:`Door.once`
    expect_ply: int | None = None  # the ply the sender saw (the web page's guard)
    resign_confirmed: bool = False  # a bare 'resign' already confirmed outside the text
                                    # (the web page's ticked box): no code asked for


@dataclass
class Seated:
    """Whose message it is: the game's row (locked) and seat rows, and the seat."""
    game: dict
    seats: dict
    seat: str
    note: str = "handled"          # what the channel's record says of the message


@dataclass
class Turned:
    """A message that plays nothing: no seat's, or not for playing (a bounce, a paste)."""
    outcome: str                   # what :func:`take` reports: refused, dropped, ignored...
    note: str                      # what the channel's record says of it
    game_id: str | None = None
    seat: str | None = None
    reason: str = ""
    then: object = None           # called (conn) once the message is recorded as new


@dataclass
class Taken:
    """What became of a message: handled (``reply`` says how), chatter (a seat's message
    with nothing to answer), duplicate, or the :class:`Turned` outcome."""
    outcome: str
    game_id: str | None = None
    seat: str | None = None
    reply: object = None
    reason: str = ""


class Door:
    """A channel's side of :func:`take`: a subclass answers :meth:`find` and whichever
    of the others its channel needs."""
    every_line = False             # each line a command (a form's box), not a message
    most = None                    # commands of one message run; the rest are named only
    unanswered = "handled"         # the outcome of a message whose lines said nothing

    def find(self, store, conn, lines) -> Seated | Turned:
        """The seat whose message this is, its game locked (``lines``: the message read,
        for a token it may carry), or why it is no seat's."""
        raise NotImplementedError

    def once(self, store, conn, found: Seated | Turned, now: float) -> bool:
        """Record the message as handled with ``found``'s note; False if it already was."""
        return True

    def quiet(self, session, commands: list, unsure) -> bool:
        """Whether a message with these commands gets no answer at all."""
        return False

    def answer(self, session, reply: Reply, commands: Commands, now: float) -> None:
        """Queue the channel's answer to ``reply`` in the transaction."""


def take(store, arrival: Arrival, door: Door, *, now: float | None = None) -> Taken:
    """One message through the hosted game: its seat found, handled once, its lines read
    once and run, the answers queued, all in one transaction. Store errors propagate."""
    now = time.time() if now is None else now
    lines = read_lines(arrival.text)
    with store.write() as conn:
        found = door.find(store, conn, lines)
        if not door.once(store, conn, found, now):
            return Taken("duplicate", found.game["id"] if isinstance(found, Seated)
                         else found.game_id)
        if isinstance(found, Turned):
            if found.then is not None and not found.then(conn):
                return Taken("dropped", found.game_id, found.seat, reason=found.reason)
            return Taken(found.outcome, found.game_id, found.seat, reason=found.reason)
        game_id, seat = found.game["id"], found.seat
        session = Session(store, conn, game_id, seat, via=arrival.via, now=now,
                          message_id=arrival.ref, game=found.game, seats=found.seats)
        session.resign_confirmed = arrival.resign_confirmed
        if door.every_line:
            cmds = lines.each_line(guard=arrival.expect_ply)
        else:
            cmds = lines.commands(seats=session.module.seats, verbs=session.module.move_verbs)
        read = list(cmds.lines[:door.most])
        commands, ignored, unsure = offer(session, [(c.text, c.guard, c.kind) for c in read],
                                          [c.kind for c in read], list(cmds.ignored))
        if door.quiet(session, commands, unsure):
            return Taken("chatter", game_id, seat)
        reply = run_lines(store, conn, game_id, seat, commands, via=arrival.via, now=now,
                             message_id=arrival.ref, session=session)
        reply.verdicts += [unsure] if unsure is not None else []
        reply.ignored = ignored + reply.ignored
        door.answer(session, reply, cmds, now)
        return Taken("handled" if reply.verdicts else door.unanswered, game_id, seat, reply)


def submit(store, game_id: str, seat: str, text: str, *, via: str, now: float | None = None,
           expect_ply: int | None = None, resign_confirmed: bool = False) -> Reply:
    """Run every line of ``text`` as a command of ``seat`` (already authenticated by the
    caller): the web page's form, the host's own commands. ``expect_ply`` guards a
    single move like ``#N``; ``resign_confirmed``: the caller had the player confirm a
    bare ``resign`` already (the web page's Resign button)."""
    taken = take(store, Arrival(via, text, expect_ply=expect_ply,
                                resign_confirmed=resign_confirmed),
                 SeatForm(game_id, seat), now=now)
    return taken.reply


class SeatForm(Door):
    """A seat its caller has already authenticated (the web page's link, the host), with
    every line a command and no key to handle a message once by: the web page guards a
    move by the ply it showed instead."""
    every_line = True

    def __init__(self, game_id: str, seat: str):
        self.game_id, self.seat = game_id, seat

    def find(self, store, conn, lines) -> Seated:
        game, seats = store.lock_game_and_seats(conn, self.game_id)
        if game is None:
            raise NoSuchGame(f"there is no game {self.game_id}")
        return Seated(game, seats, self.seat)
