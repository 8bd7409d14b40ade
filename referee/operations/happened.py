"""What a move set off, in sentences a moderator can paste to the forum as they are.

A move line says what the player did; what followed by itself (a round's scoring,
income, a card handed out without a choice, an eruption, the end of the game) is in
no line. It is read here from the difference of the state JSON before and after,
key by key, never from a game's internals, so the hosted service can call it too and
a new game gets it by writing the same keys (docs/state.md).
"""
from __future__ import annotations

import textwrap
from collections import Counter
from typing import Sequence

from referee.core.words import plural

RESOURCES = ("shells", "feet", "fruits")
WIDTH = 78               # columns of a plain-text line (RFC 5322's advice)


def what_happened(module, before, after, lines: Sequence[str] = ()) -> list[str]:
    """Sentences on what followed automatically when ``lines`` (the move and the chance
    lines written after it) took the game from state ``before`` to state ``after``."""
    b, a = module.state_to_json(before), module.state_to_json(after)
    out: list[str] = []
    out += _round_reports(b, a)
    out += _scorings(b, a)
    out += _cards_and_statues(b, a)
    out += _income(b, a)
    out += _points(b, a)
    if a.get("result") and not b.get("result"):
        out.append(_result(a["result"]))
    elif a.get("round") is not None and b.get("round") is not None and a["round"] > b["round"]:
        out.append(f"Round {a['round']} begins.")
    return out


def _seats(data) -> list[str]:
    players = data.get("players")
    return list(players) if isinstance(players, dict) else []


def _new_entries(b, a, key: str) -> list[dict]:
    old, new = b.get(key) or [], a.get(key) or []
    return [e for e in new[len(old):] if isinstance(e, dict)] if len(new) > len(old) else []


def _round_reports(b, a) -> list[str]:
    """Hawaii's ``history``: a round's token sums against the targets, then its points."""
    out = []
    for entry in _new_entries(b, a, "history"):
        if "final" in entry:
            parts = []
            for seat, by in entry["final"].items():
                got = [f"{name} {n}" for name, n in by.items() if n]
                parts.append(f"{seat} {', '.join(got)}" if got else f"{seat} nothing")
            out.append("Final scoring: " + "; ".join(parts) + ".")
            continue
        sums, targets, points = (entry.get(k, {}) for k in ("sums", "targets", "points"))
        parts = [f"{seat} tokens {sums.get(seat)} of {targets.get(seat)} needed, "
                 f"{plural(points.get(seat, 0), 'points')}" for seat in sums]
        out.append(f"Round {entry.get('round')} scoring: " + "; ".join(parts) + ".")
        for key, by_seat in entry.items():
            if key not in ("round", "sums", "targets", "points") and isinstance(by_seat, dict):
                what = key.replace("_", " ")
                out += [f"{seat} scores {plural(n, 'points')} ({what})."
                        for seat, n in by_seat.items() if n]
    return out


def _scorings(b, a) -> list[str]:
    """Haleakala's ``scorings``: the eruption's victims, then each seat's points."""
    out = []
    for entry in _new_entries(b, a, "scorings"):
        n = entry.get("n", len(b.get("scorings") or []) + 1)
        lost = [f"{d['seat']}'s statue on {d['space']}" for d in entry.get("destroyed", [])]
        out.append(f"Scoring {n}: the volcano erupts"
                   + (f" and destroys {', '.join(lost)}." if lost else "; no statue is hit."))
        parts = []
        for seat, by in (entry.get("points") or {}).items():
            got = [f"{name} {v}" for name, v in by.items() if name != "total" and v]
            parts.append(f"{seat} {plural(by.get('total', 0), 'points')}"
                         + (f" ({', '.join(got)})" if got else ""))
        if parts:
            out.append(f"Scoring {n} points: " + "; ".join(parts) + ".")
    return out


def _cards_and_statues(b, a) -> list[str]:
    """Cards a seat received (a hand-out, a pick made without a choice), statues put up,
    lava discs that landed."""
    out = []
    for seat in _seats(a):
        old = Counter((b["players"].get(seat) or {}).get("cards") or [])
        new = Counter(a["players"][seat].get("cards") or [])
        got = sorted((new - old).elements())
        if got:
            out.append(f"{seat} receives {', '.join(got)}.")
    old_st, new_st = b.get("statues") or {}, a.get("statues") or {}
    for space, seat in new_st.items():
        if old_st.get(space) != seat:
            out.append(f"A statue of {seat} goes up on {space}.")
    old_lava, new_lava = b.get("craters") or {}, a.get("craters") or {}
    if sum(new_lava.values()) > sum(old_lava.values()):
        for crater, n in new_lava.items():
            if n > old_lava.get(crater, 0):
                out.append(f"{plural(n - old_lava.get(crater, 0), 'lava discs')} "
                           f"{'lands' if n - old_lava.get(crater, 0) == 1 else 'land'} "
                           f"on crater {crater}.")
    return out


def _income(b, a) -> list[str]:
    """Resources handed out at a round end (Hawaii's income)."""
    if not (isinstance(a.get("round"), int) and isinstance(b.get("round"), int)
            and a["round"] > b["round"]):
        return []
    parts = []
    for seat in _seats(a):
        got = [plural(a["players"][seat][k] - b["players"][seat][k], k) for k in RESOURCES
               if k in a["players"][seat] and a["players"][seat][k] > b["players"][seat][k]]
        if got:
            parts.append(f"{seat} {', '.join(got)}")
    return ["Income: " + "; ".join(parts) + "."] if parts else []


def _points(b, a) -> list[str]:
    """Every score that changed, by source where the state names the sources."""
    parts = []
    for seat in _seats(a):
        now, was = a["players"][seat].get("score"), (b["players"].get(seat) or {}).get("score")
        if not isinstance(now, int) or not isinstance(was, int) or now == was:
            continue
        by_new = a["players"][seat].get("points") or {}
        by_old = (b["players"].get(seat) or {}).get("points") or {}
        why = [f"{name} {by_new[name] - by_old.get(name, 0):+d}" for name in by_new
               if by_new[name] != by_old.get(name, 0)]
        parts.append(f"{seat} {now - was:+d}" + (f" ({', '.join(why)})" if why else "")
                     + f", now {now}")
    return ["Points: " + "; ".join(parts) + "."] if parts else []


def _result(result: dict) -> str:
    scores = ", ".join(f"{seat} {n}" for seat, n in (result.get("scores") or {}).items())
    winners = result.get("winners") or []
    won = (f"{winners[0]} wins" if len(winners) == 1
           else f"{' and '.join(winners)} share the victory")
    tiebreak = result.get("tiebreak")
    return f"The game is over: {scores}; {won}" + (f" (tie-break: {tiebreak})." if tiebreak
                                                  else ".")


def draw_text(line: str) -> str:
    """A chance line (``* tokens A1=3s,5 B1=2 ... key=HEX``) as words: what was drawn,
    for each place, without the key that lets anyone check the draw (the transcript
    keeps it). Mail and forum posts say a draw this way."""
    words = [w for w in line.lstrip("* ").split() if not w.startswith("key=")]
    if not words:
        return ""
    kind, items = words[0], words[1:]
    listed = any("," in w for w in items)
    parts = []
    for item in items:
        where, sep, what = item.partition("=")
        drawn = ", ".join("nothing" if x == "-" else x for x in (what if sep else where)
                          .split(","))
        parts.append(f"{where} {drawn}" if sep else drawn)
    return f"{kind}: " + ("; " if listed else ", ").join(parts)


def draw_words(line: str, width: int = WIDTH) -> list[str]:
    """:func:`draw_text` in lines of ``width`` columns, indented under a heading."""
    return textwrap.wrap(draw_text(line), width, initial_indent="    ",
                         subsequent_indent="        ", break_long_words=False,
                         break_on_hyphens=False)
