"""Players who miss turns under the clock's ``bot`` policy, as the absence benchmark
simulates them (tests/service/absentees.py): a few short games through the hosted
entry and the clock's tick, on SQLite and PostgreSQL."""
from __future__ import annotations

import random

from referee.service.hosted.games import export_text, game_detail
from tests.service.absentees import play_absent

SEATS = {"RED": "red@players.example", "GREEN": "green@players.example",
         "BLUE": "blue@players.example"}


def test_missed_turns_are_played_by_the_bot_and_each_seat_is_told_once(store):
    missed_any = returned = 0
    for k in range(2):
        out = play_absent(store, "hawaii", SEATS, random.Random(k), miss=0.35,
                          level="random", most_steps=12)
        assert out.trouble == ""
        g = game_detail(store, out.game_id)
        assert g["status"] == "playing" and g["ply"] > out.person_moves   # it went on
        text = export_text(store, out.game_id)
        lines = text.splitlines()
        for seat, times in out.missed.items():
            # every seat hears of each handover once, and the bot moved for the seat
            assert out.told[seat] == times * len(SEATS)
            start = next(i for i, line in enumerate(lines)
                         if line.startswith(f"# {seat} held by bot random from ply"))
            assert any(line.startswith(f"{seat} ") and line.endswith("# bot random")
                       for line in lines[start:])
        assert set(out.told) == set(out.missed)
        missed_any += sum(out.missed.values())
        returned += out.returns
        assert text.count("held by its player from ply") == out.returns
    assert missed_any and returned
