"""The verdicts a game page shows about its export (``referee check``, ``referee
verify``, and what each of the last moves did), kept for the games shown last so
that the first reader after a move pays for that move, not for the whole game: the
export as read (only the lines a move added are read anew,
:func:`referee.transcript.read_more`), one replay behind ``check`` and one behind
``verify``, each carried on over those lines by :func:`referee.replay.replayer.resume`.
The game's state itself is the store's (:mod:`referee.service.store.games_state`):
the latest position, the legal moves and the builder read it, not these replays.
The audit replays the export on its own on purpose: it is the page's word that the
record checks and verifies as a stranger's ``referee check`` would find it, and a
verdict read from the store's cached state would be the store vouching for itself.

``resume`` compares every earlier item of the new export with what was replayed,
so a history that did not simply grow (a row edited in the store, lines taken
away) is replayed from its first line, as on the first view: the verdicts the
page shows are always those of the exact export it shows.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field, replace
from threading import Lock
from typing import Callable, TypeVar

from referee import i18n
from referee.operations import check_text, what_happened
from referee.replay import PLY_KINDS, replay, resume, voided_lines
from referee.transcript import read_more, read_text
from referee.transcript import items as I

GAMES = 64            # games kept at once; the least recently shown is dropped
RECENT = 8            # the last moves shown with what they did

T = TypeVar("T")


@dataclass(frozen=True)
class Recent:
    """One of the last plies as the transcript numbers them (moves, chance lines,
    takebacks and resignations alike: the chain's items), and what it did."""
    ply: int
    text: str
    did: list[str] = field(default_factory=list)
    line: int = 0             # its line in the transcript
    kind: str = I.MOVE        # move, chance or control
    voided: bool = False      # a move a takeback right after it voided


@dataclass
class Kept:
    """One game as far as it was replayed: each of ``verify`` and ``check`` is a clean
    Replay of the last export with its last moves, or None. Read and changed under
    ``lock`` (the replays are carried on in place)."""
    lock: Lock = field(default_factory=Lock)
    verify: tuple | None = None
    check: tuple | None = None      # kept only while verify fails (before [Seed], forged)
    text: str | None = None         # the export the last answer was for, and that answer:
    last: tuple | None = None       # a page asked again of an unchanged game parses nothing
    read: object = None             # the last export as read, which the next one extends


_games: OrderedDict[tuple[str, str], Kept] = OrderedDict()
_games_lock = Lock()


def _kept(game_id: tuple[str, str]) -> Kept:
    with _games_lock:
        game = _games.get(game_id)
        if game is None:
            game = _games[game_id] = Kept()
        _games.move_to_end(game_id)
        while len(_games) > GAMES:
            _games.popitem(last=False)
        return game


def forget() -> None:
    """Drop every game (as a fresh process would start)."""
    with _games_lock:
        _games.clear()


def carried(game_id: str, text: str, use: Callable[..., T]) -> T:
    """``use(check, verify, recent)`` on the whole export ``text`` of ``game_id``: its
    check, its verify (both as :func:`referee.replay.replayer.replay` would give them)
    and its last moves with what each set off. ``use`` runs under the game's lock and
    must not keep the replays, which the next version carries on.

    A verify that passes is also the check (it is a check that follows the draws to
    their dealer too), so a sound game is replayed once; a check of its own is
    carried on only while verify fails."""
    # what the moves did and why a line is refused are words: kept per reader's language
    game = _kept((game_id, i18n.language()))
    with game.lock:
        if game.last is not None and game.text == text:
            return use(*game.last)
        game.text, game.last = None, None
        try:
            transcript = (game.read is not None and read_more(game.read, text, "game.txt")
                          or read_text(text, "game.txt"))
            game.read = transcript
            verify, recent = _carry(game.verify, transcript, deal_check=True)
            game.verify = (verify, recent) if verify.ok else None
            if verify.ok:
                check, game.check = verify, None
            else:
                check, recent = _carry(game.check, transcript, deal_check=False)
                game.check = (check, recent) if check.ok else None
        except Exception:           # an unreadable export or a bug: as ``referee check`` says it
            game.check = game.verify = game.read = None
            check, recent = check_text(text, "game.txt"), []
            verify = check_text(text, "game.txt", deal_check=True)
            return use(check, verify, recent)
        game.text, game.last = text, (check, verify, recent)
        return use(check, verify, recent)


def _carry(followed: tuple | None, transcript, *, deal_check: bool):
    """The replay of ``transcript`` (a verify with ``deal_check``) and its last moves:
    carried on from the last version when it extends it, else from the header, a step
    at a time over the last moves so that each says what it did."""
    rp, kept = followed or (None, [])
    if rp is None or not resume(rp, transcript, until=rp.reached):
        rp, kept = replay(transcript, until=0, deal_check=deal_check), []
    plied = [it for it in transcript.items if it.kind in PLY_KINDS]
    first = max(len(plied) - RECENT + 1, 1)
    recent = list(kept)
    for ply, item in enumerate(plied, 1):
        if ply < first or rp.reached is not None and item.line <= rp.reached:
            continue
        did: list[str] = []
        if item.kind != I.CONTROL and resume(rp, transcript, until=item.line - 1) and rp.ok:
            before = rp.state.clone()
            if resume(rp, transcript, until=item.line) and rp.ok:
                try:
                    did = what_happened(rp.module, before, rp.state, [item.text])
                except Exception:   # a title's report must not cost the page its check
                    pass
        recent.append(Recent(ply, f"* {item.body}" if item.kind == I.CHANCE else item.body,
                             did, item.line, item.kind))
    if not resume(rp, transcript):
        rp = replay(transcript, deal_check=deal_check)
    voided = voided_lines(plied[-RECENT - 1:])
    return rp, [replace(r, voided=r.line in voided) for r in recent[-RECENT:]]
