"""Who is watching which game, and one look at the store for all of them.

Every open page follows its game through an event stream. Asking the store for each
of them twice a second cost a core at five hundred pages; instead one task per
process looks up the versions of every watched game in one query and wakes the
streams whose game changed, so a move taken by any process (a mail, another web
server) reaches every page within one look. Streams are capped per process and per
client address: beyond, the page is told 503 and falls back to reloading.
"""
from __future__ import annotations

import asyncio
from collections import Counter
from typing import AsyncIterator

from starlette.concurrency import run_in_threadpool

from referee.service.web import queries

LOOK_EVERY = 0.5            # seconds between two looks at the watched games' versions
KEEPALIVE = 15.0            # seconds of silence before a stream says it is still there
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
                 max_streams: int = MAX_STREAMS, max_per_address: int = MAX_PER_ADDRESS):
        self.store, self.look_every = store, look_every
        self.max_streams, self.max_per_address = max_streams, max_per_address
        self.streams = 0
        self.by_address: Counter = Counter()
        self.waiting: dict[str, set[asyncio.Event]] = {}
        self.versions: dict[str, str | None] = {}
        self._looker: asyncio.Task | None = None

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

    async def changes(self, game_id: str, seconds: float) -> AsyncIterator[str | None]:
        """The game's version at once, then each new one, for ``seconds``; None when
        nothing changed for KEEPALIVE seconds (time to say "still here")."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        woken = asyncio.Event()
        self.waiting.setdefault(game_id, set()).add(woken)
        try:
            if game_id not in self.versions:
                self.versions[game_id] = await run_in_threadpool(queries.version, self.store,
                                                                 game_id)
            self._start(loop)
            last = self.versions[game_id]
            yield last
            while loop.time() < deadline:
                try:
                    await asyncio.wait_for(woken.wait(),
                                           min(KEEPALIVE, max(0.0, deadline - loop.time())))
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
            self._looker = loop.create_task(self._look())

    async def _look(self) -> None:
        """While anyone watches: one query for every watched game, then wake the changed."""
        while self.waiting:
            await asyncio.sleep(self.look_every)
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
