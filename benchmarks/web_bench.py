"""Time to serve a game page through the web app (Starlette's TestClient, a real
SQLite store): the Hawaii 5-player example game hosted, page by page.

    python benchmarks/web_bench.py [--runs 21]

Prints the median over runs of CPU milliseconds (process_time, all threads) per
request. "warm" is a page whose position was drawn before (the views are cached
by the chain head, so every reader after a move gets this); "cold" empties that
cache before each request, as the first reader after a move sees it: one
replay for the position, one for the last moves, check and verify of the export,
and the SVG. Target (issue 13): a game page in <= 50 ms. Not a test.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
warnings.filterwarnings("ignore")

from starlette.testclient import TestClient  # noqa: E402

from benchmarks.pictures_bench import median_ms  # noqa: E402
from referee.service.games import seat_link_token  # noqa: E402
from referee.service.store import open_store  # noqa: E402
from referee.service.web import positions  # noqa: E402
from referee.service.web.app import create_app  # noqa: E402
from referee.service.web.demo import populate  # noqa: E402

TARGET_MS = 50


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=21)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(f"sqlite:///{tmp}/referee.db")
        (gid, live), _ = populate(store, ["hawaii-5p.txt"])
        link = f"/seat/{seat_link_token(store, live, 'YELLOW')}"
        client = TestClient(create_app(store))

        def get(path):
            def run():
                r = client.get(path)
                assert r.status_code == 200, r.status_code
            return run
        def cold(fn):                   # the dict's clear costs microseconds
            return lambda: (positions._cache.data.clear(), fn())
        rows = [
            ("game page, Hawaii 5 players, warm", median_ms(get(f"/game/{gid}"), args.runs)),
            ("game page, Hawaii 5 players, cold", median_ms(cold(get(f"/game/{gid}")), args.runs)),
            ("history step (?ply=60), warm", median_ms(get(f"/game/{gid}?ply=60"), args.runs)),
            ("history step (?ply=60), cold",
             median_ms(cold(get(f"/game/{gid}?ply=60")), args.runs)),
            ("list of games", median_ms(get("/"), args.runs)),
            ("seat page (2 players, to move)", median_ms(get(link), args.runs)),
        ]
        store.dispose()
    print(f"median CPU ms over {args.runs} runs (target: game page <= {TARGET_MS} ms)")
    for name, ms in rows:
        print(f"  {name:40s} {ms:8.1f} ms  ({ms / TARGET_MS:.2f} of target)")


if __name__ == "__main__":
    main()
