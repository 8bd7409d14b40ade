"""Two bots taking the same disc back for ever (Haleakala, K-R4: a take-back is a turn,
on any turn). The record here is a real `strong` against `basic` game, cut where the
bots, knowing only the position, went round the same four moves from then on. Told
the positions the game has had, the bot plays a move that leads somewhere new; the
command line, the hosted seat and ``verify`` give it the same positions, so they
agree on the move."""
from __future__ import annotations

import shutil
from pathlib import Path

from referee.bots import bot_seed, choose
from referee.operations import bot_errors, bot_line, play_line
from referee.operations.play import bot_move_line
from referee.replay.replayer import Replay, start
from referee.transcript import items as I
from referee.transcript.reader import read_path

CUT = Path(__file__).parent / "data" / "haleakala_takeback_cycle.txt"


def _walked(path) -> Replay:
    """The replay at the end of the record, every position a seat was to move in kept."""
    rp = Replay(read_path(path))
    start(rp)
    rp.track_chain()
    rp.track_positions()
    for item in rp.transcript.items:
        if item.kind in (I.MOVE, I.CHANCE, I.CONTROL):
            rp.step(item)
    return rp


def _key_after(rp, move) -> bytes:
    after = rp.state.clone()
    after.apply(move)
    return rp.module.position_key(after)


def test_the_cut_is_a_cycle_for_a_bot_that_knows_only_the_position():
    rp = _walked(CUT)
    blind = choose(rp.module, rp.state, "strong", bot_seed(rp.chain, "strong"), rp.players)
    assert _key_after(rp, blind) in rp.positions


def test_the_bot_leaves_the_cycle_of_take_backs(tmp_path):
    rp = _walked(CUT)
    path = tmp_path / "game.txt"
    shutil.copy(CUT, path)
    played = play_line(str(path), bot_line("strong"))
    assert played.lines[-1].endswith("# bot strong")
    assert rp.module.position_key(played.state) not in rp.positions
    assert bot_errors(read_path(path)) == []          # verify agrees: the bot's own move


def test_the_hosted_seat_and_the_command_line_play_the_same_move(tmp_path):
    hosted = bot_move_line(CUT.read_bytes(), "RED", "strong")
    path = tmp_path / "game.txt"
    shutil.copy(CUT, path)
    assert play_line(str(path), bot_line("strong")).lines == hosted.lines
