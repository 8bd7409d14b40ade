"""The store down under the web page: a real PostgreSQL cluster stopped as a crash
would stop it, under uvicorn. Every route answers 503 with Retry-After (JSON where the
route speaks JSON), the log says so in one line, and no traceback is printed; the
page works again once the store is back."""
from __future__ import annotations

import logging
import re

import httpx
import pytest

from referee.service.hosted.games import seat_link_token
from referee.service.store import open_store
from referee.service.web.app import create_app
from referee.service.web.demo import populate
from tests.service.pgcluster import ClusterError, PgCluster


def test_every_route_answers_503_without_a_traceback_while_the_store_is_down(
        serve, capfd, caplog):
    try:
        cluster = PgCluster()
    except ClusterError as exc:
        pytest.fail(str(exc))
    try:
        store = open_store(cluster.new_database())
        _, gid = populate(store, ["hawaii-2p.txt"])
        link = f"/seat/{seat_link_token(store, gid, 'RED')}"
        with serve(create_app(store)) as served, httpx.Client(base_url=served.base) as web:
            page = web.get(link)
            assert page.status_code == 200
            token = re.search(r'name="token" value="([0-9a-f]+)"', page.text).group(1)
            cluster.halt()
            caplog.set_level(logging.WARNING, logger="referee")
            capfd.readouterr()
            gets = ["/", f"/game/{gid}", f"/game/{gid}/transcript.txt",
                    f"/game/{gid}/events", f"/game/{gid}/board.svg", link]
            for path in gets:
                r = web.get(path)
                assert r.status_code == 503, (path, r.status_code, r.text[:300])
                assert r.headers["retry-after"] == "60" and "try again" in r.text, path
            r = web.get(f"{link}/steps")
            assert r.status_code == 503 and r.headers["content-type"] == "application/json"
            assert "try again" in r.json()["error"]
            r = web.post(link, data={"token": token, "command": "move", "move": "RED pass",
                                     "ply": "1"}, headers={"Origin": served.base})
            assert r.status_code == 503, r.text[:300]
            printed = capfd.readouterr()
            assert "Traceback" not in printed.out + printed.err
            said = [rec for rec in caplog.records if "store is unreachable" in rec.getMessage()]
            assert len(said) == len(gets) + 2
            assert all(rec.exc_info is None and "\n" not in rec.getMessage() for rec in said)
            cluster.start()
            assert web.get(f"/game/{gid}").status_code == 200
        store.dispose()
    finally:
        cluster.stop()
