"""The web page's routes through Starlette's TestClient, over a real SQLite store:
what each page shows, that a move from the page goes through the host's submit,
and the history by ply."""
from __future__ import annotations

import html
import re

from referee.operations.check import check_text
from tests.service.plaintext.test_line_ends import OTHER_BREAKS


def _result(example: str) -> str:
    """The [Result] an example game ends with (the examples are regenerated when the
    rules or the component data change, so the page is held to the file, not a number)."""
    from referee.core.paths import examples_dir
    text = (examples_dir() / example).read_text(encoding="utf-8")
    return re.search(r'^\[Result "([^"]*)"\]', text, re.M).group(1)


def test_list_shows_every_game_with_turn_and_activity(client, hosted):
    r = client.get("/")
    assert r.status_code == 200
    for gid in (hosted.finished, hosted.live):
        assert f'href="/game/{gid}"' in r.text
    assert "Try a move here" in r.text
    assert f"{hosted.to_move()}</td>" in r.text            # whose turn
    assert f"over: {_result('hawaii-2p.txt')}" in r.text   # the finished game's result
    assert hosted.detail()["last_activity"] in r.text


def test_game_page_has_picture_players_moves_record(client, hosted):
    d = hosted.detail(hosted.finished)
    r = client.get(f"/game/{hosted.finished}")
    assert r.status_code == 200
    assert "<svg" in r.text and "</svg>" in r.text
    for seat in ("RED", "YELLOW"):
        assert f'<span class="seat">{seat}' in r.text
    last = [it for it in d["items"] if it["ply"]][-1]["text"]
    assert last.replace(">", "&gt;") in r.text
    assert d["chain"] in r.text
    assert "the same head recomputed from the transcript" in r.text
    assert "replays cleanly" in r.text
    assert "every draw is the one its [Seed] deals" in r.text
    assert f"ply {d['ply']} of {d['ply']}" in r.text


def test_history_step_shows_the_position_at_that_ply(client, hosted):
    d = hosted.detail(hosted.finished)
    plied = [it for it in d["items"] if it["ply"]]
    for ply in (0, 1, 5, len(plied)):
        r = client.get(f"/game/{hosted.finished}?ply={ply}")
        assert r.status_code == 200
        assert f"ply {ply} of {d['ply']}" in r.text
        if ply:
            assert f"<strong>Ply {ply}</strong>: <code>" \
                   f"{plied[ply - 1]['text'].replace('>', '&gt;')}</code>" in r.text
        lines = d["text"].split("\n")
        header = d["text"].split("\n\n")[0].count("\n") + 1
        until = header if ply == 0 else header + 1 + plied[ply - 1]["seq"]
        rp = check_text(d["text"], until=until)
        svg = re.search(r"<svg.*</svg>", r.text, re.S).group(0)
        assert svg == rp.module.render(rp.state, "svg").strip()
        assert len(lines) > until
    assert 'rel="next"' in client.get(f"/game/{hosted.finished}?ply=3").text


def test_transcript_download_is_the_export_and_checks(client, hosted):
    from referee.service.hosted.games import export_text
    r = client.get(f"/game/{hosted.finished}/transcript.txt")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/plain")
    assert "attachment" in r.headers["content-disposition"]
    assert r.text == export_text(hosted.store, hosted.finished)
    assert check_text(r.text).ok


def test_seat_page_lists_legal_moves_and_plays_one_through_submit(client, hosted):
    seat = hosted.to_move()
    link = hosted.link(seat)
    page = client.get(link)
    assert page.status_code == 200
    moves = [html.unescape(m) for m in re.findall(r'data-move="([^"]+)"', page.text)]
    assert moves and all(m.startswith(seat) for m in moves)
    token = re.search(r'name="token" value="([0-9a-f]+)"', page.text).group(1)
    before = hosted.detail()["ply"]
    r = client.post(link, data={"token": token, "command": "move", "move": moves[0],
                                "ply": str(before)}, headers={"Origin": "http://testserver"})
    assert r.status_code == 200, r.text
    assert "accepted:" in r.text
    d = hosted.detail()
    assert d["ply"] == before + 1
    row = [it for it in d["items"] if it["ply"] == before + 1][0]
    assert row["via"] == "web" and row["seat"] == seat and row["text"] == moves[0]


def test_a_stale_page_move_is_refused_not_played(client, hosted):
    seat = hosted.to_move()
    link = hosted.link(seat)
    token = re.search(r'name="token" value="([0-9a-f]+)"', client.get(link).text).group(1)
    move = html.unescape(re.search(r'data-move="([^"]+)"', client.get(link).text).group(1))
    ply = hosted.detail()["ply"]
    r = client.post(link, data={"token": token, "command": "move", "move": move,
                                "ply": str(ply - 1)}, headers={"Origin": "http://testserver"})
    assert r.status_code == 422 and "stale-ply" in r.text
    assert hosted.detail()["ply"] == ply


def test_undo_and_accept_buttons_take_back_a_move(client, hosted):
    mover, other = hosted.to_move(), hosted.other()
    for seat, form in ((mover, None), (mover, "undo"), (other, "accept")):
        link = hosted.link(seat)
        page = client.get(link).text
        token = re.search(r'name="token" value="([0-9a-f]+)"', page).group(1)
        if form is None:
            data = {"command": "move", "move": html.unescape(re.search(r'data-move="([^"]+)"', page).group(1)),
                    "ply": str(hosted.detail()["ply"])}
        else:
            assert f'value="{form}"' in page
            data = {"command": form}
        r = client.post(link, data={"token": token, **data},
                        headers={"Origin": "http://testserver"})
        assert r.status_code == 200, r.text
    items = [it["text"] for it in hosted.detail()["items"]]
    assert items[-1].startswith(f"{mover} takes back")
    assert hosted.to_move() == mover


def test_fill_link_puts_a_move_in_the_box_without_javascript(client, hosted):
    seat = hosted.to_move()
    page = client.get(hosted.link(seat)).text
    href = re.search(r'class="fill" href="([^"]+)"', page).group(1).replace("&amp;", "&")
    move = html.unescape(re.search(r'data-move="([^"]+)"', page).group(1))
    filled = client.get(hosted.link(seat) + href).text
    assert f'name="move" type="text" maxlength="2000" autocomplete="off" spellcheck="false" ' \
           f'value="{html.escape(move)}"' in filled


def test_events_stream_sends_the_version(hosted):
    """The SSE endpoint answers with the game's version at once (one read of the stream)."""
    import asyncio

    from referee.service.web import queries
    messages, sent = [], []

    async def run():
        scope = {"type": "http", "method": "GET", "path": f"/game/{hosted.live}/events",
                 "raw_path": f"/game/{hosted.live}/events".encode(), "query_string": b"",
                 "headers": [(b"host", b"testserver")], "scheme": "http",
                 "server": ("testserver", 80), "client": ("127.0.0.1", 1), "root_path": "",
                 "http_version": "1.1"}

        async def receive():
            await asyncio.sleep(0.2 if not messages else 5)
            messages.append(1)
            return {"type": "http.disconnect"}

        async def send(msg):
            sent.append(msg)
        await asyncio.wait_for(hosted.app(scope, receive, send), 20)
    asyncio.run(run())
    start = sent[0]
    assert start["status"] == 200
    assert (b"content-type", b"text/event-stream; charset=utf-8") in start["headers"]
    body = b"".join(m.get("body", b"") for m in sent[1:]).decode()
    assert f"event: change\ndata: {queries.version(hosted.store, hosted.live)}\n\n" in body


def test_head_on_the_events_stream_answers_at_once(hosted):
    """HEAD used to open the stream and hold the connection until the client gave up."""
    import asyncio
    sent = []

    async def run():
        path = f"/game/{hosted.live}/events"
        scope = {"type": "http", "method": "HEAD", "path": path, "raw_path": path.encode(),
                 "query_string": b"", "headers": [(b"host", b"testserver")], "scheme": "http",
                 "server": ("testserver", 80), "client": ("127.0.0.1", 1), "root_path": "",
                 "http_version": "1.1"}

        async def receive():
            await asyncio.sleep(60)          # a client that waits and never hangs up
            return {"type": "http.disconnect"}

        async def send(msg):
            sent.append(msg)
        await asyncio.wait_for(hosted.app(scope, receive, send), 10)
    asyncio.run(run())
    assert sent[0]["status"] == 200
    assert (b"content-type", b"text/event-stream; charset=utf-8") in sent[0]["headers"]
    assert b"".join(m.get("body", b"") for m in sent[1:]) == b""


def _post_move(client, hosted, seat: str, line: str):
    link = hosted.link(seat)
    token = re.search(r'name="token" value="([0-9a-f]+)"', client.get(link).text).group(1)
    return client.post(link, data={"token": token, "command": "move", "move": line,
                                   "ply": str(hosted.detail()["ply"])},
                       headers={"Origin": "http://testserver"})


def test_resign_typed_in_the_move_box_asks_for_the_confirming_code(client, hosted):
    """The box is a line of text like a mail's: a bare ``resign`` or ``SEAT resigns``
    only answers with the confirming line, and that line, typed in the box, resigns."""
    seat = hosted.to_move()
    ply = hosted.detail()["ply"]
    for line in ("resign", f"{seat} resigns", "resign.", "resign 00000000"):
        r = _post_move(client, hosted, seat, line)
        assert r.status_code in (200, 422), r.text
        assert hosted.detail()["ply"] == ply, line
        assert not any(s["resigned"] for s in hosted.detail()["seats"]), line
    r = _post_move(client, hosted, seat, "resign")
    code = re.search(r"^\s+resign ([0-9a-f]{8})$", html.unescape(r.text), re.M).group(1)
    r = _post_move(client, hosted, seat, f"resign {code}")
    assert r.status_code == 200, r.text
    assert hosted.detail()["items"][-1]["text"].startswith(f"{seat} resigns")


def test_a_line_break_the_page_does_not_show_splits_nothing(client, hosted):
    """U+2028 and the other breaks str.splitlines knows are spaces inside the line, so a
    post is one line and keeps the ply it carries: a stale page plays nothing."""
    seat = hosted.to_move()
    link = hosted.link(seat)
    page = client.get(link).text
    token = re.search(r'name="token" value="([0-9a-f]+)"', page).group(1)
    move = html.unescape(re.search(r'data-move="([^"]+)"', page).group(1))
    ply = hosted.detail()["ply"]
    for sep in OTHER_BREAKS:
        r = client.post(link, data={"token": token, "command": "move",
                                    "move": f"show{sep}{move}", "ply": str(ply - 1)},
                        headers={"Origin": "http://testserver"})
        assert r.status_code in (400, 422), (repr(sep), r.text)
        assert hosted.detail()["ply"] == ply, repr(sep)
    r = client.post(link, data={"token": token, "command": "move", "move": f"show\r{move}",
                                "ply": str(ply)}, headers={"Origin": "http://testserver"})
    assert r.status_code == 400 and "One move at a time" in r.text
    assert hosted.detail()["ply"] == ply
