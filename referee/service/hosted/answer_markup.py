"""The answer's pieces in the thread's markup, through the operations layer's forum
markup (docs/forum-markup.md): people's text made inert, a fixed-width block, the
state post, and the mention of an account, the one piece of markup the referee means
(the accounts are checked when the game is made: accounts.py)."""
from __future__ import annotations

from referee.operations import MARKUPS, forum_post

LINE = 2000               # characters of one line of our own sentences kept


def inert(text: str, kind: str) -> str:
    """``text`` shown as written, never read as markup by the forum (one line)."""
    return MARKUPS[kind].inert(str(text), limit=LINE)


def block(text: str, kind: str) -> str:
    """A fixed-width block whose text cannot end it early or act as markup."""
    return MARKUPS[kind].block(str(text).split("\n"))


def mention(account: str | None) -> str:
    return f"@{account}" if account else "nobody"


def state_post(session, kind: str, *, image: str | None) -> str:
    """The game as it stands after the answer's commands (forum_post): the seats with
    their accounts, the state, the picture, the last plies, whose turn, the witness."""
    holders = {seat: f"@{row['account']}" for seat, row in session.seats.items()
               if row["account"]}
    return forum_post(session.text, kind, image_url=image, holders=holders).rstrip("\n")
