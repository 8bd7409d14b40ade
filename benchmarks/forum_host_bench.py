"""What a forum post costs the host (docs/performance.md, "Forum games").

    python benchmarks/forum_host_bench.py [--game hawaii|haleakala] [--moves 120]

A forum game on SQLite, its thread's posts handed to the host as a poll or a webhook
hands them (``referee.service.forum.intake.handle_post``; the forum itself is not
read, so its network time is outside the measure): per seated move post, the CPU time
of the whole transaction (authenticate by account, read the post's commands, validate
and append the move, write the answer with its state post in the thread's markup, the
mark that the post was handled, the commit), its median and 90th percentile, and the
part of it the state post takes (``forum_post``, which replays the transcript to tell
the last plies). Then a post read again (the handled-once check alone).
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

THREAD = "https://forum.example.org/t/a-game/42"


def main() -> int:
    from referee.operations import forum_post
    from referee.replay.lines import canonical_move
    from referee.service.forum import Post, thread_of
    from referee.service.forum.intake import handle_post
    from referee.service.hosted.games import ForumGame, create_game, export_text, list_games
    from referee.service.hosted.session import replay_text
    from referee.service.store import open_store

    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="hawaii", choices=["hawaii", "haleakala"])
    ap.add_argument("--moves", type=int, default=120)
    args = ap.parse_args()
    rng = random.Random(1)
    seats = {"RED": "@alice", "GREEN" if args.game == "hawaii" else "YELLOW": "@bob"}
    accounts = {s: a[1:] for s, a in seats.items()}
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(f"sqlite:///{tmp}/r.db", resident=True,
                           public_url="https://games.example.org")
        gid = create_game(store, args.game, seats, host_address="referee@example.org",
                          forum=ForumGame(THREAD))
        key = thread_of(THREAD).key
        n = 0

        def post(author, text):
            nonlocal n
            n += 1
            return Post(key, str(n), author, text, number=n, url=f"{THREAD}/{n}")

        for account in accounts.values():
            handle_post(store, post(account, "in"))
        cpu, parts = [], []
        for _ in range(args.moves):
            g = next(x for x in list_games(store) if x["id"] == gid)
            if g["status"] != "playing":
                break
            text = export_text(store, gid)
            rp = replay_text(text, gid)
            line = canonical_move(rp.module, rng.choice(rp.state.legal_moves()), rp.state,
                                  g["to_move"])
            p = post(accounts[g["to_move"]], f"my move:\n{line}\ncheers")
            t = time.process_time()
            done = handle_post(store, p)
            cpu.append(time.process_time() - t)
            assert done.outcome == "handled" and done.reply.ok, done.reply.text
            text = export_text(store, gid)
            t = time.process_time()
            forum_post(text, "bbcode")
            parts.append(time.process_time() - t)
        again = []
        for _ in range(50):
            t = time.process_time()
            assert handle_post(store, p).outcome == "duplicate"
            again.append(time.process_time() - t)
        plies = next(x for x in list_games(store) if x["id"] == gid)["ply"]
        store.dispose()

    def ms(values, q=None):
        values = sorted(values)
        v = statistics.median(values) if q is None else values[int(q * (len(values) - 1))]
        return f"{v * 1000:.1f} ms"

    print(f"{args.game}: {len(cpu)} move posts, game at ply {plies}")
    print(f"  a move post, CPU: median {ms(cpu)}, 90th percentile {ms(cpu, 0.9)}")
    print(f"  of which the state post (forum_post): median {ms(parts)}")
    print(f"  a post read again (handled once): median {ms(again)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
