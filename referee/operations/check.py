"""Checking one file without letting anything escape: the CLI's unit of work.

A batch of a thousand transcripts must report a broken file and go on, so
unreadable files and bugs in a module become errors of that file.
"""
from __future__ import annotations

from referee.errors import RefereeError
from referee.operations.bot_moves import bot_errors
from referee.replay.replayer import Replay, replay
from referee.transcript.items import Transcript
from referee.transcript.problems import internal
from referee.transcript.reader import read_path, read_text


def check_path(path: str, *, until: int | None = None, deal_check: bool = False,
               chain: bool = False) -> Replay:
    try:
        return _with_bots(replay(read_path(path), until=until, deal_check=deal_check,
                                 chain=chain), deal_check and until is None)
    except RefereeError as err:
        failed = err
    except Exception as exc:
        failed = internal(exc)
    rp = Replay(Transcript(file=str(path), lines=[]))
    failed.file = failed.file or str(path)
    rp.errors = [failed]
    return rp


def check_text(text: str, file: str = "<string>", *, until: int | None = None,
               deal_check: bool = False, chain: bool = False) -> Replay:
    """Like :func:`check_path` for text in memory (tests, the fuzzer, a mail gateway)."""
    try:
        return _with_bots(replay(read_text(text, file), until=until, deal_check=deal_check,
                                 chain=chain), deal_check and until is None)
    except RefereeError as err:
        failed = err
    except Exception as exc:
        failed = internal(exc)
    rp = Replay(Transcript(file=file, lines=text.split("\n")))
    failed.file = failed.file or file
    failed.line = failed.line or 1
    failed.column = failed.column or 1
    rp.errors = [failed]
    return rp


def _with_bots(rp: Replay, deal_check: bool) -> Replay:
    """``verify`` also plays every bot again: a line marked ``# bot LEVEL`` must be the
    move that bot makes there (operations/bot_moves.py). ``check`` does not: a strong
    bot's move costs a search, and check is the quick reading of a file."""
    if deal_check and rp.ok:
        rp.errors = rp.errors + bot_errors(rp.transcript)
    return rp
