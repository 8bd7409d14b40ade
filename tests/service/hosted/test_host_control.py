"""Takeback and resignation through submit (docs/hosting.md section 2a, docs/notation.md section 6)."""
from __future__ import annotations

from referee.operations.check import check_text
from referee.operations.listing import legal_lines
from referee.service.hosted.games import Clock, create_game, force_undo, game_detail
from referee.service.hosted.session import replay_text
from referee.service.hosted.entry import submit

THREE = {"RED": "alice@example.org", "GREEN": "bob@example.org", "BLUE": "carol@example.org"}


def _dealt(store, seats=THREE, game="hawaii"):
    gid = create_game(store, game, seats, host_address="referee@host.example")
    for seat in seats:
        submit(store, gid, seat, "salt x", via="web")
    return gid


def _move(store, gid):
    g = game_detail(store, gid)
    rp = replay_text(g["text"], "x")
    line = legal_lines(rp.module, rp.state, 1)[1][0]
    reply = submit(store, gid, g["to_move"], line, via="web")
    assert reply.ok, reply.text
    return g, reply


def _state_json(store, gid):
    g = game_detail(store, gid)
    rp = replay_text(g["text"], "x")
    return rp.module.state_to_json(rp.state)


def test_takeback_agreed_by_every_other_seat(store):
    gid = _dealt(store)
    before = _state_json(store, gid)
    g, _ = _move(store, gid)
    mover = g["to_move"]
    others = [s for s in THREE if s != mover]
    asked = submit(store, gid, mover, "undo", via="web")
    assert asked.ok and "waiting for" in asked.verdicts[0].answer
    first = submit(store, gid, others[0], "accept", via="web")
    assert first.ok and not first.lines
    done = submit(store, gid, others[1], "accept", via="web")
    assert done.ok and done.lines == [f"{mover} takes back  # agreed by {' '.join(sorted(others))}"]
    assert _state_json(store, gid) == before
    assert check_text(game_detail(store, gid)["text"]).ok


def test_one_decline_ends_the_request_and_so_does_the_next_move(store):
    gid = _dealt(store)
    g, _ = _move(store, gid)
    mover = g["to_move"]
    other = next(s for s in THREE if s != mover)
    assert submit(store, gid, mover, "undo", via="web").ok
    assert submit(store, gid, other, "decline", via="web").ok
    refused = submit(store, gid, other, "accept", via="web")
    assert not refused.ok and refused.verdicts[0].code == "undo"


def test_the_host_forces_a_takeback(store):
    gid = _dealt(store)
    before = _state_json(store, gid)
    g, _ = _move(store, gid)
    verdict = force_undo(store, gid, g["to_move"])
    assert verdict.lines == [f"{g['to_move']} takes back  # forced by the host"]
    assert _state_json(store, gid) == before


def test_a_resignation_cannot_be_asked_back(store):
    """A resignation is never taken back (T-2, T-5): the request is refused at once,
    not asked of the other seats to fail once they have all accepted."""
    gid = _dealt(store)
    g = game_detail(store, gid)
    quitter = next(s for s in THREE if s != g["to_move"])
    assert submit(store, gid, quitter, "resign", via="web", resign_confirmed=True).ok
    refused = submit(store, gid, quitter, "undo", via="web")
    assert not refused.ok and refused.verdicts[0].code == "undo"
    assert "not a resignation" in refused.verdicts[0].answer
    assert game_detail(store, gid)["ply"] == g["ply"] + 1


def test_resign_in_two_player_game_ends_it(store):
    two = {"RED": "alice@example.org", "GREEN": "bob@example.org"}
    gid = _dealt(store, two)
    r = submit(store, gid, "GREEN", "resign", via="web", resign_confirmed=True)
    assert r.ok
    g = game_detail(store, gid)
    assert g["status"] == "over" and "winner RED" in g["result"]


def test_a_resigned_seat_plays_on_by_the_referee(store):
    gid = _dealt(store)
    g = game_detail(store, gid)
    quitter = next(s for s in THREE if s != g["to_move"])
    assert submit(store, gid, quitter, "resign", via="web", resign_confirmed=True).ok
    for _ in range(6):
        _move(store, gid)
    g = game_detail(store, gid)
    assert g["to_move"] != quitter
    assert any("played by the referee" in i["text"] and i["text"].startswith(quitter)
               for i in g["items"])
    assert check_text(g["text"]).ok


def test_skip_policy_plays_the_least_disruptive_move(store):
    from referee.service.hosted.clock import tick

    gid = create_game(store, "hawaii", THREE, host_address="referee@host.example",
                      clock=Clock(100, 0, "skip"), now=0.0)
    for seat in THREE:
        submit(store, gid, seat, "salt x", via="web", now=0.0)
    g = game_detail(store, gid)
    rp = replay_text(g["text"], "x")
    expected = legal_lines(rp.module, rp.state, 0)
    assert tick(store, 50.0) == []
    assert tick(store, 100.0) == [(gid, "skip")]
    after = game_detail(store, gid)
    played = [i["text"] for i in after["items"][len(g["items"]):]]
    assert played[0].startswith(g["to_move"]) and "deadline passed" in played[0]
    assert played[0].split("  #")[0] in expected[1]
    assert after["to_move"] != g["to_move"] or after["ply"] > g["ply"]
    assert tick(store, 100.0) == []
