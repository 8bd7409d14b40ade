"""A mail whose move is in the player's own words ("buy 2 kahunas with the 2 please").

A line counts as a command when its first word is a seat, a move verb or a command
word (commands.py); every other line is chatter. But the web page and ``referee
play`` read a move in a player's own words (operations/line_reading.py), and a mail must
accept what they accept. So when a mail holds no move line, its chatter lines are
offered to the same reader, each as a move of the sender's seat, without playing:

- a line the reader cannot read (a word it does not know, as in "Hi all, here is my
  move:" or "good luck!", or nothing of the game named) stays chatter;
- a line it reads (a legal move, or one it answers with candidates, the nearest moves
  or "not your turn") is a move attempt;
- exactly one attempt in the mail is run as the mail's move, after its commands;
  two or more play nothing, and the reply says which lines they were, so a mail is
  never played as two moves and never as a guess between lines.
"""
from __future__ import annotations

from referee.i18n import _, ngettext
from referee.service.hosted.session import Verdict

MAX_OFFERED = 20              # chatter lines tried; a mail with more is not a move in words
_LEAD = " \t-*•>·–—"
# a line read as a move of the game, if not a legal one now: answered, not ignored
_ATTEMPTS = ("illegal-move", "ambiguous-move", "out-of-turn")


def attempts(session, lines: list[str]) -> list[str]:
    """The chatter ``lines`` that read as a move attempt of the session's seat."""
    if session.game["status"] != "playing" or len(lines) > MAX_OFFERED:
        return []
    found = []
    for line in lines:
        text = line.lstrip(_LEAD).strip()
        if not text:
            continue
        err = session.trial(f"{session.seat} {text}")[1]
        if err is not None and err.code not in _ATTEMPTS:
            continue                            # unread, or no move at all (a comment...)
        found.append(text)
    return found


def offer(session, commands: list, kinds: list[str], ignored: list[str]):
    """``commands`` and ``ignored`` with the mail's one move in words moved from the
    chatter to the end of the commands; with two or more, a refusal to add to the reply
    (else None)."""
    if any(kind != "command" for kind in kinds):
        return commands, ignored, None
    found = attempts(session, ignored)
    if len(found) == 1:
        kept = [line for line in ignored if line.lstrip(_LEAD).strip() != found[0]]
        return commands + [(found[0], None)], kept, None
    if len(found) > 1:
        listed = "; ".join(f"'{line[:60]}'" for line in found[:4])
        return commands, ignored, Verdict(
            " / ".join(found), False,
            _("REFUSED:") + " ambiguous-move: " + ngettext(
                "{count} line of your mail reads as a move ({listed}); nothing was played: "
                "send the one you mean, on a line starting with {seat}",
                "{count} lines of your mail read as moves ({listed}); nothing was played: "
                "send the one you mean, on a line starting with {seat}", len(found)).format(
                count=len(found), listed=listed, seat=session.seat),
            code="ambiguous-move")
    return commands, ignored, None
