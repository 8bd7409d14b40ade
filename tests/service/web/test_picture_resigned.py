"""A seat that resigns from its page is marked on its panel of the picture, on the game
page and on the other seat's page (docs/pictures.md), not only in the list of moves."""
from __future__ import annotations

import re


def _panel_marks(page: str, seat: str) -> bool:
    """The seat's panel group (titled "SEAT: score ...") holds the word ``resigned``."""
    svg = page[page.index("<svg"):page.index("</svg>")]
    start = re.search(rf"<g[^>]*><title>{seat}: score [^<]*, resigned</title>", svg)
    return bool(start) and ">resigned</text>" in re.split(r"<g[ >]", svg[start.end():])[0]


def test_a_resignation_from_the_seat_page_shows_on_the_picture(client, hosted):
    seat, other = hosted.to_move(), hosted.other()
    link = hosted.link(seat)
    assert not _panel_marks(client.get(f"/game/{hosted.live}").text, seat)
    token = re.search(r'name="token" value="([0-9a-f]+)"', client.get(link).text).group(1)
    r = client.post(link, data={"token": token, "command": "resign", "sure": "yes"},
                    headers={"Origin": "http://testserver"})
    assert r.status_code == 200, r.text
    assert hosted.detail()["items"][-1]["text"].startswith(f"{seat} resigns")
    game = client.get(f"/game/{hosted.live}").text
    assert _panel_marks(game, seat) and not _panel_marks(game, other)
    assert _panel_marks(client.get(hosted.link(other)).text, seat)
