"""The page's "Last moves" numbers plies as the transcript does (every move, chance
line, takeback and resignation is one: the chain's items), links each to its own
ply, shows a move a takeback voided as voided, and lists takebacks and
resignations: a real hosted game with both, compared with its transcript."""
from __future__ import annotations

import html
import random
import re

from referee.operations.listing import legal_lines
from referee.replay import PLY_KINDS
from referee.service.hosted.games import create_game, export_text, game_detail
from referee.service.hosted.session import replay_text
from referee.service.hosted.entry import submit
from referee.service.web import replays
from referee.transcript import read_text
from referee.transcript import items as I

THREE = {"RED": "alice@example.org", "GREEN": "bob@example.org",
         "BLUE": "carol@example.org"}
ENTRY = re.compile(r'<li value="(\d+)"(?: class="(\w+)")?><a href="/game/(\w+)\?ply=(\d+)">'
                   r"(<del>)?<code>(.*?)</code>(?:</del>)?</a>(.*?)</li>")


def _move(store, gid, rng, seat=None):
    g = game_detail(store, gid)
    rp = replay_text(g["text"], gid)
    line = rng.choice(legal_lines(rp.module, rp.state, 10_000)[1])
    reply = submit(store, gid, seat or g["to_move"], line, via="web", expect_ply=g["ply"])
    assert reply.ok, reply.text
    return g["to_move"]


def _played_with_a_takeback_and_a_resignation(store) -> str:
    rng = random.Random(7)
    gid = create_game(store, "hawaii", THREE, host_address="referee@host.example")
    for seat in THREE:
        assert submit(store, gid, seat, f"salt sixteen-letters-{seat.lower()}", via="web").ok
    for _ in range(3):
        _move(store, gid, rng)
    mover = _move(store, gid, rng)
    assert submit(store, gid, mover, "undo", via="web").ok
    for seat in THREE:
        if seat != mover:
            assert submit(store, gid, seat, "accept", via="web").ok
    _move(store, gid, rng)
    quitter = next(s for s in THREE if s != game_detail(store, gid)["to_move"])
    assert submit(store, gid, quitter, "resign", via="web", resign_confirmed=True).ok
    _move(store, gid, rng)
    return gid


def _shown(page: str, gid: str) -> list[tuple]:
    part = page.split("<h2>Last moves</h2>", 1)[1].split("</ol>", 1)[0]
    out = []
    for value, cls, game, ply, struck, text, rest in ENTRY.findall(part):
        assert game == gid and value == ply           # the number and the link agree
        out.append((int(ply), html.unescape(text), cls or "", bool(struck), rest))
    return out


def test_last_moves_after_a_takeback_and_a_resignation_match_the_transcript(hosted, client):
    gid = _played_with_a_takeback_and_a_resignation(hosted.store)
    transcript = read_text(export_text(hosted.store, gid), "game.txt")
    plied = [it for it in transcript.items if it.kind in PLY_KINDS]
    assert len(plied) == game_detail(hosted.store, gid)["ply"]
    kinds = [(it.kind, it.value) for it in plied]
    assert (I.CONTROL, I.TAKEBACK) in kinds and (I.CONTROL, I.RESIGN) in kinds

    for fresh in (False, True):             # carried on from earlier views, and from scratch
        if fresh:
            replays.forget()
        page = client.get(f"/game/{gid}").text
        shown = _shown(page, gid)
        want = list(range(len(plied), len(plied) - replays.RECENT, -1))
        assert [ply for ply, *_ in shown] == want             # newest first, no gap
        for ply, text, cls, struck, rest in shown:
            item = plied[ply - 1]
            assert text == ("* " + item.body if item.kind == I.CHANCE else item.body)
            after = plied[ply] if ply < len(plied) else None
            voided = item.kind == I.MOVE and after is not None and \
                (after.kind, after.value) == (I.CONTROL, I.TAKEBACK)
            assert struck == voided and (cls == "voided") == voided
            assert ("taken back" in rest) == voided
        texts = [text for _, text, *_ in shown]
        assert any(t.endswith(" takes back") for t in texts)
        assert any(t.endswith(" resigns") for t in texts)
        assert any(struck for *_, struck, _ in shown)

    # each link shows its own ply: the item there is the one listed
    for ply, text, *_ in shown:
        at = client.get(f"/game/{gid}?ply={ply}").text
        assert f"<strong>Ply {ply}</strong>" in at
        stored = [it for it in game_detail(hosted.store, gid)["items"] if it["ply"] == ply]
        assert html.escape(stored[0]["text"], quote=False) in at
