"""Many writers at once (threads through submit): no ply lost, none doubled,
every reply true."""
from __future__ import annotations

import random

from referee.operations.listing import legal_lines
from referee.service.hosted.games import create_game, export_text, game_detail
from referee.service.hosted.session import replay_text
from referee.service.hosted.entry import submit
from tests.service.hostkit import all_at_once

SEATS = {"RED": "alice@example.org", "GREEN": "bob@example.org", "BLUE": "carol@example.org"}


def test_twenty_writers_at_once_many_times(store, tmp_path):
    from referee.operations.check import check_text

    gid = create_game(store, "hawaii", SEATS, host_address="referee@host.example")
    for seat in SEATS:          # salts long enough to be kept as given: the same deal each run
        submit(store, gid, seat, f"salt twenty-writers-{seat.lower()}", via="web")
    rng = random.Random(5)
    for _ in range(8):
        g = game_detail(store, gid)
        if g["status"] != "playing":
            break
        rp = replay_text(g["text"], "x")
        _, lines, _ = legal_lines(rp.module, rp.state, 40)
        # each writer: a legal move of the seat to move (some twice), or another seat's move
        jobs = []
        for i in range(20):
            if i % 5 == 4:
                other = next(s for s in SEATS if s != g["to_move"])
                jobs.append((other, rng.choice(lines).split(None, 1)[1], None))
            else:
                jobs.append((g["to_move"], rng.choice(lines), g["ply"] if i % 2 else None))
        replies = all_at_once([
            lambda seat=seat, line=line, guard=guard: submit(store, gid, seat, line, via="web",
                                                             expect_ply=guard)
            for seat, line, guard in jobs])
        after = game_detail(store, gid)
        accepted = [r for r in replies if r.ok and r.lines]
        # every accepted reply's lines are in the log at the plies it was answered with,
        # the last of them at the reply's ply (a line's text alone does not place it: a
        # seat that ended a round may open the next alike, even within one batch)
        at_ply = {i["ply"]: i["text"] for i in after["items"] if i["ply"] is not None}
        claimed = []
        for r in accepted:
            first = r.ply - len(r.lines) + 1
            assert first >= g["ply"] + 1, (r.ply, r.lines)
            assert [at_ply.get(p) for p in range(first, r.ply + 1)] == r.lines, (r.ply, r.lines)
            claimed += range(first, r.ply + 1)
        assert sorted(claimed) == list(range(g["ply"] + 1, after["ply"] + 1))    # each once
        plies = [i["ply"] for i in after["items"] if i["ply"] is not None]
        assert plies == list(range(1, after["ply"] + 1))
        added = after["ply"] - g["ply"]
        assert added == sum(len([ln for ln in r.lines]) for r in accepted)
        # a refused reply is true: that seat could not play that line at that moment
        for r, (seat, line, guard) in zip(replies, jobs):
            if not r.ok:
                # "held": the seat's own last line again without a guard, legal again
                # (a seat that ended a round opening the next alike): held, not played
                assert r.verdicts[0].code in ("stale-ply", "out-of-turn", "not-your-seat",
                                              "illegal-move", "ambiguous-move", "game-over",
                                              "held")
    text = export_text(store, gid)
    assert check_text(text).ok
