"""`referee show --format html` read in a real browser (Chromium under Playwright): at
every width from a phone's to a wide screen, no label of the picture is drawn under
9 pixels (the picture scrolls sideways instead of shrinking) and the state as text is
shown whole, its long lines wrapped rather than cut off at the page's edge."""
from __future__ import annotations

import pytest

from referee.core.paths import examples_dir
from referee.operations import check_text, picture

pytestmark = pytest.mark.timeout(300)

MEASURE = """() => {
  const svg = document.querySelector('.picture svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const sizes = [...svg.querySelectorAll('text')].map(
      t => parseFloat(getComputedStyle(t).fontSize) * scale);
  const pre = document.querySelector('pre');
  const box = pre.getBoundingClientRect();
  return {texts: sizes.length, smallest: Math.min(...sizes),
          preScroll: pre.scrollWidth, preClient: pre.clientWidth,
          preRight: box.right, pageWidth: document.documentElement.scrollWidth,
          shown: pre.innerText};
}"""


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    folder = tmp_path_factory.mktemp("standalone")
    out = {}
    for example in ("hawaii-5p.txt", "haleakala.txt"):
        rp = check_text((examples_dir() / example).read_text(encoding="utf-8"), example)
        path = folder / example.replace(".txt", ".html")
        path.write_text(picture(rp, "html"), encoding="utf-8")
        out[path] = rp.module.render(rp.state, "text")
    return out


@pytest.mark.parametrize("width", [360, 600, 1024, 1920])
def test_labels_stay_readable_and_the_text_block_whole(browser, pages, width):
    page = browser.new_page(viewport={"width": width, "height": 900})
    for path, text in pages.items():
        page.goto(path.as_uri())
        found = page.evaluate(MEASURE)
        assert found["texts"] > 50, path.name
        assert found["smallest"] >= 9, \
            f"{path.name} at {width} px: a label of {found['smallest']:.1f} px"
        # the text block has nothing hidden to scroll to and stays on the page
        assert found["preScroll"] <= found["preClient"], (path.name, width, found)
        assert found["preRight"] <= width and found["pageWidth"] <= width, (path.name, found)
        assert found["shown"].split() == text.split()
    page.close()
