"""Mails a person reads (docs/mail.md section 4): within 78 columns, no transcript
positions, one "Re:", the picture first in the HTML part, the draws in words, a
resigned seat left in peace, a resignation confirmed, and the seat's own web page
linked when the host has said where it is. Every mail goes through a real SMTP
server on loopback (hostkit also checks each one's width)."""
from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path
from email import message_from_bytes, policy

import pytest

from referee.core import registry
from referee.core.game import CHANCE
from referee.replay.lines import canonical_move
from referee.service.hosted.games import create_game, export_text, game_detail, seat_for_link
from referee.service.mail.ingest import ingest
from referee.service.hosted.mails import WIDTH, reply_subject
from referee.service.mail.sending import deliver
from referee.service.hosted.session import replay_text
from referee.service.store import open_store
from tests.service.hostkit import HOST, Table, too_wide
from tests.service.mailservers import SmtpSink

ROOT = Path(__file__).resolve().parents[3]
TWO = {"RED": "alice@players.example", "GREEN": "bob@players.example"}
THREE = {**TWO, "BLUE": "carol@players.example"}
PAGE = re.compile(r"(https://games\.example\.org/seat/(\S+))")


def _dealt(store, table, seats=TWO, game="hawaii"):
    gid = create_game(store, game, seats, host_address=HOST)
    table.deliver()
    for seat in seats:
        assert table.send(seat, "salt pepperpepper")[0].reply.ok
    return gid, table.deliver()


def _move(store, gid):
    g = game_detail(store, gid)
    rp = replay_text(g["text"], gid)
    return g["to_move"], canonical_move(rp.module, rp.state.legal_moves()[0], rp.state,
                                        g["to_move"])


@pytest.mark.parametrize("key", registry.keys())
def test_every_game_draws_a_narrow_board_for_mail(key):
    """render(state, "narrow") keeps every line within 78 columns, on random positions
    of every registered game (the text board of ``show`` is wider)."""
    module = registry.get(key)
    rng = random.Random(5)
    for players in (module.min_players, len(module.seats)):
        state = module.new_state(list(module.seats[:players]))
        for ply in range(400):
            who = state.current_player()
            if who is None:
                break
            if ply % 20 == 0 or who is None:
                text = module.render(state, "narrow")
                assert [ln for ln in text.split("\n") if len(ln) > WIDTH] == [], text
            if who == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_moves()))
        text = module.render(state, "narrow")
        assert [ln for ln in text.split("\n") if len(ln) > WIDTH] == [], text


def test_the_width_check_catches_a_wide_line():
    assert too_wide("x" * 79) == ["x" * 79]
    assert too_wide("    RED moves beach->A4, " + "y" * 80) == []       # a move, kept whole
    assert too_wide("ok\n" + "Board " * 20) != []


@pytest.mark.parametrize("theirs", [
    "Re: [referee abc123] cup: ply 4, RED to move",
    "RE: Re: re:[referee abc123] cup: ply 4, RED to move",
    "Aw: SV: Fwd: Re[2]: [referee abc123] cup: ply 4, RED to move",
    "  Re:   Re:  [referee abc123]   cup: ply 4, RED to move"])
def test_a_reply_has_one_re_however_many_the_subject_had(theirs):
    game = {"id": "abc123", "title": "cup"}
    assert reply_subject(game, theirs) == "Re: [referee abc123] cup: ply 4, RED to move"
    assert reply_subject(game, "Re: my move") == "Re: [referee abc123] cup: my move"
    assert reply_subject(game, "") == "Re: [referee abc123] cup: your mail"


def test_replies_have_one_re_and_no_transcript_positions(store):
    """Threads of Re: Re: RE: Aw: come back with one Re:, and a refused line is told
    without the transcript's file, line and column."""
    with SmtpSink() as sink:
        table = Table(store, sink, TWO)
        gid, _ = _dealt(store, table)
        seat, _ = _move(store, gid)
        note = table.last(seat)
        note.subject = "Re: RE: Aw: " + note.subject
        result, mid, _ = table.send(seat, "moves beach->Z9, buys nothing", answering=note)
        [reply] = [m for m in table.deliver() if m.in_reply_to == mid]
        assert reply.subject.startswith("Re: [referee ") and reply.subject.count("Re:") == 1
        assert not result.reply.ok and "REFUSED: " in reply.body
        assert f"game-{gid}" not in reply.body and "<input>" not in reply.body
        assert not re.search(r":\d+:\d+:", reply.body)


def test_the_deal_is_told_in_words_and_the_picture_comes_first(store):
    """The setup draws come as "The referee dealt:" with what was drawn, not as a seat's
    play in notation; the HTML part shows the board before the text."""
    with SmtpSink() as sink:
        table = Table(store, sink, TWO)
        gid = create_game(store, "hawaii", TWO, host_address=HOST)
        table.deliver()
        for seat in TWO:
            table.send(seat, "salt pepperpepper")
        assert game_detail(store, gid)["status"] == "playing"
        deliver(store, table.url, pictures=True)
        raws = [r.data for r in sink.received[table.seen:]]
        notes = [message_from_bytes(r, policy=policy.default) for r in raws]
        notes = [m for m in notes if not str(m["Subject"]).startswith("Re:")]
        assert len(notes) == len(TWO)
        for m in notes:
            text = m.get_body(("plain",)).get_content()
            assert "The referee dealt:" in text and "places: " in text
            assert "played:" not in text and "* places" not in text and "key=" not in text
            assert not too_wide(text.replace("\r\n", "\n"))
            html = m.get_body(("html",)).get_content()
            assert html.index("<img") < html.index("<pre>")


def test_a_resigned_seat_hears_only_the_end(store):
    """After RED resigns (confirmed), moves go on without mailing RED; the end of the
    game reaches every seat, RED included."""
    with SmtpSink() as sink:
        table = Table(store, sink, THREE)
        gid, _ = _dealt(store, table, THREE)
        _resign(store, table, "RED")
        assert game_detail(store, gid)["status"] == "playing"
        for _ in range(6):
            seat, line = _move(store, gid)
            assert table.send(seat, line)[0].reply.ok
            mails = table.deliver()
            assert all(m.to != [THREE["RED"]] for m in mails)
        for seat in ("GREEN", "BLUE"):
            g = game_detail(store, gid)
            if g["status"] == "playing":
                _resign(store, table, seat)
        g = game_detail(store, gid)
        assert g["status"] == "over"
        last = table.last("RED")
        assert "The game is over" in last.body


def _resign(store, table, seat):
    result, mid, _ = table.send(seat, "resign")
    [ask] = [m for m in table.deliver() if m.in_reply_to == mid]
    code = re.search(r"^    resign ([0-9a-f]{8})$", ask.body, re.M).group(1)
    result, mid, _ = table.send(seat, f"resign {code}", answering=ask)
    assert result.reply.ok, result.reply.text
    return table.deliver()


def test_resign_by_mail_asks_first_and_the_code_expires(store):
    """'resign' alone changes nothing and answers with the line that does it and when
    it stops working; a wrong code and a stale one change nothing; the right one
    resigns."""
    with SmtpSink() as sink:
        table = Table(store, sink, TWO)
        gid, _ = _dealt(store, table)
        before = export_text(store, gid)
        result, mid, _ = table.send("GREEN", "resign")
        [ask] = [m for m in table.deliver() if m.in_reply_to == mid]
        assert result.reply.ok and "Nothing has changed yet" in ask.body
        assert re.search(r"before \d{4}-\d\d-\d\d \d\d:\d\d UTC", ask.body)
        code = re.search(r"^    resign ([0-9a-f]{8})$", ask.body, re.M).group(1)
        assert export_text(store, gid) == before
        assert not any(s["resigned"] for s in game_detail(store, gid)["seats"])
        wrong = "0" * 8 if code != "0" * 8 else "1" * 8
        result, _, _ = table.send("GREEN", f"resign {wrong}")
        assert not result.reply.ok and export_text(store, gid) == before
        late, _ = table.write("GREEN", f"resign {code}")    # a day and more later
        assert ingest(store, late, now=time.time() + 26 * 3600).reply.ok is False
        assert export_text(store, gid) == before
        result, _, _ = table.send("GREEN", f"resign {code}")
        assert result.reply.ok, result.reply.text
        seats = {s["seat"]: s["resigned"] for s in game_detail(store, gid)["seats"]}
        assert seats == {"RED": False, "GREEN": True}
        assert "GREEN resigns" in export_text(store, gid)


def test_the_seat_page_is_linked_when_the_host_says_where_it_is(store_url):
    """With --url every invitation and notification carries the seat's own page, and
    the link opens that seat; without it no mail mentions a page. (The address, once
    given, is kept in the store: the store that has none comes first.)"""
    for url in (None, "https://games.example.org"):
        store = open_store(store_url, public_url=url)
        try:
            with SmtpSink() as sink:
                table = Table(store, sink, TWO)
                gid = create_game(store, "hawaii", TWO, host_address=HOST)
                invites = table.deliver()
                for seat in TWO:
                    assert table.send(seat, "salt pepperpepper")[0].reply.ok
                mails = invites + table.deliver()
                seat, line = _move(store, gid)
                assert table.send(seat, line)[0].reply.ok
                mails += table.deliver()
                kinds = [m for m in mails if not m.subject.startswith("Re:")]
                assert len(kinds) >= 3 * len(TWO)
                for m in kinds:
                    found = PAGE.findall(m.body)
                    if url is None:
                        assert "/seat/" not in m.body and "page" not in m.body.lower()
                        continue
                    assert len(found) == 1, m.body
                    owner = next(s for s, a in TWO.items() if m.to == [a])
                    assert seat_for_link(store, gid, found[0][1]) == owner
        finally:
            store.dispose()


def test_host_new_takes_the_url_and_refuses_what_is_not_one(store_url, capsys):
    from referee.cli import run

    args = ["host", "new", "hawaii", "--db", store_url, "--from", HOST,
            "--seat", "RED=alice@players.example", "--seat", "GREEN=bob@players.example"]
    assert run([*args, "--url", "games.example.org"]) == 2
    assert "not a web address" in capsys.readouterr().err
    assert run([*args, "--url", "https://games.example.org/"]) == 0
    gid = capsys.readouterr().out.strip()
    store = open_store(store_url)
    try:
        with SmtpSink() as sink:
            table = Table(store, sink, TWO)
            for m in table.deliver():
                [(link, token)] = PAGE.findall(m.body)
                assert seat_for_link(store, gid, token) is not None
                assert "//seat" not in link
    finally:
        store.dispose()


def test_history_and_show_fit_a_mail(store):
    """'show' draws the narrow board; 'history' gives the transcript indented, so no
    client wraps its long lines, and the text under the heading, unindented, is the
    transcript exactly."""
    with SmtpSink() as sink:
        table = Table(store, sink, TWO)
        gid, _ = _dealt(store, table)
        result, mid, _ = table.send("RED", "show\nhistory")
        [reply] = [m for m in table.deliver() if m.in_reply_to == mid]
        assert result.reply.ok and "Board, row 4 farthest" in reply.body
        block = reply.body.split("reads it as it is):\n\n")[1].split("\n\nply ")[0]
        text = "\n".join(line[4:] for line in block.split("\n")) + "\n"
        assert text == export_text(store, gid)


def test_mail_ingest_takes_the_url_from_the_environment(store_url):
    """REFEREE_URL reaches 'referee mail ingest' (an MTA pipe): the notifications the
    deal causes link each seat's page."""
    store = open_store(store_url)
    try:
        with SmtpSink() as sink:
            table = Table(store, sink, TWO)
            gid = create_game(store, "hawaii", TWO, host_address=HOST)
            table.deliver()
            env = dict(os.environ, PYTHONPATH=str(ROOT), REFEREE_URL="https://games.example.org")
            for seat in TWO:
                raw, _ = table.write(seat, "salt pepperpepper")
                done = subprocess.run([sys.executable, "-m", "referee", "mail", "ingest",
                                       "--db", store_url], input=raw, env=env, cwd=ROOT,
                                      capture_output=True, timeout=300)
                assert done.returncode == 0, done.stderr
            notes = [m for m in table.deliver() if not m.subject.startswith("Re:")]
            assert len(notes) == len(TWO)
            for m in notes:
                [(_, token)] = PAGE.findall(m.body)
                assert seat_for_link(store, gid, token) == next(
                    s for s, a in TWO.items() if m.to == [a])
    finally:
        store.dispose()
