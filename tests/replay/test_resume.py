"""``resume``: a check or verify carried on over the lines a later version of a transcript
adds gives the verdict of replaying that version from the start, on good games and on
forged ones, and refuses (changing nothing) whenever the earlier part is not the same."""
from pathlib import Path

import pytest

from tests.toy.helpers import run
from referee.operations.check import check_path
from referee.transcript.reader import read_text
from referee.replay.replayer import replay, resume
from referee.operations.salting import make_salt

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "docs" / "examples").glob("*.txt"))
HAWAII = next(p for p in EXAMPLES if p.name == "hawaii-2p.txt")


def verdict(rp) -> dict:
    """Everything a replay says about its transcript."""
    return {"errors": [(e.code, e.line, e.column, e.reason, e.text) for e in rp.errors],
            "state": None if rp.state is None else rp._json(), "moves": rp.moves,
            "draws": rp.draws, "ply": rp.ply, "chain": rp.chain, "acts": rp.acts,
            "key": rp.last_key, "history": rp.history, "stopped": rp.stopped_at,
            "checks": [(c.item.line, c.passed) for c in rp.checks], "reached": rp.reached}


def without_result(text: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True)
                   if not line.startswith("[Result"))


def body_start(text: str) -> int:
    """The number of lines up to the blank line after the header."""
    return text.split("\n").index("") + 1


def versions(text: str, cuts: int = 4) -> list[str]:
    """Earlier versions of ``text``: its header and the first lines of its body."""
    lines = text.split("\n")
    first = body_start(text)
    body = len(lines) - first
    return ["\n".join(lines[:first + body * k // cuts]) + "\n" for k in range(cuts)]


def committed_game(tmp_path, capsys) -> str:
    """A hmac-sha256/1 game dealt from a [Commit] to its end (without its [Result], so
    that its first lines are a game in play): every chance line reveals a key of the
    commitment's hash chain."""
    path = tmp_path / "g.txt"
    assert run("new", "toy", "--players", "red,green", "-o", path, capsys=capsys)[0] == 0
    salts = {"RED": make_salt("red"), "GREEN": make_salt("green")}
    for k in (0, 1):
        for seat in ("RED", "GREEN"):
            assert run("play", path, salts[seat][k], capsys=capsys)[0] == 0
    for _ in range(40):
        seat = check_path(str(path)).to_move
        if seat is None:
            break
        assert run("play", path, f"{seat} adds 1", capsys=capsys)[0] == 0
    text = path.read_text()
    assert text.count("key=") >= 4 and "[Seed" not in text
    return without_result(text)


def resumed(early: str, late: str, *, deal_check: bool) -> tuple[bool, dict]:
    rp = replay(read_text(early, "g.txt"), deal_check=deal_check)
    assert rp.ok, [e.reason for e in rp.errors]
    ok = resume(rp, read_text(late, "g.txt"))
    return ok, verdict(rp)


def full(text: str, *, deal_check: bool) -> dict:
    return verdict(replay(read_text(text, "g.txt"), deal_check=deal_check))


@pytest.mark.parametrize("deal_check", [False, True])
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_resuming_an_example_is_replaying_it(example, deal_check):
    text = without_result(example.read_text())
    for early in versions(text):
        ok, got = resumed(early, text, deal_check=deal_check)
        assert ok and got == full(text, deal_check=deal_check)


@pytest.mark.parametrize("deal_check", [False, True])
def test_step_by_step_to_the_end_checks_the_result_too(deal_check):
    """Up to a line, then line by line, then to the end: the [Result] is checked at the end."""
    text = HAWAII.read_text()
    t = read_text(text, "g.txt")
    rp = replay(t, until=body_start(text) + 5, deal_check=deal_check)
    for item in t.items[-6:]:
        assert resume(rp, t, until=item.line)
    assert resume(rp, t)
    assert verdict(rp) == full(text, deal_check=deal_check)
    wrong = text.replace("[Result \"", "[Result \"RED 1; ", 1)
    rp = replay(read_text(wrong, "g.txt"), until=body_start(text) + 5, deal_check=deal_check)
    assert resume(rp, read_text(wrong, "g.txt"))
    assert not rp.ok and verdict(rp) == full(wrong, deal_check=deal_check)


def test_a_committed_game_resumes_through_its_key_chain(tmp_path, capsys):
    text = committed_game(tmp_path, capsys)
    for early in versions(text, 6)[1:]:
        for deal_check in (False, True):
            ok, got = resumed(early, text, deal_check=deal_check)
            assert ok and got == full(text, deal_check=deal_check)
    assert full(text, deal_check=True)["errors"] == []


def forgeries(text: str) -> list[str]:
    """The game with its last chance line's draw changed, then with its key changed."""
    lines = text.split("\n")
    at = max(i for i, line in enumerate(lines) if line.startswith("*"))
    body, key = lines[at].rsplit(" key=", 1)
    other = next(w for w in ("1", "2") if not body.endswith(" " + w))
    drawn = lines[:at] + [body.rsplit(" ", 1)[0] + f" {other} key={key}"] + lines[at + 1:]
    keyed = lines[:at] + [f"{body} key={'0' * 64}"] + lines[at + 1:]
    return ["\n".join(drawn), "\n".join(keyed)]


def test_a_forged_line_in_what_is_added_fails_as_in_a_whole_verify(tmp_path, capsys):
    text = committed_game(tmp_path, capsys)
    last_chance = max(i for i, line in enumerate(text.split("\n")) if line.startswith("*"))
    early = "\n".join(text.split("\n")[:last_chance]) + "\n"
    reasons = []
    for forged in forgeries(text):
        whole = full(forged, deal_check=True)
        assert whole["errors"], "the forgery must fail a whole verify"
        ok, got = resumed(early, forged, deal_check=True)
        assert ok and got == whole
        reasons.append(whole["errors"][0][3])
    assert "deals" in reasons[0] and "does not hash" in reasons[1]


def test_a_forged_line_in_what_was_verified_is_not_resumed(tmp_path, capsys):
    """A history changed in place (a store's rows edited) makes resume refuse, so the
    caller replays it all and sees the forgery."""
    text = committed_game(tmp_path, capsys)
    rp = replay(read_text(text, "g.txt"), deal_check=True)
    before = verdict(rp)
    for forged in forgeries(text):
        longer = forged + "\n# a comment after it\n"
        assert not resume(rp, read_text(longer, "g.txt"))
        assert verdict(rp) == before
        assert full(longer, deal_check=True)["errors"]


def test_what_is_not_a_later_version_is_refused(tmp_path, capsys):
    text = without_result(HAWAII.read_text())
    early = versions(text)[2]
    lines = early.rstrip("\n").split("\n")
    refused = {
        "a tag added": early.replace("\n\n", '\n[Event "x"]\n\n', 1) + "# more\n",
        "a line taken away": "\n".join(lines[:-1]) + "\n",
        "a line changed": "\n".join(lines[:-1] + [lines[-1] + "  # ok"]) + "\n",
    }
    rp = replay(read_text(early, "g.txt"), deal_check=True)
    before = verdict(rp)
    for what, later in refused.items():
        assert not resume(rp, read_text(later, "g.txt")), what
        assert verdict(rp) == before, what
    t = read_text(text, "g.txt")
    assert not resume(rp, t, until=rp.reached - 1)
    head, body = lines[:body_start(early)], lines[body_start(early):]
    spaced = "\n".join(head + body[:1] + [""] + body[1:]) + "\n"
    garbled = "\n".join(head + body[:1] + ["???"] + body[1:]) + "\n# more\n"
    assert read_text(garbled).items[:len(body)] == read_text(spaced).items
    rp = replay(read_text(spaced, "g.txt"))
    assert rp.ok and not resume(rp, read_text(garbled, "g.txt"))
    broken = replay(read_text(early.replace("\n\n", "\n\nRED adds nothing\n", 1), "g.txt"))
    assert not broken.ok and not resume(broken, t)


def test_a_takeback_of_a_move_already_replayed_gives_the_same_position():
    text = without_result(HAWAII.read_text())
    lines = text.rstrip("\n").split("\n")
    at = [i for i, line in enumerate(lines) if line.startswith("RED moves")][5]
    seat = "RED"
    early = "\n".join(lines[:at + 1]) + "\n"
    later = early + f"{seat} takes back  # agreed\n{lines[at]}\n"
    for deal_check in (False, True):
        ok, got = resumed(early, later, deal_check=deal_check)
        assert ok and got == full(later, deal_check=deal_check)
        rp = replay(read_text(early, "g.txt"), until=at, deal_check=deal_check)
        assert resume(rp, read_text(early, "g.txt"))      # the move, kept for a takeback
        assert resume(rp, read_text(later, "g.txt"))
        assert verdict(rp) == full(later, deal_check=deal_check)
