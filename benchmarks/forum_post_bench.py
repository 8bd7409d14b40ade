"""What a forum post costs (docs/forum-markup.md): ``forum_post`` of a transcript's text
in each markup, for a Hawaii 5-player game and a long Haleakala game, and the parts of
it: the replay of the whole text (with the chain), the last plies stepped over with what
they set off, the first step of the seat to move. And the host's board picture by
address: the first PNG of a ply and the same one again (kept in memory).

    python benchmarks/forum_post_bench.py [--runs 11]

Prints the median over runs of CPU milliseconds (process_time). Not a test.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.operations import check_text, forum_post, next_step, recent_plies  # noqa: E402


def median_ms(fn, runs: int) -> float:
    times = []
    for k in range(runs + 1):          # the first call warms imports and caches
        start = time.process_time()
        fn()
        if k:
            times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def cut(file: str, lines: int) -> str:
    text = (ROOT / "docs" / "examples" / file).read_text(encoding="utf-8")
    kept = [line for line in text.split("\n")[:lines] if not line.startswith("[Result ")]
    return "\n".join(kept) + "\n"


def board(runs: int) -> tuple[float, float]:
    """(first PNG of a ply, the same PNG again) through the web app, in CPU ms."""
    from starlette.testclient import TestClient

    from referee.service.store import open_store
    from referee.service.web.app import create_app
    from referee.service.web.demo import populate
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(f"sqlite:///{folder}/referee.db")
        ids, live = populate(store, ["hawaii-5p.txt"])
        plies = iter(range(1, 10_000))
        with TestClient(create_app(store)) as client:
            first = median_ms(lambda: client.get(f"/game/{ids[0]}/board.png?ply={next(plies)}"),
                              runs)
            again = median_ms(lambda: client.get(f"/game/{ids[0]}/board.png?ply=1"), runs)
        store.dispose()
    return first, again


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=11)
    args = ap.parse_args()
    cases = {"Hawaii 5 players, line 60": cut("hawaii-5p.txt", 60),
             "Haleakala, line 1200": cut("haleakala.txt", 1200)}
    print(f"median CPU ms over {args.runs} runs")
    for name, text in cases.items():
        rp = check_text(text, chain=True)
        t_replay = median_ms(lambda: check_text(text, chain=True), args.runs)
        t_recent = median_ms(lambda: recent_plies(rp), args.runs)
        t_step = median_ms(lambda: next_step(rp.module, rp.state), args.runs)
        posts = {m: median_ms(lambda: forum_post(text, m), args.runs)
                 for m in ("bgg", "bbcode", "markdown")}
        print(f"{name} (ply {rp.ply}): replay {t_replay:.1f}, last plies {t_recent:.1f}, "
              f"first step {t_step:.1f}; post " + ", ".join(f"{m} {t:.1f}"
                                                           for m, t in posts.items()))
    first, again = board(args.runs)
    print(f"board.png of a Hawaii 5-player ply: first {first:.1f}, again {again:.1f}")


if __name__ == "__main__":
    main()
