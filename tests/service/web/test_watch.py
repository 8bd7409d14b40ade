"""The pages following games (issue 21, items 5 and 7): one look at the store serves
every open event stream, a move reaches each of them, and streams are capped per
client address and per process with a clear 503."""
from __future__ import annotations

import asyncio
import threading
import time

from sqlalchemy import event

from referee.operations import legal_lines
from referee.service.hosted.games import export_text
from referee.service.hosted.session import replay_text
from referee.service.hosted.entry import submit
from referee.service.web import queries
from referee.service.web.watch import Watch


def _scope(path: str, client: str = "127.0.0.1") -> dict:
    return {"type": "http", "method": "GET", "path": path, "raw_path": path.encode(),
            "query_string": b"", "headers": [(b"host", b"testserver")], "scheme": "http",
            "server": ("testserver", 80), "client": (client, 1), "root_path": "",
            "http_version": "1.1"}


async def _stream(app, path: str, seconds: float, client: str = "127.0.0.1") -> list[dict]:
    """What the app sends on one stream that the client keeps open ``seconds``."""
    sent: list[dict] = []
    calls = 0

    async def receive():
        nonlocal calls
        calls += 1
        if calls == 1:
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.sleep(seconds)
        return {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)
    try:
        await asyncio.wait_for(app(_scope(path, client), receive, send), seconds + 30)
    except asyncio.TimeoutError:
        pass
    return sent


def _body(sent: list[dict]) -> str:
    return b"".join(m.get("body", b"") for m in sent[1:]).decode()


def test_many_pages_one_look_and_every_page_sees_the_move(hosted):
    statements = []
    event.listen(hosted.store.engine, "before_cursor_execute",
                 lambda *a: statements.append(a[2]))
    path = f"/game/{hosted.live}/events"
    seat = hosted.to_move()
    line = None

    def move_later():
        nonlocal line
        time.sleep(1.5)
        rp = replay_text(export_text(hosted.store, hosted.live), hosted.live)
        _, lines, _ = legal_lines(rp.module, rp.state, 5)
        line = lines[0]
        assert submit(hosted.store, hosted.live, seat, line, via="web").ok

    async def run():
        mover = threading.Thread(target=move_later)
        mover.start()
        results = await asyncio.gather(*[_stream(hosted.app, path, 4.0) for _ in range(20)])
        mover.join()
        return results
    before = len(statements)
    results = asyncio.run(run())
    after = queries.version(hosted.store, hosted.live)
    for sent in results:
        assert sent[0]["status"] == 200
        assert f"event: change\ndata: {after}\n\n" in _body(sent)   # each saw the move
    looks = [s for s in statements[before:] if " IN (" in s and "FROM games" in s]
    # 20 pages for 4 s polling twice a second each would be 160 queries; one look
    # every half second for all of them is at most 9, whatever the machine's load
    assert 0 < len(looks) <= 9


def test_streams_are_capped_per_address_and_per_process(hosted):
    hosted.app.state.watch = Watch(hosted.store, max_streams=3, max_per_address=2)
    path = f"/game/{hosted.live}/events"

    async def run():
        return await asyncio.gather(
            _stream(hosted.app, path, 2.0, "10.0.0.1"), _stream(hosted.app, path, 2.0, "10.0.0.1"),
            _stream(hosted.app, path, 2.0, "10.0.0.1"), _stream(hosted.app, path, 2.0, "10.0.0.2"),
            _stream(hosted.app, path, 2.0, "10.0.0.3"))
    results = asyncio.run(run())
    assert sorted(sent[0]["status"] for sent in results) == [200, 200, 200, 503, 503]
    assert [sent[0]["status"] for sent in results[:3]].count(200) <= 2   # one address
    assert all("Reload it" in _body(sent) for sent in results if sent[0]["status"] == 503)
    watch = hosted.app.state.watch
    assert watch.streams == 0 and not watch.by_address and not watch.waiting   # all given back


def test_a_client_hanging_up_mid_post_is_one_line_not_a_traceback(hosted, caplog, capfd):
    """issue 21, item 5: each such client used to log a full traceback."""
    import logging
    import socket

    from tests.service.web.conftest import Served

    caplog.set_level(logging.INFO)
    path = hosted.link(hosted.to_move())
    with Served(hosted.app) as served:
        for _ in range(3):
            with socket.create_connection(("127.0.0.1", served.port), timeout=10) as s:
                here = f"127.0.0.1:{served.port}"
                s.sendall(f"POST {path} HTTP/1.1\r\nHost: {here}\r\nOrigin: http://{here}"
                          "\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                          "Content-Length: 900\r\n\r\nmove=RED".encode())
                time.sleep(0.3)
        time.sleep(1.0)
    text = caplog.text + capfd.readouterr().err     # uvicorn logs to stderr, not to root
    assert "Traceback" not in text and "Exception in ASGI application" not in text
    assert text.count("the client hung up before its request was read") == 3



def test_a_page_gone_gives_its_place_back_at_once(hosted):
    """A server hears that a client left only when it asks: a stream must ask every
    second, not only when it writes (every 15 s), or pages that navigate away fill
    their address's places and its next pages get 503 (found by a browser game)."""
    path = f"/game/{hosted.live}/events"

    async def run():
        tasks = []
        for _ in range(30):                  # a page every quarter second, each gone soon
            tasks.append(asyncio.create_task(_stream(hosted.app, path, 0.3)))
            await asyncio.sleep(0.25)
        return await asyncio.gather(*tasks)
    results = asyncio.run(run())
    assert [sent[0]["status"] for sent in results] == [200] * 30
    assert hosted.app.state.watch.streams == 0


def test_a_page_behind_the_game_is_never_marked_current(hosted, client, monkeypatch):
    """A move committed while a page is being drawn: the page may show the game one
    move behind, but then its version must be behind too, or its stream's news of that
    move would be taken for old news and the page would stay behind (a browser game
    under load found it)."""
    import html as html_module
    import re as re_module

    from referee.service.web import app as app_module

    seat = hosted.to_move()
    original = app_module._detail

    def detail_then_a_move(store, gid):
        detail = original(store, gid)            # the page reads the game, then a move lands
        if not moved:
            moved.append(1)
            rp = replay_text(export_text(store, gid), gid)
            _, lines, _ = legal_lines(rp.module, rp.state, 1)
            assert submit(store, gid, seat, lines[0], via="mail").ok
        return detail
    moved: list = []
    monkeypatch.setattr(app_module, "_detail", detail_then_a_move)
    page = client.get(f"/game/{hosted.live}").text
    assert moved
    shown = html_module.unescape(re_module.search(r'data-version="([^"]*)"', page).group(1))
    now = queries.version(hosted.store, hosted.live)
    assert shown != now        # the page shows the game before the move: it must say so
