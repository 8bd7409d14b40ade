"""The hosted referee's speed (docs/performance.md, issue 12's targets).

    python benchmarks/host_bench.py [--moves 200] [--games 1000] [--rounds 2] [--pg]
    python benchmarks/host_bench.py --sync [--moves 200]

1. Latency: the median wall time (and CPU time, less disturbed by a loaded machine) for a resident process to ingest one move mail
   (parse, authenticate, validate, append, queue the notifications, commit) in a
   3-player Hawaii game, on SQLite (target <= 20 ms).
2. Throughput: GAMES live 3-player Hawaii games, one move mail each in turn, ROUNDS
   times round the table: moves per second of ingest time on one core (target >= 200/s).

3. What was moved out of the move's transaction: the CPU time ``referee mail send``
   spends writing the mails of a move (the state drawn as text, the mover's options,
   the MIME message; no pictures, no SMTP), per move.

Both on SQLite and, with --pg, on a throwaway PostgreSQL cluster started like the
tests' (tests/service/pgcluster.py). ``--sync`` measures only the latency on SQLite,
with the store's ``synchronous=FULL`` (a commit survives a power loss) and with NORMAL,
alternating, in one run. Choosing a move and writing its mail happen
outside the measure; everything the referee does with the mail is inside.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SEATS = {"RED": "red@players.example", "GREEN": "green@players.example",
         "BLUE": "blue@players.example"}
HOST = "referee@host.example"


def _mail(store, gid: str, seat: str, text: str, n: int) -> bytes:
    from referee.service.games import seat_link_token
    from referee.service.identity import parse_secret, reply_address
    from tests.service.mailkit import client_mail

    to = reply_address(HOST, parse_secret(seat_link_token(store, gid, seat)))
    return client_mail("gmail", sender=SEATS[seat], to=to, subject=f"Re: game {gid}",
                       new_text=f"Here is my move:\n{text}\nthanks", quoted="RED moved.",
                       message_id=f"<bench-{gid}-{n}-{random.randrange(10**12)}@players.example>")


def _new_game(store, rng) -> str:
    from referee.service.games import create_game
    from referee.service.mail.ingest import ingest

    gid = create_game(store, "hawaii", SEATS, host_address=HOST)
    for i, seat in enumerate(SEATS):
        ingest(store, _mail(store, gid, seat, f"salt {rng.randrange(10**6)}", i))
    return gid


def _next_mail(store, gid: str, rng, n: int) -> bytes | None:
    from referee.operations.listing import legal_lines
    from referee.service.games import game_detail
    from referee.service.session import replay_text

    g = game_detail(store, gid)
    if g["status"] != "playing":
        return None
    rp = replay_text(g["text"], gid)
    _, lines, _ = legal_lines(rp.module, rp.state, 30)
    return _mail(store, gid, g["to_move"], f"{rng.choice(lines)} #{g['ply']}", n)


def latency(url: str, moves: int) -> tuple[float, float]:
    from referee.service.mail.ingest import ingest
    from referee.service.store import open_store

    store, rng, times, cpu = open_store(url, resident=True), random.Random(1), [], []
    gid = _new_game(store, rng)
    for n in range(moves):
        raw = _next_mail(store, gid, rng, n)
        if raw is None:
            gid = _new_game(store, rng)
            raw = _next_mail(store, gid, rng, n)
        t, c = time.perf_counter(), time.process_time()
        result = ingest(store, raw)
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        assert result.outcome == "handled" and result.reply.ok, result
    return statistics.median(times), statistics.median(cpu)


def throughput(url: str, games: int, rounds: int) -> tuple[float, int, object]:
    from referee.service.mail.ingest import ingest
    from referee.service.store import open_store

    store, rng = open_store(url, resident=True), random.Random(2)
    ids = [_new_game(store, rng) for _ in range(games)]
    spent, done = 0.0, 0
    for r in range(rounds):
        for gid in ids:
            raw = _next_mail(store, gid, rng, 1000 + r)
            if raw is None:
                continue
            t = time.process_time()
            result = ingest(store, raw)
            spent += time.process_time() - t
            done += result.reply is not None and bool(result.reply.lines)
    return done / spent, done, store


def composing(store, limit: int = 600) -> float:
    """CPU seconds per move of composing its waiting mails, as ``mail send`` does."""
    from sqlalchemy import select

    from referee.service import schema as S
    from referee.service.mail.outbox import compose_row

    with store.read() as conn:
        rows = list(conn.execute(select(S.outbox).where(S.outbox.c.sent_at.is_(None))
                                 .order_by(S.outbox.c.id.desc()).limit(limit)).mappings())
    moves = len({r["png_state"] for r in rows if r["kind"] == "notify"}) or 1
    texts: dict = {}
    t = time.process_time()
    for row in rows:
        compose_row(row, None, texts)
    return (time.process_time() - t) / moves


def sync_cost(folder: Path, moves: int) -> None:
    from referee.service import store as store_module

    figures: dict[str, list[float]] = {"FULL": [], "NORMAL": []}
    for turn in range(3):
        for mode in ("FULL", "NORMAL"):
            store_module.SQLITE_SYNCHRONOUS = mode
            wall, _ = latency(f"sqlite:///{folder / f'{mode}-{turn}.db'}", moves)
            figures[mode].append(wall)
    full, normal = (statistics.median(figures[m]) for m in ("FULL", "NORMAL"))
    print(f"SQLite ingest of one move mail, median of {moves} x 3 runs each: "
          f"synchronous=FULL {full * 1000:.1f} ms, NORMAL {normal * 1000:.1f} ms, "
          f"ratio {full / normal:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--moves", type=int, default=200)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--pg", action="store_true", help="also on a throwaway PostgreSQL")
    ap.add_argument("--sync", action="store_true",
                    help="SQLite latency with synchronous=FULL against NORMAL, nothing else")
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="referee-bench-"))
    if args.sync:
        return sync_cost(folder, args.moves)
    targets = [("SQLite", f"sqlite:///{folder / 'lat.db'}", f"sqlite:///{folder / 'thr.db'}")]
    cluster = None
    if args.pg:
        from tests.service.pgcluster import PgCluster
        cluster = PgCluster()
        targets.append(("PostgreSQL", cluster.new_database(), cluster.new_database()))
    try:
        for name, lat_url, thr_url in targets:
            wall, cpu = latency(lat_url, args.moves)
            print(f"{name}: ingest of one move mail, median of {args.moves}: wall "
                  f"{wall * 1000:.1f} ms, CPU {cpu * 1000:.1f} ms "
                  f"(target <= 20 ms: {'met' if wall <= 0.020 else 'NOT met'})")
            rate, n, store = throughput(thr_url, args.games, args.rounds)
            print(f"{name}: {n} moves over {args.games} live games: {rate:.0f} moves/s of CPU "
                  f"(target >= 200/s: {'met' if rate >= 200 else 'NOT met'})")
            print(f"{name}: mail send writing a move's mails (no pictures): "
                  f"{composing(store) * 1000:.1f} ms of CPU per move")
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
