"""The move builder (referee/core/builder.py) over every registered game: on positions of
random games, every path of choices ends in a legal move, every legal move is reachable,
a choice printed back in (in any case) leads on, and the command line speaks it."""
from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from referee.core import CHANCE, registry
from referee.core.builder import Complete, Step, build, fold
from referee.errors import BadChoiceError

GAMES = registry.keys()


def positions(key: str, games: int, every: int, seed: int):
    """(module, state) at every ``every``-th decision of ``games`` random games."""
    module = registry.get(key)
    rng = random.Random(seed)
    for _ in range(games):
        state = module.new_state(list(module.seats[:module.max_players]))
        n = 0
        while (who := state.current_player()) is not None:
            if who == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if n % every == 0:
                yield module, state
            n += 1
            state.apply(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("key", GAMES)
def test_every_legal_move_has_its_own_path_and_none_is_the_start_of_another(key):
    for module, state in positions(key, games=2, every=3, seed=11):
        moves = list(state.legal_moves())
        paths = {}
        for m in moves:
            path = tuple((name, fold(label)) for name, label in module.move_path(m, state))
            assert path and path not in paths, (m, paths.get(path))
            paths[path] = m
        firsts = {p[:k] for p in paths for k in range(1, len(p))}
        assert not firsts & set(paths), "a move's path is the start of another's"
        rng = random.Random(len(moves))
        for m in rng.sample(moves, min(15, len(moves))):
            labels = [label for _, label in module.move_path(m, state)]
            done = build(moves, lambda x: module.move_path(x, state), labels)
            assert isinstance(done, Complete) and done.move == m


@pytest.mark.parametrize("key", GAMES)
def test_the_paths_made_all_at_once_are_each_moves_own(key):
    from referee.operations import move_rows
    for module, state in positions(key, games=2, every=2, seed=31):
        moves = list(state.legal_moves())
        alone = [tuple(module.move_path(m, state)) for m in moves]
        assert list(module.move_paths(moves, state)) == alone
        assert list(module.move_paths(state.legal_moves(), state)) == alone   # lazily listed
        rows = move_rows(module, state)
        assert rows == list(zip(alone, range(len(moves))))      # each move made when named
        assert [rows.move(i) for _, i in rows] == moves


@pytest.mark.parametrize("key", GAMES)
def test_every_walk_of_choices_ends_in_a_legal_move(key):
    rng = random.Random(5)
    for module, state in positions(key, games=2, every=4, seed=23):
        moves = list(state.legal_moves())
        path_of = lambda x: module.move_path(x, state)  # noqa: E731
        chosen: list[str] = []
        while True:
            step = build(moves, path_of, chosen)
            if isinstance(step, Complete):
                break
            total = sum(c.moves for c in step.choices)
            again = build(moves, path_of, list(step.made))      # what it printed, back in
            assert isinstance(again, Step) and again.choices == step.choices
            assert len(step.choices) > 1 and all(c.moves > 0 for c in step.choices)
            assert total == len([m for m in moves if _under(module, state, m, step.made)])
            pick = rng.choice(step.choices).label
            chosen = list(step.made) + [pick.upper() if rng.random() < 0.5 else pick]
        assert step.move in moves


def _under(module, state, move, made) -> bool:
    labels = [fold(label) for _, label in module.move_path(move, state)]
    return labels[:len(made)] == [fold(x) for x in made]


def test_a_choice_the_step_does_not_offer_is_refused_with_the_offer():
    module, state = next(positions("hawaii", games=1, every=1, seed=2))
    moves = list(state.legal_moves())
    with pytest.raises(BadChoiceError) as exc:
        build(moves, lambda x: module.move_path(x, state), ["nowhere-at-all"])
    assert exc.value.code == "bad-choice" and "offers" in exc.value.reason


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True,
                          text=True, timeout=120)


def test_moves_steps_on_the_command_line(tmp_path):
    game = tmp_path / "g.txt"
    assert _run("new", "hawaii", "--players", "red,green", "--seed", "42", "-o", str(game)).returncode == 0
    first = _run("moves", str(game), "--steps")
    assert first.returncode == 0, first.stderr
    lines = [x for x in first.stdout.splitlines() if not x.startswith("#")]
    assert lines and all(x.rstrip().endswith(("move)", "moves)")) for x in lines)
    data = json.loads(_run("moves", str(game), "--steps", "--format", "json").stdout)
    assert data["step"] and sum(c["moves"] for c in data["choices"]) > 1
    chosen: list[str] = []
    while "move" not in data:               # each choice printed back in, lower case
        chosen.append(data["choices"][-1]["choice"].lower())
        data = json.loads(_run("moves", str(game), "--steps", *chosen, "--format", "json").stdout)
    played = _run("play", str(game), data["move"])
    assert played.returncode == 0, played.stderr
    bad = _run("moves", str(game), "--steps", "nowhere")
    assert bad.returncode == 1 and "bad-choice" in bad.stderr
    assert _run("moves", str(game), "--limit", "x").returncode == 2


def test_any_text_as_a_choice_is_a_bad_choice_or_a_step_never_a_crash():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    module, state = next(positions("hawaii", games=1, every=1, seed=2))
    moves = list(state.legal_moves())
    path_of = lambda x: module.move_path(x, state)  # noqa: E731

    @settings(max_examples=200, deadline=None)
    @given(st.lists(st.text(max_size=60), max_size=4))
    def run(chosen):
        try:
            done = build(moves, path_of, chosen)
        except BadChoiceError as err:
            assert len(err.reason) < 2000
            return
        assert isinstance(done, (Step, Complete))
    run()


def test_two_spellings_of_one_choice_are_one_choice_with_their_moves_in_order():
    from referee.core.builder import build_rows
    rows = [((("where", "A1"), ("what", "hula")), 1), ((("where", "B1"), ("what", "hula")), 2),
            ((("where", "a1 "), ("what", "surfer")), 3), ((("where", "A1"), ("what", "taro")), 4)]
    step = build_rows(rows)
    assert [(c.label, c.moves) for c in step.choices] == [("A1", 3), ("B1", 1)]
    assert [(c.label, c.moves) for c in build_rows(rows, ["a1"]).choices] == \
        [("hula", 1), ("surfer", 1), ("taro", 1)]


@pytest.mark.parametrize("key", GAMES)
def test_rows_that_remember_their_steps_answer_as_a_plain_list_does(key):
    from referee.core.builder import build_rows
    from referee.operations import move_rows

    def answer(rows, chosen):
        try:
            return build_rows(rows, chosen)
        except BadChoiceError as err:
            return err.reason, err.hint

    rng = random.Random(9)
    for module, state in positions(key, games=1, every=3, seed=41):
        rows = move_rows(module, state)
        plain = [(path, rows.move(i)) for path, i in rows]
        chosen: list[str] = []
        for _ in range(12):
            for asked in (chosen, chosen[:-1], [*chosen, "nowhere"], chosen):
                assert answer(rows, asked) == answer(plain, asked), asked
            step = answer(plain, chosen)
            if isinstance(step, Complete):
                chosen = []
                continue
            pick = rng.choice(step.choices).label
            chosen = [*chosen, pick.upper() if rng.random() < 0.5 else pick]


def test_choices_typed_unquoted_read_as_the_mail_reads_them(tmp_path):
    """A choice of several words ("order track", "token 6s") typed as separate words on
    the command line is read as one choice, and choices alone ask the builder."""
    game = tmp_path / "g.txt"
    assert _run("new", "hawaii", "--players", "red,green", "--seed", "42", "-o", str(game)).returncode == 0
    quoted = _run("moves", str(game), "--steps", "order track", "--format", "json")
    assert quoted.returncode == 0, quoted.stderr
    unquoted = _run("moves", str(game), "order", "track", "--format", "json")
    assert unquoted.returncode == 0, unquoted.stderr
    assert json.loads(unquoted.stdout) == json.loads(quoted.stdout)
    whole = _run("moves", str(game), "B4", "tiki", "x1", "token", "6s", "move", "4", "feet,",
                 "tile", "6", "shells")
    assert whole.returncode == 0, whole.stderr
    assert whole.stdout.strip() == "GREEN moves beach->B4, buys tiki x1 with token 6s"
