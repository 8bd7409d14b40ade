"""The seat page read as its player reads it, in a real browser (Chromium under
Playwright, against uvicorn over a real store): the step being chosen stays in view
after every click, the prompt offers the picture only where the picture offers
something, a seat not to move is told whose turn it is and what it may still do, and
only the actions the host would carry out are offered."""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from referee.operations import check_text, legal_lines
from referee.service.hosted.entry import submit
from referee.service.hosted.games import create_game, seat_link_token
from referee.service.store import open_store
from referee.service.web.app import create_app
from tests.service.web.test_builder_games import HIT_POINT

pytestmark = pytest.mark.timeout(600)

IN_PICTURE = "(or click it in the picture)"

# where the step asked now stands against the window
STEP_BOX = """() => {
  const e = document.querySelector('#builder .ask, #builder .done');
  const r = e.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, height: window.innerHeight};
}"""


def _made(page) -> int:
    return page.locator("#builder a.back").count()


def _click_and_wait(page, click) -> None:
    before = _made(page)
    click()
    page.locator("#builder a.back").nth(before).or_(page.locator("#builder .done")) \
        .first.wait_for(timeout=20000)


@pytest.mark.parametrize("width", [1920, 1300, 800, 390])
def test_the_step_being_chosen_is_in_view_after_every_click(browser, served, hosted, width):
    page = browser.new_page(viewport={"width": width, "height": 800})
    rng = random.Random(width)
    for _ in range(3):                                  # three moves built, not sent
        page.goto(served.base + hosted.link(hosted.to_move()))
        clicks = 0
        while not page.locator("#builder .done").count():
            pickable = page.locator("figure.picture [data-choice].pickable")
            if pickable.count():                        # the picture first: it is far down
                point = pickable.nth(rng.randrange(pickable.count())).evaluate(HIT_POINT)
                assert point
                _click_and_wait(page, lambda: page.mouse.click(*point))
            else:
                choices = page.locator("#builder a.choice")
                choice = choices.nth(rng.randrange(choices.count()))
                _click_and_wait(page, choice.click)
            clicks += 1
            box = page.evaluate(STEP_BOX)
            assert 0 <= box["top"] and box["bottom"] <= box["height"], (width, clicks, box)
        assert clicks >= 2
        expect(page.locator("#play")).to_be_in_viewport()
    page.close()


def _walk(page, pick) -> list[tuple[str, bool, bool]]:
    """(step, the picture offers a choice of it, the prompt says so) at each step of
    one move built by ``pick`` among the buttons."""
    seen = []
    while not page.locator("#builder .done").count():
        things = page.locator("figure.picture [data-choice].pickable").count()
        seen.append((page.locator("#builder .stepname").inner_text(), things > 0,
                     IN_PICTURE in page.locator("#builder .ask").inner_text()))
        labels = page.locator("#builder a.choice").evaluate_all(
            "els => els.map(e => e.dataset.choice)")
        _click_and_wait(page, page.locator("#builder a.choice").nth(pick(labels)).click)
    return seen


@pytest.mark.parametrize("title", ["hawaii", "haleakala"])
def test_the_prompt_offers_the_picture_only_where_it_offers_a_choice(
        browser, new_game, serve, title):
    game = new_game(title)
    with serve(game.app) as served:
        page = browser.new_page(viewport={"width": 1300, "height": 900})
        seen, rng = [], random.Random(3)
        for _ in range(12):
            page.goto(served.base + game.link(game.to_move()))
            seen += _walk(page, lambda labels: rng.randrange(len(labels)))
        for step, offered, said in seen:
            assert said == offered, (step, offered, said)
        assert any(offered for _, offered, _ in seen)
        if title == "hawaii":           # a tile's side is not drawn: nothing to click
            assert "side" in {step for step, offered, _ in seen if not offered}
        # without JavaScript a click on the picture chooses nothing: never offered
        context = browser.new_context(java_script_enabled=False)
        bare = context.new_page()
        bare.goto(served.base + game.link(game.to_move()))
        assert bare.locator("#builder .ask").count() == 1
        assert IN_PICTURE not in bare.locator("#builder .ask").inner_text()
        context.close()
        page.close()


def _offered(page) -> list[str]:
    return [b.inner_text() for b in page.locator("#buttons button").all() if b.is_visible()]


def test_a_seat_not_to_move_reads_whose_turn_it_is_and_what_it_may_do(browser, served, hosted):
    mover, other = hosted.to_move(), hosted.other()
    page = browser.new_context(viewport={"width": 1300, "height": 900}).new_page()
    page.goto(served.base + hosted.link(other))
    act = page.locator("#act")
    expect(act).to_contain_text(f"It is not your turn: {mover} is to move")
    expect(act).to_contain_text("this page follows it by itself")
    assert "Your move" not in act.inner_text()
    expect(page.locator("#move")).to_be_hidden()
    expect(page.locator("#play")).to_be_hidden()
    assert _offered(page) == ["Resign"]                 # its last move was long ago
    page.evaluate("window.__stayed = true")
    d = hosted.detail()
    rp = check_text(d["text"], "game.txt")
    _, lines, _ = legal_lines(rp.module, rp.state, 1)
    assert submit(hosted.store, hosted.live, mover, lines[0], via="web").ok
    # the page follows the game: now its turn, the box and the first step are there
    expect(page.locator("#play")).to_be_visible(timeout=20000)
    expect(page.locator('#builder[data-active="yes"] .ask')).to_be_visible()
    assert "not your turn" not in act.inner_text()
    assert page.evaluate("window.__stayed") is True
    page.context.close()


def test_only_the_actions_the_host_would_take_are_offered(browser, new_game, serve):
    game = new_game("hawaii")

    def look(seat: str) -> list[str]:
        page.goto(served.base + game.link(seat))
        return _offered(page)

    with serve(game.app) as served:
        page = browser.new_page(viewport={"width": 1300, "height": 900})
        red, yellow = game.to_move(), ({"RED", "YELLOW"} - {game.to_move()}).pop()
        # the last ply is the deal: there is nothing of either seat's to take back
        assert look(red) == ["Resign"] and look(yellow) == ["Resign"]
        rp = check_text(game.detail()["text"], "game.txt")
        _, lines, _ = legal_lines(rp.module, rp.state, 1)
        assert submit(game.store, game.live, red, lines[0], via="web").ok
        assert look(red) == ["Undo my last move", "Resign"]
        expect(page.locator("#act")).to_contain_text("It is not your turn")
        assert look(yellow) == ["Resign"]
        look(red)
        page.click("#buttons button[value=undo]")
        page.wait_for_selector(".reply.ok")
        assert _offered(page) == ["Resign"]             # asked once: nothing to ask again
        expect(page.locator("#act .notice")).to_contain_text("You asked to take back")
        assert look(yellow) == ["Accept the takeback", "Decline the takeback", "Resign"]
        expect(page.locator("#act .notice")).to_contain_text(f"{red} asks to take back")
        page.click("#buttons button[value=accept]")
        page.wait_for_selector(".reply.ok")
        # taken back: the takeback is the last ply, and no seat's own move
        assert _offered(page) == ["Resign"] and look(red) == ["Resign"]
        page.check("#buttons input[name=sure]")
        page.click("#buttons button[value=resign]")
        page.wait_for_selector(".reply.ok")
        assert game.detail()["status"] == "over"
        for seat in (red, yellow):
            assert look(seat) == []
            expect(page.locator("#act")).to_contain_text("The game is over")
            expect(page.locator("#move")).to_be_hidden()
        page.close()


def test_a_resigned_seat_is_offered_nothing_to_take_back_or_resign(browser, new_game, serve):
    seats = ("RED", "YELLOW", "GREEN")
    game = new_game("hawaii", seats)
    quitter = next(s for s in seats if s != game.to_move())
    assert submit(game.store, game.live, quitter, "resign", via="web", resign_confirmed=True).ok
    with serve(game.app) as served:
        page = browser.new_page(viewport={"width": 1300, "height": 900})
        page.goto(served.base + game.link(quitter))
        expect(page.locator("#act")).to_contain_text("You resigned")
        assert _offered(page) == []                # its resignation is its last ply
        expect(page.locator("#move")).to_be_hidden()
        page.close()


def test_a_seat_the_deal_waits_for_is_asked_for_its_answer(browser, tmp_path, serve):
    store = open_store(f"sqlite:///{tmp_path}/referee.db")
    gid = create_game(store, "hawaii", {"RED": "red@example.org", "YELLOW": "y@example.org"},
                      host_address="referee@example.org")
    try:
        with serve(create_app(store)) as served:
            page = browser.new_page(viewport={"width": 1300, "height": 900})
            page.goto(f"{served.base}/seat/{seat_link_token(store, gid, 'RED')}")
            expect(page.locator("#act")).to_contain_text("counts as your answer")
            expect(page.locator("#movelabel")).to_contain_text("Your answer")
            assert "Your move" not in page.locator("#act").inner_text()
            page.fill("#move", "show")
            page.click("#play")
            page.wait_for_selector(".reply.ok")
            expect(page.locator("#act")).to_contain_text("Your answer is in")
            expect(page.locator("#move")).to_be_hidden()
            assert _offered(page) == []
            page.close()
    finally:
        store.dispose()
