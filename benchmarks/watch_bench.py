"""Pages following games while moves arrive (issue 21, item 7), on one PostgreSQL.

    python benchmarks/watch_bench.py [--watchers 1000] [--games 50] [--rate 200] [--seconds 30]

Two ``referee serve`` processes (web only) over one throwaway PostgreSQL cluster,
started like the tests' (tests/service/pgcluster.py); WATCHERS event streams spread
over both processes and over GAMES live 3-player Hawaii games (each from its own
loopback address, twenty at most per address, as the per-address cap allows); a
third process (this one) ingests move mails at RATE a second, round the games, for
SECONDS. It stops by itself and prints: how many mails were ingested and at what
rate; the latency from a move's commit to each watcher of its game seeing it
(median, 95th percentile, the slowest); each serve process's CPU time per second
and resident memory at the end.
"""
from __future__ import annotations

import argparse
import asyncio
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--watchers", type=int, default=1000)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--rate", type=float, default=200.0)
    ap.add_argument("--seconds", type=float, default=30.0)
    args = ap.parse_args()

    from benchmarks.host_bench import _new_game, _next_mail
    from referee.service.games import game_detail
    from referee.service.mail.ingest import ingest
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
        ports = [_free_port(), _free_port()]
        procs = [_serve(url, port, log) for port in ports]
        seen: dict = {}
        ready: list = []
        loop = asyncio.new_event_loop()
        tasks = []
        for i in range(args.watchers):
            source = f"127.0.{1 + i // 5000}.{2 + (i // 20) % 250}"
            tasks.append(loop.create_task(_watch(ports[i % 2], ids[i % len(ids)], source,
                                                 seen, ready)))
        thread = threading.Thread(target=loop.run_forever, daemon=True)
        thread.start()
        while len(ready) + len(seen) < args.watchers and len(ready) < args.watchers:
            time.sleep(0.2)
        refused = sum(len(v) for k, v in seen.items() if k[0] == "refused")
        cpu0 = [_cpu_and_rss(p.pid)[0] for p in procs]
        committed: dict = {}
        start, n, spent = time.time(), 0, 0.0
        while time.time() - start < args.seconds:
            gid = ids[n % len(ids)]
            raw = _next_mail(store, gid, rng, n)
            if raw is None:
                ids[n % len(ids)] = gid = _new_game(store, rng)
                raw = _next_mail(store, gid, rng, n)
            t = time.process_time()
            ingest(store, raw)
            spent += time.process_time() - t
            committed[(gid, str(game_detail(store, gid)["ply"]))] = time.time()
            n += 1
            wait = start + n / args.rate - time.time()
            if wait > 0:
                time.sleep(wait)
        took = time.time() - start
        time.sleep(3)                          # the last moves reach their pages
        usage = [_cpu_and_rss(p.pid) for p in procs]
        lat = [arrived - committed[key] for key, times in seen.items()
               if key in committed for arrived in times]
        lat.sort()
        print(f"{args.watchers} watchers on {len(ids)} games over 2 serve processes "
              f"({len(ready)} streams open, {refused} refused); {n} move mails ingested in "
              f"{took:.1f} s = {n / took:.0f}/s (target {args.rate:.0f}/s; ingest CPU "
              f"{spent / max(n, 1) * 1000:.1f} ms a mail)")
        if lat:
            print(f"commit to page: median {statistics.median(lat) * 1000:.0f} ms, 95th "
                  f"percentile {lat[int(len(lat) * 0.95)] * 1000:.0f} ms, slowest "
                  f"{lat[-1] * 1000:.0f} ms, over {len(lat)} deliveries")
        for i, (p, (cpu, rss)) in enumerate(zip(procs, usage)):
            print(f"serve {i + 1}: CPU {(cpu - cpu0[i]) / took:.2f} s a second, "
                  f"resident memory {rss / 2**20:.0f} MiB")
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
