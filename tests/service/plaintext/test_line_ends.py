"""Every channel cuts a player's text into lines one way (plaintext/line_ends.py
``split_lines``): at \\n, \\r\\n and \\r only; the other breaks str.splitlines knows
(U+2028, U+0085, ...) are spaces inside a line. So a line that seems one line is one
command, and the ply it carries (``#N``, the web page's guard) still guards it."""
from __future__ import annotations

from referee.operations import legal_lines
from referee.service.hosted.entry import submit
from referee.service.hosted.games import export_text, game_detail
from referee.service.hosted.session import replay_text
from referee.service.store import open_store
from tests.service.hostkit import Table
from tests.service.mailservers import SmtpSink

# what str.splitlines breaks at besides \n and \r: inside a line, on every channel
OTHER_BREAKS = "\v\f\x1c\x1d\x1e\x85\u2028\u2029"
SEATS = {"RED": "red@players.example", "GREEN": "green@players.example"}


def _first_move(store, gid: str) -> str:
    rp = replay_text(export_text(store, gid), gid)
    return legal_lines(rp.module, rp.state, 1)[1][0]


def test_a_mail_line_with_a_hidden_break_is_one_line_and_keeps_its_guard(tmp_path):
    store = open_store(f"sqlite:///{tmp_path / 'referee.db'}")
    with SmtpSink() as sink:
        table = Table(store, sink, SEATS)
        gid = table.start()
        g = game_detail(store, gid)
        move = _first_move(store, gid)
        for sep in OTHER_BREAKS:
            table.deliver()
            # a move after a break, with a stale guard: one stale move, never played
            reply = table.send(g["to_move"], f"{move}{sep}{move} #{g['ply'] - 1}",
                               client="plain")[0].reply
            assert not reply.ok and "stale-ply" in reply.text, (repr(sep), reply.text)
            assert game_detail(store, gid)["ply"] == g["ply"], repr(sep)
    store.dispose()


def test_submit_reads_a_hidden_break_as_a_space(tmp_path):
    """The web page's box and any other caller of submit: one line, one guard."""
    store = open_store(f"sqlite:///{tmp_path / 'referee.db'}")
    with SmtpSink() as sink:
        gid = Table(store, sink, SEATS).start()
    g = game_detail(store, gid)
    move = _first_move(store, gid)
    for sep in OTHER_BREAKS:
        reply = submit(store, gid, g["to_move"], f"show{sep}{move}", via="web",
                       expect_ply=g["ply"] - 1)
        assert not reply.ok and len(reply.verdicts) == 1, repr(sep)
        assert game_detail(store, gid)["ply"] == g["ply"], repr(sep)
    reply = submit(store, gid, g["to_move"], f"show\r{move}", via="web", expect_ply=g["ply"])
    assert reply.ok and [v.command for v in reply.verdicts] == ["show", move]
    store.dispose()
