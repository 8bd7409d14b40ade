"""The picture on the web page is never shown so small that its text drops under 9 px
(docs/pictures.md): measured in a real browser, on the game pages of both games and on
a seat page, from a wide screen down to one narrower than the picture (which then
scrolls sideways rather than shrink)."""
from __future__ import annotations

import pytest
from tests.service.web.conftest import Hosted, Served

pytestmark = pytest.mark.timeout(300)

SMALLEST = """() => {
  const svg = document.querySelector('figure.picture svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const sizes = [...svg.querySelectorAll('text')].map(
      t => parseFloat(getComputedStyle(t).fontSize) * scale);
  return {width: svg.getBoundingClientRect().width, texts: sizes.length,
          smallest: Math.min(...sizes)};
}"""


@pytest.fixture
def both_games(tmp_path):
    h = Hosted(tmp_path, ("hawaii-5p.txt", "haleakala.txt"))
    with Served(h.app) as s:
        yield h, s
    h.store.dispose()


@pytest.mark.parametrize("width", [1920, 1300, 1024, 700])
def test_picture_text_is_at_least_nine_pixels(browser, both_games, width):  # noqa: F811
    hosted, served = both_games
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(served.base + "/")
    games = page.eval_on_selector_all('table.games a[href^="/game/"]',
                                      "links => links.map(a => a.getAttribute('href'))")
    pages = sorted(set(games)) + [hosted.link(hosted.to_move())]
    assert len(pages) >= 3
    kinds = set()
    for path in pages:
        page.goto(served.base + path)
        kinds.add(page.locator("figure.picture svg title").first.text_content().split(",")[0])
        found = page.evaluate(SMALLEST)
        assert found["texts"] > 50, path
        assert found["smallest"] >= 9, f"{path} at {width} px: text of {found['smallest']:.1f} px"
        assert found["width"] >= 900 - 1, path
    assert {k.split()[0] for k in kinds} == {"Hawaii", "Haleakala"}
    page.close()


SPILLS = """() => {
  const svg = document.querySelector('figure.picture svg');
  const out = [];
  let checked = 0;
  for (const t of svg.querySelectorAll('text')) {
    const b = t.getBBox(), x = t.x.baseVal[0].value, y = t.y.baseVal[0].value;
    const boxes = [...t.parentNode.children].filter(e => e.tagName === 'rect').map(
        r => r.getBBox()).filter(r => r.x <= x && x <= r.x + r.width && r.y <= y && y <= r.y + r.height);
    if (!boxes.length) continue;
    const r = boxes.reduce((a, c) => a.width * a.height <= c.width * c.height ? a : c);
    checked += 1;
    if (b.x < r.x - 1 || b.x + b.width > r.x + r.width + 1 || b.y < r.y - 1
        || b.y + b.height > r.y + r.height + 1)
      out.push(t.textContent + ' ' + Math.round(b.width) + ' wide in ' + Math.round(r.width));
  }
  return {checked, out};
}"""


def test_no_label_spills_out_of_its_box(browser, both_games):  # noqa: F811
    """With the browser's own font: a label written in a box (a chief's tag, a tile, a
    card, a place) fits inside it."""
    hosted, served = both_games
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.goto(served.base + "/")
    games = page.eval_on_selector_all('table.games a[href^="/game/"]',
                                      "links => links.map(a => a.getAttribute('href'))")
    shown = [hosted.link(hosted.to_move())]
    for path in sorted(set(games)):
        total = hosted.detail(path.rsplit("/", 1)[1])["ply"]
        shown += [f"{path}?ply={total * k // 4}" for k in (1, 2, 3, 4)]
    for path in shown:
        page.goto(served.base + path)
        found = page.evaluate(SPILLS)
        assert found["checked"] > 40 and found["out"] == [], path
    page.close()
