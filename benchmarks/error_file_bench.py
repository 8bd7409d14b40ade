"""What a file of 100,000 bad lines costs `referee check` (docs/performance.md):
CPU time and peak memory of the whole process, from os.wait4, one process per file.

    python benchmarks/error_file_bench.py [--lines 100000]

Three files: lines the line reader refuses, Hawaii moves the rules refuse (the
replay stops at the first; the rest is not evaluated), and Haleakala moves its
move reader refuses (each costs only its line, up to the error cap).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def files(folder: Path, n: int) -> dict[str, Path]:
    haleakala = (ROOT / "docs" / "examples" / "haleakala.txt").read_text().splitlines()[:12]
    haleakala = [x for x in haleakala if not x.startswith("[Result")]
    bodies = {
        "unreadable lines": ['[Game "Hawaii"]', '[Players "RED YELLOW"]']
        + [f"%% nonsense ]][ {i}" for i in range(n)],
        "illegal Hawaii moves": ['[Game "Hawaii"]', '[Players "RED YELLOW"]']
        + [f"RED moves nowhere->{i}" for i in range(n)],
        "unreadable Haleakala moves": haleakala + [f"YELLOW flies to the moon {i}" for i in range(n)],
    }
    out = {}
    for name, lines in bodies.items():
        path = folder / (name.replace(" ", "-") + ".txt")
        path.write_text("\n".join(lines) + "\n")
        out[name] = path
    return out


def measure(path: Path) -> tuple[int, float, float]:
    """(exit status, CPU seconds, peak resident MB) of `referee check path`."""
    proc = subprocess.Popen([sys.executable, "-m", "referee", "check", "-q", str(path)],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=100_000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for name, path in files(Path(tmp), args.lines).items():
            status, cpu, mb = measure(path)
            print(f"{name:28} {args.lines} lines: exit {status}, {cpu:.2f} s CPU, {mb:.0f} MB peak")


if __name__ == "__main__":
    main()
