"""The forum threads of ``referee serve``: every followed thread read every
``forum-every`` seconds (a Discourse webhook hands a post over at once, through the
web page), and the answers due posted moments after the commit that queued them."""
from __future__ import annotations

import logging
import os
import threading

from referee.service.daemon.check import discourse_settings
from referee.service.daemon.workers import Woken, Worker
from referee.service.forum.posting import discourse_client, post_answers
from referee.service.forum.intake import poll

log = logging.getLogger("referee")


class ForumReader(Worker):
    """Every followed thread read once each ``every`` seconds; a forum that cannot be
    reached is named in the log and read again at the next round."""

    def __init__(self, store, stop: threading.Event, every: float):
        super().__init__("forum in", stop)
        self.store, self.every = store, every

    def step(self) -> None:
        done = poll(self.store)
        for url, reason in done.failures:
            log.warning("forum in: %s: %s; read again in %.0f s", url, reason, self.every)
        self.stop.wait(self.every)


class ForumPoster(Woken):
    """The answers for forums that take posts through an API."""

    def __init__(self, store, stop: threading.Event, client_for):
        super().__init__("forum out", store, stop)
        self.client_for = client_for

    def work(self) -> None:
        post_answers(self.store, self.client_for, stop=self.stop, report=self._report)

    @staticmethod
    def _report(row, outcome: str, reason: str) -> None:
        line = f"forum out: answer {row['id']} of game {row['game_id']}: {outcome}"
        (log.info if outcome == "posted" else log.warning)(
            line + (f": {reason}" if reason else ""))


def forum_workers(store, stop: threading.Event, every: float) -> list[Worker]:
    """The reader, and the poster when the Discourse API key and user are set."""
    out: list[Worker] = [ForumReader(store, stop, every)]
    settings = discourse_settings(os.environ)
    if settings is not None and not settings[0]:
        log.warning("%s; the answers wait in the outbox until the settings are fixed and "
                    "serve is started again", settings[1])
        return out
    client_for = discourse_client()
    if client_for is not None:
        out.append(ForumPoster(store, stop, client_for))
    return out
