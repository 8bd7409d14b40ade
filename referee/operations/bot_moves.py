"""Moves a bot plays: the line ``referee play --bot LEVEL`` writes, and ``verify``'s
check that every line marked ``# bot LEVEL`` is the move that bot plays there.

A bot's move is a function of the record up to it: the position, the level, and a
seed derived from the chain head before the move (plus the seed a player may give,
which the mark then names: ``# bot strong seed 7``). So anyone holding the record
can play the bot again and see whether a host passed its own move off as the bot's.
"""
from __future__ import annotations

import re

from referee.bots import LEVELS, bot_seed, choose
from referee.core.game import CHANCE
from referee.errors import BotMoveError, OutOfTurnError, RefereeError
from referee.i18n import _
from referee.replay.control import to_move, voided_lines
from referee.replay.lines import canonical_move
from referee.replay.replayer import Replay, start
from referee.transcript import items as I
from referee.transcript.problems import UsageError
from referee.transcript.writer import with_comment

MARK = re.compile(r"#\s*bot\s+(\S+)(?:\s+seed\s+(\S+))?\s*")
SEED = re.compile(r"[A-Za-z0-9._-]{1,64}")


def bot_comment(level: str, seed: str | None = None) -> str:
    return f"# bot {level}" + (f" seed {seed}" if seed else "")


def bot_line(level: str, seed: str | None = None):
    """What ``play_line`` plays for ``play --bot``: a function of the replay at the end of
    the file (after the referee's own lines) giving the bot's move as a marked line."""
    if level not in LEVELS:
        raise UsageError(_("there is no bot level '{level}': the levels are {levels}").format(
            level=level[:40], levels=", ".join(LEVELS)))
    if seed is not None and not SEED.fullmatch(seed):
        raise UsageError(_("a bot seed is 1 to 64 letters, digits, dots, dashes or "
                           "underscores"))

    def line(rp) -> str:
        who = to_move(rp.state)
        if who is None or who == CHANCE:
            doing = _("the game is over") if who is None else _("a chance line is due")
            raise OutOfTurnError(_("no seat is to move, so a bot has nothing to play: "
                                   "{why}").format(why=doing))
        move = choose(rp.module, rp.state, level, bot_seed(rp.chain, level, seed or ""),
                      rp.players, positions_before(rp))
        return with_comment(canonical_move(rp.module, move, rp.state, who),
                            bot_comment(level, seed))
    return line


def bot_errors(transcript) -> list[RefereeError]:
    """Each line marked ``# bot LEVEL`` whose move is not the one that bot plays at that
    point of the record. The record itself is the replay's business: this stops quietly
    where the replay would stop with an error of its own."""
    if not any(it.kind == I.MOVE and _mark(it) for it in transcript.items):
        return []
    errors: list[RefereeError] = []
    try:
        for item, rp in _walk(transcript):
            mark = _mark(item) if item is not None and item.kind == I.MOVE else None
            if mark is not None:
                wrong = _not_the_bot(rp, item, *mark)
                if wrong is not None:
                    errors.append(wrong)
    except RefereeError:
        pass
    return errors


def positions_before(rp) -> set:
    """The positions the game of ``rp`` has had, up to its present one: what a bot is
    given to avoid bringing one back. Walked from the record exactly as ``verify``
    walks it, so the two see the same positions."""
    walked = None
    for _, walked in _walk(rp.transcript):
        pass
    seen = set(walked.positions) if walked is not None and walked.positions else set()
    seen.add(rp.module.position_key(rp.state))
    return seen


def _walk(transcript):
    """(item, the replay just before it) for each move, chance and control item of the
    record, then (None, the replay at its end), with the chain and the positions
    tracked; it stops quietly at the first item the replay refuses."""
    rp = Replay(transcript)
    rp.keep_before = voided_lines(transcript.items)
    try:
        start(rp)
        rp.track_chain()
        rp.track_positions()
        for item in transcript.items:
            if item.kind in (I.MOVE, I.CHANCE, I.CONTROL):
                yield item, rp
                rp.step(item)
    except RefereeError:
        return
    yield None, rp


def _mark(item):
    m = MARK.fullmatch(item.comment or "")
    return (m.group(1), m.group(2)) if m else None


def _not_the_bot(rp, item, level: str, seed: str | None) -> BotMoveError | None:
    where = dict(line=item.line, column=1, text=item.text, file=rp.file)
    if level not in LEVELS or (seed is not None and not SEED.fullmatch(seed)):
        return BotMoveError(_("'{comment}' names no bot of this referee: the levels are "
                              "{levels}").format(comment=item.comment, levels=", ".join(LEVELS)),
                            **where)
    state = rp.state
    who = to_move(state)
    if who is None or who == CHANCE or who != item.name.upper():
        return None                  # the replay refuses the move itself
    played = rp.module.parse_move(item.body, state)
    wanted = choose(rp.module, state, level, bot_seed(rp.chain, level, seed or ""), rp.players,
                    rp.positions)
    if played == wanted:
        return None
    line = canonical_move(rp.module, wanted, state, who)
    return BotMoveError(_("the {level} bot does not play this move here: it plays "
                          "'{line}'").format(level=level, line=line),
                        hint=_("a move marked as a bot's must be the one the bot makes at "
                               "that point of the record"), **where)
