"""Fixtures of the web page's tests: a fresh SQLite store holding hosted games
(adopted from the examples, as ``referee serve --demo`` does), the app over it,
and, for the browser tests, uvicorn serving it on a free loopback port."""
from __future__ import annotations

import socket
import threading
import time

import pytest

from referee.service.games import game_detail, seat_link_token
from referee.service.store import open_store
from referee.service.web.app import create_app
from referee.service.web.demo import populate


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Hosted:
    """A store with one finished example game and one game in play."""

    def __init__(self, directory, names=("hawaii-2p.txt",)):
        self.store = open_store(f"sqlite:///{directory}/referee.db")
        ids, self.live = populate(self.store, list(names))
        self.finished = ids[0]
        self.app = create_app(self.store)

    def link(self, seat: str, game: str | None = None) -> str:
        return f"/seat/{seat_link_token(self.store, game or self.live, seat)}"

    def detail(self, game: str | None = None) -> dict:
        return game_detail(self.store, game or self.live)

    def to_move(self) -> str:
        return self.detail()["to_move"]

    def other(self) -> str:
        return next(s["seat"] for s in self.detail()["seats"] if s["seat"] != self.to_move())


@pytest.fixture
def hosted(tmp_path):
    h = Hosted(tmp_path)
    yield h
    h.store.dispose()


@pytest.fixture
def client(hosted):
    from starlette.testclient import TestClient
    with TestClient(hosted.app, base_url="http://testserver") as c:
        yield c


class Served:
    def __init__(self, app):
        import uvicorn
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning",
                                timeout_graceful_shutdown=1, lifespan="off")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self):
        self.thread.start()
        for _ in range(600):
            if self.server.started:
                return self
            time.sleep(0.05)
        raise RuntimeError("uvicorn did not start")

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture
def served(hosted):
    with Served(hosted.app) as s:
        yield s
