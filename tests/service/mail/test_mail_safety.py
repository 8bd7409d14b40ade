"""No silent loss, no double play (docs/mail.md sections 3 and 6): a seat's secret from
another address is told to the seat at its registered address (once an hour at most),
``salt: WORD`` is the salt WORD, and a mail repeating the seat's own last move where it
would be legal again is held until the seat confirms it."""
from __future__ import annotations

import random
import re

from sqlalchemy import select

from referee.operations.listing import legal_lines
from referee.service.store import schema as S
from referee.service.hosted.games import create_game, export_text, game_detail
from referee.service.hosted.lines import read_lines
from referee.service.mail.ingest import REFUSAL_GAP, ingest
from referee.service.hosted.session import replay_text
from referee.service.store import open_store
from referee.service.hosted.entry import submit
from tests.service.hostkit import HOST, Table
from tests.service.mailservers import SmtpSink

TWO = {"RED": "alice@players.example", "GREEN": "bob@players.example"}
OTHER = "alice.at.work@office.example"
SALT = "sixteen-letters-and-more"


def _dealt(store, table, now=1000.0):
    gid = create_game(store, "hawaii", TWO, host_address=HOST, now=now)
    table.deliver(now)
    for seat in TWO:
        result, _, _ = table.send(seat, f"salt {SALT}")
        assert result.outcome == "handled" and result.reply.ok, result.reply.text
    table.deliver(now)
    return gid


def _from(raw: bytes, sender: str) -> bytes:
    return re.sub(rb"^From:[^\r\n]*", f"From: Alice <{sender}>".encode(), raw, count=1,
                  flags=re.M)


# ---------------------------------------------------------------- another address

def test_a_seat_secret_from_another_address_plays_nothing_and_tells_the_seat(store):
    with SmtpSink() as sink:
        table = Table(store, sink, TWO)
        gid = _dealt(store, table)
        g = game_detail(store, gid)
        seat = g["to_move"]
        rp = replay_text(g["text"], gid)
        move = legal_lines(rp.module, rp.state, 1)[1][0]
        before = export_text(store, gid)
        raw, _ = table.write(seat, f"my move:\n{move}")
        result = ingest(store, _from(raw, OTHER), now=2000.0)
        assert result.outcome == "refused" and (result.game_id, result.seat) == (gid, seat)
        assert export_text(store, gid) == before
        [notice] = table.deliver(2000.0)
        assert notice.to == [TWO[seat]] and OTHER not in notice.to    # the registered one
        assert OTHER in notice.body and "nothing" in notice.body
        assert move in " ".join(notice.body.split())
        assert f"referee host replace {gid} {seat} ADDRESS" in notice.body
        assert notice.reply_to.startswith(f"referee+{gid}.{seat.lower()}.")
        assert max(map(len, notice.body.split("\n"))) <= 78

        # the same again within the hour: nothing played, nobody mailed
        for k in range(5):
            raw, _ = table.write(seat, move)
            assert ingest(store, _from(raw, OTHER), now=2000.0 + 60 * k).outcome == "dropped"
        assert table.deliver(2400.0) == [] and export_text(store, gid) == before
        # an hour on, the seat hears of it once more
        raw, _ = table.write(seat, move)
        assert ingest(store, _from(raw, f"x{OTHER}"), now=2001.0 + REFUSAL_GAP).outcome \
            == "refused"
        [again] = table.deliver(2001.0 + REFUSAL_GAP)
        assert again.to == [TWO[seat]] and f"x{OTHER}" in again.body
        # from the registered address, the same mail plays
        result, _, _ = table.send(seat, move, answering=notice)
        assert result.outcome == "handled" and result.reply.ok, result.reply.text
        assert game_detail(store, gid)["ply"] > g["ply"]


def test_an_auto_reply_from_another_address_with_the_secret_is_not_answered(store):
    with SmtpSink() as sink:
        table = Table(store, sink, TWO)
        gid = _dealt(store, table)
        before = export_text(store, gid)
        raw, _ = table.write("RED", "I am away until Monday.")
        raw = b"Auto-Submitted: auto-replied\r\n" + _from(raw, OTHER)
        assert ingest(store, raw, now=2000.0).outcome == "dropped"
        assert table.deliver(2000.0) == [] and export_text(store, gid) == before


# ---------------------------------------------------------------- salt: WORD

def test_a_salt_written_with_a_colon_equals_or_dash_is_the_salt():
    for line in ("salt: pepper", "Salt:pepper", "SALT : pepper.", "salt = pepper",
                 "Salt - pepper", "salt \u2013 pepper", "salt pepper!", "- salt: pepper"):
        [cmd] = read_lines(line).commands(seats=["RED"], verbs=[]).lines
        assert cmd.text == "salt pepper", line
    for chatter in ("salt: two words", "Salt - and pepper please", "salt and pepper"):
        assert read_lines(chatter).commands(seats=["RED"], verbs=[]).lines == (), chatter


def test_salt_with_a_colon_by_mail_keeps_the_players_word(store):
    with SmtpSink() as sink:
        table = Table(store, sink, TWO)
        gid = create_game(store, "hawaii", TWO, host_address=HOST)
        table.deliver()
        result, _, _ = table.send("RED", f"Hello!\nsalt: {SALT}\n")
        assert result.reply.ok and f"salt '{SALT}' taken" in result.reply.text
        result, _, _ = table.send("GREEN", f"Salt - {SALT}x")
        assert result.reply.ok and f"salt '{SALT}x' taken" in result.reply.text
        text = export_text(store, gid)
        assert f'RED {SALT}"' in text and f'GREEN {SALT}x"' in text


# ---------------------------------------------------------------- a move sent again

def _at_a_repeat(store, gid, seed=0) -> tuple[str, str]:
    """Random moves until the seat to move could play its own last line again; that
    seat and line."""
    rng, last = random.Random(seed), {}
    while True:
        g = game_detail(store, gid)
        assert g["status"] == "playing"
        rp = replay_text(g["text"], gid)
        lines = legal_lines(rp.module, rp.state, 10_000)[1]
        mover = g["to_move"]
        if last.get(mover) in lines:
            return mover, last[mover]
        last[mover] = rng.choice(lines)
        assert submit(store, gid, mover, last[mover], via="web", expect_ply=g["ply"]).ok


def _holds(store):
    with store.read() as conn:
        return [dict(r) for r in conn.execute(select(S.holds)).mappings()]


def test_a_repeated_move_legal_again_is_held_until_confirmed(store, store_url):
    with SmtpSink() as sink:
        table = Table(store, sink, TWO)
        gid = _dealt(store, table)
        seat, line = _at_a_repeat(store, gid)
        before, ply = export_text(store, gid), game_detail(store, gid)["ply"]
        result, mid, _ = table.send(seat, f"Here it is again:\n{line}")
        assert result.outcome == "handled" and not result.reply.ok
        assert result.reply.verdicts[0].code == "held"
        assert export_text(store, gid) == before
        reply = next(m for m in table.deliver() if m.in_reply_to == mid)
        assert "HELD" in reply.body and "'confirm'" in reply.body and f"#{ply}" in reply.body
        assert [(h["seat"], h["line"], h["ply"]) for h in _holds(store)] == [(seat, line, ply)]

        # a restart keeps the hold: a new process confirms it
        again = open_store(store_url)
        try:
            result = ingest(again, table.write(seat, "confirm", answering=reply)[0])
            assert result.outcome == "handled" and result.reply.ok, result.reply.text
        finally:
            again.dispose()
        after = game_detail(store, gid)
        assert after["ply"] > ply and _holds(store) == []
        played = [it for it in after["items"] if it["ply"] == ply + 1]
        assert played and played[0]["text"].split("#")[0].strip() == line
        # a second confirm finds nothing: the move is never played twice
        result, _, _ = table.send(seat, "confirm")
        assert not result.reply.ok and result.reply.verdicts[0].code == "confirm"
        assert game_detail(store, gid)["ply"] == after["ply"]


def test_the_same_move_written_another_way_is_held_too(store):
    """``GREEN takes 1`` is ``GREEN takes order 1``: the transcript's line decides."""
    with SmtpSink() as sink:
        table = Table(store, sink, TWO)
        gid = _dealt(store, table)
        seat, line = _at_a_repeat(store, gid)
        assert " takes order " in line, line
        before = export_text(store, gid)
        other = line.replace(" takes order ", " takes order space ").replace(seat, "", 1)
        result, _, _ = table.send(seat, other.strip().upper())
        assert result.reply.verdicts[0].code == "held", result.reply.text
        assert export_text(store, gid) == before
        result, _, _ = table.send(seat, "Confirm.")
        assert result.reply.ok, result.reply.text
        assert export_text(store, gid).count(line) == before.count(line) + 1


def test_a_repeat_with_its_guard_plays_and_a_hold_lapses_when_the_game_moves_on(store):
    with SmtpSink() as sink:
        table = Table(store, sink, TWO)
        gid = _dealt(store, table)
        seat, line = _at_a_repeat(store, gid, seed=3)
        ply = game_detail(store, gid)["ply"]
        result, _, _ = table.send(seat, line)
        assert result.reply.verdicts[0].code == "held"
        # the seat plays something else: the hold lapses
        rp = replay_text(export_text(store, gid), gid)
        other = next(x for x in legal_lines(rp.module, rp.state, 10_000)[1] if x != line)
        result, _, _ = table.send(seat, f"{other} #{ply}")
        assert result.reply.ok, result.reply.text
        moved = game_detail(store, gid)["ply"]
        result, _, _ = table.send(seat, "confirm")
        assert not result.reply.ok and "lapsed" in result.reply.text
        assert game_detail(store, gid)["ply"] == moved and _holds(store) == []

    with SmtpSink() as sink:               # a fresh game: the guard says it is meant
        table = Table(store, sink, TWO)
        gid = _dealt(store, table)
        seat, line = _at_a_repeat(store, gid, seed=3)
        ply = game_detail(store, gid)["ply"]
        result, _, _ = table.send(seat, f"{line} #{ply}")
        assert result.reply.ok, result.reply.text
        assert game_detail(store, gid)["ply"] > ply and _holds(store) == []
        # sent once more, out of turn now: "already recorded", as before
        result, _, _ = table.send(seat, line)
        assert result.reply.ok and f"already recorded at ply {ply + 1}" in result.reply.text
