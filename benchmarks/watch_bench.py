"""Pages following games while moves arrive (issue 21, item 7), on one PostgreSQL.

    python benchmarks/watch_bench.py [--watchers 1000] [--games 50] [--rate 200]
                                     [--seconds 30] [--drivers 2]

Two ``referee serve`` processes (web only) over one throwaway PostgreSQL cluster,
started like the tests' (tests/service/pgcluster.py); WATCHERS event streams spread
over both processes and over GAMES live 3-player Hawaii games (each from its own
loopback address, twenty at most per address, as the per-address cap allows). The
move mails are chosen ahead of time (each game played on a copy with the host's own
secret, so every draw is the one the host will deal) and written out; then DRIVERS
processes (the mail processes of a host) ingest them at RATE a second in all, each
its own share of the games in order, for SECONDS. It stops by itself and prints: the
mails ingested and the rate reached, how many were refused; the latency from a move's
commit to each watcher of its game seeing it (median, 95th percentile, the slowest);
each serve process's and each driver's CPU time per second and resident memory.
"""
from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ROOT = Path(__file__).resolve().parent.parent
SEATS = {"RED": "red@players.example", "GREEN": "green@players.example",
         "BLUE": "blue@players.example"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _cpu_and_rss(pid: int) -> tuple[float, int]:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    rss = int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    return cpu, rss


def _serve(url: str, port: int, log) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "referee", "serve", "--db", url,
                             "--port", str(port)], cwd=ROOT, stdout=log, stderr=log)
    for _ in range(600):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                return proc
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("serve did not start")


async def _watch(port: int, gid: str, source: str, seen: dict, ready: list) -> None:
    """One page's event stream: the time each new version of ``gid`` arrived."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    writer.write(f"GET /game/{gid}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    await writer.drain()
    status = await reader.readline()
    if b" 200 " not in status:
        seen.setdefault(("refused", gid), []).append(status.decode().strip())
        return
    first = True
    while True:
        line = await reader.readline()
        if not line:
            return
        if line.startswith(b"data: "):
            version = line[6:].strip().decode()
            if first:
                first = False
                ready.append(1)
                continue
            seen.setdefault((gid, version.split("-")[0]), []).append(time.time())


def _prepare(store, ids: list[str], mails: int, rng) -> list[tuple[str, bytes]]:
    """``mails`` move mails, round the games in turn, each game played on here from its
    stored text with the host's secret (the draws the host will deal): (game, mail)."""
    from sqlalchemy import select

    from benchmarks.host_bench import _mail, _new_game
    from referee.operations import legal_lines, play_text
    from referee.replay import replay, to_move
    from referee.service.store import schema as S
    from referee.service.hosted.games import export_text, game_detail
    from referee.transcript import read_text

    texts = {gid: export_text(store, gid) for gid in ids}
    plies = {gid: game_detail(store, gid)["ply"] for gid in ids}      # as the host counts
    with store.read() as conn:
        secrets = dict(conn.execute(select(S.games.c.id, S.games.c.secret)).all())
    rps = {gid: replay(read_text(texts[gid], gid), chain=True) for gid in ids}
    out: list[tuple[str, bytes]] = []
    live = list(ids)
    while len(out) < mails:
        if not live:                           # every game over: deal new ones
            gid = _new_game(store, rng)
            ids.append(gid)
            live.append(gid)
            texts[gid], plies[gid] = export_text(store, gid), game_detail(store, gid)["ply"]
            with store.read() as conn:
                secrets[gid] = conn.execute(select(S.games.c.secret)
                                            .where(S.games.c.id == gid)).scalar()
            rps[gid] = replay(read_text(texts[gid], gid), chain=True)
        for gid in list(live):
            rp = rps[gid]
            seat = to_move(rp.state)
            if seat is None:
                live.remove(gid)
                continue
            _, lines, _ = legal_lines(rp.module, rp.state, 30)
            line = rng.choice(lines)
            played = play_text(texts[gid].encode(), line, name=gid, rp=rp,
                               secret=lambda g=gid: secrets[g])
            out.append((gid, _mail(store, gid, seat, f"{line} #{plies[gid]}", len(out))))
            texts[gid], rps[gid], plies[gid] = played.text, played.replay, played.ply
            if len(out) >= mails:
                break
    return out


def _drive(url: str, mails: list[tuple[str, bytes]], start: float, rate: float, queue) -> None:
    """One mail process: ingest ``mails`` in order at ``rate`` a second from ``start``;
    puts (commits as (game, ply, time), refused, CPU seconds, resident bytes)."""
    from referee.service.mail.ingest import ingest
    from referee.service.store import open_store

    store = open_store(url, resident=True)
    commits, refused = [], 0
    while time.time() < start:
        time.sleep(0.005)
    cpu = time.process_time()
    for n, (gid, raw) in enumerate(mails):
        wait = start + n / rate - time.time()
        if wait > 0:
            time.sleep(wait)
        done = ingest(store, raw)
        if done.outcome == "handled" and done.reply.ok:
            commits.append((gid, done.reply.ply, time.time()))
        else:
            refused += 1
    queue.put((commits, refused, time.process_time() - cpu, _cpu_and_rss(os.getpid())[1]))
    store.dispose()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--watchers", type=int, default=1000)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--rate", type=float, default=200.0)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--drivers", type=int, default=2, help="mail processes ingesting")
    args = ap.parse_args()

    from benchmarks.host_bench import _new_game
    from referee.service.store import open_store
    from tests.service.pgcluster import PgCluster

    cluster = PgCluster()
    procs: list[subprocess.Popen] = []
    log = open(Path(tempfile.mkdtemp(prefix="referee-watch-")) / "serve.log", "ab")
    try:
        url = cluster.new_database()
        store = open_store(url, resident=True)
        rng = random.Random(3)
        ids = [_new_game(store, rng) for _ in range(args.games)]
        total = int(args.rate * args.seconds)
        t = time.time()
        mails = _prepare(store, ids, total, rng)
        print(f"{total} move mails chosen ahead over {len(ids)} games in "
              f"{time.time() - t:.0f} s", flush=True)
        store.dispose()
        ports = [_free_port(), _free_port()]
        procs = [_serve(url, port, log) for port in ports]
        seen: dict = {}
        ready: list = []
        loop = asyncio.new_event_loop()
        tasks = []
        for i in range(args.watchers):
            source = f"127.0.{1 + i // 5000}.{2 + (i // 20) % 250}"
            tasks.append(loop.create_task(_watch(ports[i % 2], ids[i % args.games], source,
                                                 seen, ready)))
        thread = threading.Thread(target=loop.run_forever, daemon=True)
        thread.start()
        while len(ready) + len(seen) < args.watchers and len(ready) < args.watchers:
            time.sleep(0.2)
        refused_streams = sum(len(v) for k, v in seen.items() if k[0] == "refused")
        # each driver takes whole games, so a game's moves arrive in their order
        shares: list[list] = [[] for _ in range(args.drivers)]
        owner = {gid: i % args.drivers for i, gid in enumerate(ids)}
        for gid, raw in mails:
            shares[owner[gid]].append((gid, raw))
        ctx = multiprocessing.get_context("spawn")
        queue = ctx.Queue()
        start = time.time() + 3.0
        drivers = [ctx.Process(target=_drive, args=(url, share, start,
                                                    args.rate * len(share) / len(mails), queue))
                   for share in shares]
        for d in drivers:
            d.start()
        cpu0 = [_cpu_and_rss(p.pid)[0] for p in procs]
        while time.time() < start:
            time.sleep(0.01)
        results = [queue.get() for _ in drivers]
        took = time.time() - start
        for d in drivers:
            d.join(30)
        time.sleep(3)                          # the last moves reach their pages
        usage = [_cpu_and_rss(p.pid) for p in procs]
        committed = {(gid, str(ply)): at for r in results for gid, ply, at in r[0]}
        n = sum(len(r[0]) for r in results)
        refused = sum(r[1] for r in results)
        lat = sorted(arrived - committed[key] for key, times in seen.items()
                     if key in committed for arrived in times)
        print(f"{args.watchers} watchers on {args.games} games over 2 serve processes "
              f"({len(ready)} streams open, {refused_streams} refused); {n} move mails "
              f"ingested by {args.drivers} processes in {took:.1f} s = {n / took:.0f}/s "
              f"(target {args.rate:.0f}/s), {refused} refused; ingest CPU "
              f"{sum(r[2] for r in results) / max(n, 1) * 1000:.1f} ms a mail")
        if lat:
            print(f"commit to page: median {statistics.median(lat) * 1000:.0f} ms, 95th "
                  f"percentile {lat[int(len(lat) * 0.95)] * 1000:.0f} ms, slowest "
                  f"{lat[-1] * 1000:.0f} ms, over {len(lat)} deliveries")
        for i, (p, (cpu, rss)) in enumerate(zip(procs, usage)):
            print(f"serve {i + 1}: CPU {(cpu - cpu0[i]) / took:.2f} s a second, "
                  f"resident memory {rss / 2**20:.0f} MiB")
        for i, r in enumerate(results):
            print(f"driver {i + 1}: CPU {r[2] / took:.2f} s a second, resident memory "
                  f"{r[3] / 2**20:.0f} MiB")
        for task in tasks:
            loop.call_soon_threadsafe(task.cancel)
        time.sleep(0.5)
        loop.call_soon_threadsafe(loop.stop)
    finally:
        for p in procs:
            p.terminate()
            p.wait(30)
        cluster.stop()


if __name__ == "__main__":
    main()
