"""A message's commands run in order on a hosted game, in the caller's transaction.

``run_lines`` validates each command against the game at its last ply, appends
what it adds and queues the notifications, the first refusal stopping the rest; the
one way a channel reaches it is :func:`referee.service.hosted.entry.take`.
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field

from referee import i18n
from referee.service.hosted import repeats, seat_commands, takebacks
from referee.service.hosted.lines import COMMAND_WORDS, LANGUAGE_WORDS, salt_text
from referee.service.hosted.mails import accepted_text
from referee.service.hosted.bot_seats import held_by_bot, play_bots, welcome_back
from referee.service.hosted.playing import auto_salt, move, needs_salt, salt
from referee.service.hosted.session import Session, Verdict, words
from referee.service.store import after_commit
from referee.transcript import InternalError

# What each command word does; ``salt WORD`` takes a word and is played apart.
WORDS = {"show": seat_commands.show, "moves": seat_commands.moves,
         "history": seat_commands.history, "help": seat_commands.help,
         "resign": seat_commands.resign, "undo": takebacks.undo,
         "accept": takebacks.accept, "decline": takebacks.decline,
         "confirm": repeats.confirm,
         **{word: seat_commands.language for word in LANGUAGE_WORDS}}
log = logging.getLogger("referee")    # a line per move (``referee serve`` shows them)

if set(WORDS) | {"salt"} != set(COMMAND_WORDS):
    raise InternalError("the seat's commands are not the command reader's words")


@dataclass
class Reply:
    game_id: str
    seat: str | None
    verdicts: list[Verdict]
    ply: int
    witness: str
    ignored: list[str] = field(default_factory=list)   # chatter lines, listed back
    lang: str | None = None     # the sender's: its answer is read after the run is done

    @property
    def ok(self) -> bool:
        return all(v.ok for v in self.verdicts)

    @property
    def lines(self) -> list[str]:
        return [line for v in self.verdicts for line in v.lines]

    @property
    def text(self) -> str:
        with i18n.speaking(self.lang):
            return self._text()

    def _text(self) -> str:
        out = []
        for v in self.verdicts:
            out += [f"> {v.command}", v.answer.rstrip("\n"), ""]
        if self.ignored:
            out += [i18n._("Ignored (not a command):"),
                    *(f"    {line}" for line in self.ignored), ""]
        if not self.verdicts:
            out += [i18n._("No command found in your mail; 'help' lists them. Further "
                           "mails without a command get no answer for an hour."), ""]
        out.append(self.witness)
        return "\n".join(out) + "\n"


def run_lines(store, conn, game_id: str, seat: str, commands, *, via: str, now: float,
                 message_id: str | None = None, session=None) -> Reply:
    """Inside the caller's transaction: lock the game, run ``commands`` ((text, guard)
    pairs, or triples with the kind a mail gave the line) in order, the first refusal
    stopping the rest, and queue the notifications."""
    if session is None:
        session = Session(store, conn, game_id, seat, via=via, now=now, message_id=message_id)
    # the sender's answers are made in its language (its own, else the game's; a forum
    # thread's answers are public, so the game's); the notifications to the other seats
    # are not, so they are queued outside
    lang = None if via == "forum" else session.seats[session.seat]["lang"]
    with i18n.speaking(lang or session.game["lang"]):
        reply = _answers(session, commands)
    reply.lang = i18n.known(lang or session.game["lang"])
    if held_by_bot(session.seats[session.seat]):
        return reply
    session.notify()
    if reply.lines:                  # said once the move is committed, never before
        said = f"move {game_id} {session.seat} via {via}: {' | '.join(reply.lines)}"
        after_commit(conn, ("log", game_id, len(reply.verdicts)), lambda: log.info(said))
    return reply


def _answers(session, commands) -> Reply:
    game_id = session.game["id"]
    verdicts, chatter = [], []
    if held_by_bot(session.seats[session.seat]):      # no person's word plays for a bot
        refused = [session.refuse(t, "bot-seat", i18n._(
            "{seat} is played by a bot; the host gives it to a person with 'host replace'")
            .format(seat=session.seat))
                   for t, *_ in commands[:1]]
        return Reply(game_id, session.seat, refused, session.game["ply"], session.witness(), [])
    welcome_back(session)           # a late player's stand-in stops at its first word
    commands = [(salt_text(text), *rest) for text, *rest in commands]
    if needs_salt(session, commands):
        verdicts.append(auto_salt(session))
    for i, (text, guard, *kind) in enumerate(commands):
        verdict = run(session, text, guard, maybe_chatter=kind == ["ask"])
        if verdict.code == "chatter":
            chatter.append(text)
            continue
        verdicts.append(verdict)
        if not verdict.ok:
            verdicts += [Verdict(t, False, i18n._("not run: a command before it was refused"),
                                 code="skipped") for t, *_ in commands[i + 1:]]
            break
    played = play_bots(session)     # the sender's answer says what the bots answered
    if played:
        verdicts.append(Verdict(i18n._("(the bots' turns)"), True, accepted_text(played, session.said), lines=played))
    return Reply(game_id, session.seat, verdicts, session.game["ply"], session.witness(),
                 chatter)


def run(session, text: str, guard: int | None, *, maybe_chatter: bool = False) -> Verdict:
    """One command line: a command word, a salt, a control line, ``moves`` with the
    builder's choices, or else a move. ``maybe_chatter``: a ``moves ...`` line that
    may be a sentence (docs/mail.md section 3)."""
    seat_word, said = words(text, session.module)
    if seat_word and seat_word != session.seat:
        return session.refuse(text, "not-your-seat", i18n._(
            "you hold {seat}; this line is for {other}").format(seat=session.seat,
                                                                 other=seat_word))
    cmd = said[0] if said else ""
    if cmd == "salt" and len(said) == 2:
        return salt(session, text.split()[-1], text=text)
    if len(said) == 1 and cmd in WORDS:
        return WORDS[cmd](session, text)
    if cmd == "moves":
        return seat_commands.ask(session, text, text.split()[1 - len(said):], guard,
                         maybe_chatter=maybe_chatter)
    if said == ["resigns"]:
        return seat_commands.resign(session, text)
    if cmd == "resign" and len(said) == 2:
        return seat_commands.resign(session, text, code=said[1])
    if cmd in LANGUAGE_WORDS and len(said) == 2:
        return seat_commands.language(session, text, said[1])
    if said == ["takes", "back"]:
        return takebacks.undo(session, text)
    return move(session, text, guard)
