"""A move sent twice from the seat page is played once: the page's form always
carries the ply it was drawn at (its ``#N`` guard), so the second copy finds the
game moved on and is answered "already recorded", never played again (docs/web.md).
In a real browser: a double click on Play, and the same move from two open tabs."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from referee.transcript import read_text
from referee.service.hosted.games import export_text

pytestmark = pytest.mark.timeout(300)


def _played(hosted, move: str) -> int:
    """How many moves of the transcript are ``move`` (an earlier round may hold it too)."""
    text = export_text(hosted.store, hosted.live)
    return sum(1 for it in read_text(text).items if it.kind == "move" and it.body == move)


def test_a_double_click_on_play_plays_the_move_once(browser, served, hosted):  # noqa: F811
    seat, ply = hosted.to_move(), hosted.detail()["ply"]
    page = browser.new_page()
    page.goto(served.base + hosted.link(seat))
    move = page.locator("a.fill").first.get_attribute("data-move")
    before = _played(hosted, move)
    page.fill("#move", move)
    assert page.input_value("input[name=ply]") == str(ply)
    page.dblclick("form.move button[type=submit]")
    page.wait_for_selector(".reply")
    page.wait_for_load_state()
    assert hosted.detail()["ply"] > ply and _played(hosted, move) == before + 1
    assert "accepted" in page.locator(".reply").text_content() or \
        "already recorded" in page.locator(".reply").text_content()
    page.close()


@pytest.mark.parametrize("script", [False, True])
def test_the_same_move_from_two_tabs_is_played_once(browser, served, hosted,  # noqa: F811
                                                    script):
    """Without JavaScript the second tab's form still says the old ply; with it the page
    follows the game and hides the box (not the seat's turn now), and the move sent
    from it all the same is still the one recorded."""
    seat, ply = hosted.to_move(), hosted.detail()["ply"]
    context = browser.new_context(java_script_enabled=script)
    tabs = [context.new_page(), context.new_page()]
    for tab in tabs:
        tab.goto(served.base + hosted.link(seat))
    move = tabs[0].locator("a.fill").first.get_attribute("data-move")
    before = _played(hosted, move)
    for tab in tabs:
        tab.fill("#move", move)
    tabs[0].click("form.move button[type=submit]")
    tabs[0].wait_for_selector(".reply.ok")
    after = hosted.detail()["ply"]
    assert after > ply and _played(hosted, move) == before + 1
    if script:
        expect(tabs[1].locator("input[name=ply]")).to_have_value(str(after), timeout=20000)
        # the page followed the game: not the seat's turn, so no box is offered; a form
        # sent all the same (a click landing as the page changed) is still not played
        expect(tabs[1].locator("#play")).to_be_hidden()
        tabs[1].evaluate("document.getElementById('moveform').requestSubmit()")
    else:
        assert tabs[1].input_value("input[name=ply]") == str(ply)
        tabs[1].click("form.move button[type=submit]")
    tabs[1].wait_for_selector(".reply")
    assert f"already recorded at ply {ply + 1}" in tabs[1].locator(".reply").text_content()
    assert hosted.detail()["ply"] == after and _played(hosted, move) == before + 1
    context.close()
