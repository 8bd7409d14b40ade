"""Each game's state is kept in the store with every move (referee/service/store/states.py):
a process that has not got the game in memory (evicted, or the game moved through
another process) plays on from it without replaying the game, and gets exactly what
a replay gives; a stale, altered or foreign row is never believed. On SQLite and
PostgreSQL."""
from __future__ import annotations

import json

import pytest
from sqlalchemy import select, update

from referee.operations.check import check_text
from referee.operations.listing import legal_lines
from referee.replay import snapshot, state_json
from referee.service.store import schema as S
from referee.service.store import states
from referee.service.hosted.games import create_game, export_text, game_detail
from referee.service.hosted.session import Session, replay_text
from referee.service.store import Store, open_store
from referee.service.hosted.entry import submit

SEATS = {"RED": "alice@example.org", "GREEN": "bob@example.org"}


@pytest.fixture
def resident(store_url, monkeypatch):
    monkeypatch.setenv("REFEREE_NO_CACHE", "1")     # no state from the file cache either
    s = open_store(store_url, resident=True)
    yield s
    s.dispose()


def _dealt(store, n: int = 0):
    gid = create_game(store, "hawaii", SEATS, host_address="referee@host.example")
    for seat in SEATS:
        assert submit(store, gid, seat, f"salt sixteen-letters-{seat.lower()}{n}",
                      via="web").ok
    return gid


def _play(store, gid, k: int = 0):
    g = game_detail(store, gid)
    rp = replay_text(g["text"], gid)
    lines = legal_lines(rp.module, rp.state, 5)[1]
    assert submit(store, gid, g["to_move"], lines[k % len(lines)], via="web").ok


def _row(store, gid):
    with store.read() as conn:
        return conn.execute(select(S.states).where(S.states.c.game_id == gid)).mappings().one()


def _from_store(store, gid):
    """The replay a process without the game in memory (another one on the same
    database) starts a move from (None: it would have to replay the game)."""
    fresh = Store(store.engine, resident=True)
    text = export_text(fresh, gid)
    with fresh.read() as conn:
        return states.load(fresh, conn, gid, text, gid)


def _same_as_replay(store, gid, rp) -> None:
    honest = replay_text(export_text(store, gid), gid)
    assert rp is not None
    assert state_json(rp.module, rp.state) == state_json(honest.module, honest.state)
    assert (rp.ply, rp.chain, rp.moves, rp.draws) == (honest.ply, honest.chain, honest.moves,
                                                      honest.draws)


def test_a_game_out_of_memory_starts_from_its_saved_state(resident):
    gid = _dealt(resident)
    for k in range(3):
        _play(resident, gid, k)
    _same_as_replay(resident, gid, _from_store(resident, gid))


def test_a_game_in_memory_plays_on_from_what_the_process_kept(resident, monkeypatch):
    """The game's next move starts from the text and state document the process kept
    after the last one (the store's GameStates), without reading the store's state: the same
    replay as the game's whole text gives."""
    gid = _dealt(resident)
    for k in range(3):
        _play(resident, gid, k)
    assert gid in resident.games

    def no_store(*args):
        raise AssertionError("read the state from the store")

    monkeypatch.setattr(states, "load", no_store)
    with resident.read() as conn:
        rp = Session(resident, conn, gid, "RED", via="web", now=0.0).replay_copy()
    _same_as_replay(resident, gid, rp)
    _play(resident, gid, 3)                     # and the move played from it is kept
    assert not check_text(export_text(resident, gid), gid).errors


def test_what_a_process_keeps_of_a_game_is_strings(resident):
    """However many games a host keeps in memory, the garbage collector has nothing of
    theirs to walk (a replay is hundreds of objects; a collection walks them all), and
    the memory they take is bounded by a number of characters."""
    import gc

    ids = [_dealt(resident, n) for n in range(3)]
    for gid in ids:
        _play(resident, gid)
    for gid in ids:
        version, text, doc = resident.games.kept(gid)
        assert isinstance(text, str) and isinstance(doc, str)
        assert all(not gc.is_tracked(v) for v in (*version, text, doc))
    assert resident.games.chars == sum(len(resident.games.kept(gid)[1])
                                       + len(resident.games.kept(gid)[2]) for gid in ids)


def test_the_games_longest_unplayed_make_room(resident, monkeypatch):
    ids = [_dealt(resident, n) for n in range(3)]
    for gid in ids:
        _play(resident, gid)
    sizes = {gid: len(resident.games.kept(gid)[1]) + len(resident.games.kept(gid)[2])
             for gid in ids}
    # room for the last two games played: the first is dropped when the next is kept
    monkeypatch.setattr(resident.games, "keep_chars", sizes[ids[1]] + sizes[ids[2]] + 2000)
    _play(resident, ids[1], 1)
    assert ids[0] not in resident.games and ids[1] in resident.games
    assert resident.games.chars <= resident.games.keep_chars
    _same_as_replay(resident, ids[0], _from_store(resident, ids[0]))


def test_evicted_games_play_on_from_their_saved_states(resident, monkeypatch):
    monkeypatch.setattr(resident.games, "keep_chars", 1)    # every other game evicted
    ids = [_dealt(resident, n) for n in range(3)]
    for k in range(4):
        for gid in ids:
            _play(resident, gid, k)
    for gid in ids:
        assert not check_text(export_text(resident, gid), gid).errors
        _same_as_replay(resident, gid, _from_store(resident, gid))


def test_a_refused_move_leaves_the_saved_state(resident):
    gid = _dealt(resident)
    _play(resident, gid)
    before = dict(_row(resident, gid))
    g = game_detail(resident, gid)
    assert not submit(resident, gid, g["to_move"], "this is no move", via="web").ok
    assert dict(_row(resident, gid)) == before


def test_a_stale_saved_state_is_not_used(resident):
    gid = _dealt(resident)
    _play(resident, gid)
    old = dict(_row(resident, gid))
    _play(resident, gid, 1)
    with resident.write() as conn:              # the row of an earlier ply put back
        conn.execute(update(S.states).where(S.states.c.game_id == gid).values(
            digest=old["digest"], doc=old["doc"], mac=old["mac"]))
    assert _from_store(resident, gid) is None
    _play(resident, gid, 2)                     # and the state saved again
    _same_as_replay(resident, gid, _from_store(resident, gid))


def test_an_altered_saved_state_is_not_used(resident):
    gid = _dealt(resident)
    _play(resident, gid)
    row = _row(resident, gid)
    doc = json.loads(row["doc"])
    doc["moves"] += 5
    with resident.write() as conn:              # changed without the host key's MAC
        conn.execute(update(S.states).where(S.states.c.game_id == gid)
                     .values(doc=json.dumps(doc)))
    assert _from_store(resident, gid) is None
    _play(resident, gid, 1)
    _same_as_replay(resident, gid, _from_store(resident, gid))


def test_a_state_saved_for_another_game_or_key_is_not_used(resident):
    a, b = _dealt(resident, 1), _dealt(resident, 2)
    _play(resident, a)
    row = _row(resident, a)
    text = export_text(resident, a)
    with resident.read() as conn:
        key = resident.host_key(conn)
    sealed = (row["digest"], row["doc"], row["mac"])
    assert snapshot.unseal(text.encode(), key, a, sealed, a) is not None
    assert snapshot.unseal(text.encode(), key, b, sealed, a) is None
    assert snapshot.unseal(text.encode(), bytes(32), a, sealed, a) is None


def test_a_state_saved_by_another_version_of_the_referee_is_not_used(resident, monkeypatch):
    gid = _dealt(resident)
    _play(resident, gid)
    monkeypatch.setattr(snapshot, "content_fingerprint", lambda: "another version")
    assert _from_store(resident, gid) is None


def test_a_forged_log_row_is_not_covered_by_the_saved_state(resident):
    """The saved state names exactly the text it is the end of: a line of the log
    changed behind the host's back makes it useless (the forged-history refusal then
    replays the game, tests/service/store/test_forged_history.py)."""
    gid = _dealt(resident)
    _play(resident, gid)
    with resident.read() as conn:
        seq, line = conn.execute(select(S.log.c.seq, S.log.c.text).where(
            S.log.c.game_id == gid).order_by(S.log.c.seq.desc())).first()
    with resident.write() as conn:
        conn.execute(update(S.log).where(S.log.c.game_id == gid, S.log.c.seq == seq)
                     .values(text=line + "  # edited"))
    with resident.read() as conn:
        assert states.load(resident, conn, gid, export_text(resident, gid), gid) is None


def test_a_saved_state_reads_back_as_the_checked_reading_gives_it(resident):
    """A state the host sealed itself is read without the consistency check (it passed
    it when it was made): the same state as the checked reading, on each game."""
    from referee.replay import state_from_json

    gid = _dealt(resident)
    for k in range(3):
        _play(resident, gid, k)
    rp = _from_store(resident, gid)
    data = state_json(rp.module, rp.state)
    for checked in (True, False):
        again = state_from_json(rp.module, data, rp.players, checked=checked)
        assert state_json(rp.module, again) == data


@pytest.mark.parametrize("key", ["hawaii", "haleakala"])
def test_each_game_reads_its_state_the_same_without_the_check(key):
    """Played on at random: at every ply the unchecked reading gives the state the
    checked one gives."""
    import random

    from referee.core import registry
    from referee.replay import state_from_json

    module, rng = registry.get(key), random.Random(4)
    players = list(module.seats)[:3]
    state = module.new_state(players)
    for _ in range(60):
        data = state_json(module, state)
        for checked in (True, False):
            assert state_json(module, state_from_json(module, data, players,
                                                      checked=checked)) == data
        if state.outcome() is not None:
            break
        if state.current_player() == "CHANCE" or state.chance_outcomes():
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply(rng.choice(list(state.legal_moves())))


@pytest.mark.parametrize("example", ["hawaii-3p", "haleakala"])
def test_the_stored_state_and_the_mailed_position_share_one_writing_of_the_state(example):
    """A move writes its state's JSON once: the stored state's document is the same text
    as the whole document written in one go (so a row sealed before reads the same), and
    the notification's position document carries the very same state."""
    from pathlib import Path

    from referee.core import content_fingerprint
    from referee.replay import replay
    from referee.service.hosted.mails import picture_source, position_of
    from referee.transcript import read_text

    text = (Path(__file__).resolve().parents[3] / "docs" / "examples" / f"{example}.txt").read_text()
    rp = replay(read_text(text, example), chain=True)
    doc = snapshot.document_text(rp)
    assert doc == json.dumps(snapshot.document(rp), separators=(",", ":"))
    source = picture_source(rp.module, rp.state, rp.players, rp.state_data(), rp.state_text())
    assert source == picture_source(rp.module, rp.state, rp.players)       # written anew
    assert json.loads(source) == {"game": rp.module.key, "players": rp.players,
                                  "code": content_fingerprint(), "state": json.loads(doc)["state"]}
    _, state, _ = position_of(source)
    assert state_json(rp.module, state) == state_json(rp.module, rp.state)
