"""Fixtures of the web page's tests: a fresh SQLite store holding hosted games
(adopted from the examples, as ``referee serve --demo`` does), the app over it,
and, for the browser tests, uvicorn serving it on a free loopback port."""
from __future__ import annotations

import os
import socket
import threading
import time

import pytest

from referee.service.hosted.games import create_game, game_detail, seat_link_token
from referee.service.store import open_store
from referee.service.hosted.entry import submit
from referee.service.web.app import create_app
from referee.service.web.demo import populate


CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture
def browser():
    """Debian's Chromium under Playwright, never skipped: without it the test fails
    and says how to install it."""
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: run tests/system-packages.sh to install Chromium")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


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


class NewGame(Hosted):
    """A store with one new game of ``title`` for ``seats`` (RED and YELLOW), dealt:
    every seat has answered its invitation, as players do by mail or on their page."""

    def __init__(self, directory, title: str, seats=("RED", "YELLOW")):
        self.store = open_store(f"sqlite:///{directory}/referee.db")
        self.live = create_game(self.store, title, {s: f"{s.lower()}@example.org"
                                                    for s in seats},
                                host_address="referee@example.org", title=f"A new {title} game")
        for seat in seats:
            assert submit(self.store, self.live, seat, "show", via="web").ok
        self.app = create_app(self.store)


@pytest.fixture
def new_game(tmp_path):
    """``new_game(title, seats)``: a fresh store holding one new game of that title."""
    made = []

    def make(title: str, seats=("RED", "YELLOW")) -> NewGame:
        folder = tmp_path / f"{title}-{len(made)}"
        folder.mkdir()
        made.append(NewGame(folder, title, seats))
        return made[-1]
    yield make
    for game in made:
        game.store.dispose()


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
def serve():
    """``with serve(app) as served``: uvicorn serving ``app`` on a free loopback port."""
    return Served


@pytest.fixture
def served(hosted):
    with Served(hosted.app) as s:
        yield s
