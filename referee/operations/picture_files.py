"""A game's picture as PNG and as one self-contained HTML page, for any title.

The games draw SVG (``module.render(state, "svg")``); this turns it into what
mail and forums take. PNG comes from resvg (the ``pictures`` extra: a wheel
with no system library). resvg draws text only with a font it can load, so we
hand it one font file: ``$REFEREE_FONT`` if set, else the first of a few
well-known sans fonts (Debian: fonts-dejavu-core). One known file instead of
whatever the system's fonts happen to be keeps a PNG the same on every machine
that has that font, and a missing font is an error naming the package, not a
picture without text.
"""
from __future__ import annotations

import os
from html import escape

from referee import i18n
from referee.errors import RefereeError
from referee.i18n import N_, _

INSTALL_HINT = N_("PNG pictures need resvg-py: pip install 'referee[pictures]'")
FONT_HINT = N_("no font to draw the picture's text: install a sans font (on Debian: "
             "apt-get install fonts-dejavu-core) or set REFEREE_FONT to a .ttf file")

# (file, family) in order of preference; the SVG names the same families.
FONTS = (
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "DejaVu Sans"),       # Debian, Ubuntu
    ("/usr/share/fonts/TTF/DejaVuSans.ttf", "DejaVu Sans"),                   # Arch
    ("/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf", "DejaVu Sans"),     # Fedora
    ("/usr/share/fonts/dejavu/DejaVuSans.ttf", "DejaVu Sans"),
    ("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf", "Liberation Sans"),
    ("/System/Library/Fonts/Supplemental/Arial.ttf", "Arial"),                # macOS
    ("/Library/Fonts/Arial.ttf", "Arial"),
    ("C:\\Windows\\Fonts\\arial.ttf", "Arial"),
)


class PicturesUnavailable(RefereeError):
    """PNG was asked for and resvg-py (or a font) is missing: a usage error, not a bug."""
    code = "usage"


def font_files() -> tuple[list[str], str | None]:
    """The font files to hand resvg (regular and bold of one family) and that family."""
    chosen = os.environ.get("REFEREE_FONT")
    if chosen:
        if not os.path.isfile(chosen):
            raise PicturesUnavailable(f"REFEREE_FONT={chosen} is not a font file")
        return [chosen], None
    for path, family in FONTS:
        if os.path.isfile(path):
            bold = [b for b in (path.replace("Sans.ttf", "Sans-Bold.ttf"),
                                path.replace("Regular", "Bold"),
                                path.replace("Arial.ttf", "Arial Bold.ttf")) if b != path]
            return [path] + [b for b in bold if os.path.isfile(b)][:1], family
    raise PicturesUnavailable(_(FONT_HINT))


def svg_to_png(svg: str, *, width: int | None = None) -> bytes:
    """The SVG as PNG bytes, ``width`` pixels wide (the SVG's own size when None)."""
    try:
        import resvg_py     # optional (the pictures extra), and only PNG needs it
    except ImportError:
        raise PicturesUnavailable(_(INSTALL_HINT)) from None
    files, family = font_files()
    options: dict = {"skip_system_fonts": True, "font_files": files}
    if family:
        options.update(font_family=family, sans_serif_family=family)
    if width is not None:
        options["width"] = int(width)
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, **options))


# The picture's smallest text is 10 units of its 1000-unit width: drawn at 900 pixels or
# more it stays at 9 pixels or more, so on a narrower screen the picture scrolls sideways
# inside its box instead of shrinking. The state as text wraps its long lines: a
# sideways scroll inside a block of text hides the ends of its lines from a reader.
PAGE_STYLE = """body{font-family:DejaVu Sans,Liberation Sans,Arial,sans-serif;margin:1em auto;
max-width:1040px;padding:0 1em;color:#111;background:#fff}
.picture{overflow-x:auto}
.picture svg{display:block;width:100%;min-width:900px;height:auto}
pre{background:#f6f6f6;padding:.8em;font-size:.85em;white-space:pre-wrap;overflow-wrap:anywhere}
ol{font-family:DejaVu Sans Mono,monospace;font-size:.9em;overflow-wrap:anywhere}"""


def html_page(title: str, svg: str, text_state: str, last_moves: list[str]) -> str:
    """One self-contained page: the picture inline, the last moves and the state as text.

    ``svg`` is our own renderer's output and goes in as markup; the title, the
    moves and the text state can hold anything a player typed, so they are escaped."""
    moves = "".join(f"<li>{escape(m)}</li>\n" for m in last_moves) or \
        f"<li>{escape(_('none yet'))}</li>\n"
    start = "<svg" if "<svg" in svg else ""
    picture = svg[svg.index(start):] if start else ""
    return (f"<!DOCTYPE html>\n<html lang=\"{i18n.language()}\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{escape(title)}</title>\n<style>{PAGE_STYLE}</style>\n</head>\n<body>\n"
            f"<h1>{escape(title)}</h1>\n<div class=\"picture\">\n{picture}</div>\n"
            f"<h2>{escape(_('Last moves'))}</h2>\n<ol>\n{moves}</ol>\n"
            f"<h2>{escape(_('The state as text'))}</h2>\n<pre>{escape(text_state)}</pre>\n"
            "</body>\n</html>\n")
