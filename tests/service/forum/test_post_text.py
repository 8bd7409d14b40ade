"""A post in each forum's markup to the lines a player meant: every quote form dropped
whole, signatures dropped, formatting gone and words kept; hostile posts (huge, 500
nested quotes, unclosed tags, markup and script injected) give a plain, bounded text."""
from __future__ import annotations

import pytest

from referee.service.forum import post_text
from referee.service.forum.markup import MAX_POST
from tests.service.forum.render import bgg_html, discourse_cooked, phpbb_html

MOVE = "RED: B2 #4"


@pytest.mark.parametrize("markup,body", [
    ("bbcode", f"[quote]BLUE: A1[/quote]\n{MOVE}"),
    ("bbcode", f'[quote="bob"]BLUE: A1[/quote]\n{MOVE}'),
    ("bbcode", f"[quote=bob post_id=3 time=1790000000 user_id=7]BLUE: A1[/quote]\n{MOVE}"),
    ("bbcode", f'[QUOTE="bob"]BLUE: A1[/QUOTE]{MOVE}'),
    ("markdown", f'[quote="bob, post:3, topic:9"]\nBLUE: A1\n[/quote]\n{MOVE}'),
    ("markdown", f'[quote="bob, post:3, topic:9, full:true"]\nBLUE: A1\n[/quote]\n\n{MOVE}'),
    ("markdown", f"> BLUE: A1\n> and more\n\n{MOVE}"),
    ("markdown", f"{MOVE}\n\n> BLUE: A1"),
    ("bgg", f"[q]BLUE: A1[/q]\n{MOVE}"),
    ("bgg", f'[q="bob"]BLUE: A1[/q]\n{MOVE}'),
    ("bgg", f'[q="bob"]BLUE: A1 [q="carol"]RED: A0[/q] said[/q]{MOVE}'),
    ("html", f"<blockquote><p>BLUE: A1</p></blockquote><p>{MOVE}</p>"),
    ("html", f'<aside class="quote no-group" data-username="bob" data-post="3">'
             f'<div class="title">bob:</div><blockquote><p>BLUE: A1</p></blockquote>'
             f"</aside>\n<p>{MOVE}</p>"),
    ("html", f"<div class='quote'><div class='quotetitle'><p><b>bob wrote:</b></p></div>"
             f"<div class='quotebody'>BLUE: A1</div></div><br/>{MOVE}"),
    ("html", f"<blockquote><div><cite>bob wrote:</cite>BLUE: A1</div></blockquote>{MOVE}"),
])
def test_every_quote_form_is_dropped_whole(markup, body):
    assert post_text(body, markup) == MOVE


@pytest.mark.parametrize("markup", ["bbcode", "bgg", "markdown"])
def test_nested_quotes_go_with_their_outermost_quote(markup):
    q = "q" if markup == "bgg" else "quote"
    body = f"[{q}=\"a\"]one [{q}]two [{q}]three[/{q}] two[/{q}] one[/{q}]\n{MOVE}"
    assert post_text(body, markup) == MOVE


@pytest.mark.parametrize("markup", ["bbcode", "bgg", "markdown"])
def test_an_unclosed_quote_drops_the_rest_and_a_stray_closing_tag_only_itself(markup):
    q = "q" if markup == "bgg" else "quote"
    assert post_text(f"{MOVE}\n[{q}=\"bob\"]BLUE: A1 and never closed", markup) == MOVE
    assert post_text(f"[/{q}]{MOVE}[/{q}]", markup) == MOVE
    # a post closing the quote early cannot get the quoted move read as its own
    assert post_text(f"[{q}]BLUE: A1[/{q}][/{q}]{MOVE}", markup) == MOVE


@pytest.mark.parametrize("markup,body", [
    ("bbcode", f"{MOVE}\n-- \nalice, Hilo"),
    ("markdown", f"{MOVE}\n--\nalice, Hilo\nRED: A9"),
    ("bgg", f"{MOVE}\n-- \n[b]alice[/b]"),
    ("html", f"<p>{MOVE}</p><p>-- <br>alice</p>"),
    ("html", f'<div class="content">{MOVE}</div><div id="sig1" class="signature">RED: A9'
             "</div>"),
])
def test_signatures_are_dropped(markup, body):
    assert post_text(body, markup) == MOVE


@pytest.mark.parametrize("markup,body", [
    ("bbcode", "[b]RED:[/b] [color=#FF0000]B2[/color] #4"),
    ("bbcode", "[url=https://example.org]RED: B2 #4[/url]"),
    ("bgg", "[b]RED: B2[/b] [i]#4[/i]"),
    ("markdown", "**RED:** `B2` #4"),
    ("markdown", "```\nRED: B2 #4\n```"),
    ("markdown", "## RED: B2 #4"),
    ("markdown", "[RED: B2 #4](https://example.org/move)"),
    ("html", "<p><strong>RED:</strong> <em>B2</em> &#35;4</p>"),
    ("bbcode", "RED: B2 &#35;4"),
])
def test_formatting_goes_and_its_words_stay(markup, body):
    assert post_text(body, markup) == MOVE


def test_line_breaks_and_several_commands_per_post_are_kept():
    for markup, body in (("bbcode", "RED: A3\nshow\nhistory"),
                         ("html", "<p>RED: A3<br>show</p><p>history</p>"),
                         ("markdown", "RED: A3\nshow\n\nhistory")):
        lines = [line for line in post_text(body, markup).split("\n") if line]
        assert lines == ["RED: A3", "show", "history"], markup


@pytest.mark.parametrize("render,markup", [(phpbb_html, "html"), (bgg_html, "html"),
                                           (discourse_cooked, "html"),
                                           (None, "bbcode"), (None, "bgg"),
                                           (None, "markdown")])
def test_five_hundred_nested_quotes(render, markup):
    q = "q" if markup == "bgg" or render is bgg_html else "quote"
    body = "".join(f'[{q}="p{n}"]BLUE: A{n} ' for n in range(500)) + "deep" \
        + f"[/{q}]" * 500 + f"\n{MOVE}"
    assert post_text(render(body) if render else body, markup) == MOVE


@pytest.mark.parametrize("markup", ["bbcode", "bgg", "markdown", "html"])
def test_a_huge_post_is_read_up_to_the_limit_and_no_further(markup):
    body = f"{MOVE}\n" + ("chatter " * 12 + "\n") * 40_000 + "RED: Z9 #99"
    assert len(body) > 10 * MAX_POST
    text = post_text(body, markup)
    assert text.startswith(MOVE) and "Z9" not in text and len(text) <= MAX_POST


@pytest.mark.parametrize("markup", ["bbcode", "bgg", "markdown"])
def test_unclosed_and_broken_tags_leave_plain_text(markup):
    body = f"[b][i][color=red {MOVE}\n[url=javascript:alert(1)]x[/url][img]y"
    text = post_text(body, markup)
    assert MOVE in text and "[url" not in text and "javascript" not in text


def test_injected_markup_and_script_come_out_as_plain_text():
    hostile = ('<script>alert("x")</script><img src=x onerror=alert(1)>'
               '<style>p{}</style><iframe src="https://evil.example"></iframe>'
               f"<p>{MOVE}</p>")
    assert post_text(hostile, "html") == MOVE
    for markup in ("bbcode", "bgg"):
        text = post_text(f"[url=javascript:alert(1)]{MOVE}[/url]", markup)
        assert text == MOVE
    # a forum escapes what its users type: it reaches the referee as the words typed
    assert post_text(phpbb_html(f"<b>{MOVE}</b>"), "html") == f"<b>{MOVE}</b>"
    assert post_text(bgg_html("[/q]</div></div>RED: B2 #4"), "html") \
        == "[/q]</div></div>RED: B2 #4"


def test_control_characters_and_invisible_marks_are_dropped():
    assert post_text("\u200bRED:\x00 B2\x07 #4\ufeff", "bbcode") == MOVE
    assert post_text("RED: B2 #4\r\n-- \r\nsig", "bbcode") == MOVE


def test_text_that_is_not_text_gives_nothing_and_an_unknown_markup_is_a_bug():
    assert post_text(None, "html") == ""      # type: ignore[arg-type]
    with pytest.raises(ValueError):
        post_text(MOVE, "wiki")
