"""The one-word commands that are not moves: show, moves, history, help, resign."""
from __future__ import annotations

from referee.operations import legal_lines
from referee.service.mail.notify import HELP, when
from referee.service.session import Verdict

MAX_LISTED = 200             # legal lines a 'moves' reply lists; it says how many more


def show(session, text: str) -> Verdict:
    body = session.module.render(session.state, "text")
    return Verdict(text, True, body + "\n" + turn_line(session))


def turn_line(session) -> str:
    g = session.game
    if g["status"] == "over":
        return f"The game is over: {g['result']}."
    if g["status"] == "salting":
        return f"Waiting for the first reply of {' '.join(session.waiting())}."
    return f"Next: {g['to_move']}; deadline {when(session.deadline())}."


def moves(session, text: str) -> Verdict:
    if session.game["status"] != "playing" or session.game["to_move"] != session.seat:
        return Verdict(text, True, "It is not your turn. " + turn_line(session))
    head, lines, total = legal_lines(session.module, session.state, MAX_LISTED)
    more = f"\n... and {total - len(lines)} more" if len(lines) < total else ""
    return Verdict(text, True, (head or "") + "\n" + "\n".join(f"    {ln}" for ln in lines)
                   + more)


def history(session, text: str) -> Verdict:
    return Verdict(text, True, session.text)


def help(session, text: str) -> Verdict:  # noqa: A001 (the command's name)
    return Verdict(text, True, HELP)


def resign(session, text: str) -> Verdict:
    if session.game["status"] != "playing":
        return session.refuse(text, "resign", "only a game in play can be resigned")
    verdict = session.play(text, f"{session.seat} resigns", sent=text)
    if verdict.ok:
        session.set_seat(resigned=True)
    return verdict
