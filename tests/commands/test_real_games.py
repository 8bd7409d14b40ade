"""The transcript machinery against the real game modules, once they exist.

Skipped while a title's GameModule is missing, so this file can land before them.
"""
import importlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.toy.helpers import real_games, run
from referee.core import registry
from referee.operations.check import check_path, check_text
from referee.operations.report import format_errors

GAMES = [(key, min(3, registry.get(key).max_players)) for key in real_games()]


def module_or_skip(key):
    try:
        return importlib.import_module(f"referee.{key}.module").MODULE
    except ImportError as exc:
        pytest.skip(f"referee.{key}.module not available: {exc}")


@pytest.fixture(scope="module")
def corpora(tmp_path_factory):
    out = {}
    for key, players in GAMES:
        try:
            importlib.import_module(f"referee.{key}.module")
        except ImportError:
            continue
        d = tmp_path_factory.mktemp(key)
        from referee.cli import run as run_cli
        assert run_cli(["selfplay", key, "--players", str(players), "--games", "3",
                        "--seed", "t", "-o", str(d)]) == 0
        out[key] = sorted(d.iterdir())
    return out


@pytest.mark.parametrize("key,players", GAMES)
def test_selfplay_transcripts_replay(key, players, corpora):
    module_or_skip(key)
    for path in corpora[key]:
        rp = check_path(str(path))
        assert rp.ok, format_errors(rp.errors)
        assert rp.to_move is None and rp.moves > 0


@pytest.mark.parametrize("key,players", GAMES)
def test_new_then_play_every_first_legal_move(key, players, tmp_path, capsys):
    module = module_or_skip(key)
    path = tmp_path / "g.txt"
    seats = ",".join(list(module.seats)[:players])
    assert run("new", key, "--players", seats, "--seed", "p", "-o", path)[0] == 0
    from referee.operations.listing import legal_lines
    from referee.operations.play import play_line
    for _ in range(15):
        rp = check_path(str(path))
        assert rp.ok, format_errors(rp.errors)
        if rp.to_move is None:
            break
        _, lines, _ = legal_lines(rp.module, rp.state, 1)
        before = path.read_bytes()
        played = play_line(str(path), lines[0])
        assert played.lines[0] == lines[0]
        assert path.read_bytes().startswith(before)
    assert check_path(str(path)).ok


@pytest.mark.parametrize("key,players", GAMES)
def test_show_and_assert_round_trip(key, players, corpora):
    module = module_or_skip(key)
    path = corpora[key][0]
    rp = check_path(str(path), until=20)
    data = module.state_to_json(rp.state)
    text = [t for t in path.read_text().splitlines()[:20] if not t.startswith("[Result")]
    probes = [f"? {k} = {v}" for k, v in data.items() if isinstance(v, (int, str)) and v != ""
              and " " not in str(v)]
    rp = check_text("\n".join(text + probes) + "\n")
    assert rp.ok, format_errors(rp.errors)


_FUZZ = st.lists(st.tuples(st.integers(0, 2), st.integers(0, 10_000),
                           st.sampled_from(list("ABC123->,. sx#*?![]\"") + ["moves", "II"])),
                 min_size=1, max_size=4)


@pytest.mark.parametrize("key,players", GAMES)
def test_mutated_real_transcripts_never_crash(key, players, corpora):
    module_or_skip(key)
    from tests.toy.mutations import assert_well_formed, mutate
    source = corpora[key][0].read_text()

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(_FUZZ, st.integers(0, 10_000))
    def fuzz(ops, cut):
        lines = source.splitlines()
        at = 6 + cut % max(1, len(lines) - 6)
        lines[at:] = [mutate(lines[at], ops)] + lines[at + 1:at + 4]
        assert_well_formed("\n".join(lines) + "\n")

    fuzz()


@pytest.mark.parametrize("key,players", GAMES)
def test_state_json_round_trip_is_a_faithful_cache(key, players, corpora):
    """play restores its state from the JSON cache: it must go on exactly like the replay."""
    from referee.transcript import items as I
    from referee.transcript.reader import read_path
    from referee.replay.replayer import Replay, replay
    module = module_or_skip(key)
    for path in corpora[key][:2]:
        transcript = read_path(str(path))
        steps = [it for it in transcript.items if it.kind in (I.MOVE, I.CHANCE)]
        for cut in range(0, len(steps), 9):
            rp = replay(transcript, until=steps[cut].line - 1)
            assert rp.ok
            data = module.state_to_json(rp.state)
            copy = Replay(transcript, module, rp.players, rp.rules, module.state_from_json(data))
            assert module.state_to_json(copy.state) == data
            from referee.operations.listing import legal_lines
            assert legal_lines(module, copy.state, 40) == legal_lines(module, rp.state, 40)
            for item in steps[cut:cut + 6]:
                rp.step(item)
                copy.step(item)
                assert module.state_to_json(copy.state) == module.state_to_json(rp.state)
