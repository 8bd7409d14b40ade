"""Who is watching which game, and one look at the store for all of them.

Every open page follows its game through an event stream. Asking the store for each
of them twice a second cost a core at five hundred pages; instead one task per
process looks up the versions of every watched game in one query and wakes the
streams whose game changed, so a move taken by any process (a mail, another web
server) reaches every page within one look. On PostgreSQL the look is made when the
database says a game changed (LISTEN/NOTIFY: a trigger on the games table notifies
``referee_games``), and only every few seconds otherwise, as a safety net; SQLite has
no such signal and is looked at twice a second. Streams are capped per process and
per client address: beyond, the page is told 503 and falls back to reloading.
"""
from __future__ import annotations

import asyncio
import threading
from collections import Counter
from typing import AsyncIterator

from starlette.concurrency import run_in_threadpool

from referee.service.web import queries

LOOK_EVERY = 0.5            # seconds between two looks at the watched games' versions
LOOK_LISTENING = 5.0        # the same while PostgreSQL tells of every change
CHANNEL = "referee_games"   # what the games table's trigger notifies (migration r0005)
TICK = 1.0                  # seconds between two looks at whether a page is still there
MAX_STREAMS = 1000          # open streams in one process
MAX_PER_ADDRESS = 20        # open streams from one client address


class Ticket:
    """One admitted stream; ``close`` gives its place back (once, however often called)."""

    def __init__(self, watch: "Watch", address: str):
        self.watch, self.address, self.open = watch, address, True

    def close(self) -> None:
        if self.open:
            self.open = False
            self.watch._leave(self.address)


class Watch:
    def __init__(self, store, *, look_every: float = LOOK_EVERY,
                 look_listening: float = LOOK_LISTENING,
                 max_streams: int = MAX_STREAMS, max_per_address: int = MAX_PER_ADDRESS):
        self.store, self.look_every, self.look_listening = store, look_every, look_listening
        self.max_streams, self.max_per_address = max_streams, max_per_address
        self.streams = 0
        self.by_address: Counter = Counter()
        self.waiting: dict[str, set[asyncio.Event]] = {}
        self.versions: dict[str, str | None] = {}
        self._looker: asyncio.Task | None = None
        self._nudge: asyncio.Event | None = None
        self._listener: _Listener | None = None

    def admit(self, address: str) -> Ticket | None:
        """A place for one more stream from ``address``, or None when full."""
        if self.streams >= self.max_streams or self.by_address[address] >= self.max_per_address:
            return None
        self.streams += 1
        self.by_address[address] += 1
        return Ticket(self, address)

    def _leave(self, address: str) -> None:
        self.streams -= 1
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]

    async def changes(self, game_id: str, seconds: float,
                      tick: float = TICK) -> AsyncIterator[str | None]:
        """The game's version at once, then each new one, for ``seconds``; None each
        ``tick`` seconds without a change (time to see whether the page is still
        there: a server may learn that a client left only when it asks)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        woken = asyncio.Event()
        self.waiting.setdefault(game_id, set()).add(woken)
        try:
            # a stream starts from the game as it is now, never from the last look: a
            # page drawn after a move must not be told of that move as news
            # (the last look's version stays the looker's own: it wakes the older streams)
            last = await run_in_threadpool(queries.version, self.store, game_id)
            self.versions.setdefault(game_id, last)
            self._start(loop)
            yield last
            while loop.time() < deadline:
                try:
                    await asyncio.wait_for(woken.wait(),
                                           min(tick, max(0.0, deadline - loop.time())))
                except asyncio.TimeoutError:
                    yield None
                    continue
                woken.clear()
                now = self.versions.get(game_id)
                if now != last:
                    last = now
                    yield now
        finally:
            mine = self.waiting.get(game_id)
            if mine is not None:
                mine.discard(woken)
                if not mine:
                    del self.waiting[game_id]
                    self.versions.pop(game_id, None)

    def _start(self, loop) -> None:
        if self._looker is None or self._looker.done():
            self._nudge = asyncio.Event()
            self._looker = loop.create_task(self._look())
        if not self.store.sqlite and self._listener is None:
            self._listener = _Listener(self.store, lambda: loop.call_soon_threadsafe(
                self._nudge.set))
            self._listener.start()

    async def _look(self) -> None:
        """While anyone watches: one query for every watched game, then wake the changed."""
        while self.waiting:
            listening = self._listener is not None and self._listener.listening.is_set()
            try:
                await asyncio.wait_for(self._nudge.wait(),
                                       self.look_listening if listening else self.look_every)
            except asyncio.TimeoutError:
                pass
            self._nudge.clear()
            ids = list(self.waiting)
            try:
                now = await run_in_threadpool(queries.versions, self.store, ids)
            except Exception:                  # the store is down: the pages wait, unharmed
                continue
            for game_id in ids:
                version = now.get(game_id)
                if game_id in self.waiting and version != self.versions.get(game_id):
                    self.versions[game_id] = version
                    for woken in self.waiting[game_id]:
                        woken.set()

    def close(self) -> None:
        if self._listener is not None:
            self._listener.stop.set()


class _Listener(threading.Thread):
    """A connection of its own that LISTENs on CHANNEL and calls ``changed`` on every
    notification (and on each reconnection, when changes may have been missed)."""

    def __init__(self, store, changed):
        super().__init__(name="web: listen", daemon=True)
        self.store, self.changed = store, changed
        self.listening, self.stop = threading.Event(), threading.Event()

    def run(self) -> None:
        import psycopg   # PostgreSQL's driver: only for a store on PostgreSQL

        url = self.store.engine.url.set(drivername="postgresql")
        wait = 1.0
        while not self.stop.is_set():
            try:
                with psycopg.connect(url.render_as_string(hide_password=False),
                                     autocommit=True, connect_timeout=10) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    self.changed()
                    wait = 1.0
                    while not self.stop.is_set():
                        for _ in conn.notifies(timeout=1.0):
                            self.changed()
            except Exception:              # the database is away: look twice a second
                pass
            self.listening.clear()
            self.stop.wait(wait)
            wait = min(wait * 2, 30.0)
