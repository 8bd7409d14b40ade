"""Render time of the pictures: a Hawaii 5-player position as SVG, as PNG (from that
SVG, resvg), and as the HTML page; the Haleakala SVG and PNG for comparison.

    python benchmarks/pictures_bench.py [--runs 21]

Prints the median over runs of CPU milliseconds (process_time) per render, so other
load on the machine disturbs the figures less. "svg" draws the same position again,
with the SVG writer's memo of attribute strings full of it; "svg, memo empty" empties
the memo first, as the first picture a process draws. The position is docs/examples/
hawaii-5p.txt after line 60 (round 3, mid-round, every realm partly built). Not a test.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.operations import picture_files as pictures  # noqa: E402
from referee.core.svg import forget  # noqa: E402
from referee.operations.check import check_path  # noqa: E402
from referee.operations.picture import last_moves  # noqa: E402


def median_ms(fn, runs: int, setup=None) -> float:
    """Median CPU ms of ``fn`` over ``runs`` calls after one warm-up call (imports,
    caches, fonts); ``setup``, when given, runs untimed before every call."""
    times = []
    for k in range(runs + 1):
        if setup is not None:
            setup()
        start = time.process_time()
        fn()
        if k:
            times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=21)
    args = ap.parse_args()
    cases = {"Hawaii 5 players": ("hawaii-5p.txt", 60),
             "Haleakala": ("haleakala.txt", 400)}
    print(f"median CPU ms per render over {args.runs} runs")
    for name, (file, at) in cases.items():
        rp = check_path(str(ROOT / "docs" / "examples" / file), until=at)
        module, state = rp.module, rp.state
        svg = module.render(state, "svg")
        text = module.render(state, "text")
        moves = last_moves(rp, at)
        t_svg = median_ms(lambda: module.render(state, "svg"), args.runs)
        t_new = median_ms(lambda: (forget(), module.render(state, "svg")), args.runs)
        t_png = median_ms(lambda: pictures.svg_to_png(svg), args.runs)
        t_html = median_ms(lambda: pictures.html_page(name, module.render(state, "svg"), text,
                                                      moves), args.runs)
        png = pictures.svg_to_png(svg)
        print(f"{name:18} svg {t_svg:7.2f} ms ({len(svg) // 1024} KiB)   "
              f"svg, memo empty {t_new:7.2f} ms   "
              f"png from svg {t_png:7.2f} ms ({len(png) // 1024} KiB)   "
              f"svg + html page {t_html:7.2f} ms   svg + png {t_svg + t_png:7.2f} ms")


if __name__ == "__main__":
    main()
