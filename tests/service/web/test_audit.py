"""The game page's audit is the verdict of the exact export it shows, the first view after
a move included: a game whose rows are changed in the database behind the host's back
stops verifying on the page at once, though the page had followed it move by move."""
from __future__ import annotations

import re

from sqlalchemy import select, update

from referee.service.store import schema as S
from referee.service.hosted.entry import submit

OK_VERIFY = "every draw is the one its [Seed] deals"


def _audit(client, gid: str) -> str:
    r = client.get(f"/game/{gid}")
    assert r.status_code == 200
    return re.search(r'<ul class="audit">.*?</ul>', r.text, re.S).group(0)


def _play(hosted) -> None:
    from referee.operations.check import check_text
    from referee.operations.listing import legal_lines

    detail = hosted.detail()
    rp = check_text(detail["text"])
    _, lines, _ = legal_lines(rp.module, rp.state, 1)
    reply = submit(hosted.store, hosted.live, detail["to_move"], lines[0], via="web")
    assert reply.ok, reply.text


def _rows(hosted):
    with hosted.store.read() as conn:
        return list(conn.execute(select(S.log).where(S.log.c.game_id == hosted.live)
                                 .order_by(S.log.c.seq)).mappings())


def test_a_log_row_changed_in_the_database_fails_verify_on_the_next_view(client, hosted):
    for _ in range(3):                      # the page follows the game move by move
        assert OK_VERIFY in _audit(client, hosted.live)
        _play(hosted)
    audit = _audit(client, hosted.live)
    assert OK_VERIFY in audit and "replays cleanly" in audit
    row = next(r for r in _rows(hosted) if r["text"].startswith("* order"))
    seats = row["text"].split()[2:]
    with hosted.store.write() as conn:
        conn.execute(update(S.log).where(S.log.c.game_id == hosted.live, S.log.c.seq == row["seq"])
                     .values(text="* order " + " ".join(reversed(seats))))
    audit = _audit(client, hosted.live)
    assert OK_VERIFY not in audit and "replays cleanly" not in audit
    assert "Verify: <span class=\"bad\">fails</span>" in audit
    assert "(differs!)" in audit            # the chain head recomputed from the rows


def test_a_seed_changed_in_the_database_fails_verify_though_the_moves_check(client, hosted):
    """The [Seed] is not in the chain and every draw is still a possible one: only
    verify can tell, and the page runs it on this very export."""
    assert OK_VERIFY in _audit(client, hosted.live)
    _play(hosted)
    assert OK_VERIFY in _audit(client, hosted.live)
    with hosted.store.write() as conn:
        header = conn.execute(select(S.games.c.header).where(S.games.c.id == hosted.live)).scalar()
        conn.execute(update(S.games).where(S.games.c.id == hosted.live)
                     .values(header=re.sub(r'\[Seed "[^"]*"\]', '[Seed "forged"]', header)))
    audit = _audit(client, hosted.live)
    assert "replays cleanly" in audit and "the same head recomputed" in audit
    assert OK_VERIFY not in audit and "Verify: <span class=\"bad\">fails</span>" in audit
    assert "deals" in audit


def test_a_row_added_in_the_database_is_checked_and_verified_on_the_next_view(client, hosted):
    """A line appended behind the host's back is carried on over like a move: checked."""
    assert OK_VERIFY in _audit(client, hosted.live)
    last = _rows(hosted)[-1]
    with hosted.store.write() as conn:
        conn.execute(S.log.insert().values(game_id=hosted.live, seq=last["seq"] + 1,
                                           ply=last["ply"] + 1, text="* order RED YELLOW",
                                           at=last["at"], via="web"))
    audit = _audit(client, hosted.live)
    assert "replays cleanly" not in audit and OK_VERIFY not in audit
    assert "no random act is due" in audit


def test_a_committed_game_is_verified_as_it_grows_and_a_forged_key_fails(client, hosted):
    """issue 21, item 4: a game dealt from a [Commit] whose draws carry their keys is
    verified before its seed is revealed, named for what dealt it; a key changed in the
    store shows as a failure, not as "verified when the game ends"."""
    from tests.service.hostkit import Table
    from tests.service.mailservers import SmtpSink

    seats = {"RED": "red@example.org", "GREEN": "green@example.org"}
    with SmtpSink() as sink:
        gid = Table(hosted.store, sink, seats).start()
    audit = _audit(client, gid)
    assert "every draw is the one its [Commit] deals, key by key" in audit
    assert "revealed when the game ends" not in audit
    with hosted.store.read() as conn:
        row = next(r for r in conn.execute(select(S.log).where(S.log.c.game_id == gid)
                                           .order_by(S.log.c.seq)).mappings()
                   if "key=" in r["text"])
    key = re.search(r"key=([0-9a-f]+)", row["text"]).group(1)
    forged = row["text"].replace(key, ("1" if key[0] == "0" else "0") + key[1:])
    with hosted.store.write() as conn:
        conn.execute(update(S.log).where(S.log.c.game_id == gid, S.log.c.seq == row["seq"])
                     .values(text=forged))
    audit = _audit(client, gid)
    assert "Verify: <span class=\"bad\">fails</span>" in audit
    assert "does not hash to the [Commit]" in audit
    assert "revealed when the game ends" not in audit
