"""The move builder by mail: 'moves' answers the first step with counts, 'moves B1 kahuna'
the next step or the one line the choices make, and the notification to the seat to
move shows the first step and a few whole lines to copy. Every mail goes through a
real SMTP server on loopback and is read back (hostkit checks each is within 78
columns), on SQLite and on PostgreSQL."""
from __future__ import annotations

import re

import pytest

from referee.operations import move_rows, next_step
from referee.replay.lines import canonical_move
from referee.service.hosted.games import create_game, game_detail
from referee.operations import listing
from referee.service.hosted.session import replay_text
from tests.service.hostkit import HOST, Table
from tests.service.mailservers import SmtpSink

TWO = {"RED": "alice@players.example", "GREEN": "bob@players.example"}
HALE = {"RED": "alice@players.example", "YELLOW": "bob@players.example"}
STEP_LINE = re.compile(r"^    (\S.*?)  +\((\d+) moves?\)")   # the code, (the count), its name


def _dealt(store, table, game="hawaii", seats=TWO):
    gid = create_game(store, game, seats, host_address=HOST)
    table.deliver()
    for seat in seats:
        assert table.send(seat, "salt pepperpepper")[0].reply.ok
    table.deliver()
    return gid


def _position(store, gid):
    g = game_detail(store, gid)
    rp = replay_text(g["text"], gid)
    return g, rp


def _ask(table, seat, text):
    result, mid, _ = table.send(seat, text)
    assert result.outcome == "handled", result
    [reply] = [m for m in table.deliver() if m.in_reply_to == mid]
    return result, reply


def _note(table, seat):
    """The seat's last notification (not a reply to its own mail)."""
    return [m for m in table.inbox[table.seats[seat]] if not m.subject.startswith("Re:")][-1]


def _step_lines(body: str) -> list[tuple[str, int]]:
    out = []
    for line in body.split("\n"):
        m = STEP_LINE.match(line)
        if m:
            out.append((m.group(1), int(m.group(2))))
    return out


@pytest.mark.parametrize("game,seats", [("hawaii", TWO), ("haleakala", HALE)])
def test_moves_answers_the_first_step_and_the_choices_lead_to_a_move(store, game, seats):
    """'moves' lists the first step (at most 40 lines, each with its count, the counts
    adding up to the legal moves) and how to go on; following the first choice each
    time by mail ends in one canonical line, which then plays when sent."""
    with SmtpSink() as sink:
        table = Table(store, sink, seats)
        gid = _dealt(store, table, game, seats)
        g, rp = _position(store, gid)
        seat = g["to_move"]
        _, reply = _ask(table, seat, "moves")
        listed = _step_lines(reply.body)
        assert 1 < len(listed) <= 40
        assert sum(n for _, n in listed) == len(rp.state.legal_moves())
        step = next_step(rp.module, rp.state)
        assert [c for c, _ in listed] == [c["choice"] for c in step["choices"]][:40]
        assert f"    moves {listed[0][0]}" in reply.body
        chosen: list[str] = []
        while True:
            _, reply = _ask(table, seat, "moves " + " ".join(chosen))
            if "Your choices make one move:" in reply.body:
                break
            assert "REFUSED" not in reply.body, reply.body
            chosen.append(_step_lines(reply.body)[0][0].lower())   # typed in lower case
            assert len(chosen) < 12
        line = reply.body.split("Your choices make one move:\n\n")[1].split("\n")[0].strip()
        assert "Send this line to play it" in reply.body
        assert game_detail(store, gid)["ply"] == g["ply"]          # asking played nothing
        expected = next_step(rp.module, rp.state, chosen)["move"]
        assert line == expected
        result, _ = _ask(table, seat, line)
        assert result.reply.ok and game_detail(store, gid)["ply"] > g["ply"], result.reply.text


def test_a_moves_line_that_is_a_legal_move_is_played(store):
    """In Hawaii 'moves' also starts a move: a whole move without its seat word plays."""
    with SmtpSink() as sink:
        table = Table(store, sink, TWO)
        gid = _dealt(store, table)
        g, rp = _position(store, gid)
        seat = g["to_move"]
        lines = [canonical_move(rp.module, m, rp.state, seat) for m in rp.state.legal_moves()]
        line = next(ln for ln in lines if ln.split()[1] == "moves")
        result, reply = _ask(table, seat, line.split(None, 1)[1])
        assert result.reply.ok and result.reply.lines[0] == line
        assert game_detail(store, gid)["ply"] == g["ply"] + 1


def test_a_move_line_is_told_from_a_builder_line_by_its_shape(store, monkeypatch):
    """A 'moves ...' line the notation reads is played without the builder working out
    every legal move's path first; a line of the builder's choices still asks it."""
    built = []

    def counted(module, state):
        built.append(state)
        return move_rows(module, state)

    monkeypatch.setattr(listing, "move_rows", counted)   # the mail reads its choices there
    with SmtpSink() as sink:
        table = Table(store, sink, TWO)
        gid = _dealt(store, table)
        g, rp = _position(store, gid)
        seat = g["to_move"]
        first = next_step(rp.module, rp.state)["choices"][0]["choice"]
        result, _ = _ask(table, seat, f"moves {first}")
        assert result.reply.ok and built            # a builder line asks the builder
        lines = [canonical_move(rp.module, m, rp.state, seat) for m in rp.state.legal_moves()]
        line = next(ln for ln in lines if ln.split()[1] == "moves")
        built.clear()
        result, _ = _ask(table, seat, line.split(None, 1)[1])
        assert result.reply.ok and game_detail(store, gid)["ply"] == g["ply"] + 1
        assert built == []
        result, _ = _ask(table, seat, line)          # the same move sent again
        assert "already recorded" in result.reply.text and built == []


@pytest.mark.parametrize("game,seats", [("hawaii", TWO), ("haleakala", HALE)])
def test_moves_in_a_sentence_is_chatter_and_a_wrong_choice_is_explained(store, game, seats):
    """'Moves are hard this week' beside a move with its seat word is listed back as
    chatter and the move is played; 'moves' then a choice and a word that is none is
    refused naming the choices of that step, and changes nothing."""
    with SmtpSink() as sink:
        table = Table(store, sink, seats)
        gid = _dealt(store, table, game, seats)
        g, rp = _position(store, gid)
        seat = g["to_move"]
        first = next_step(rp.module, rp.state)["choices"][0]["choice"]
        result, reply = _ask(table, seat, f"moves {first} zebra")
        assert not result.reply.ok and "bad-choice" in reply.body and "zebra" in reply.body
        assert "game-" not in reply.body and game_detail(store, gid)["ply"] == g["ply"]
        line = canonical_move(rp.module, rp.state.legal_moves()[0], rp.state, seat)
        result, reply = _ask(table, seat, f"Moves are hard this week.\n{line}\nbye")
        assert result.reply.ok, result.reply.text
        assert "Moves are hard this week." in result.reply.ignored
        assert game_detail(store, gid)["ply"] > g["ply"]


def test_moves_when_it_is_not_your_turn(store):
    with SmtpSink() as sink:
        table = Table(store, sink, TWO)
        gid = _dealt(store, table)
        g, rp = _position(store, gid)
        other = next(s for s in TWO if s != g["to_move"])
        first = next_step(rp.module, rp.state)["choices"][0]["choice"]
        for text in ("moves", f"moves {first}"):
            result, reply = _ask(table, other, text)
            assert result.reply.ok and "It is not your turn" in reply.body


@pytest.mark.parametrize("game,seats", [("hawaii", TWO), ("haleakala", HALE)])
def test_the_notification_shows_the_first_step_and_examples_that_differ(store, game, seats):
    """The seat to move gets the first step with counts and a few whole lines, legal
    now and each under another first choice; the other seats get neither."""
    with SmtpSink() as sink:
        table = Table(store, sink, seats)
        gid = _dealt(store, table, game, seats)
        for _ in range(3):
            g, rp = _position(store, gid)
            seat = g["to_move"]
            note = _note(table, seat)
            legal = {canonical_move(rp.module, m, rp.state, seat): m
                     for m in rp.state.legal_moves()}
            assert note.option_count() == len(legal)
            choices = note.choices()
            assert sum(n for _, n in choices) == len(legal)
            shown = note.options()
            assert shown and all(x.endswith(f" #{g['ply']}") for x in shown)   # guarded
            examples = [x.rsplit(" #", 1)[0] for x in shown]
            assert set(examples) <= set(legal)
            firsts = [rp.module.move_path(legal[x], rp.state) for x in examples]
            depth = next((i for i in range(10)
                          if len({p[i] if len(p) > i else None for p in firsts}) > 1), 0)
            if len(examples) > 1:
                assert len({p[depth] for p in firsts}) == len(examples)
            for other in seats:
                if other != seat:
                    assert _note(table, other).options() == []
                    assert "Your move." not in _note(table, other).body
            result, _, _ = table.send(seat, shown[-1])
            assert result.reply.ok, result.reply.text
            table.deliver()
