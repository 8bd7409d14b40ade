"""Mutated transcripts of every game and hostile play arguments through the command
line, in-process: never an internal error or a traceback, and a rejected play leaves
the file as it was. benchmarks/fuzz_long.py runs the same at length."""
import random

import pytest

from tests.toy import mutations as M
from tests.toy.helpers import real_games, seats


def test_every_game_has_an_example_to_mutate():
    """mutations.SEEDS holds a real game of each title: a new title without one fails
    here rather than escaping the tests below."""
    assert set(real_games()) <= set(M.SEEDS)


@pytest.mark.parametrize("game", real_games())
def test_mutated_transcripts_get_errors_never_crashes(tmp_path, game):
    rng = random.Random(f"fuzz-{game}")
    path = tmp_path / "game.txt"
    broken = [why for why in (M.check_mutant(path, M.mutated_transcript(rng, game))
                              for _ in range(150)) if why]
    assert broken == []


def test_the_hostile_pieces_themselves_reach_every_reader(tmp_path):
    path = tmp_path / "game.txt"
    for game in real_games():
        head = M.seed_lines(game, 12)
        for piece in M.HOSTILE:
            for line in (piece, f"RED {piece}", f"* {piece}", f'[{piece} "x"]', f"? {piece} = 1"):
                data = "\n".join(head + [line]).encode("utf-8", "surrogatepass")
                assert M.check_mutant(path, data) is None
    path.write_bytes(b"\xff\xfe\x00[Game \x80\"Hawaii\"]\n" + b"\xc3(" * 100)
    assert M.check_mutant(path, path.read_bytes()) is None


@pytest.mark.parametrize("game", real_games())
def test_hostile_play_arguments_change_nothing(tmp_path, game):
    rng = random.Random(f"play-{game}")
    path = tmp_path / "game.txt"
    assert M.run_cli(["new", game, "--players", seats(game), "--seed", "3", "-o", path])[0] == 0
    legal = M.legal_lines_of(path)
    assert legal
    broken = []
    for _ in range(100):
        why = M.play_hostile(path, M.hostile_move(rng, legal), rng.choice(M.PLAY_EXTRAS))
        if why:
            broken.append(why)
    for move in M.HOSTILE + ["", " ", "\n", "RED " + "9" * 1999, "-" * 3000]:
        why = M.play_hostile(path, move)
        if why:
            broken.append(why)
    assert broken == []
