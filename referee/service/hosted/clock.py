"""The clock (docs/hosting.md section 2a): reminders, deadlines, grace and the timeout policy.

njudge's model: a reminder before the deadline, a warning when it passes, a
grace period, then the game's policy for the seat: ``wait`` (remind again
each grace period), ``skip`` (the referee plays the game's least-disruptive
legal move for it, marked with a comment), ``replace`` (the host is told to
give the seat to someone else) or ``bot:LEVEL`` (a bot plays the seat's turns
until its player writes again, :mod:`bot_seats`). Each game's turn has a stage (0 nothing sent,
1 reminded, 2 warned, 3 expired) changed in the same transaction as the mail
it sends, under the game's lock: a tick run twice, even at once, does each
thing once. Every function takes ``now``, so tests drive the clock.
"""
from __future__ import annotations

from sqlalchemy import select, update

from referee import i18n
from referee.i18n import N_, _
from referee.operations import referee_move_line
from referee.service.store import schema as S
from referee.service.hosted import bot_seats, takebacks
from referee.service.hosted.bot_seats import timeout_level
from referee.service.hosted import forum_answers as answers
from referee.service.hosted.mails import SeatMail, seat_language, to_seat, when
from referee.service.hosted.session import Session
from referee.service.store import game_seats

REMIND_AT = 0.75           # of the deadline period

# what a timeout policy does, told to the seat it will happen to (the policy's own name is
# the host's word, meaningless to a player)
POLICY_WORDS = {"wait": N_("the game keeps waiting and reminds you again"),
                "skip": N_("the referee plays a move for you"),
                "replace": N_("the host may give your seat to another player")}


def policy_words(policy: str) -> str:
    """What ``policy`` does to the seat, in the reader's language."""
    level = timeout_level(policy)
    if level:
        return _("the bot {level} plays your turns until you write again").format(level=level)
    return _(POLICY_WORDS[policy]) if policy in POLICY_WORDS else policy


def due(game, now: float) -> str | None:
    """What the clock owes ``game`` (a games row) at ``now``."""
    if game["status"] != "playing" or not game["deadline_secs"] or game["to_move"] is None:
        return None
    start, period = game["turn_since"], game["deadline_secs"]
    grace = game["grace_secs"] or 0
    stage = game["clock_stage"] or 0
    if now >= start + period + grace:
        if stage < 3:
            return "expire"
        if game["on_timeout"] == "wait" and now >= (game["clock_at"] or 0) + (grace or period):
            return "nag"
        return None
    if now >= start + period:
        return "warn" if stage < 2 else None
    if now >= start + REMIND_AT * period:
        return "remind" if stage < 1 else None
    return None


def tick(store, now: float) -> list[tuple[str, str]]:
    """Do what is due in every game; returns (game id, action) for each thing done."""
    with store.read() as conn:
        rows = conn.execute(select(S.games).where(S.games.c.status == "playing",
                                                  S.games.c.deadline_secs.is_not(None)))
        candidates = [g["id"] for g in rows.mappings() if due(g, now)]
    done = []
    for gid in candidates:
        action = _tick_game(store, gid, now)
        if action:
            done.append((gid, action))
    return done


def _tick_game(store, gid: str, now: float) -> str | None:

    with store.write() as conn:
        game = store.lock_game(conn, gid)
        action = due(game, now) if game is not None else None
        if action is None:
            return None
        seat = game["to_move"]
        deadline = game["turn_since"] + game["deadline_secs"]
        end = deadline + (game["grace_secs"] or 0)
        key = store.host_key(conn)
        rows = game_seats(conn, gid)
        stage = {"remind": 1, "warn": 2, "expire": 3, "nag": 3}[action]

        told = set()
        word = i18n.seat_word          # the seat named in the reader's language, when said

        def mail(row, say):
            """``say()``: the (subject, body) of the mail, made in its reader's language:
            the seat's, or the game's for a forum thread (said once there)."""
            if row["account"]:              # a forum game: said once in its thread
                with i18n.speaking(game["lang"]):
                    what, body = say()
                    text = answers.clock_text(game, rows, seat, what, body)
                if what not in told:
                    told.add(what)
                    answers.queue_answer(conn, game, text, now=now)
                return
            with i18n.speaking(seat_language(game, row)):
                what, body = say()
            to_seat(conn, key, game, row, SeatMail("clock", what, body), now=now,
                    url=store.public_url)

        if action == "remind":
            mail(rows[seat], lambda: (
                _("reminder: your move, deadline {when}").format(when=when(deadline)),
                _("It is your move in game {game} (ply {ply}); the deadline is {when}. 'show' "
                  "and 'moves' tell you where things stand.").format(
                      game=gid, ply=game["ply"], when=when(deadline)) + "\n"))
        elif action == "warn":
            mail(rows[seat], lambda: (
                _("your deadline has passed"),
                _("Your deadline in game {game} passed at {when}. The grace period ends {end}; "
                  "then {policy}.").format(
                      game=gid, when=when(deadline), end=when(end),
                      policy=policy_words(game["on_timeout"])) + "\n"))
        elif action == "nag" or (action == "expire" and game["on_timeout"] == "wait"):
            mail(rows[seat], lambda: (
                _("still waiting for your move"),
                _("Game {game} is waiting for your move since {when}.").format(
                    game=gid, when=when(deadline)) + "\n"))
        elif timeout_level(game["on_timeout"]):
            level = timeout_level(game["on_timeout"])
            session = Session(store, conn, gid, seat, via="clock", now=now)
            for row in rows.values():
                mail(row, lambda: (
                    _("a bot plays {seat} until its player is back").format(seat=word(seat)),
                    _("{seat} let the deadline and grace run out in game {game}, so the bot "
                      "{level} plays {seat}'s turns from now on, each of its moves marked "
                      "'# bot {level}'. {seat}'s player takes the seat back by writing to the "
                      "game again: any move or command does it.").format(
                          seat=word(seat), game=gid, level=level) + "\n"))
            bot_seats.stand_in(session, seat, level)
            session.notify()                # the bot plays here, and the seats see its moves
            return "bot"
        elif game["on_timeout"] == "replace":
            for row in rows.values():
                mail(row, lambda: (
                    _("{seat} ran out of time").format(seat=word(seat)),
                    _("{seat} let the deadline and grace run out in game {game}. The host may "
                      "give the seat to another player:").format(seat=word(seat), game=gid)
                    + f" referee host replace {gid} {seat} ADDRESS\n"))
        else:                                   # skip: the referee moves for the seat
            session = Session(store, conn, gid, seat, via="clock", now=now)
            verdict = session.play(
                "(deadline)", "", sent=None, who=None,
                player=lambda raw: referee_move_line(
                    raw, seat, "deadline passed: played by the referee",
                    name=session.name, secret=session.secret))
            if verdict.ok:
                takebacks.moved_on(session)
                session.notify()
                return "skip"
        conn.execute(update(S.games).where(S.games.c.id == gid)
                     .values(clock_stage=stage, clock_at=now))
        return action
