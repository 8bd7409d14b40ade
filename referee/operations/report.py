"""How errors and replays are shown: to people on stderr, to tools as JSON.

The text form is the contract's ``FILE:LINE:COL: code: reason`` followed by
the offending line and a caret, the way compilers print, so editors can jump
to it. Runs of not-evaluated lines collapse into one message for people.
"""
from __future__ import annotations

from typing import Iterable

from referee.core.game import CHANCE
from referee.errors import RefereeError
from referee.i18n import _, ngettext
from referee.replay.control import decided, outcome, resigned, state_json, to_move


def printable(text: str) -> str:
    """Control characters from a file shown as escapes (\\x1b, \\u202e): an echoed
    line must never drive the reader's terminal (set a title, move the cursor)."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == "\t" else
                   (f"\\x{ord(ch):02x}" if ord(ch) < 256 else f"\\u{ord(ch):04x}")
                   for ch in text)


def caret_lines(text: str, column: int | None) -> list[str]:
    column = max(1, column or 1)
    prefix = "".join(ch if ch == "\t" else " " * len(printable(ch)) for ch in text[:column - 1])
    return ["    " + printable(text), "    " + prefix + "^"]


def format_error(err: RefereeError, file: str | None = None, *, where: bool = True) -> str:
    """``file:line:column: code: reason``, the line with a caret, candidates and hint.
    Without a file or line to name, or with ``where=False`` (a reply to a player, for
    whom the transcript's line numbers mean nothing), it starts at the code."""
    named = err.file or file
    place = ""
    if where and (named or err.line):
        place = printable(named or "<input>")
        place = (f"{place}:{err.line}:{err.column or 1}" if err.line else place) + ": "
    out = [f"{place}{err.code}: {printable(err.reason)}"]
    if err.text is not None and err.line:
        out += caret_lines(err.text, err.column)
    candidates = getattr(err, "candidates", None)
    if candidates:
        out.append("  " + _("candidates:"))
        out += [f"    {printable(c)}" for c in candidates]
    if err.hint:
        out.append("  " + _("hint: {hint}").format(hint=printable(err.hint)))
    return "\n".join(out)


def format_errors(errors: Iterable[RefereeError], file: str | None = None) -> str:
    """All errors of one file, runs of not-evaluated lines as one entry."""
    out, run = [], []

    def flush():
        if not run:
            return
        first, last = run[0], run[-1]
        span = _("line {n}").format(n=first.line) if first is last else \
            _("lines {first}-{last}").format(first=first.line, last=last.line)
        items = ngettext("{n} item", "{n} items", len(run)).format(n=len(run))
        out.append(f"{first.file or file}:{first.line}:1: not-evaluated: " +
                   _("{span} ({items}) not evaluated after the error above").format(
                       span=span, items=items))
        run.clear()

    for err in errors:
        if err.code == "not-evaluated":
            run.append(err)
            continue
        flush()
        out.append(format_error(err, file))
    flush()
    return "\n".join(out)


def error_dict(err: RefereeError) -> dict:
    d = {"code": err.code, "line": err.line, "column": err.column, "text": err.text,
         "reason": err.reason, "hint": err.hint or None}
    candidates = getattr(err, "candidates", None)
    if candidates:
        d["candidates"] = list(candidates)
    return d


def replay_dict(rp) -> dict:
    """The ``check --format json`` object of one file."""
    return {"file": rp.file, "ok": rp.ok, "errors": [error_dict(e) for e in rp.errors],
            "moves": rp.moves, "draws": rp.draws, "to_move": rp.to_move,
            "warnings": list(rp.warnings)}


def digest(module, state, data: dict | None = None) -> str:
    """One line about the position: round, phase and scores where the state has them.
    ``data``, the state JSON if the caller has it already, saves making it again."""
    try:
        data = state_json(module, state) if data is None else data
    except Exception:
        return ""
    parts = []
    if data.get("round") is not None:
        parts.append(_("round {n}").format(n=data["round"]))
    if data.get("phase") is not None:       # the phase is named as the state JSON names it
        parts.append(_("phase {name}").format(name=data["phase"]))
    players = data.get("players")
    if isinstance(players, dict):
        scores = [f"{seat} {p['score']}" for seat, p in players.items()
                  if isinstance(p, dict) and "score" in p]
        if scores:
            parts.append(_("scores {list}").format(list=", ".join(scores)))
    return "; ".join(parts)


def result_words(state) -> str | None:
    """The game's result as a person reads it, in the reader's language: the record's
    [Result] keeps the notation's words (``result_text``), the sentence shown does not."""
    out = outcome(state)
    if out is None:
        return None
    winners = " ".join(out.winners)
    gone = ", ".join(_("{seat} resigned").format(seat=seat) for seat in resigned(state))
    if gone and decided(state):
        return _("{gone}; winner {seats}").format(gone=gone, seats=winners)
    scores = ", ".join(f"{seat} {score}" for seat, score in out.scores.items())
    said = ngettext("{scores}; winner {seats}", "{scores}; winners {seats}",
                    len(out.winners)).format(scores=scores, seats=winners) if winners else scores
    return _("{result}; {gone}").format(result=said, gone=gone) if gone else said


def who_next(state) -> str:
    who = to_move(state)
    if who is None:
        result = result_words(state)
        if result is None:
            return _("the game is over")
        return _("game over: {result}").format(result=result)
    if who == CHANCE:
        return _("next: a chance line ({kind})").format(kind=state.chance_kind())
    if who in resigned(state):
        return _("next: {seat} (resigned: the referee plays its move)").format(seat=who)
    return _("next: {seat}").format(seat=who)


# Tags the referee reads or writes itself; any other tag is the players' own (docs/notation.md section 2).
REFEREE_TAGS = frozenset({"game", "players", "rules", "components", "referee", "dealing", "seed",
                          "commit", "salts", "saltcommit", "salt", "position", "result"})


def players_tags(transcript) -> list[tuple[str, str]]:
    """The players' own tags (Event, Date, a seat's e-mail, ...), in file order."""
    return [(t.name, t.value) for t in transcript.tags if t.name.lower() not in REFEREE_TAGS]


def other_tags(transcript) -> str:
    """The players' own tags for the top of a ``show``, one a line; empty when none
    (a forum post writes them in its markup: operations/forum_post.py)."""
    return "".join(f"{name}: {value}\n" for name, value in players_tags(transcript))
