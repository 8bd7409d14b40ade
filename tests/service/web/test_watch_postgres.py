"""Pages on a PostgreSQL store are told of a move by the database (issue 21, item 7)."""
from __future__ import annotations

import asyncio
import threading
import time

from referee.operations import legal_lines
from referee.service.hosted.games import export_text
from referee.service.hosted.session import replay_text
from referee.service.hosted.entry import submit
from referee.service.web import queries
from referee.service.web.watch import Watch
from tests.service.web.test_watch import _body, _stream



def test_on_postgresql_a_move_from_another_process_arrives_by_notify(tmp_path, pg_cluster):
    """issue 21, item 7: no watcher polls; the database says when a game changed. The
    watcher here looks on its own only once an hour, so the move can reach it only by
    LISTEN/NOTIFY; the move is made through a second store, as another process would."""
    from referee.service.store import open_store
    from referee.service.web.app import create_app
    from referee.service.web.demo import populate

    url = pg_cluster.new_database()
    store, other = open_store(url), open_store(url)
    _, live = populate(store, ["hawaii-2p.txt"])
    app = create_app(store)
    app.state.watch = Watch(store, look_every=3600, look_listening=3600)
    seat = replay_text(export_text(store, live), live).state.current_player()

    def move_later():
        while not (app.state.watch._listener and app.state.watch._listener.listening.is_set()):
            time.sleep(0.1)
        time.sleep(0.5)
        rp = replay_text(export_text(other, live), live)
        _, lines, _ = legal_lines(rp.module, rp.state, 5)
        assert submit(other, live, seat, lines[0], via="web").ok

    async def run():
        mover = threading.Thread(target=move_later)
        mover.start()
        sent = await _stream(app, f"/game/{live}/events", 20.0)
        mover.join()
        return sent
    try:
        sent = asyncio.run(run())
        assert f"event: change\ndata: {queries.version(store, live)}\n\n" in _body(sent)
        assert _body(sent).count("event: change") == 2        # the first, then the move
    finally:
        app.state.watch.close()
        store.dispose()
        other.dispose()
