"""The web page in a real browser: Debian's Chromium driven by Playwright, against
uvicorn serving a real store on a free loopback port. Never skipped: without
Chromium these tests fail and say how to install it."""
from __future__ import annotations

import struct
import zlib

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.timeout(300)


def png_colours(data: bytes) -> int:
    """Distinct colours of an 8-bit RGB(A) PNG (what Chromium's screenshots are)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", chunk[:10])
            assert depth == 8 and ctype in (2, 6)
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw, stride = zlib.decompress(idat), width * bpp
    prev, colours, i = bytearray(stride), set(), 0
    for _ in range(height):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        colours.update(bytes(line[k:k + 3]) for k in range(0, stride, bpp))
        prev = line
    return len(colours)


def test_png_colours_counts_a_blank_and_a_coloured_image():
    def png(rows):
        w, h = len(rows[0]), len(rows)
        raw = b"".join(b"\0" + b"".join(bytes(px) for px in row) for row in rows)
        def chunk(k, d):
            return struct.pack(">I", len(d)) + k + d + struct.pack(">I", zlib.crc32(k + d))
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    assert png_colours(png([[(255, 255, 255)] * 3] * 2)) == 1
    assert png_colours(png([[(1, 2, 3), (4, 5, 6)], [(1, 2, 3), (7, 8, 9)]])) == 3


def test_list_game_history_and_picture(browser, served, hosted):
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.goto(served.base + "/")
    assert page.locator("table.games tbody tr").count() == 2
    page.click(f'a[href="/game/{hosted.finished}"]')
    page.wait_for_url(f"**/game/{hosted.finished}")
    svg = page.locator("figure.picture svg")
    box = svg.bounding_box()
    assert box and box["width"] > 400 and box["height"] > 300
    # key labels of the Hawaii picture are in the DOM
    text = svg.text_content()
    for label in ("RED", "YELLOW", "Cove", "Dock 1", "Order track", "Round 5"):
        assert label in text
    shot = svg.screenshot()
    assert png_colours(shot) > 20
    # step through the history: start, next, next, back
    total = hosted.detail(hosted.finished)["ply"]
    page.click('a[rel="first"]')
    assert page.locator(".steps strong").text_content() == f"ply 0 of {total}"
    for n in (1, 2):
        page.click('a[rel="next"]')
        assert page.locator(".steps strong").text_content() == f"ply {n} of {total}"
    first = [it for it in hosted.detail(hosted.finished)["items"] if it["ply"]][1]["text"]
    assert page.locator(".digest code").text_content() == first
    page.click('a[rel="prev"]')
    assert page.locator(".steps strong").text_content() == f"ply 1 of {total}"
    page.click('a[rel="last"]')
    assert page.locator(".steps strong").text_content() == f"ply {total} of {total}"
    page.close()


def test_a_move_from_a_seat_page_updates_another_open_page(browser, served, hosted):
    seat, other = hosted.to_move(), hosted.other()
    ply = hosted.detail()["ply"]
    watcher = browser.new_context().new_page()        # a second browser context: another user
    watcher.goto(served.base + f"/game/{hosted.live}")
    opponent = browser.new_context().new_page()
    opponent.goto(served.base + hosted.link(other))
    assert "not your turn" in opponent.locator("#act").text_content()
    watcher.evaluate("window.__stayed = true")         # gone if the page reloads
    opponent.evaluate("window.__stayed = true")

    player = browser.new_context().new_page()
    player.goto(served.base + hosted.link(seat))
    player.click("details.legal summary")               # the whole list, folded away
    first = player.locator("a.fill").first
    move = first.get_attribute("data-move")
    first.click()                                       # one click fills the box
    assert player.input_value("#move") == move
    player.click("form.move button[type=submit]")
    player.wait_for_selector(".reply.ok")
    assert move in player.locator(".reply").text_content()

    expect(watcher.locator(".steps strong")).to_have_text(f"ply {ply + 1} of {ply + 1}",
                                                          timeout=20000)
    assert move in watcher.locator("ol.recent").text_content()
    assert watcher.evaluate("window.__stayed") is True  # updated without a reload
    expect(opponent.locator("#side-top")).to_contain_text("legal move", timeout=20000)
    assert opponent.evaluate("window.__stayed") is True
    assert opponent.input_value("input[name=ply]") == str(ply + 1)
    for p in (watcher, opponent, player):
        p.context.close()


def test_a_move_from_another_process_reaches_the_page(browser, served, hosted):
    """A move that does not come through this server (mail ingest in another process
    writes the same store) still reaches an open page: the events poll the store."""
    from referee.service.store import open_store
    from referee.service.hosted.entry import submit
    from referee.operations.check import check_text
    from referee.operations.listing import legal_lines

    watcher = browser.new_page()
    watcher.goto(served.base + f"/game/{hosted.live}")
    watcher.evaluate("window.__stayed = true")
    d = hosted.detail()
    rp = check_text(d["text"])
    _, lines, _ = legal_lines(rp.module, rp.state, 1)
    other = open_store(hosted.store.url)                # a second engine, as another process has
    try:
        assert submit(other, hosted.live, d["to_move"], lines[0], via="mail").ok
    finally:
        other.dispose()
    expect(watcher.locator(".steps strong")).to_have_text(
        f"ply {d['ply'] + 1} of {d['ply'] + 1}", timeout=20000)
    assert watcher.evaluate("window.__stayed") is True
    watcher.close()


def test_pages_read_without_javascript(browser, served, hosted):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(served.base + f"/game/{hosted.finished}?ply=4")
    assert page.locator("figure.picture svg").count() == 1
    page.click('a[rel="next"]')
    assert "ply 5 of" in page.locator(".steps strong").text_content()
    seat = hosted.to_move()
    page.goto(served.base + hosted.link(seat))
    page.click("details.legal summary")
    move = page.locator("a.fill").first.get_attribute("data-move")
    page.locator("a.fill").first.click()                # without JS the link fills the box
    assert page.input_value("#move") == move
    page.click("form.move button[type=submit]")
    assert "accepted" in page.locator(".reply").text_content()
    context.close()
