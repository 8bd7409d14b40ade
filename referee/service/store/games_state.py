"""Each hosted game's replayed state, in one place: the store's.

The record is the game's log rows; everything here is a cache of their replay, which
any reader may throw away. It has two forms. In the process, one bounded memory of the
games read or played last (their text and the document of the state at its end,
strings only, so the garbage collector never walks them however many games there
are), behind one lock: a web server's threads commit moves and show pages at the
same time. In the store, the ``states`` table (:mod:`referee.service.store.states`),
written with each move, sealed to the exact text it is the end of, so a second
process (another ``serve``, the mail process) starts from it rather than from the
text, and a stale or forged row is never believed.

Nothing rolled back is ever kept: memory takes a state only after the transaction
that read or wrote its text has ended well (:func:`after_commit`; a read transaction
sees only committed rows). The session, the web page, the move builder and the
notifications all read a game's state through :meth:`GameStates.at_end`.
"""
from __future__ import annotations

import threading
from collections import OrderedDict

from referee.core import registry
from referee.replay import replay, snapshot
from referee.service.store import states
from referee.service.store.hooks import after_commit
from referee.service.store.record import version
from referee.transcript import read_text

# What a process keeps in memory, in characters of text and state documents: about
# 7,500 a game in mid-game, so some 20,000 such games in 150 MB.
KEEP_CHARS = 150_000_000
# Notifications' positions held for this process's sender until it has written their
# mails; a process without a sender (``mail ingest``) holds the last ones only.
KEEP_POSITIONS = 256


class GameStates:
    """The store's cache of each game's state at the end of its record."""

    def __init__(self, store, keep_chars: int = KEEP_CHARS):
        self.store = store
        self.keep_chars = keep_chars
        # game id -> (the game row's version, its text, its state's document, the
        # picture document its last notification was written from or None, and the
        # position that picture is of); the least recently used first
        self._games: OrderedDict[str, tuple] = OrderedDict()
        self._chars = 0
        # a picture document -> its game, the oldest first
        self._pictures: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def __contains__(self, game_id: str) -> bool:
        return game_id in self._games

    def kept(self, game_id: str) -> tuple | None:
        """(version, text, state document) memory holds for the game, or None."""
        entry = self._games.get(game_id)
        return None if entry is None else entry[:3]

    @property
    def chars(self) -> int:
        """The characters of text and documents memory holds."""
        return self._chars

    def text(self, game) -> str | None:
        """The text memory holds for the game row ``game`` if the row says it is still
        that text, else None (the caller reads the log)."""
        entry = self._get(game["id"])
        v = version(game)
        return entry[1] if entry is not None and v is not None and entry[0] == v else None

    def at_end(self, conn, game, text: str, name: str):
        """The replay at the end of ``text``, the game row ``game``'s whole record read
        in this transaction: from memory, else from the store's sealed row, else
        replayed from the text (and then remembered once the transaction ends well).
        It is the caller's own (:func:`referee.replay.snapshot.copy` it to advance it
        and keep it as it was). None only for a text that does not
        replay cleanly; then ``replay`` of the text says why."""
        game_id = game["id"]
        entry = self._get(game_id)
        if entry is not None and entry[1] == text:
            return snapshot.revive(entry[2], registry.get(game["game"]))
        rp = states.load(self.store, conn, game_id, text, name)
        if rp is None:
            transcript = read_text(text, name)
            # a text replayed as verify replays it when its draws carry their keys:
            # memory never holds a state reached through a forged draw
            rp = replay(transcript, deal_check=transcript.tag("Dealing") is not None,
                        chain=True)
            if rp.errors or rp.state is None:
                return None
        doc = snapshot.document_text(rp)
        v = version(game)
        after_commit(conn, ("state", game_id), lambda: self.remember(game_id, v, text, doc))
        return rp

    def save(self, conn, game_id: str, text: str, rp) -> str | None:
        """Keep ``rp``, the replay at the end of ``text``, as the game's state in the
        store, in the transaction that writes ``text``; its document, or None for a
        replay that is not kept. Memory takes it after the commit (:meth:`remember`)."""
        return states.save(self.store, conn, game_id, text, rp)

    def remember(self, game_id: str, version: tuple, text: str, doc: str,
                 picture: str | None = None, position: tuple | None = None) -> None:
        """Keep a game's committed ``text`` and its state's ``doc`` (with the position
        its notifications were written from, for this process's sender). A thread
        that committed later but got here first is not undone: the log only grows,
        so more rows (``version[1]``) is later. The games unread the longest make
        room beyond the bound; their states are in the store."""
        size = len(text) + len(doc)
        with self._lock:
            old = self._games.pop(game_id, None)
            if old is not None:
                if old[0] is not None and version is not None and old[0][1] > version[1]:
                    self._games[game_id] = old
                    return
                self._drop(old)
            while self._games and self._chars + size > self.keep_chars:
                self._drop(self._games.popitem(last=False)[1])
            self._games[game_id] = (version, text, doc, picture, position)
            self._chars += size
            if picture is not None:
                self._pictures[picture] = game_id
                while len(self._pictures) > KEEP_POSITIONS:
                    self._let_go(*self._pictures.popitem(last=False))

    def position(self, picture: str) -> tuple | None:
        """(module, state, state JSON) of the notification document ``picture`` that a
        move of this process queued, or None: the sender writes its mails from it
        instead of reading the document back. The state is the one the move left,
        which nothing changes afterwards (the next move plays on a copy)."""
        with self._lock:
            game_id = self._pictures.get(picture)
            entry = self._games.get(game_id) if game_id is not None else None
        return entry[4] if entry is not None and entry[3] == picture else None

    def forget_position(self, picture: str) -> None:
        """The sender wrote ``picture``'s mails: its position need not be held."""
        with self._lock:
            game_id = self._pictures.pop(picture, None)
            if game_id is not None:
                self._let_go(picture, game_id)

    def forget(self) -> None:
        """Drop everything kept in memory (as a fresh process starts)."""
        with self._lock:
            self._games.clear()
            self._pictures.clear()
            self._chars = 0

    def _get(self, game_id: str):
        with self._lock:
            entry = self._games.get(game_id)
            if entry is not None:
                self._games.move_to_end(game_id)
            return entry

    def _let_go(self, picture: str, game_id: str) -> None:
        """(under the lock) The game's entry no longer holds ``picture``'s position."""
        entry = self._games.get(game_id)
        if entry is not None and entry[3] == picture:
            self._games[game_id] = entry[:3] + (None, None)

    def _drop(self, entry) -> None:
        """(under the lock)"""
        self._chars -= len(entry[1]) + len(entry[2])
        if entry[3] is not None:
            self._pictures.pop(entry[3], None)

