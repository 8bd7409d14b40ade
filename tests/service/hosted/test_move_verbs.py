"""Every game publishes the verbs its moves start with (GameModule.move_verbs), so a
move mailed without its seat word is a command from the first mail a process reads,
whatever moves it has seen before (docs/mail.md)."""
from __future__ import annotations

import pytest

from referee.core import registry
from referee.replay.lines import canonical_move
from referee.service.hosted.lines import read_lines
from tests.decisions import decisions


@pytest.mark.parametrize("key", registry.keys())
def test_every_legal_move_without_its_seat_word_is_a_command(key):
    module = registry.get(key)
    assert module.move_verbs and all(v == v.lower() for v in module.move_verbs)
    seen: set[str] = set()
    for seed in range(3):
        for state, who, moves, rng in decisions(module, seed, 400):
            for move in moves if len(moves) < 60 else rng.sample(moves, 60):
                line = canonical_move(module, move, state, who).split(None, 1)[1]
                [cmd] = read_lines(f"Hi!\n{line}\nbye").commands(
                    seats=module.seats, verbs=module.move_verbs).lines
                assert cmd.kind == "verb" and cmd.text == line
                seen.add(cmd.word)
    # the list holds no verb that no move ever starts with, beyond the rare ones
    assert len(seen) >= len(module.move_verbs) - 2, (seen, module.move_verbs)
