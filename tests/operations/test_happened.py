"""``play`` says what a move set off (issue 10, rough edge 6): the sentences come from the
state JSON (referee.operations.happened.what_happened), checked here against the example
games in docs/examples, replayed up to a round end, an eruption and the end."""
from pathlib import Path


from tests.toy.helpers import run
from referee.operations.happened import what_happened
from referee.core.words import plural
from referee.operations.play import play_line

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def cut_before(tmp_path, name: str, index: int) -> tuple[Path, str]:
    """The example without its [Result], up to (not including) its move at ``index``
    (a position in the list of its lines); that move."""
    lines = [x for x in (EXAMPLES / name).read_text().splitlines() if not x.startswith("[Result")]
    path = tmp_path / name
    path.write_text("\n".join(lines[:index]) + "\n")
    return path, lines[index]


def round_end(name: str) -> int:
    """Index of the move that ends round 1: the line before the second token layout."""
    lines = [x for x in (EXAMPLES / name).read_text().splitlines() if not x.startswith("[Result")]
    tokens = [i for i, x in enumerate(lines) if x.startswith("* tokens")]
    return tokens[1] - 1


def test_plural():
    assert [plural(1, "tikis"), plural(2, "tikis"), plural(1, "feet"), plural(0, "points"),
            plural(-1, "points")] == ["1 tiki", "2 tikis", "1 foot", "0 points", "-1 point"]


def test_hawaii_round_end_scoring_income_and_points(tmp_path):
    """H-R16 (round scoring), H-R17 (income): said with each seat's numbers."""
    path, move = cut_before(tmp_path, "hawaii-2p.txt", round_end("hawaii-2p.txt"))
    played = play_line(str(path), move, dry_run=True)
    said = what_happened(played.module, played.before, played.state, played.lines)
    after = played.module.state_to_json(played.state)
    before = played.module.state_to_json(played.before)
    entry = after["history"][0]
    scoring = "Round 1 scoring: " + "; ".join(
        f"{s} tokens {entry['sums'][s]} of {entry['targets'][s]} needed, "
        f"{plural(entry['points'][s], 'points')}" for s in entry["sums"]) + "."
    assert said[0] == scoring
    income = [x for x in said if x.startswith("Income: ")]
    seat = next(iter(after["players"]))
    gained = after["players"][seat]["shells"] - before["players"][seat]["shells"]
    assert gained > 0 and f"{seat} {plural(gained, 'shells')}" in income[0]
    assert said[-1] == "Round 2 begins."


def test_haleakala_eruption_and_end(tmp_path):
    """K-R8 (the eruption destroys statues), K-R9 (points), K-R10 (winner and tie-break)."""
    lines = [x for x in (EXAMPLES / "haleakala.txt").read_text().splitlines()
             if not x.startswith("[Result")]
    path, move = cut_before(tmp_path, "haleakala.txt", len(lines) - 1)
    played = play_line(str(path), move, dry_run=True)
    said = what_happened(played.module, played.before, played.state, played.lines)
    after = played.module.state_to_json(played.state)
    last = after["scorings"][-1]
    lost = ", ".join(f"{d['seat']}'s statue on {d['space']}" for d in last["destroyed"])
    assert f"Scoring {last['n']}: the volcano erupts and destroys {lost}." in said
    result = after["result"]
    assert said[-1].startswith("The game is over: " + ", ".join(
        f"{s} {n}" for s, n in result["scores"].items()))
    assert f"{result['winners'][0]} wins" in said[-1]


def test_an_ordinary_move_sets_off_nothing(tmp_path):
    path, move = cut_before(tmp_path, "hawaii-2p.txt", round_end("hawaii-2p.txt") - 3)
    played = play_line(str(path), move, dry_run=True)
    said = what_happened(played.module, played.before, played.state, played.lines)
    assert all(x.startswith("Points: ") for x in said), said     # a spear bonus at most


def test_play_prints_it_once(tmp_path, capsys):
    lines = [x for x in (EXAMPLES / "hawaii-2p.txt").read_text().splitlines()
             if not x.startswith("[Result")]
    path, move = cut_before(tmp_path, "hawaii-2p.txt", len(lines) - 1)
    status, out, _ = run("play", path, move, capsys=capsys)
    assert status == 0 and "Final scoring: " in out
    assert out.count("The game is over: ") == 1 and "game over:" not in out


def test_what_a_move_set_off_is_said_in_the_readers_language(tmp_path):
    from referee.i18n import speaking
    path, move = cut_before(tmp_path, "hawaii-2p.txt", round_end("hawaii-2p.txt"))
    played = play_line(str(path), move, dry_run=True)
    for lang, scoring, income, begins in (
            ("fr", "Décompte de la manche 1 : ", "Revenus : ", "La manche 2 commence."),
            ("de", "Wertung der Runde 1: ", "Einkommen: ", "Runde 2 beginnt."),
            ("it", "Punteggio del turno 1: ", "Rendite: ", "Inizia il turno 2.")):
        with speaking(lang):
            said = what_happened(played.module, played.before, played.state, played.lines)
        assert said[0].startswith(scoring) and said[-1] == begins
        assert any(x.startswith(income) for x in said)
