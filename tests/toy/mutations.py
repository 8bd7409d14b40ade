"""Hostile inputs for the fuzz tests and benchmarks/fuzz_long.py: mutated transcripts
and move arguments. Seeded, so a failure names the seed that reproduces it."""
from __future__ import annotations

import random
from pathlib import Path

from referee.errors import RefereeError
from referee.replay.replayer import replay
from referee.transcript.reader import read_text

ROOT = Path(__file__).resolve().parents[2]
SEEDS = {"hawaii": ROOT / "docs" / "examples" / "hawaii-3p.txt",
         "haleakala": ROOT / "docs" / "examples" / "haleakala.txt"}

# Pieces a mutation splices in: what breaks readers (huge numbers, control and
# bidi characters, deep brackets, quotes, separators) and what nearly parses.
HOSTILE = ["9" * 5000, "-" + "9" * 400, "0x1F", "1e999", "\x00", "\x1b[2J", "\u202e", "\ufeff",
           "\r", "\t", "\f", "\u00a0", "[" * 500, "(" * 500 + ")" * 500, '"' * 7, "\\", "->" * 50,
           ", " * 100, "  " * 300, "# x", "*", "?", "!", "=" * 3, "é", "𝓡", "%s%n", "{}", "null",
           "beach", "cove", "B1", "boat1", "fishing-boat", "paying", "token", "II", "x2",
           "sea3", "beach4", "shaman", "priestess", "RED", "YELLOW", "green", "NOBODY"]


def seed_lines(game: str, limit: int = 40) -> list[str]:
    """The first ``limit`` lines of an example game: its header, setup and opening moves."""
    return SEEDS[game].read_text().splitlines()[:limit]


def _word_edit(rng: random.Random, line: str) -> str:
    words = line.split(" ")
    i = rng.randrange(len(words))
    op = rng.randrange(4)
    if op == 0:
        words[i] = rng.choice(HOSTILE)
    elif op == 1:
        del words[i]
    elif op == 2:
        words.insert(i, words[i])
    else:
        words[i] = "".join(str(int(c) + 1)[-1] if c.isdigit() else c for c in words[i])
    return " ".join(words)


def mutate_lines(rng: random.Random, lines: list[str], edits: int) -> list[str]:
    """Line-level and token-level edits: swaps, duplicates, deletions, word edits."""
    lines = list(lines)
    for _ in range(edits):
        if not lines:
            lines.append(rng.choice(HOSTILE))
            continue
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        op = rng.randrange(6)
        if op == 0:
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 1:
            lines.insert(i, lines[j])
        elif op == 2:
            del lines[i]
        elif op == 3:
            lines[i] = rng.choice(HOSTILE) + lines[i]
        else:
            lines[i] = _word_edit(rng, lines[i]) if lines[i] else rng.choice(HOSTILE)
    return lines


def flip_bytes(rng: random.Random, data: bytes, flips: int) -> bytes:
    """Random bytes replaced: invalid UTF-8 and control characters included."""
    out = bytearray(data)
    for _ in range(flips):
        if out:
            out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def mutated_transcript(rng: random.Random, game: str) -> bytes:
    """One mutated transcript of ``game``: some line edits, sometimes byte flips too."""
    lines = seed_lines(game, rng.choice([8, 15, 40]))
    lines = mutate_lines(rng, lines, rng.randrange(1, 6))
    data = ("\n".join(lines) + rng.choice(["\n", "", "\r\n"])).encode("utf-8", "surrogatepass")
    if rng.random() < 0.3:
        data = flip_bytes(rng, data, rng.randrange(1, 8))
    return data


def hostile_move(rng: random.Random, legal: list[str]) -> str:
    """A move argument: a legal move mutated, or hostile pieces put together."""
    if legal and rng.random() < 0.7:
        return _word_edit(rng, rng.choice(legal))
    return " ".join(rng.choice(HOSTILE) for _ in range(rng.randrange(1, 5)))


def run_cli(args: list[str]) -> tuple[int, str]:
    """referee.cli.run in this process: (status, what it printed to stderr)."""
    import contextlib
    import io

    from referee.cli import run
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = run([str(a) for a in args])
    return status, err.getvalue()


def bad_answer(status: int, err: str) -> str | None:
    """Why an answer breaks the contract (a crash or an internal error), else None."""
    if status not in (0, 1, 2):
        return f"exit status {status}"
    if "internal" in err or "Traceback" in err:
        return err.strip().splitlines()[-1] if err.strip() else "internal"
    return None


def check_mutant(path: Path, data: bytes, commands=("check", "verify")) -> str | None:
    """Write ``data`` to ``path``, check and verify it: the contract broken, or None."""
    path.write_bytes(data)
    for command in commands:
        why = bad_answer(*run_cli([command, path]))
        if why:
            return f"{command}: {why}"
    return None


def legal_lines_of(path: Path) -> list[str]:
    from referee.operations.check import check_path
    from referee.operations.listing import legal_lines
    rp = check_path(str(path))
    if rp.errors or rp.state is None:
        return []
    return list(legal_lines(rp.module, rp.state, 0)[1])


def play_hostile(path: Path, move: str, extra: list[str] = ()) -> str | None:
    """Play ``move`` on ``path``: the contract broken (a crash, or a rejected move that
    changed the file), or None."""
    before = path.read_bytes()
    status, err = run_cli(["play", path, *extra, move])
    why = bad_answer(status, err)
    if why:
        return f"play {move[:60]!r}: {why}"
    if status != 0 and path.read_bytes() != before:
        return f"play {move[:60]!r}: rejected (exit {status}) but the file changed"
    return None


PLAY_EXTRAS = [[], ["--dry-run"], ["--ply", "0"], ["--ply", "99999999999999999999999"],
               ["--chain", "zz"], ["--chain", "0" * 5000], ["--ply", "-1"]]


def mutate(text: str, ops) -> str:
    """``text`` with the edits ``ops`` made: (0 insert, 1 delete, 2 replace; position;
    character), as hypothesis draws them."""
    chars = list(text)
    for kind, pos, ch in ops:
        if not chars:
            chars = [ch]
            continue
        i = pos % (len(chars) + 1)
        if kind == 0:
            chars.insert(i, ch)
        elif kind == 1 and i < len(chars):
            del chars[i]
        elif i < len(chars):
            chars[i] = ch
    return "".join(chars)


def assert_well_formed(text: str) -> None:
    """Replaying ``text`` answers with positioned errors only, never a crash."""
    try:
        rp = replay(read_text(text, "fuzz.txt"))
    except RefereeError as err:  # allowed by the contract, but must be positioned
        errors = [err]
    else:
        errors = rp.errors
    lines = max(1, len(read_text(text).lines))
    for err in errors:
        assert isinstance(err, RefereeError)
        assert err.code and err.code not in ("error", "internal"), (err.code, err.reason)
        assert isinstance(err.line, int) and 1 <= err.line <= lines, (err.line, err.reason)
        assert isinstance(err.column, int) and err.column >= 1
        assert isinstance(err.reason, str) and err.reason
        assert err.text is not None
