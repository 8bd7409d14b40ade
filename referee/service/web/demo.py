"""``referee serve --demo``: a fresh store holding the bundled example games, plus
one game still in play so a new user can try a move from a seat's page.

The games are hosted the way a host would (``adopt_game``), with made-up seat
addresses on example.org, which no mail is ever sent to.
"""
from __future__ import annotations

from pathlib import Path

from referee.core import examples_dir
from referee.service.hosted.games import adopt_game
from referee.transcript import join_text, read_text, split_text

HOST = "referee@example.org"
IN_PLAY = "hawaii-2p.txt"     # its opening becomes the game to try
OPENING = 12                  # lines of it: the order is dealt, a seat is to move


def _address(seat: str) -> str:
    return f"{seat.lower()}@example.org"


def _seats(text: str) -> dict[str, str]:
    return {seat: _address(seat) for seat in (read_text(text).tag("Players") or "").split()}


def opening(text: str, lines: int = OPENING) -> str:
    """The first ``lines`` lines of a finished game, without its [Result]: a game in play."""
    header, body = split_text(text)
    header = "".join(line + "\n" for line in header.splitlines()
                     if not line.lstrip().startswith("[Result"))
    return join_text(header, body[:lines])


def populate(store, names: list[str] | None = None) -> tuple[list[str], str]:
    """Adopt the example games (all, or those ``names``) and the game in play;
    returns (every game id, the id of the game in play)."""
    folder = Path(examples_dir())
    files = sorted(folder.glob("*.txt")) if names is None else [folder / n for n in names]
    ids = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        ids.append(adopt_game(store, text, _seats(text), host_address=HOST,
                              title=f"Example: {path.stem}"))
    text = opening((folder / IN_PLAY).read_text(encoding="utf-8"))
    live = adopt_game(store, text, _seats(text), host_address=HOST, title="Try a move here")
    return ids + [live], live
