"""Seats played by bots in hosted games, on SQLite and on PostgreSQL: a seat held by a
bot from `referee host new`, a late seat handed to a bot by the clock (tests drive
`now`) and taken back by its player, and `host replace` to a bot and back. Mail goes
through a real SMTP server on loopback and is read back."""
from __future__ import annotations

import random

import pytest
from sqlalchemy import select

from referee.bots import bot_seed, choose
from referee.operations.check import check_path
from referee.operations.listing import legal_lines
from referee.service.store import schema as S
from referee.service.hosted.clock import tick
from referee.service.hosted.entry import submit
from referee.service.web.app import offers
from referee.service.hosted.games import (Clock, create_game, export_text, game_detail,
                                          replace_player)
from referee.service.hosted.session import replay_text
from referee.transcript import UsageError
from referee.transcript.reader import read_text
from referee.replay.lines import canonical_move
from referee.replay.replayer import replay
from tests.service.hostkit import HOST, Table
from tests.service.hosted.test_clock import SEATS, T0
from tests.service.hosted.test_clock import _clock_mails
from tests.service.hosted.test_clock import _game as clock_game
from tests.service.mailservers import SmtpSink


def _host(store_url, capsys, *args) -> str:
    from referee.cli import run

    capsys.readouterr()
    code = run(["host", *args, "--db", store_url])
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out.strip()


def _bot_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.split("#")[0].strip()
            and "# bot " in line]


def _recomputed(text: str) -> None:
    """Every line marked '# bot LEVEL' is the move that bot chooses from the record
    before it, at the seed of the chain head there."""
    lines = [line for line in text.splitlines() if not line.startswith("[Result ")]
    checked = 0
    for i, line in enumerate(lines):
        if "# bot " not in line or line.startswith("#"):
            continue
        level = line.rsplit("# bot ", 1)[1].split()[0]
        before = replay(read_text("\n".join(lines[:i]) + "\n", "before"), chain=True)
        assert not before.errors
        seat = before.state.current_player()
        move = choose(before.module, before.state, level, bot_seed(before.chain, level),
                      before.players)
        assert line.split(" #")[0].rstrip() == canonical_move(before.module, move, before.state, seat)
        checked += 1
    assert checked


def test_a_game_by_mail_against_a_bot_to_its_end(store, store_url, capsys, tmp_path):
    rng = random.Random(7)
    seats = {"RED": "alice@players.example"}
    with SmtpSink() as sink:
        gid = _host(store_url, capsys, "new", "hawaii", "--from", HOST, "--seat",
                    "RED=alice@players.example", "--seat", "BLUE=bot:basic")
        table = Table(store, sink, seats)
        invites = table.deliver()
        assert [m.to for m in invites] == [["alice@players.example"]]     # none to the bot
        result, _, _ = table.send("RED", "salt pepper")
        assert result.reply.ok, result.reply.text
        mails = table.deliver()
        assert {a for m in mails for a in m.to} == {"alice@players.example"}
        assert game_detail(store, gid)["status"] == "playing"
        while game_detail(store, gid)["status"] == "playing":
            g = game_detail(store, gid)
            assert g["to_move"] == "RED"            # the bot never keeps anyone waiting
            rp = replay_text(g["text"], gid)
            line = rng.choice(legal_lines(rp.module, rp.state, 1000)[1])
            result, _, _ = table.send("RED", line)
            assert result.reply.ok, result.reply.text
            mails = table.deliver()
            assert all(m.to == ["alice@players.example"] for m in mails)
        text = export_text(store, gid)
        bot = _bot_lines(text)
        assert bot and all(line.startswith("BLUE ") and line.endswith("# bot basic")
                           for line in bot)
        assert any("The game is over" in m.body for m in mails)
    path = tmp_path / f"{gid}.txt"
    path.write_text(text)
    rp = check_path(str(path), deal_check=True)
    assert rp.ok, rp.errors
    _recomputed(text)
    shown = _host(store_url, capsys, "show", gid)
    assert "seats RED alice@players.example, BLUE bot basic" in shown


def test_bad_bot_seats_are_refused_and_make_nothing(store):
    for seats, said in [({"RED": "bot:genius", "BLUE": "a@example.org"}, "names no bot"),
                        ({"RED": "bot:basic", "BLUE": "bot:random"}, "every seat is a bot")]:
        with pytest.raises(UsageError, match=said):
            create_game(store, "hawaii", seats, host_address=HOST)
    with pytest.raises(UsageError, match="on-timeout"):
        create_game(store, "hawaii", {"RED": "a@example.org", "BLUE": "b@example.org"},
                    host_address=HOST, clock=Clock(on_timeout="robot"))
    with store.read() as conn:
        assert conn.execute(select(S.games)).first() is None


def _dealt(store, policy="bot:random"):
    """A dealt two-seat game whose clock starts at T0 (deadline 1000 s, grace 500 s)."""
    return clock_game(store, policy)


def _other(seat: str) -> str:
    return next(s for s in SEATS if s != seat)


def _move(store, gid, seat, now=None):
    """``seat`` plays its first legal move (it must be its turn)."""
    g = game_detail(store, gid)
    assert g["to_move"] == seat
    rp = replay_text(g["text"], gid)
    verdict = submit(store, gid, seat, legal_lines(rp.module, rp.state, 1)[1][0], via="web",
                     now=now)
    assert verdict.ok, verdict.text


def test_the_clock_hands_a_late_seat_to_a_bot_until_its_player_writes(store):
    gid = _dealt(store)
    late = game_detail(store, gid)["to_move"]
    other = _other(late)
    assert [a for _, a in tick(store, T0 + 5000)] == ["bot"]
    assert len([s for _, s in _clock_mails(store, gid) if "a bot plays" in s]) == 2  # each seat
    g = game_detail(store, gid)
    assert f"# {late} held by bot random from ply" in g["text"]
    assert g["to_move"] == other               # the bot played the late seat's turns
    assert _bot_lines(g["text"]) and _bot_lines(g["text"])[0].startswith(late)
    # the late seat's turns never wait; its bot may have ended its round at once (the
    # deal is the referee's own secret), so the other plays on until the bot moves again
    for step in range(60):
        if len(_bot_lines(game_detail(store, gid)["text"])) > 1:
            break
        _move(store, gid, other, now=T0 + 5100 + step)
        assert game_detail(store, gid)["to_move"] == other
    assert len(_bot_lines(game_detail(store, gid)["text"])) > 1
    assert tick(store, T0 + 5200) == []
    assert len([s for _, s in _clock_mails(store, gid) if "a bot plays" in s]) == 2  # once
    # the late player writes again (any word): the seat is theirs from the next ply
    assert submit(store, gid, late, "show", via="web", now=T0 + 5300).ok
    g = game_detail(store, gid)
    assert f"# {late} held by its player from ply {g['ply'] + 1}" in g["text"]
    bots = len(_bot_lines(g["text"]))
    while game_detail(store, gid)["to_move"] == other:
        _move(store, gid, other, now=T0 + 5400)
    g = game_detail(store, gid)
    assert g["to_move"] == late and len(_bot_lines(g["text"])) == bots   # the bot has stopped
    seat = next(s for s in g["seats"] if s["seat"] == late)
    assert seat["bot"] is None and seat["holder"] == seat["address"]
    _recomputed(g["text"])


def test_replace_a_seat_by_a_bot_and_back(store, store_url, capsys):
    gid = _dealt(store, "wait")
    mover = game_detail(store, gid)["to_move"]
    other = _other(mover)
    out = _host(store_url, capsys, "replace", gid, mover, "bot:strong")
    assert out == f"{mover} of {gid} is now played by the bot:strong"
    g = game_detail(store, gid)
    assert g["to_move"] == other
    assert f"# {mover} held by bot strong from ply {g['ply']} (replaced by the host)" \
        in g["text"]
    assert _bot_lines(g["text"])[-1].endswith("# bot strong")
    bots = len(_bot_lines(g["text"]))
    assert f"{mover} bot strong" in _host(store_url, capsys, "show", gid)
    ply = game_detail(store, gid)["ply"]
    refused = submit(store, gid, mover, "show", via="web")      # the old token is dead,
    assert not refused.ok                                       # and a bot seat takes no word
    assert game_detail(store, gid)["ply"] == ply
    with pytest.raises(UsageError, match="at least one person"):
        replace_player(store, gid, other, "bot:basic")
    with pytest.raises(UsageError, match="names no bot"):
        replace_player(store, gid, other, "bot:")
    _host(store_url, capsys, "replace", gid, mover, "dora@example.org")
    g = game_detail(store, gid)
    assert f"# {mover} held by a player from ply {g['ply'] + 1} (replaced by the host)" \
        in g["text"]
    while game_detail(store, gid)["to_move"] == other:
        _move(store, gid, other)
    g = game_detail(store, gid)
    assert g["to_move"] == mover and len(_bot_lines(g["text"])) == bots
    assert f"{mover} dora@example.org" in _host(store_url, capsys, "show", gid)
    _recomputed(g["text"])


def test_a_person_takes_back_a_move_the_bots_answered_by_mail(store, tmp_path):
    """A takeback in a game against bots reaches back past the bots' replies: each bot
    seat takes back its reply, then the person's move is voided; the bots move again
    only once the person has, and every bot line stays the bot's own choice."""
    rng = random.Random(3)
    with SmtpSink() as sink:
        gid = create_game(store, "hawaii", {"RED": "alice@players.example", "GREEN": "bot:basic",
                                            "BLUE": "bot:random"}, host_address=HOST)
        table = Table(store, sink, {"RED": "alice@players.example"})
        table.deliver()
        assert table.send("RED", "salt pepper")[0].reply.ok
        for _ in range(40):             # a move of RED's that only bots' moves followed
            g = game_detail(store, gid)
            rp = replay_text(g["text"], gid)
            result, _, _ = table.send("RED", rng.choice(legal_lines(rp.module, rp.state)[1]))
            assert result.reply.ok, result.reply.text
            table.deliver()
            lines = game_detail(store, gid)["text"].splitlines()
            mine = max(i for i, line in enumerate(lines) if line.startswith("RED "))
            replies = [line for line in lines[mine + 1:] if line.split("#")[0].strip()]
            if replies and all("# bot " in line for line in replies):
                break
        else:
            pytest.fail("no move of RED's was answered by bots alone")
        before = game_detail(store, gid)
        assert offers(before, "RED", None)["can_undo"]     # the seat page offers it too
        result, _, _ = table.send("RED", "undo")
        assert result.reply.ok, result.reply.text
        table.deliver()
        g = game_detail(store, gid)
        added = g["text"].splitlines()[len(before["text"].splitlines()):]
        assert [line.split()[0] for line in added] == \
            [line.split()[0] for line in reversed(replies)] + ["RED"]
        assert all(" takes back  # " in line for line in added)
        assert added[-1] == "RED takes back  # nobody else to ask"
        assert g["to_move"] == "RED"
        assert replay_text(g["text"], gid).state.current_player() == "RED"
        assert not table.send("RED", "undo")[0].reply.ok       # not again past its takeback
        assert not offers(game_detail(store, gid), "RED", None)["can_undo"]
        table.deliver()
        rp = replay_text(g["text"], gid)
        assert table.send("RED", legal_lines(rp.module, rp.state, 1)[1][0])[0].reply.ok
        assert game_detail(store, gid)["ply"] > g["ply"] + 1    # and the bots answer again
    text = export_text(store, gid)
    path = tmp_path / f"{gid}.txt"
    path.write_text(text)
    assert check_path(str(path), deal_check=True).ok
    _recomputed(text)
