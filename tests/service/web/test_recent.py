"""The game page's last moves say what each set off, in the transcript layer's words
(referee.operations.happened.what_happened), and the page's latest position, last moves,
check and verify, carried on from one version of a game to the next, are what they
are when the version is replayed from its first line."""
from __future__ import annotations

from pathlib import Path

from referee.operations.happened import what_happened
from referee.replay import PLY_KINDS
from referee.transcript.reader import read_text
from referee.replay.replayer import replay
from referee.transcript import join_text, split_text
from referee.service.web import positions, replays

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "examples" / "hawaii-5p.txt"


def _recent(game_id: str, text: str) -> list:
    return replays.carried(game_id, text, lambda check, verify, recent: recent)


def test_recent_moves_carry_what_happened_step_by_step():
    text = EXAMPLE.read_text()
    recent = _recent("test-recent", text)
    transcript = read_text(text, "<game>")
    plied = [i for i in transcript.items if i.kind in PLY_KINDS]
    n = replays.RECENT
    assert len(recent) == n and recent[-1].ply == len(plied)
    rp = replay(transcript, until=plied[-n].line - 1)
    for entry, item in zip(recent, plied[-n:]):
        before = rp.state.clone()
        rp.step(item)
        assert entry.did == what_happened(rp.module, before, rp.state, [item.text])
    assert any(entry.did for entry in recent)      # the game's end at least says something


def _versions(text: str, step: int = 7) -> list[str]:
    """The game as it stood every ``step`` lines (no [Result] until the last)."""
    header, body = split_text(text)
    playing = "".join(line + "\n" for line in header.splitlines() if not line.startswith("[Result"))
    return [join_text(playing, body[:k]) for k in range(0, len(body), step)] + [text]


def _verdicts(check, verify) -> tuple:
    return ([(e.code, e.line, e.reason) for e in check.errors], check.moves, check.draws,
            check.module.render(check.state, "text"), check.module.render(check.state, "svg"),
            [(e.code, e.line, e.reason) for e in verify.errors], verify.draws, verify.chain)


def _seen(game_id: str, text: str):
    """What the page is shown: the check and verify verdicts and the last moves."""
    def use(check, verify, recent):
        return _verdicts(check, verify) + ([(r.ply, r.text, r.did) for r in recent],)
    return replays.carried(game_id, text, use)


def _direct(text: str) -> tuple:
    """``referee check`` and ``referee verify`` of the text, each a replay of its own."""
    transcript = read_text(text, "game.txt")
    return _verdicts(replay(transcript), replay(transcript, deal_check=True))


def _committed(text: str) -> str:
    """The game as it stood while its seed was still a secret (a legacy [Commit])."""
    from referee.replay.commit import commitment
    seed = read_text(text).tag("Seed")
    return text.replace(f'[Seed "{seed}"]', f'[Commit "{commitment(seed)}"]')


def test_a_game_followed_move_by_move_is_seen_as_replayed_from_scratch():
    """Each version carried on from the one before gives what a fresh process sees, and
    that is what check and verify say of it; also while verify cannot pass yet."""
    text = EXAMPLE.read_text()
    for game, versions in (("test-seed", _versions(text)),
                           ("test-commit", _versions(_committed(text))[:-1])):
        for version in versions:
            carried = _seen(game, version)
            assert carried[:-1] == _direct(version)
            replays.forget()
            assert carried == _seen("test-fresh", version)
            _seen(game, version)      # the fresh look dropped it: follow it again
        if game == "test-seed":
            assert carried[0] == [] and carried[5] == []     # checks and verifies
        else:
            assert carried[0] == [] and "not revealed" in carried[5][0][2]


def test_a_history_changed_in_place_is_replayed_from_the_start():
    text = EXAMPLE.read_text()
    first = _seen("test-changed", text)
    order = next(line for line in text.splitlines() if line.startswith("* order"))
    seats = order.split()[2:]
    forged = text.replace(order, "* order " + " ".join(seats[1:] + seats[:1]))
    changed = _seen("test-changed", forged + "# a comment after it\n")
    assert first[0] == [] and changed[0] and changed[5]        # check and verify fail
    assert changed[:-1] == _direct(forged + "# a comment after it\n")
    replays.forget()
    assert changed == _seen("test-changed", forged + "# a comment after it\n")


def test_latest_views_are_drawn_once_per_text_and_chain_head():
    text = EXAMPLE.read_text()
    items = [{"ply": None, "seq": 0, "text": ""}]
    detail = {"id": "test-latest", "text": text, "items": items, "ply": 0, "replay": None}
    one = positions.latest(detail)
    assert positions.latest(dict(detail)) is one
    recent, audit = positions.audited("test-latest", text, None)
    assert positions.audited("test-latest", text, None)[1] is audit
    other = positions.audited("test-latest", text, "0" * 64)[1]
    assert other is not audit and not other.chain_matches
    assert audit.checks and audit.check_note.startswith("replays cleanly")
