"""What reading a forum thread costs: a post's markup to text, and a thread read through
each source from the stand-in forum (tests/service/forum/standin.py) on this machine.

    python benchmarks/forum_bench.py [--runs 9] [--posts 15]

Times ``post_text`` on a 3.9 MB post in each markup (read up to its 200,000 characters)
and on 500 and 5,000 nested quotes (linear: ten times the nesting, ten times the time),
and ``read_posts`` of a thread of POSTS posts for each forum kind. The stand-in serves
from this process, so a read's CPU time includes the server writing the document. CPU
time, median of RUNS (docs/performance.md, "Forum threads").
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.service.forum import post_text, read_posts, thread_of  # noqa: E402
from tests.service.forum.render import phpbb_html  # noqa: E402
from tests.service.forum.standin import ForumStandIn  # noqa: E402


def cpu_ms(call, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        call()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--posts", type=int, default=15)
    args = parser.parse_args()
    huge = "RED: A1\n" + ("chatter " * 12 + "\n") * 40_000
    print(f"post_text, a {len(huge) / 1e6:.1f} MB post:")
    for markup in ("bbcode", "bgg", "markdown", "html"):
        print(f"  {markup:9} {cpu_ms(lambda: post_text(huge, markup), args.runs):7.1f} ms")
    for depth in (500, 5000):
        nested = '[quote="x"]' * depth + "B" + "[/quote]" * depth + "\nRED: A2"
        rendered = phpbb_html(nested)
        print(f"post_text, {depth} nested quotes: bbcode "
              f"{cpu_ms(lambda: post_text(nested, 'bbcode'), args.runs):.2f} ms, html "
              f"{cpu_ms(lambda: post_text(rendered, 'html'), args.runs):.2f} ms")
    with ForumStandIn() as forum:
        print(f"read_posts, a thread of {args.posts} posts (the stand-in in this process):")
        for kind in ("discourse", "phpbb", "bgg", "feed"):
            thread = forum.thread(kind, "Benchmark game")
            for n in range(args.posts):
                thread.post("alice" if n % 2 else "bob", f"RED: A{n} #{n}\nsome chatter")
            found = thread_of(thread.url)
            print(f"  {kind:9} {cpu_ms(lambda: read_posts(found), args.runs):7.1f} ms")


if __name__ == "__main__":
    main()
