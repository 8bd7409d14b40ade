"""Time to serve a game page through the web app (Starlette's TestClient, a real
SQLite store): the Hawaii 5-player example game hosted, page by page.

    python benchmarks/web_bench.py [--runs 21]

Prints the median over runs of CPU milliseconds (process_time, all threads) per
request. "warm" is a page drawn before (the views are cached by the text and chain
head, so every reader after the first of a version gets it). "after a move" is the
first reader of a new version: the example game is hosted from its opening and each
run plays its next move through the host's submit (not timed) before the request,
so the page carries the game's check and verify on over the new lines, draws the
new position and recomputes the chain head (the history step also replays to its
ply, drawn for the first time). "first view since start" empties every cache, the
followed games and the picture writer's memo before each request, as a process just
started sees a game: the whole game replayed for check, last moves and position,
verify of the whole export, and the SVG. The seat pages are those of the demo's game
in play: the seat not to move, and the seat to move, whose page also builds the move
builder's step from the address (``?step=``), as does its JSON route. Target (issue
13): a game page in <= 50 ms, the first view after a move included. Not a test.
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
from referee.service.hosted.games import game_detail, seat_link_token  # noqa: E402
from referee.service.store import open_store  # noqa: E402
from referee.service.web import positions  # noqa: E402
from referee.service.web.app import create_app  # noqa: E402
from referee.service.web.demo import populate  # noqa: E402

TARGET_MS = 50
EXAMPLE = "hawaii-5p.txt"


def live_game(store, moves: int) -> tuple[str, list[str]]:
    """The example hosted from its opening, and the ``moves`` example lines to play in
    turn (its chance lines are the host's: it deals them from the example's [Seed]).
    The game is left one move before its end, whose [Result] would change the header."""
    from referee.core.paths import examples_dir
    from referee.service.hosted.games import adopt_game
    from referee.transcript import split_text
    from referee.service.web.demo import HOST, _seats, opening

    text = (examples_dir() / EXAMPLE).read_text(encoding="utf-8")
    body = split_text(text)[1]
    movers = [i for i, line in enumerate(body) if not line.startswith("*")][-moves - 1:-1]
    gid = adopt_game(store, opening(text, movers[0]), _seats(text), host_address=HOST,
                     title="Example in play")
    return gid, [body[i] for i in movers]


def main() -> None:
    from referee.core import svg
    from referee.service.hosted.entry import submit
    from referee.service.web import replays

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=21)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(f"sqlite:///{tmp}/referee.db")
        (gid, live), _ = populate(store, [EXAMPLE])
        link = f"/seat/{seat_link_token(store, live, 'YELLOW')}"
        mover = game_detail(store, live)["to_move"]
        own = f"/seat/{seat_link_token(store, live, mover)}"
        chosen = "?step=B1&step=shell-hut"       # two choices of the demo's position
        playing, moves = live_game(store, 2 * (args.runs + 1))
        client = TestClient(create_app(store))

        def get(path):
            def run():
                r = client.get(path)
                assert r.status_code == 200, r.status_code
            return run

        def move():
            line = moves.pop(0)
            assert submit(store, playing, line.split()[0], line, via="web").ok, line

        def move_and_forget_past_positions():
            move()
            for key in [k for k in positions._cache.data if k[0] == "position"]:
                positions._cache.data.pop(key, None)

        def fresh():                    # the clears cost microseconds
            positions._cache.data.clear()
            replays.forget()
            svg.forget()
        get(f"/game/{playing}")()       # a reader has seen the game before the moves
        rows = [
            ("game page, Hawaii 5 players, warm", median_ms(get(f"/game/{gid}"), args.runs)),
            ("game page, first view after a move",
             median_ms(get(f"/game/{playing}"), args.runs, setup=move)),
            ("history step (?ply=60), warm", median_ms(get(f"/game/{gid}?ply=60"), args.runs)),
            ("history step (?ply=60), first after a move",
             median_ms(get(f"/game/{playing}?ply=60"), args.runs,
                       setup=move_and_forget_past_positions)),
            ("game page, first view since start",
             median_ms(get(f"/game/{gid}"), args.runs, setup=fresh)),
            ("list of games", median_ms(get("/"), args.runs)),
            ("seat page (2 players, not to move)", median_ms(get(link), args.runs)),
            ("seat page, to move: the builder's first step", median_ms(get(own), args.runs)),
            ("seat page, to move, two choices made", median_ms(get(own + chosen), args.runs)),
            ("builder step as JSON, two choices made",
             median_ms(get(own + "/steps" + chosen), args.runs)),
        ]
        store.dispose()
    print(f"median CPU ms over {args.runs} runs (target: game page <= {TARGET_MS} ms)")
    for name, ms in rows:
        print(f"  {name:44s} {ms:8.1f} ms  ({ms / TARGET_MS:.2f} of target)")


if __name__ == "__main__":
    main()
