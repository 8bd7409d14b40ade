"""The clock (docs/hosting.md section 2a) with an injected now: reminders, warnings, expiry,
each policy, and tick run twice at once doing each thing once."""
from __future__ import annotations

import threading

from sqlalchemy import select

from referee.service.store import schema as S
from referee.service.hosted.clock import tick
from referee.service.hosted.games import Clock, create_game, game_detail
from referee.service.hosted.entry import submit

SEATS = {"RED": "alice@example.org", "GREEN": "bob@example.org"}
T0 = 1_000_000.0


def _game(store, policy):
    gid = create_game(store, "hawaii", SEATS, host_address="referee@host.example",
                      clock=Clock(1000, 500, policy), now=T0)
    for seat in SEATS:
        assert submit(store, gid, seat, "salt x", via="web", now=T0).ok
    return gid


def _clock_mails(store, gid, part="subject"):
    """(recipients, subject or body) of each clock mail of ``gid``, in order."""
    with store.read() as conn:
        q = select(S.outbox.c.recipients, S.outbox.c[part]).where(
            S.outbox.c.game_id == gid, S.outbox.c.kind == "clock").order_by(S.outbox.c.id)
        return [tuple(r) for r in conn.execute(q)]


def test_reminder_warning_and_wait(store):
    gid = _game(store, "wait")
    before = game_detail(store, gid)
    mover = before["to_move"]
    assert tick(store, T0 + 749) == []
    assert tick(store, T0 + 750) == [(gid, "remind")]
    assert tick(store, T0 + 760) == []
    assert tick(store, T0 + 1000) == [(gid, "warn")]
    assert tick(store, T0 + 1499) == []
    assert tick(store, T0 + 1500) == [(gid, "expire")]
    assert tick(store, T0 + 1600) == []
    assert tick(store, T0 + 2000) == [(gid, "nag")]
    mails = _clock_mails(store, gid)
    assert len(mails) == 4 and all(SEATS[mover] in to for to, _ in mails)
    assert game_detail(store, gid)["text"] == before["text"]      # wait plays nothing


def test_replace_policy_tells_every_seat(store):
    gid = _game(store, "replace")
    before = game_detail(store, gid)
    assert [a for _, a in tick(store, T0 + 5000)] == ["expire"]
    mails = _clock_mails(store, gid)
    assert len(mails) == len(SEATS) and all("ran out of time" in s for _, s in mails)
    assert tick(store, T0 + 9000) == []
    assert game_detail(store, gid)["ply"] == before["ply"]


def test_a_move_restarts_the_clock(store):
    from referee.operations.listing import legal_lines
    from referee.service.hosted.session import replay_text

    gid = _game(store, "wait")
    assert tick(store, T0 + 800) == [(gid, "remind")]
    g = game_detail(store, gid)
    rp = replay_text(g["text"], "x")
    line = legal_lines(rp.module, rp.state, 1)[1][0]
    assert submit(store, gid, g["to_move"], line, via="web", now=T0 + 900).ok
    assert tick(store, T0 + 1000) == []
    assert tick(store, T0 + 900 + 750) == [(gid, "remind")]


def test_tick_twice_at_once_does_each_thing_once(store):
    games = [_game(store, "wait") for _ in range(3)]
    results = []

    def run():
        results.append(tick(store, T0 + 1500))

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    done = sorted(x for r in results for x in r)
    assert done == sorted((g, "expire") for g in games)
    assert all(len(_clock_mails(store, g)) == 1 for g in games)


def test_each_seat_reads_the_clock_in_its_language(store):
    """RED reads French, GREEN German: the same timeout is told to each in its own words."""
    gid = create_game(store, "hawaii", SEATS, host_address="referee@host.example",
                      clock=Clock(1000, 500, "replace"), now=T0, lang="fr",
                      seat_langs={"GREEN": "de"})
    for seat in SEATS:
        assert submit(store, gid, seat, "salt x", via="web", now=T0).ok
    mover = game_detail(store, gid)["to_move"]
    assert [a for _, a in tick(store, T0 + 5000)] == ["expire"]
    subjects = {to: subject for to, subject in _clock_mails(store, gid)}
    red = next(s for to, s in subjects.items() if SEATS["RED"] in to)
    green = next(s for to, s in subjects.items() if SEATS["GREEN"] in to)
    words = {"fr": {"RED": "ROUGE", "GREEN": "VERT"}, "de": {"RED": "ROT", "GREEN": "GRÜN"}}
    assert f"{words['fr'][mover]} a dépassé son temps" in red, red
    assert f"{words['de'][mover]} hat die Zeit überschritten" in green, green


def test_a_french_seat_reads_the_warning_and_the_bot_in_french(store):
    """The policy is told by what it does, the seat by its French colour, and nothing of
    the English sentences is left."""
    gid = create_game(store, "hawaii", SEATS, host_address="referee@host.example",
                      clock=Clock(1000, 500, "bot:basic"), now=T0, lang="fr")
    for seat in SEATS:
        assert submit(store, gid, seat, "salt x", via="web", now=T0).ok
    mover = game_detail(store, gid)["to_move"]
    french = {"RED": "ROUGE", "GREEN": "VERT"}[mover]
    assert tick(store, T0 + 1000) == [(gid, "warn")]
    (_, warning), = _clock_mails(store, gid, "body")
    warning = " ".join(warning.split())
    assert "bot:basic" not in warning and "policy" not in warning, warning
    assert "basic" in warning and "jusqu'à ce que vous écriviez" in warning, warning
    assert [a for _, a in tick(store, T0 + 5000)] == ["bot"]
    told = [" ".join(body.split()) for _, body in _clock_mails(store, gid, "body")[1:]]
    assert len(told) == len(SEATS)
    for body in told:
        assert french in body and f"{mover} " not in body, body
        assert "plays" not in body and "'# bot basic'" in body, body
