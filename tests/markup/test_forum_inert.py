"""Text people typed (an Event tag, a seat's player, the accounts holding the seats, a
hosted game's title) comes out inert in every markup: a hostile value gives a post with
exactly the markup a plain value gives. BBCode is read by a tag scanner as phpBB and
BoardGameGeek read tags; Markdown by markdown-it-py, the Python port of the parser
Discourse runs (markdown-it), with tables, raw HTML and linkify on as Discourse has them."""
from __future__ import annotations

import html
import re
from collections import Counter

import pytest
from markdown_it import MarkdownIt

from referee.core.paths import examples_dir
from referee.operations import forum_post

HOSTILE = [
    "[url=http://evil.example]click[/url]", "[img]http://evil.example/x.png[/img]",
    "[/c][b]out of the block[/b][c]", "[/code][quote]x[/quote]", "[COLOR=#fff]hidden[/COLOR]",
    "[imageid=123 large]", "[user=admin]", "[geekurl=/x]y[/geekurl]",
    "```\n# heading", "<script>alert(1)</script>", "<b>bold", "<img src=x onerror=alert(1)>",
    "[x](http://evil.example)", "![x](http://evil.example/x.png)", "<http://evil.example>",
    "@alice", "@everyone and @here", "(@bob)", "http://evil.example/a", "www.evil.example",
    "&#64;carol &lt;b&gt;", "**bold** _it_ ~~gone~~", "| a | b |", "\\[url]x[/url]",
    "line one\nline two\r\n[url]x[/url]", "\u202eevil\u0007", "x" * 1900 + "[url]y[/url]",
    "[quote=\"alice, post:3\"]x[/quote]", "[q=\"bob\"]y[/q]", "[o]spoiler[/o]",
]
PLAIN = "Forum cup"
SEAT_TAG = "alice@example.org"       # a seat's address (plain: a mail address, no mention)


def game(event: str, red: str) -> str:
    text = (examples_dir() / "hawaii-2p.txt").read_text(encoding="utf-8")
    head, rest = text.split("\n", 1)
    quoted = event.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ").replace("\r", " ")
    red = red.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ").replace("\r", " ")
    return f'{head}\n[Event "{quoted}"]\n[RED "{red}"]\n{rest}'


def posts(value: str, name: str) -> tuple[str, str]:
    """(the post with ``value`` everywhere people's text goes, the post with plain text)."""
    return (forum_post(game(value, value), name, holders={"RED": value, "YELLOW": value},
                       title=value),
            forum_post(game(PLAIN, PLAIN), name, holders={"RED": PLAIN, "YELLOW": PLAIN},
                       title=PLAIN))


BBTAG = re.compile(r"\[(/?)([A-Za-z*][A-Za-z0-9*]*)(=[^\]]*)?\]")


def bbtags(post: str) -> Counter:
    return Counter((close, name.lower()) for close, name, _ in BBTAG.findall(post))


@pytest.mark.parametrize("name", ["bgg", "bbcode"])
@pytest.mark.parametrize("value", HOSTILE)
def test_bbcode_tags_in_people_text_are_inert(value, name):
    hostile, plain = posts(value, name)
    assert bbtags(hostile) == bbtags(plain)
    assert "\n" not in hostile.split("[b]Seats:[/b]", 1)[1].split("\n\n", 1)[0]   # one line
    assert not re.search(r"(?i)\b[a-z][a-z0-9+.-]*://", hostile)      # no image_url given
    assert not re.search(r"(?i)\bwww\.", hostile)
    assert not re.search(r"(?<![\w.+-])@\w", hostile)       # a mention starts a word
    if name == "bgg":       # BGG's editor help: '<' and a non-space cut the post there
        assert not re.search(r"<[^ ]", hostile)


def _md():
    return MarkdownIt("commonmark", {"html": True, "linkify": True}).enable(
        ["table", "strikethrough", "linkify"])


def _kinds(tokens) -> Counter:
    out = Counter()
    for t in tokens:
        out[t.type] += 1
        for child in t.children or []:
            out[child.type] += 1
    return out


def _texts(tokens) -> list[str]:
    return [c.content for t in tokens for c in (t.children or []) if c.type == "text"]


@pytest.mark.parametrize("value", HOSTILE)
def test_markdown_in_people_text_is_inert(value):
    hostile, plain = posts(value, "markdown")
    md = _md()
    kinds_hostile, kinds_plain = _kinds(md.parse(hostile)), _kinds(md.parse(plain))
    for kind in ("link_open", "image", "html_inline", "html_block", "fence",
                 "s_open", "em_open", "heading_open", "table_open", "blockquote_open"):
        assert kinds_hostile[kind] == kinds_plain[kind], kind
    rendered = md.render(hostile)
    assert "<script" not in rendered and "<img src=\"x\"" not in rendered
    # Discourse's mention rule (@ and a word character, at a word's start) finds none
    assert not any(re.search(r"(?<![\w.+-])@\w", t) for t in _texts(md.parse(hostile)))


def test_a_huge_holder_is_cut_to_a_line():
    from referee.operations.forum_markup import MAX_TEXT
    post = forum_post(game(PLAIN, SEAT_TAG), "bbcode", holders={"RED": "[b]" * 100_000})
    seats = next(line for line in post.split("\n") if line.startswith("[b]Seats:"))
    assert len(seats) < 3 * MAX_TEXT
    assert bbtags(post) == bbtags(forum_post(game(PLAIN, SEAT_TAG), "bbcode"))


def test_inert_text_reads_as_typed():
    """What a reader sees is what was typed, less the invisible joiners."""
    from referee.operations.forum_markup import JOIN, MARKUPS
    value = "[url]@alice www.x.org http://y <b> *z*"
    md = _md().render(MARKUPS["markdown"].inert(value)).replace(JOIN, "")
    assert html.unescape(re.sub(r"<[^>]+>", "", md)).strip() == value
    assert MARKUPS["bbcode"].inert(value).replace(JOIN, "") == value
    assert MARKUPS["bgg"].inert(value).replace(JOIN, "") == value.replace("<b>", "< b>")


def test_show_markdown_keeps_its_old_start_for_plain_tags(tmp_path):
    """Others read ``show --format markdown``: plain tags come out as they always did."""
    post = forum_post(game(PLAIN, SEAT_TAG), "markdown")
    assert post.startswith(f"**Event:** {PLAIN}  \n**RED:** {SEAT_TAG}  \n\n## Hawaii")


@pytest.mark.parametrize("name", ["bgg", "bbcode", "markdown"])
def test_a_fixed_width_block_holds_any_lines_without_ending_early(name):
    """A block quoting lines (a state, a player's lines) keeps them in the block: its end
    cannot be written inside it."""
    from referee.operations.forum_markup import JOIN, MARKUPS
    lines = ["RED moves beach->C2", "```", "````python", "[/c] [/code] [url]x[/url]", "end"]
    post = MARKUPS[name].block(lines)
    if name == "markdown":
        tokens = _md().parse(post)
        assert [t.type for t in tokens] == ["fence"]
        assert tokens[0].content.split("\n")[:-1] == lines
    else:
        assert bbtags(post) == bbtags(MARKUPS[name].block(["plain"]))
        assert post.replace(JOIN, "").replace("< ", "<").split("\n")[1:-1] == lines[1:-1]
