"""How the move and line readers scale on hostile lines near the 2,000-character cap
(docs/performance.md, issue 11).

    python benchmarks/regex_bench.py [--lark 300] [--seed 1]

Every reader a line meets (the Hawaii canonical patterns, two-word names, the
Hawaii and Haleakala move readers, the transcript line reader, the word finder of
error messages) gets lines built from real move lines with one piece repeated
(a word, a space, ', ', '->', a digit, a letter, a bracket) up to 200 and up to
2,000 characters, whole or cut short so that they almost match. A linear reader
takes about 10 times as long on the long line; a backtracking one about 100 times.
Prints, per reader, the median and the worst ratio, the slowest long line, and the
worst case. Times are the best of 5 runs of a line in CPU time. The worst case is then run at
4,000 characters too: 'doubling' is its time at 4,000 over its time at 2,000 (2 for
a linear reader, 4 for a quadratic one), which load on the machine disturbs less.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.errors import RefereeError  # noqa: E402

UNITS = [None, " ", ", ", "->", "1", "1 ", "a", "(", "-", "9s "]


def _lines(name: str, count: int) -> list[str]:
    text = (ROOT / "docs" / "examples" / name).read_text().splitlines()
    return [line for line in text if line[:1].isalpha()][:count]


def hostile(seeds: list[str], size: int) -> list[tuple[str, str]]:
    """(description, line) pairs of about ``size`` characters."""
    out = []
    for seed in seeds:
        words = seed.split(" ")
        for k in range(1, len(words) + 1):
            head, tail = " ".join(words[:k]), " ".join(words[k:])
            for unit in UNITS:
                piece = words[k - 1] + " " if unit is None else unit
                fill = max(1, (size - len(head) - len(tail) - 2) // len(piece))
                body = head + " " + piece * fill
                for cut, line in (("", body + tail), (" cut", body + "!")):
                    out.append((f"{seed[:30]!r}...+{piece!r}*n at word {k}{cut}", line[:size]))
    return out


def _best(func, line: str) -> float:
    best = float("inf")
    for _ in range(5):
        t0 = time.process_time()
        try:
            func(line)
        except RefereeError:
            pass
        best = min(best, time.process_time() - t0)
    return best


def _state(name: str, lines: int):
    from referee.operations.check import check_path
    src = (ROOT / "docs" / "examples" / name).read_text().splitlines()
    head = [x for x in src[:lines] if not x.startswith("[Result")]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.txt"
        path.write_text("\n".join(head) + "\n")
        rp = check_path(str(path))
    assert not rp.errors, rp.errors
    return rp.state


def readers():
    from referee.haleakala.text.notation import parse_move as haleakala_move
    from referee.hawaii.text import canonical_moves, move_syntax, names
    from referee.hawaii.text.notation import parse_move as hawaii_move
    from referee.transcript.reader import parse_line
    from referee.syntax.hints import word_at
    hawaii, haleakala = _state("hawaii-3p.txt", 30), _state("haleakala.txt", 20)

    def canonical(line):
        for pattern in canonical_moves.PATTERNS.values():
            pattern.fullmatch(line)
        canonical_moves.FISH_ITEM.findall(line)

    def two_words(line):
        names.join_two_word_names(line)
        names.BEACH_SPOTS.match(line)

    return {  # name: (function, hawaii lines?, regular expressions only?)
        "hawaii canonical patterns": (canonical, True, True),
        "hawaii two-word names": (two_words, True, True),
        "transcript line reader": (parse_line, None, True),
        "transcript grammar (lark)": (lambda s: parse_line(s, fast=False), None, False),
        "error word finder": (lambda s: word_at(s, len(s) // 2), None, True),
        "hawaii move syntax (lark)": (lambda s: move_syntax.read(s, fast=False), True, False),
        "hawaii parse_move": (lambda s: hawaii_move(s, hawaii), True, False),
        "haleakala parse_move": (lambda s: haleakala_move(s, haleakala), False, False),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lark", type=int, default=300, help="lines tried on each lark reader")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    hawaii = _lines("hawaii-3p.txt", 12) + _lines("hawaii-5p.txt", 40)[-8:]
    haleakala = _lines("haleakala.txt", 40)[::4]
    print(f"{'reader':28} {'lines':>6} {'median':>7} {'worst':>6} {'doubling':>8} "
          f"{'slowest 2000':>13}  worst case")
    for name, (func, game, plain) in readers().items():
        seeds = hawaii if game else haleakala if game is False else hawaii + haleakala
        pairs = list(zip(hostile(seeds, 200), hostile(seeds, 2000)))
        if not plain:
            pairs = rng.sample(pairs, min(args.lark, len(pairs)))
        ratios, slowest, worst = [], 0.0, (0.0, "", "")
        for (what, short), (_, long) in pairs:
            a, b = _best(func, short), _best(func, long)
            slowest = max(slowest, b)
            if b > 2e-4:                 # below that the clock's noise decides
                ratios.append(b / a)
                worst = max(worst, (b / a, what, long))
        median = statistics.median(ratios) if ratios else float("nan")
        doubling = float("nan")
        if worst[2]:
            long = worst[2]
            doubled = long[:len(long) // 2] + long[len(long) // 2:] * 3   # 4,000 characters
            doubling = _best(func, doubled[:4000] + long[-1]) / _best(func, long)
        print(f"{name:28} {len(pairs):6} {median:7.1f} {worst[0]:6.1f} {doubling:8.1f} "
              f"{slowest * 1000:10.2f} ms  {worst[1]}", flush=True)


if __name__ == "__main__":
    main()
