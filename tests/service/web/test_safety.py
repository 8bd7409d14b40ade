"""What keeps a seat's page its player's: forged posts are refused, nothing a
player or host typed is rendered as markup, no page shows another seat's
secret, and bad input of every kind gets a clear 4xx page, never a 500."""
from __future__ import annotations

import html
import re

import pytest

from referee.service.hosted.games import adopt_game, replace_player, seat_link_token

ORIGIN = {"Origin": "http://testserver"}


def _token(client, link):
    return re.search(r'name="token" value="([0-9a-f]+)"', client.get(link).text).group(1)


def _move(client, link):
    return html.unescape(re.search(r'data-move="([^"]+)"', client.get(link).text).group(1))


def _post(client, link, headers=ORIGIN, **data):
    return client.post(link, data=data, headers=headers)


@pytest.mark.parametrize("case", ["no-token", "wrong-token", "other-seat-token", "no-origin",
                                  "foreign-origin", "null-origin", "foreign-referer"])
def test_forged_posts_are_refused_and_change_nothing(client, hosted, case):
    seat, other = hosted.to_move(), hosted.other()
    link = hosted.link(seat)
    token, move, ply = _token(client, link), _move(client, link), hosted.detail()["ply"]
    data = {"token": token, "command": "move", "move": move, "ply": str(ply)}
    headers = dict(ORIGIN)
    if case == "no-token":
        del data["token"]
    elif case == "wrong-token":
        data["token"] = "0" * 64
    elif case == "other-seat-token":
        data["token"] = _token(client, hosted.link(other))
    elif case == "no-origin":
        headers = {}
    elif case == "foreign-origin":
        headers = {"Origin": "http://evil.example"}
    elif case == "null-origin":
        headers = {"Origin": "null"}
    elif case == "foreign-referer":
        headers = {"Referer": "http://evil.example/page"}
    r = _post(client, link, headers=headers, **data)
    assert r.status_code == 403
    assert "Request refused" in r.text and "Traceback" not in r.text
    assert hosted.detail()["ply"] == ply


def test_same_site_referer_without_origin_is_accepted(client, hosted):
    link = hosted.link(hosted.to_move())
    ply = hosted.detail()["ply"]
    r = _post(client, link, headers={"Referer": f"http://testserver{link}"},
              token=_token(client, link), command="move", move=_move(client, link), ply=str(ply))
    assert r.status_code == 200 and hosted.detail()["ply"] == ply + 1


def test_hostile_move_text_is_shown_escaped(client, hosted):
    link = hosted.link(hosted.to_move())
    hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    r = _post(client, link, token=_token(client, link), command="move", move=hostile,
              ply=str(hosted.detail()["ply"]))
    assert r.status_code == 422
    assert "<script>alert" not in r.text and "<img src=x" not in r.text
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in r.text


def test_hostile_comment_on_an_accepted_move_is_escaped_everywhere(client, hosted):
    seat = hosted.to_move()
    link = hosted.link(seat)
    move = _move(client, link) + "  # <img src=x onerror=alert(1)>"
    r = _post(client, link, token=_token(client, link), command="move", move=move,
              ply=str(hosted.detail()["ply"]))
    assert r.status_code == 200, r.text
    for page in (f"/game/{hosted.live}", link, "/"):
        text = client.get(page).text
        assert "<img src=x" not in text


def test_hostile_event_tag_and_title_are_escaped(client, hosted):
    text = open("docs/examples/hawaii-2p.txt", encoding="utf-8").read()
    text = text.replace('[Game "Hawaii"]', '[Game "Hawaii"]\n[Event "<script>alert(1)</script>"]')
    gid = adopt_game(hosted.store, text, {"RED": "r@example.org", "YELLOW": "y@example.org"},
                     host_address="referee@example.org", title="<b onmouseover=x>t</b>")
    for page in ("/", f"/game/{gid}", f"/game/{gid}?ply=3",
                 hosted.link("RED", gid)):
        body = client.get(page).text
        assert "<script>alert" not in body and "<b onmouseover" not in body
        assert "&lt;b onmouseover=x&gt;t&lt;/b&gt;" in body
    # the download is plain text (and served as such, never sniffed as HTML)
    r = client.get(f"/game/{gid}/transcript.txt")
    assert r.headers["content-type"].startswith("text/plain")
    assert r.headers["x-content-type-options"] == "nosniff"


def _secrets(hosted, gid):
    out = {}
    for s in hosted.detail(gid)["seats"]:
        token = seat_link_token(hosted.store, gid, s["seat"])
        out[s["seat"]] = (token, token.rsplit(".", 1)[1])
    return out


def test_no_page_shows_a_seat_secret_but_the_seat_its_own(client, hosted):
    for gid in (hosted.live, hosted.finished):
        secrets = _secrets(hosted, gid)
        public = ["/", f"/game/{gid}", f"/game/{gid}?ply=1", f"/game/{gid}/transcript.txt"]
        for page in public:
            body = client.get(page).text
            for token, tag in secrets.values():
                assert token not in body and tag not in body, page
        for seat, (own, _) in secrets.items():
            body = client.get(f"/seat/{own}").text
            assert f"You are {seat}" in body
            for other, (token, tag) in secrets.items():
                if other != seat:
                    assert token not in body and tag not in body
        # addresses are not published either
        for page in public[:3]:
            assert "@example.org" not in client.get(page).text


def test_wrong_or_replaced_secret_is_404(client, hosted):
    seat = hosted.to_move()
    link = hosted.link(seat)
    tag = link.rsplit(".", 1)[1]
    wrong = link[:-len(tag)] + ("0" if tag[0] != "0" else "1") + tag[1:]
    assert client.get(wrong).status_code == 404
    assert client.get(f"/seat/{hosted.live}.{seat.lower()}").status_code == 404
    assert client.get(f"/seat/{hosted.finished}" + link[len("/seat/") + 6:]).status_code == 404
    replace_player(hosted.store, hosted.live, seat, "new@example.org")
    r = client.get(link)
    assert r.status_code == 404 and "no such seat link" in r.text
    assert _post(client, link, token="0" * 64, command="undo").status_code in (403, 404)
    assert client.get(hosted.link(seat)).status_code == 200


@pytest.mark.parametrize("path,status", [
    ("/game/nosuch", 404), ("/game/%ff%fe", 404), ("/game/" + "a" * 200, 404),
    ("/game/{live}?ply=-1", 400), ("/game/{live}?ply=abc", 400), ("/game/{live}?ply=%ff", 400),
    ("/game/{live}?ply=99999999999999999999", 400), ("/game/nosuch/transcript.txt", 404),
    ("/game/{live}?ply=%C2%B2", 400), ("/game/{live}?ply=%E2%91%A0", 400),     # ², ①: isdigit
    ("/game/{live}?ply=" + "9" * 5000, 400), ("/game/{live}?ply=%D9%A3", 400),  # ٣
    ("/game/nosuch/events", 404), ("/seat/%ff", 404), ("/seat/" + "x." * 300, 404),
    ("/seat/{live}.red.zzzzzzzzzzzz", 404), ("/nothing", 404),
])
def test_bad_requests_get_a_clear_4xx_page(client, hosted, path, status):
    r = client.get(path.format(live=hosted.live))
    assert r.status_code == status
    assert "<h1>" in r.text and "Traceback" not in r.text


def test_bad_form_bodies_get_a_clear_4xx_page(client, hosted):
    link = hosted.link(hosted.to_move())
    token = _token(client, link)
    ply = hosted.detail()["ply"]
    form = "application/x-www-form-urlencoded"
    cases = [
        (b"token=" + token.encode() + b"&command=move&move=" + b"x" * 20000, form, 413),
        (b"token=" + token.encode() + b"&command=move&move=%ff%fe", form, 400),
        (b"token=" + token.encode() + b"&command=move&move=\xff\xfe", form, 400),
        (b'{"command": "undo"}', "application/json", 415),
        (b"token=" + token.encode() + b"&command=explode", form, 400),
        (b"token=" + token.encode() + b"&command=resign", form, 400),
        (b"token=" + token.encode() + b"&command=move&move=", form, 400),
        (b"token=" + token.encode() + b"&command=move&move=a%0Ab", form, 400),
    ]
    for body, kind, status in cases:
        r = client.post(link, content=body, headers={**ORIGIN, "Content-Type": kind})
        assert r.status_code == status, (body[:60], r.status_code)
        assert "<h1>" in r.text and "Traceback" not in r.text
    assert hosted.detail()["ply"] == ply
    assert client.put(link).status_code == 405


def test_protective_headers(client, hosted):
    for page in ("/", f"/game/{hosted.live}", hosted.link(hosted.to_move())):
        r = client.get(page)
        assert r.headers["referrer-policy"] == "same-origin"
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
        assert "script-src 'self'" in r.headers["content-security-policy"]
    assert client.get(hosted.link(hosted.to_move())).headers["cache-control"] == "no-store"
    assert "set-cookie" not in client.get(hosted.link(hosted.to_move())).headers
