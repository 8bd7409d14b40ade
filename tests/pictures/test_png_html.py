"""PNG through resvg and the one-page HTML: real renders, real parsing."""
from __future__ import annotations

import struct
import subprocess
import sys
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from referee.operations import picture_files as pictures
from referee.cli import run

EXAMPLE = str(Path(__file__).parents[2] / "docs" / "examples" / "hawaii-5p.txt")
HALEAKALA = str(Path(__file__).parents[2] / "docs" / "examples" / "haleakala.txt")


def png_info(data: bytes) -> tuple[int, int, set[int]]:
    """Width, height and the distinct byte values of the decoded pixel rows."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", chunk[:8])
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    return width, height, set(zlib.decompress(idat))


def svg_of(file=EXAMPLE, at=60) -> str:
    from referee.operations.check import check_path
    rp = check_path(file, until=at)
    return rp.module.render(rp.state, "svg")


def test_png_has_the_svg_size_and_is_not_blank():
    w, h, values = png_info(pictures.svg_to_png(svg_of()))
    assert w == 1000 and h > 1000
    assert len(values) > 50          # a blank or one-colour image has a handful


def test_png_width_scales():
    w, h, _ = png_info(pictures.svg_to_png(svg_of(HALEAKALA, 400), width=500))
    assert (w, h) == (500, 390)


def test_text_is_drawn():
    """A picture of text alone must not come out blank: resvg was handed a font."""
    text = ('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40">'
            '<text x="5" y="30" font-size="24" font-family="DejaVu Sans, sans-serif">Hawaii</text></svg>')
    _, _, values = png_info(pictures.svg_to_png(text))
    assert len(values) > 5


def test_png_without_resvg_is_a_usage_error(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(sys.modules, "resvg_py", None)      # as if the extra were absent
    with pytest.raises(pictures.PicturesUnavailable, match=r"pip install 'referee\[pictures\]'"):
        pictures.svg_to_png(svg_of())
    assert run(["show", EXAMPLE, "--format", "png", "-o", str(tmp_path / "x.png")]) == 2
    assert "referee[pictures]" in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_a_missing_font_file_is_a_usage_error(monkeypatch):
    monkeypatch.setenv("REFEREE_FONT", "/nonexistent/font.ttf")
    with pytest.raises(pictures.PicturesUnavailable, match="REFEREE_FONT"):
        pictures.svg_to_png(svg_of())


class Collect(HTMLParser):
    VOID = {"meta", "br", "img", "input", "link", "hr"}

    def __init__(self):
        super().__init__()
        self.stack, self.tags, self.data = [], [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append(tag)

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-5:])
        self.stack.pop()

    def handle_data(self, data):
        self.data.append(data)


def parse_html(page: str) -> Collect:
    c = Collect()
    c.feed(page)
    c.close()
    assert c.stack == [], c.stack
    return c


def test_html_page_holds_the_svg_moves_and_text():
    svg = svg_of()
    page = pictures.html_page("Hawaii", svg, "RED 12 points", ["RED moves beach->B2", "* order RED"])
    c = parse_html(page)
    assert svg.strip() in page and "svg" in c.tags and "script" not in c.tags
    text = "".join(c.data)
    assert "RED moves beach->B2" in text and "* order RED" in text and "RED 12 points" in text


def test_html_page_escapes_what_players_typed():
    evil = "<script>alert('x')</script> & </pre>"
    page = pictures.html_page(evil, svg_of(), evil, [evil])
    c = parse_html(page)
    assert "script" not in c.tags and "<script>" not in page
    assert "".join(c.data).count(evil) == 4      # <title>, <h1>, the move, the text


def test_show_html_from_a_transcript_with_a_hostile_event(tmp_path):
    lines = [ln for ln in Path(EXAMPLE).read_text(encoding="utf-8").splitlines()
             if not ln.startswith("[Result")]
    lines.insert(1, '[Event "<img src=x onerror=alert(1)> Cup"]')
    game = tmp_path / "game.txt"
    game.write_text("\n".join(lines[:40]) + "\n", encoding="utf-8")
    out = tmp_path / "game.html"
    assert run(["show", str(game), "--format", "html", "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    c = parse_html(page)
    assert "img" not in c.tags
    assert "Hawaii: <img src=x onerror=alert(1)> Cup" in "".join(c.data)
    last = [ln for ln in lines[:40] if ln and not ln.startswith(("[", ";"))][-1]
    assert last.lstrip("* ") in "".join(c.data)


def test_show_svg_and_png_through_the_cli(tmp_path, capsys):
    assert run(["show", HALEAKALA, "--at", "400", "--format", "svg"]) == 0
    assert capsys.readouterr().out.startswith("<svg ")
    assert run(["show", HALEAKALA, "--format", "png", "-o", str(tmp_path / "k.png")]) == 0
    assert png_info((tmp_path / "k.png").read_bytes())[0] == 1000


def test_check_never_loads_the_picture_code():
    code = ("import sys; from referee.cli import run; run(['check', %r]); "
            "print(sorted(m for m in sys.modules if m.endswith(('svg', 'svg_realm', 'svg_panel', "
            "'pictures')) or 'resvg' in m))" % EXAMPLE)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(__file__).parents[2], check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"
