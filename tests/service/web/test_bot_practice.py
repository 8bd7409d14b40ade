"""A practice game on the web against two bots, in a real browser (Chromium under
Playwright, against uvicorn over a real store): the person's seat page deals the game
with its first answer, and after each of the person's moves the bots have played
theirs before the page shows the answer, each bot line marked."""
from __future__ import annotations

import pytest

from referee.service.hosted.games import create_game, game_detail, seat_link_token
from referee.service.store import open_store
from referee.service.web.app import create_app

pytestmark = pytest.mark.timeout(600)


def test_a_practice_game_against_two_bots_in_a_browser(browser, serve, tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/referee.db")
    gid = create_game(store, "hawaii", {"RED": "me@example.org", "GREEN": "bot:random",
                                        "BLUE": "bot:basic"},
                      host_address="referee@example.org", title="practice")
    try:
        with serve(create_app(store)) as served:
            page = browser.new_page()
            page.goto(served.base + f"/seat/{seat_link_token(store, gid, 'RED')}")
            assert "GREEN (bot random)" in page.locator("body").inner_text()
            page.fill("#move", "show")                  # the first answer deals the game
            page.click("form.move button[type=submit]")
            page.wait_for_selector(".reply.ok")
            for _ in range(6):
                g = game_detail(store, gid)
                assert g["status"] == "playing" and g["to_move"] == "RED"
                page.goto(served.base + f"/seat/{seat_link_token(store, gid, 'RED')}")
                page.click("details.legal summary")
                first = page.locator("a.fill").first
                move = first.get_attribute("data-move")
                first.click()
                page.click("form.move button[type=submit]")
                page.wait_for_selector(".reply.ok")
                assert move in page.locator(".reply").text_content()
            text = game_detail(store, gid)["text"]
            marked = [line for line in text.splitlines() if "# bot " in line]
            assert any(line.startswith("GREEN ") and line.endswith("# bot random")
                       for line in marked)
            assert any(line.startswith("BLUE ") and line.endswith("# bot basic")
                       for line in marked)
            assert game_detail(store, gid)["to_move"] == "RED"
            page.close()
    finally:
        store.dispose()
