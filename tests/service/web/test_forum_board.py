"""The board at a ply by address, ``/game/ID/board.png?ply=N`` and ``.svg`` (docs/web.md):
the picture of that ply, the same as ``referee show --at`` draws from the export; a past
ply cacheable for good and the same bytes for good (takebacks and resignations are plies
of their own); bad plies refused as the game page refuses them; PNG without its library
a clear 503. And ``referee host show --format bgg|bbcode|markdown`` with its link."""
from __future__ import annotations

import random
import sys

import pytest

from referee.cli import run
from referee.service.hosted.games import create_game, export_text, game_detail
from referee.service.hosted.entry import submit
from referee.service.web import positions
from tests.service.web.test_last_moves import THREE, _move

PNG = b"\x89PNG\r\n\x1a\n"


def _show(capsys, tmp_path, text: str, line: int, fmt: str) -> bytes:
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / f"board.{fmt}"
    capsys.readouterr()
    assert run(["show", str(path), "--at", str(line), "--format", fmt, "-o", str(out)]) == 0
    return out.read_bytes()


def test_board_at_a_ply_is_what_show_at_its_line_draws(client, hosted, capsys, tmp_path):
    d = hosted.detail(hosted.finished)
    text = export_text(hosted.store, hosted.finished)
    for ply in (0, 7, d["ply"] - 1):
        line = positions.until_line(d["text"], d["items"], ply)
        for fmt, kind in (("png", "image/png"), ("svg", "image/svg+xml")):
            r = client.get(f"/game/{hosted.finished}/board.{fmt}?ply={ply}")
            assert r.status_code == 200 and r.headers["content-type"].startswith(kind)
            assert r.headers["cache-control"] == "public, max-age=31536000, immutable"
            drawn = _show(capsys, tmp_path, text, line, fmt)
            assert r.content.rstrip(b"\n") == drawn.rstrip(b"\n")
            if fmt == "png":
                assert r.content.startswith(PNG)


def test_the_current_ply_is_asked_again_and_answers_304_while_unchanged(client, hosted):
    d = hosted.detail()
    r = client.get(f"/game/{hosted.live}/board.png")
    assert r.status_code == 200 and r.content.startswith(PNG)
    assert r.headers["cache-control"] == "no-cache" and r.headers["etag"].startswith('"')
    same = client.get(f"/game/{hosted.live}/board.png?ply={d['ply']}")
    assert same.content == r.content and same.headers["etag"] == r.headers["etag"]
    again = client.get(f"/game/{hosted.live}/board.png",
                       headers={"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304 and not again.content
    assert client.get(f"/game/{hosted.live}/board.svg").headers["etag"] != r.headers["etag"]
    head = client.head(f"/game/{hosted.live}/board.png?ply=1")
    assert head.status_code == 200 and head.headers["content-type"] == "image/png"
    assert head.headers["cache-control"].endswith("immutable")


@pytest.mark.parametrize("query", ["ply=x", "ply=-1", "ply=%C2%B2", "ply=%E2%91%A0",
                                   "ply=" + "9" * 5000, "ply=999999", "ply=1.0"])
def test_a_bad_ply_is_400_as_on_the_game_page(client, hosted, query):
    r = client.get(f"/game/{hosted.live}/board.png?{query}")
    assert r.status_code == 400 and "ply is a number from 0 to" in r.text


def test_an_unknown_game_or_picture_kind_is_404(client, hosted):
    assert client.get("/game/nosuchgame/board.png").status_code == 404
    assert client.get("/game/NO-SUCH/board.svg").status_code == 404
    assert client.get(f"/game/{hosted.live}/board.gif").status_code == 404


def test_png_without_its_library_is_a_503_naming_the_extra(client, hosted, monkeypatch):
    monkeypatch.setitem(sys.modules, "resvg_py", None)      # as if the extra were absent
    ply = hosted.detail()["ply"] - 2          # a picture no earlier test kept
    r = client.get(f"/game/{hosted.live}/board.png?ply={ply}")
    assert r.status_code == 503 and "pip install 'referee[pictures]'" in r.text
    assert "Traceback" not in r.text
    assert client.get(f"/game/{hosted.live}/board.svg?ply={ply}").status_code == 200


def test_a_ply_keeps_its_picture_through_takebacks_and_resignations(client, hosted):
    """A forum post links the board at the ply it answers: that address must show the
    same position for good, whatever is played after (docs/web.md)."""
    store, rng = hosted.store, random.Random(11)
    gid = create_game(store, "hawaii", THREE, host_address="referee@host.example")
    for seat in THREE:
        assert submit(store, gid, seat, f"salt sixteen-letters-{seat.lower()}", via="web").ok
    seen: dict[int, tuple[bytes, str]] = {}

    def look():
        last = game_detail(store, gid)["ply"]
        for ply in range(last + 1):
            r = client.get(f"/game/{gid}/board.svg?ply={ply}")
            assert r.status_code == 200
            now = (r.content, r.headers["etag"])
            assert seen.setdefault(ply, now) == now, f"ply {ply} changed at ply {last}"
        return last

    look()
    for _ in range(3):
        _move(store, gid, rng)
        look()
    mover = _move(store, gid, rng)
    before = look()
    assert submit(store, gid, mover, "undo", via="web").ok
    for seat in THREE:
        if seat != mover:
            assert submit(store, gid, seat, "accept", via="web").ok
    assert look() == before + 1                   # the takeback is a ply of its own
    quitter = next(s for s in THREE if s != game_detail(store, gid)["to_move"])
    assert submit(store, gid, quitter, "resign", via="web", resign_confirmed=True).ok
    look()
    _move(store, gid, rng)
    look()


@pytest.mark.parametrize("fmt,link", [
    ("bgg", "[url={url}]The board after ply {ply}[/url]"),
    ("bbcode", "[img]{url}[/img]"),
    ("markdown", "![The board after ply {ply}]({url})")])
def test_host_show_prints_the_post_with_the_picture_of_this_ply(hosted, capsys, fmt, link):
    d = hosted.detail()
    db = hosted.store.url
    capsys.readouterr()
    assert run(["host", "show", hosted.live, "--db", db, "--format", fmt,
                "--url", "https://referee.example.org/"]) == 0
    out = capsys.readouterr().out.rstrip("\n").split("\n")
    url = f"https://referee.example.org/game/{hosted.live}/board.png?ply={d['ply']}"
    assert link.format(url=url, ply=d["ply"]) in out
    assert out[0] == {"markdown": "**Try a move here**"}.get(fmt, "[b]Try a move here[/b]")
    assert out[-1] == d["witness"]                  # the store's witness, recomputed
    assert run(["host", "show", hosted.live, "--db", db, "--format", fmt]) == 0
    assert link.format(url=url, ply=d["ply"]) in capsys.readouterr().out   # the store keeps it
