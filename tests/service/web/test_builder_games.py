"""Whole games played on the seat pages in a real browser (Chromium under Playwright,
against uvicorn over a real store), without typing a letter: every move is chosen by
clicks on the picture and on the builder's choices, then sent with Play; and one game
through the choice links with JavaScript off. Each game is a new hosted game of two
seats, each seat on its own page in its own browser context; the game must end, and
its transcript must check. And the address holds the step: reload and back show it.

The choice policy is seeded (the runs are the same each time). In Haleakala it takes
``places`` whenever the action step offers it, which ends a game in about a hundred
moves; every other choice is random, from the picture when it offers one.
"""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from referee.core.builder import fold
from referee.operations.check import check_text

pytestmark = pytest.mark.timeout(900)

# a point inside the element that the element itself (or a part of it) receives
HIT_POINT = """el => {
  el.scrollIntoView({block: "center", inline: "center"});
  const r = el.getBoundingClientRect();
  for (let i = 1; i < 12; i++) for (let j = 1; j < 12; j++) {
    const x = r.left + r.width * ((i * 5) % 12) / 12, y = r.top + r.height * ((j * 7) % 12) / 12;
    const hit = document.elementFromPoint(x, y);
    if (hit && (el.contains(hit) || hit.tagName === "text" && hit.contains(el))) return [x, y];
  }
  return null;
}"""


def _made(page) -> list[str]:
    return page.locator("#builder a.back").all_text_contents()


def _labels(page) -> list[str]:
    return page.locator("#builder a.choice").evaluate_all("els => els.map(e => e.dataset.choice)")


def _choose_by_clicks(page, rng, prefer) -> dict:
    """Click through the builder until it holds one move; counts the clicks made in the
    picture and on the buttons, and names the steps chosen in the picture."""
    done = {"picture": 0, "button": 0, "steps": set()}
    while not page.locator("#builder .done").count():
        before, labels = _made(page), _labels(page)
        assert labels, page.locator("#builder").inner_text()
        wanted = prefer(labels)
        pickable = page.locator("figure.picture [data-choice].pickable")
        things = pickable.count()
        if wanted is None and things and rng.random() < 0.75:
            target = pickable.nth(rng.randrange(things))
            names = [fold(n) for n in target.get_attribute("data-choice").split("|")]
            point = target.evaluate(HIT_POINT)
            assert point, f"{names}: no visible point of it takes a click"
            done["steps"].add(page.locator("#builder .stepname").inner_text())
            page.mouse.click(*point)
            done["picture"] += 1
        else:
            label = wanted or rng.choice(labels)
            names = [fold(label)]
            page.locator("#builder a.choice").nth(labels.index(label)).click()
            done["button"] += 1
        page.locator("#builder a.back").nth(len(before)).or_(
            page.locator("#builder .done")).first.wait_for(timeout=20000)
        made = _made(page)
        assert made[:len(before)] == before
        assert len(made) > len(before) and fold(made[len(before)]) in names, (names, made)
        # the box holds the line being built, and the address the choices made
        if not page.locator("#builder .done").count():
            assert page.input_value("#move") == " ".join(made)
        assert page.evaluate("new URLSearchParams(location.search).getAll('step')") == made
    assert page.input_value("#move") == page.locator("#builder code.built").inner_text()
    return done


# the steps whose choices the picture offers, each chosen there at least once
PICTURED = {"hawaii": {"where", "what", "token", "village"},
            "haleakala": {"disc", "beach", "shaman"}}


def _prefer(title: str):
    if title == "haleakala":
        return lambda labels: "places" if "places" in labels else None
    return lambda labels: None


def _wait_turn(page, ply: int) -> None:
    try:
        page.wait_for_selector(f'#builder[data-ply="{ply}"][data-active="yes"]', timeout=20000)
    except Exception:                  # say what the page shows, to tell where it stuck
        shown = page.evaluate("""() => ({url: location.href,
            ply: document.getElementById('builder').getAttribute('data-ply'),
            active: document.getElementById('builder').getAttribute('data-active'),
            version: document.getElementById('live').getAttribute('data-version'),
            reply: (document.querySelector('.reply') || {}).innerText || null})""")
        raise AssertionError(f"the page never showed ply {ply} to move: {shown}") from None


def _finished(game) -> str:
    d = game.detail()
    assert d["status"] == "over", d["status"]
    rp = check_text(d["text"], "game.txt")
    assert rp.ok and rp.state.outcome() is not None, [e.reason for e in rp.errors]
    return d["result"]


@pytest.mark.parametrize("title,seed", [("hawaii", 3), ("haleakala", 5)])
def test_a_whole_game_by_clicks_alone(browser, new_game, serve, title, seed):
    game = new_game(title)
    rng, prefer = random.Random(seed), _prefer(title)
    clicks = {"picture": 0, "button": 0, "steps": set()}
    with serve(game.app) as served:
        pages = {}
        for seat in ("RED", "YELLOW"):
            pages[seat] = browser.new_context(viewport={"width": 1300, "height": 1000}).new_page()
            pages[seat].goto(served.base + game.link(seat))
        moves = 0
        while game.detail()["status"] == "playing":
            d = game.detail()
            page = pages[d["to_move"]]
            _wait_turn(page, d["ply"])          # the page followed the game by itself
            for kind, n in _choose_by_clicks(page, rng, prefer).items():
                clicks[kind] = clicks[kind] | n if kind == "steps" else clicks[kind] + n
            # the page the form's POST answers (a choice clicked before the page's script
            # ran follows its link, so the next navigation need not be this one)
            line = page.input_value("#move")
            with page.expect_response(lambda r: r.request.method == "POST"):
                page.click("#play")
            reply = page.locator(".reply", has_text=line)
            reply.wait_for(timeout=30000)
            assert "ok" in reply.get_attribute("class").split(), reply.inner_text()
            moves += 1
        for page in pages.values():
            page.context.close()
    _finished(game)
    assert moves > 20 and clicks["picture"] > 10 and clicks["button"] > 10, (moves, clicks)
    assert clicks["steps"] >= PICTURED[title], clicks["steps"]


def test_a_whole_game_through_the_links_without_javascript(browser, new_game, serve):
    game = new_game("hawaii")
    rng = random.Random(11)
    with serve(game.app) as served:
        context = browser.new_context(java_script_enabled=False)
        page = context.new_page()
        links = 0
        while game.detail()["status"] == "playing":
            d = game.detail()
            page.goto(served.base + game.link(d["to_move"]))    # without JS: reload to see
            _wait_turn(page, d["ply"])
            while not page.locator("#builder .done").count():
                labels, before = _labels(page), _made(page)
                label = rng.choice(labels)
                choice = page.locator("#builder a.choice").nth(labels.index(label))
                assert choice.inner_text() == label      # the link's text is the choice
                with page.expect_navigation():
                    choice.click()
                assert fold(_made(page)[len(before)]) == fold(label)
                assert page.input_value("#move") == (
                    page.locator("#builder code.built").inner_text()
                    if page.locator("#builder .done").count() else " ".join(_made(page)))
                links += 1
            with page.expect_navigation():
                page.click("#play")
            assert page.locator(".reply.ok").count() == 1, page.locator(".reply").inner_text()
        context.close()
    _finished(game)
    assert links > 20


def test_back_and_reload_show_the_step_the_address_holds(browser, served, hosted):
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    page.goto(served.base + hosted.link(hosted.to_move()))
    first, steps = _labels(page), []
    for _ in range(2):                                  # two choices, by their buttons
        before = _made(page)
        page.locator("#builder a.choice").first.click()
        page.locator("#builder a.back").nth(len(before)).wait_for()
        steps.append(_made(page))
    page.reload()
    assert _made(page) == steps[1]                      # the address holds the step
    page.go_back()
    expect(page.locator("#builder a.back")).to_have_count(len(steps[0]))
    assert _made(page) == steps[0]
    page.go_back()
    expect(page.locator("#builder a.back")).to_have_count(0)
    assert _labels(page) == first
    page.close()
