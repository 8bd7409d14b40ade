"""A move in the player's own words, by mail and on the web page, read as `referee play`
reads it (docs/mail.md "Moves in your own words"): a mail without a move line offers its
chatter to the free reader; one line read is the move, two play nothing."""
from __future__ import annotations

from referee.core.game import CHANCE
from referee.service.hosted.games import export_text, list_games
from referee.service.hosted.session import replay_text
from referee.service.hosted.entry import submit
from tests.service.hostkit import HOST, Table
from tests.service.mailservers import SmtpSink

SEATS = {"RED": "alice@players.example", "GREEN": "bob@players.example"}


def _host(store, store_url, capsys) -> str:
    from referee.cli import run

    args = ["host", "new", "hawaii", "--db", store_url, "--from", HOST]
    for seat, address in SEATS.items():
        args += ["--seat", f"{seat}={address}"]
    capsys.readouterr()
    assert run(args) == 0
    return capsys.readouterr().out.strip()


def _free_spaces(store, gid) -> tuple[str, list[int]]:
    state = replay_text(export_text(store, gid), gid).state
    who = state.current_player()
    assert who not in (None, CHANCE)
    taken = {m.space for m in state.legal_moves() if type(m).__name__ == "TakeOrder"}
    return who, sorted(taken)


def _ply(store, gid) -> int:
    return next(g for g in list_games(store) if g["id"] == gid)["ply"]


def _dealt(store, store_url, capsys, sink) -> tuple[str, Table]:
    """A hosted game whose seats have all replied to their invitations."""
    gid = _host(store, store_url, capsys)
    table = Table(store, sink, SEATS)
    table.deliver()
    for seat in SEATS:
        result, _, _ = table.send(seat, "Count me in!")
        assert result.reply.ok, result.reply.text
        table.deliver()
    return gid, table


def test_moves_in_words_by_mail_and_on_the_web(store, store_url, capsys):
    with SmtpSink() as sink:
        gid, table = _dealt(store, store_url, capsys, sink)

        who, spaces = _free_spaces(store, gid)
        text = f"Hi all, here is my move:\n\nput me on order space {spaces[0]}\n\ngood luck!"
        result, _, _ = table.send(who, text)
        assert result.reply.ok, result.reply.text
        assert result.reply.lines[0] == f"{who} takes order {spaces[0]}"
        assert result.reply.ignored == ["Hi all, here is my move:", "good luck!"]
        table.deliver()

        who, spaces = _free_spaces(store, gid)
        ply = _ply(store, gid)
        two = f"I take order space {spaces[0]}\nput me on order space {spaces[-1]} please"
        result, _, _ = table.send(who, two)
        assert not result.reply.ok
        assert [v.code for v in result.reply.verdicts] == ["ambiguous-move"]
        assert "nothing was played" in result.reply.text and _ply(store, gid) == ply
        table.deliver()

        reply = submit(store, gid, who, f"put me on order space {spaces[-1]}", via="web")
        assert reply.ok and reply.lines[0] == f"{who} takes order {spaces[-1]}"
        assert _ply(store, gid) > ply


def test_which_chatter_lines_are_move_attempts(store, store_url, capsys):
    from referee.service.hosted.free_moves import attempts
    from referee.service.hosted.session import Session

    with SmtpSink() as sink:
        gid, _ = _dealt(store, store_url, capsys, sink)
        who, spaces = _free_spaces(store, gid)
        other = next(s for s in SEATS if s != who)
        lines = ["Hi all, here is my move:", "good luck!", "# 2 is my lucky number",
                 "42", f"put me on order space {spaces[0]}", "buy a kahuna with the 9"]
        with store.write() as conn:
            mine = attempts(Session(store, conn, gid, who, via="mail", now=0.0), lines)
            theirs = attempts(Session(store, conn, gid, other, via="mail", now=0.0), lines)
        assert mine == [f"put me on order space {spaces[0]}", "buy a kahuna with the 9"]
        assert theirs == mine              # answered "not your turn", not ignored
