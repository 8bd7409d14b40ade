"""Whole games played by mail, from `referee host new` to the result, on SQLite and on
PostgreSQL: every mail the referee sends goes through a real SMTP server on loopback
and is read back; players answer the way Gmail, Outlook, Apple Mail, Thunderbird and
plain clients do, with chatter, seat words left out, #N guards, resent mails."""
from __future__ import annotations

import random

import pytest

from referee.operations.check import check_path
from referee.replay.lines import canonical_move
from referee.service.mail.ingest import ingest
from referee.service.hosted.games import export_text, list_games
from referee.service.hosted.session import replay_text
from tests.service.hostkit import HOST, Table
from tests.service.mailservers import SmtpSink


def _host_new(store_url, capsys, game, seats) -> str:
    from referee.cli import run

    args = ["host", "new", game, "--db", store_url, "--from", HOST, "--title", "cup"]
    for seat, address in seats.items():
        args += ["--seat", f"{seat}={address}"]
    capsys.readouterr()
    assert run(args) == 0
    return capsys.readouterr().out.strip()


def _game(store, gid):
    return next(g for g in list_games(store) if g["id"] == gid)


def _play(store, store_url, capsys, tmp_path, game, seats, seed):
    rng = random.Random(seed)
    with SmtpSink() as sink:
        gid = _host_new(store_url, capsys, game, seats)
        table = Table(store, sink, seats)
        invites = table.deliver()
        assert sorted(m.to[0] for m in invites) == sorted(seats.values())
        notes = {}
        for m in invites:
            seat = next(s for s, a in seats.items() if a == m.to[0])
            assert f"[referee {gid}]" in m.subject and m.auto == "auto-generated"
            assert m.reply_to.startswith(f"referee+{gid}.{seat.lower()}.")
            assert "token " + m.reply_to.split("+")[1].split("@")[0] in m.body
            notes[seat] = m
        for i, seat in enumerate(seats):
            result, mid, _ = table.send(seat, "salt pepper" if i == 0 else "Count me in!")
            assert result.outcome == "handled" and result.reply.ok, result.reply.text
            mails = table.deliver()
            replies = [m for m in mails if m.in_reply_to == mid]
            assert len(replies) == 1 and replies[0].to == [seats[seat]]
            assert ("salt 'pepper-" if i == 0 else "salted for you") in replies[0].body
        notes = _check_notes(store, gid, seats, notes, mails, mid, [])
        moves = 0
        while _game(store, gid)["status"] == "playing":
            g = _game(store, gid)
            mover = g["to_move"]
            note = notes[mover]
            options = [o.split(" #")[0] for o in note.options()]   # the test adds its own
            rp = replay_text(export_text(store, gid), gid)
            legal = rp.state.legal_moves()
            assert note.option_count() == len(legal)
            if moves % 25 == 0:               # every option listed is a legal move, as written
                every = {canonical_move(rp.module, mv, rp.state, mover) for mv in legal}
                assert set(options) <= every
            if rng.random() < 0.5:
                line = rng.choice(options)
                if rng.random() < 0.5:
                    line = line.split(None, 1)[1]        # the seat word left out
            else:                             # a move from beyond the list, as 'moves' gives
                line = canonical_move(rp.module, rng.choice(legal), rp.state, mover)
            if rng.random() < 0.5:
                line += f" #{g['ply']}"
            result, mid, raw = table.send(mover, f"Hi all, here is my move:\n\n{line}\n\ngood luck!")
            assert result.reply.ignored == ["Hi all, here is my move:", "good luck!"]
            if [v.code for v in result.reply.verdicts] == ["held"]:
                # the seat's own last line again, without a #N guard: confirmed by a reply
                assert "reply 'confirm'" in " ".join(result.reply.text.split())
                table.deliver()
                result, mid, raw = table.send(mover, "confirm")
            assert result.outcome == "handled" and result.reply.ok, result.reply.text
            added = result.reply.lines
            mails = table.deliver()
            notes = _check_notes(store, gid, seats, notes, mails, mid, added)
            moves += 1
            if moves % 15 == 0:                       # the MTA delivers the same mail again
                assert ingest(store, raw).outcome == "duplicate"
                assert table.deliver() == []
            now = _game(store, gid)
            if moves % 10 == 0 and now["status"] == "playing" and now["to_move"] != mover:
                # the player sends the same move again, in a new mail
                again, mid2, _ = table.send(mover, line.split(" #")[0], answering=note)
                assert again.reply.ok
                [reply] = table.deliver()
                assert reply.in_reply_to == mid2 and reply.to == [seats[mover]]
                assert f"already recorded at ply {g['ply'] + 1}" in reply.body
        end = _game(store, gid)
        assert end["status"] == "over" and end["result"]
        for seat in seats:
            assert "The game is over" in notes[seat].body
        path = tmp_path / f"{gid}.txt"
        path.write_text(export_text(store, gid))
        rp = check_path(str(path), deal_check=True)
        assert rp.ok, rp.errors
        return moves


def _check_notes(store, gid, seats, notes, mails, mid, added):
    """Exactly one notification per seat, threaded after the previous one, with the lines
    added, the witness the store holds, and options only for the seat to move."""
    g = _game(store, gid)
    out = dict(notes)
    fresh = [m for m in mails if mid is None or m.in_reply_to != mid]
    for seat, address in seats.items():
        mine = [m for m in fresh if m.to == [address]]
        assert len(mine) == 1, (seat, [m.subject for m in fresh])
        m = mine[0]
        assert m.in_reply_to == notes[seat].message_id
        assert notes[seat].message_id in m.references
        assert f"[referee {gid}]" in m.subject
        assert m.witness == (g["ply"], g["chain"][:12])
        for line in added or []:          # moves as written, draws in words
            if line.startswith("*"):
                assert f"    {line.split()[1]}: " in m.body and "key=" not in m.body
            else:
                assert f"    {line}" in m.body
        if g["status"] == "playing" and g["to_move"] == seat:
            assert m.options()
        else:
            assert m.options() == []
        out[seat] = m
    return out


THREE = {"RED": "alice@players.example", "GREEN": "bob@players.example",
         "BLUE": "carol@players.example"}
TWO = {"RED": "alice@players.example", "YELLOW": "bob@players.example"}


def test_a_three_player_hawaii_game_by_mail(store, store_url, capsys, tmp_path):
    assert _play(store, store_url, capsys, tmp_path, "hawaii", THREE, 1) > 30


@pytest.mark.timeout(3600)
def test_a_haleakala_game_by_mail(store, store_url, capsys, tmp_path):
    assert _play(store, store_url, capsys, tmp_path, "haleakala", TWO, 2) > 30
