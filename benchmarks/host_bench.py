"""The hosted referee's speed (docs/performance.md, "The host").

    python benchmarks/host_bench.py [--moves 200] [--games 1000,10000] [--turns 1] [--pg [--no-sqlite]]
                                    [--no-pipelining] [--profile DIR]
    python benchmarks/host_bench.py --sync [--moves 200]

1. Latency: the median wall time (and CPU time, less disturbed by a loaded machine) for
   a resident process to ingest one move mail (parse, authenticate, validate, append,
   queue the notifications, commit) in a 3-player Hawaii game (target <= 20 ms).
2. Scaling: for each count of live games (1,000 and 10,000 by default) a fresh store of
   that many 3-player Hawaii games in mid-game (about 40 plies), each of which has
   had a move since the process started, as a host that has been running; then MOVES
   move mails spread over them, each followed by the delivery of the mails it queued
   to a real SMTP server (aiosmtpd, in its own process) as serve's sender delivers
   them: over one session kept from move to move, in the process that queued them
   and claimed them for its sender as it queued them.
   The server offers PIPELINING, as the relays a host sends through (Postfix, Exim,
   the big providers) do; ``--no-pipelining`` measures one that does not. Printed: the median
   CPU time per move mail of its ingest and of sending its mails, move mails per CPU
   second (ingest plus sending; a floor of 100: a busy real host sees a few moves a
   minute, so clarity wins above it), and the ratio of the largest count to
   the smallest measured in the same run (target <= 1: the cost of a move must not grow
   with the number of games). Each of the MOVES goes to a game of its own, spread over
   all of them: with many live games most moves come to a game the process has not
   seen for a while. With ``--turns T`` the MOVES are sent in T turns of MOVES / T
   games, every count measured in each turn one after the other, so a busy spell of a
   shared machine falls on each count alike; the ratio is then also given turn by turn
   (its median, and its range).
3. The machine's own speed in the same run: before each turn, the CPU time of a fixed
   piece of the referee's work that touches no store and no network (checking the
   bundled docs/examples/hawaii-4p.txt 25 times). Its median and range are printed
   beside the figures: a run whose reference is slow ran on a slow processor. A steady
   reference does not make two runs' figures comparable: a move also depends on memory
   and caches shared with the machine's other work, which the small reference does not
   feel, so compare versions in runs that alternate.

Both on SQLite and, with --pg, on a throwaway PostgreSQL cluster started like the
tests' (tests/service/pgcluster.py); the CPU figures are this process's (the database
server's and the mail server's are their own). ``--sync`` measures only the latency on
SQLite, with the store's ``synchronous=FULL`` (a commit survives a power loss) and with
NORMAL, alternating, in one run. Choosing a move and writing its mail happen outside the
measure; everything the referee does with the mail is inside. ``--profile DIR`` writes
cProfile files (CPU time) of the ingests and the sending for each count.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SEATS = {"RED": "red@players.example", "GREEN": "green@players.example",
         "BLUE": "blue@players.example"}
HOST = "referee@host.example"


def _mail(store, gid: str, seat: str, text: str, n: int) -> bytes:
    from referee.service.hosted.games import seat_link_token
    from referee.service.hosted.identity import parse_secret, reply_address
    from tests.service.mailkit import client_mail

    to = reply_address(HOST, parse_secret(seat_link_token(store, gid, seat)))
    return client_mail("gmail", sender=SEATS[seat], to=to, subject=f"Re: game {gid}",
                       new_text=f"Here is my move:\n{text}\nthanks", quoted="RED moved.",
                       message_id=f"<bench-{gid}-{n}-{random.randrange(10**12)}@players.example>")


def _new_game(store, rng) -> str:
    from referee.service.hosted.games import create_game
    from referee.service.mail.ingest import ingest

    gid = create_game(store, "hawaii", SEATS, host_address=HOST)
    for i, seat in enumerate(SEATS):
        ingest(store, _mail(store, gid, seat, f"salt {rng.randrange(10**6)}", i))
    return gid


def _next_mail(store, gid: str, rng, n: int) -> bytes | None:
    from referee.operations.listing import legal_lines
    from referee.service.hosted.games import game_detail
    from referee.service.hosted.session import replay_text

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


def _sink(pipelining: bool = True) -> tuple[subprocess.Popen, str]:
    """An SMTP server (aiosmtpd) in its own process that takes every mail and keeps none:
    the mail server's work is not the referee's, so its CPU is not counted. With
    ``pipelining`` its greeting offers PIPELINING (aiosmtpd reads commands one after
    another from its stream, so it takes them pipelined as they come)."""
    code = ("import asyncio, sys\n"
            "from aiosmtpd.controller import Controller\n"
            "class Sink:\n"
            "    async def handle_EHLO(self, server, session, envelope, hostname, responses):\n"
            "        session.host_name = hostname\n"
            "        if sys.argv[2] == 'yes':\n"
            "            responses.insert(-1, '250-PIPELINING')\n"
            "        return responses\n"
            "    async def handle_DATA(self, server, session, envelope):\n"
            "        return '250 OK'\n"
            "c = Controller(Sink(), hostname='127.0.0.1', port=int(sys.argv[1]))\n"
            "c.start()\n"
            "print('ready', flush=True)\n"
            "sys.stdin.read()\n"
            "c.stop()\n")
    from tests.service.mailservers import free_port

    port = free_port()
    proc = subprocess.Popen([sys.executable, "-c", code, str(port),
                             "yes" if pipelining else "no"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    proc.stdout.readline()
    return proc, f"smtp://127.0.0.1:{port}"


def _templates(folder: Path, count: int, plies: int) -> list[dict]:
    """``count`` hosted games dealt and played to about ``plies`` plies in a store of
    their own, as rows (the game, its seats, its log) for every measured store to
    hold the same positions: two counts of live games differ only in their number."""
    from sqlalchemy import select

    from referee.service.store import schema as S
    from referee.service.hosted.games import create_game, game_detail
    from referee.service.store import open_store
    from referee.service.hosted.entry import submit

    store, rng, pack = open_store(f"sqlite:///{folder / 'templates.db'}"), random.Random(1), []
    for _ in range(count):
        gid = create_game(store, "hawaii", SEATS, host_address=HOST)
        for seat in SEATS:
            submit(store, gid, seat, f"salt {rng.randrange(10**6)}", via="mail")
        while game_detail(store, gid)["ply"] < plies:
            chosen = _choose(store, gid, rng, 0, mail=False)
            if chosen is None:
                break
            submit(store, gid, *chosen, via="mail")
        with store.read() as conn:
            pack.append({t.name: [dict(r) for r in conn.execute(
                select(t).where(t.c.game_id == gid if t is not S.games else t.c.id == gid))
                .mappings()] for t in (S.games, S.seats, S.log)})
    store.dispose()
    return pack


def _clone(conn, template: dict, n: int) -> str:
    """A copy of a template game under a new id, its text made its own by an ``[Event]``
    tag (so no two games share a text, nor an entry of any cache), its chain linked
    again from that header, as adopting the text would store it."""
    from sqlalchemy import insert

    from referee.service.store import schema as S
    from referee.service.hosted.games import new_game_id
    from referee.service.store.record import append

    game = template["games"][0]
    gid = new_game_id(conn)
    header = game["header"] + f'\n[Event "bench {n}"]'
    row = dict(game, id=gid, header=header, ply=0, chain=None, lines=0)
    conn.execute(insert(S.games).values(row))
    conn.execute(insert(S.seats), [dict(r, game_id=gid, thread_id=None, last_message_id=None)
                                   for r in template["seats"]])
    row["lines"] = None
    body = [r["text"] for r in sorted(template["log"], key=lambda r: r["seq"])]
    append(conn, row, header + "\n\n" + "\n".join(body) + "\n", seat=None, sent=None,
           via="adopt", message_id=None, now=time.time())
    return gid


def _setup(store, games: int, pack: list[dict]) -> list[str]:
    """``games`` live 3-player games in mid-game, game ``i`` a copy of template ``i``
    modulo their number, each then given one move mail (the same move for the copies of
    one template) so the host has seen every game move as it would have in running
    them; every mail so far marked sent, and PostgreSQL's tables vacuumed."""
    from sqlalchemy import update

    from referee.service.store import schema as S
    from referee.service.mail.ingest import ingest

    ids: list[str] = []
    while len(ids) < games:
        with store.write() as conn:
            for _ in range(min(500, games - len(ids))):
                ids.append(_clone(conn, pack[len(ids) % len(pack)], len(ids)))
    for i, gid in enumerate(ids):
        raw = _choose(store, gid, random.Random(i % len(pack)), -1)
        if raw is not None:
            ingest(store, raw)
    with store.write() as conn:
        conn.execute(update(S.outbox).values(sent_at=0.0))
    if not store.sqlite:
        # as PostgreSQL's autovacuum has long since done on a host that has been
        # running: else it works through this setup's dead rows (every mail marked
        # sent above) during the measured moves, on the largest count's database
        with store.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
            c.exec_driver_sql("VACUUM ANALYZE")
    return ids


def _choose(store, gid: str, rng, n: int, *, mail: bool = True):
    """A move mail for ``gid`` (without ``mail``: the seat and the line) chosen from the stored text replayed here, apart from the
    referee's memory and its state cache (which a replay of its own would warm)."""
    from referee.operations.listing import legal_lines
    from referee.replay import replay
    from referee.service.hosted.games import export_text, game_detail
    from referee.transcript import read_text

    g = game_detail(store, gid)
    if g["status"] != "playing":
        return None
    rp = replay(read_text(export_text(store, gid), gid))
    _, lines, _ = legal_lines(rp.module, rp.state, 30)
    if not mail:
        return g["to_move"], rng.choice(lines)
    return _mail(store, gid, g["to_move"], f"{rng.choice(lines)} #{g['ply']}", n)


class Scaling:
    """One count of live games, measured in turns with the other counts: CPU per move
    mail, its ingest, and ``mail send`` delivering the mails it queued (to a real SMTP
    server), each move's mails sent right after it as ``serve`` does. The ``moves``
    games measured are spread over all of them, and each turn sends one move to each
    of the next ``moves / turns`` of them, so with many live games most moves come to
    a game the process has not seen for a while."""

    def __init__(self, url: str, games: int, moves: int, smtp_url: str, pack: list[dict],
                 cache: Path, profile: Path | None = None, turns: int = 1):
        import cProfile

        from referee.service.store import open_store

        self.games, self.smtp_url, self.cache = games, smtp_url, cache
        os.environ["REFEREE_CACHE_DIR"] = str(cache)
        self.store = open_store(url, resident=True)
        ids = _setup(self.store, games, pack)
        # the same positions at every count: the k-th measured game is a copy of
        # template k modulo their number, the copies spread over all the games
        stride = max(1, games // moves)
        self.pack = len(pack)
        self.chosen = [ids[i] for i in ((k % len(pack)) + len(pack) * ((k // len(pack)) * stride)
                                        for k in range(moves)) if i < len(ids)]
        self.prof = {w: cProfile.Profile(time.process_time) for w in ("ingest", "send")} \
            if profile else None
        self.profile = profile
        self.turns: list[dict[str, list[float]]] = []
        self.per_turn = max(1, len(self.chosen) // turns)
        self.sent = 0
        from referee.service.mail import smtp
        from referee.service.hosted.outbox import worker_id
        from referee.service.hosted.outbox import OwnMail
        self.session = smtp.Connection(smtp_url)   # kept between moves, as serve's sender
        self.store.own_mail = OwnMail(worker_id())  # as serve's sender claims a move's mail

    def turn(self) -> None:
        from referee.service.mail.ingest import ingest
        from referee.service.mail.sending import deliver

        os.environ["REFEREE_CACHE_DIR"] = str(self.cache)    # each count's own cache
        r, spent = len(self.turns), {"ingest": [], "send": []}
        start = r * self.per_turn
        for k, gid in enumerate(self.chosen[start:start + self.per_turn], start):
            raw = _choose(self.store, gid, random.Random(f"{k % self.pack}-{r}"), 1000 + r)
            if raw is None:
                continue
            for what, work in (("ingest", lambda: ingest(self.store, raw)),
                               ("send", lambda: deliver(self.store, self.smtp_url,
                                                        session=self.session, own=True))):
                if self.prof:
                    self.prof[what].enable()
                t = time.process_time()
                done = work()
                spent[what].append(time.process_time() - t)
                if self.prof:
                    self.prof[what].disable()
                if what == "ingest":
                    assert done.outcome == "handled" and done.reply.ok, done
                else:
                    assert done.failed == done.deferred == 0, done
                    self.sent += done.sent
        self.turns.append(spent)

    def close(self) -> dict:
        if self.prof:
            for what, p in self.prof.items():
                p.dump_stats(str(self.profile / f"{what}-{self.games}.prof"))
        self.session.close()
        self.store.dispose()
        every = {w: [x for t in self.turns for x in t[w]] for w in ("ingest", "send")}
        n = len(every["ingest"])
        return {"moves": n, "mails": self.sent,
                "ingest": statistics.median(every["ingest"]),
                "send": statistics.median(every["send"]),
                "rate": n / (sum(every["ingest"]) + sum(every["send"])),
                "turns": [statistics.median(t["ingest"]) + statistics.median(t["send"])
                          for t in self.turns]}


REFERENCE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "hawaii-4p.txt"
REFERENCE_RUNS = 25


def reference() -> float:
    """CPU seconds of the machine reference (module docstring, 3.)."""
    from referee.operations import check_text

    text = REFERENCE.read_text(encoding="utf-8")
    assert not check_text(text, str(REFERENCE)).errors      # imports, caches: not timed
    t = time.process_time()
    for _ in range(REFERENCE_RUNS):
        check_text(text, str(REFERENCE))
    return time.process_time() - t


def report_reference(name: str, times: list[float]) -> None:
    times = sorted(times)
    print(f"{name}: machine reference (checking {REFERENCE.name} {REFERENCE_RUNS} times, "
          "before each turn): "
          f"CPU median {statistics.median(times) * 1000:.0f} ms of {len(times)}, "
          f"from {times[0] * 1000:.0f} to {times[-1] * 1000:.0f} ms")


def report_scaling(name: str, figures: dict[int, dict]) -> None:
    counts = sorted(figures)
    for n in counts:
        f = figures[n]
        print(f"{name}: {n:,} live games: {f['moves']} move mails ({f['mails']} mails sent): "
              f"CPU per move mail, median: ingest {f['ingest'] * 1000:.2f} ms, sending its "
              f"mails {f['send'] * 1000:.2f} ms; {f['rate']:.0f} move mails per CPU second "
              f"(floor 100: {'met' if f['rate'] >= 100 else 'NOT met'})")
    low, high = figures[counts[0]], figures[counts[-1]]
    print(f"{name}: ratio {counts[-1]:,}/{counts[0]:,} games: ingest "
          f"{high['ingest'] / low['ingest']:.2f}, sending {high['send'] / low['send']:.2f}, "
          f"ingest plus sending {(high['ingest'] + high['send']) / (low['ingest'] + low['send']):.2f}"
          " (target <= 1)")
    ratios = sorted(h / lo for h, lo in zip(high["turns"], low["turns"]))
    if len(ratios) > 1:
        print(f"{name}: the same ratio turn by turn (each turn measures every count once, "
              f"one after the other): median {statistics.median(ratios):.2f} of "
              f"{len(ratios)} turns, from {ratios[0]:.2f} to {ratios[-1]:.2f}")


def sync_cost(folder: Path, moves: int) -> None:
    from referee.service.store import database as store_module

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
    ap.add_argument("--moves", type=int, default=200,
                    help="move mails measured (latency), and per live-games count")
    ap.add_argument("--games", default="1000,10000",
                    help="live games, one count or several separated by commas")
    ap.add_argument("--turns", "--rounds", type=int, default=1,
                    help="turns round the measured games (MOVES / TURNS of them), each count "
                         "measured in each turn one after the other")
    ap.add_argument("--pg", action="store_true", help="also on a throwaway PostgreSQL")
    ap.add_argument("--no-sqlite", dest="sqlite", action="store_false",
                    help="with --pg, measure PostgreSQL only")
    ap.add_argument("--no-pipelining", dest="pipelining", action="store_false",
                    help="the mail server does not offer PIPELINING")
    ap.add_argument("--sync", action="store_true",
                    help="SQLite latency with synchronous=FULL against NORMAL, nothing else")
    ap.add_argument("--templates", type=int, default=20,
                    help="distinct positions the live games are copies of")
    ap.add_argument("--plies", type=int, default=40, help="how far they are played")
    ap.add_argument("--profile", type=Path, help="write cProfile files of ingest and "
                    "sending to this folder")
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="referee-bench-"))
    if args.sync:
        return sync_cost(folder, args.moves)
    counts = [int(c) for c in str(args.games).split(",") if c.strip()]
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
    cluster = sink = None
    try:
        sink, smtp_url = _sink(args.pipelining)
        print(f"mail server: aiosmtpd, PIPELINING {'offered' if args.pipelining else 'not offered'}")
        os.environ["REFEREE_CACHE_DIR"] = str(folder / "cache-templates")
        pack = _templates(folder, args.templates, args.plies)
        targets = [("SQLite", lambda tag: f"sqlite:///{folder / f'{tag}.db'}")] \
            if args.sqlite or not args.pg else []
        if args.pg:
            from tests.service.pgcluster import PgCluster
            cluster = PgCluster()
            targets.append(("PostgreSQL", lambda tag: cluster.new_database()))
        for name, url in targets:
            wall, cpu = latency(url("latency"), args.moves)
            print(f"{name}: ingest of one move mail, median of {args.moves}: wall "
                  f"{wall * 1000:.1f} ms, CPU {cpu * 1000:.1f} ms "
                  f"(target <= 20 ms: {'met' if wall <= 0.020 else 'NOT met'})")
            where = args.profile / name if args.profile else None
            if where:
                where.mkdir(exist_ok=True)
            # each count starts with a cold state cache of its own, as a new host
            hosts = [Scaling(url(f"games-{n}"), n, args.moves, smtp_url, pack,
                             folder / f"cache-{name}-{n}", where, args.turns) for n in counts]
            machine = []
            for _ in range(args.turns):
                machine.append(reference())
                for host in hosts:        # in turns: a slower spell of the machine
                    host.turn()           # falls on every count alike
            report_scaling(name, {host.games: host.close() for host in hosts})
            report_reference(name, machine)
    finally:
        if sink is not None:
            sink.stdin.close()
            sink.wait(30)
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
