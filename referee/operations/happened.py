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
from referee.i18n import _, ngettext

RESOURCES = ("shells", "feet", "fruits")
WIDTH = 78               # columns of a plain-text line (RFC 5322's advice)


def what_happened(module, before, after, lines: Sequence[str] = ()) -> list[str]:
    """Sentences on what followed automatically when ``lines`` (the move and the chance
    lines written after it) took the game from state ``before`` to state ``after``."""
    b, a = module.state_to_json(before), module.state_to_json(after)
    out: list[str] = []
    out += _round_reports(module, b, a)
    out += _scorings(module, b, a)
    out += _cards_and_statues(b, a)
    out += _income(b, a)
    out += _points(module, b, a)
    if a.get("result") and not b.get("result"):
        out.append(_result(a["result"]))
    elif a.get("round") is not None and b.get("round") is not None and a["round"] > b["round"]:
        out.append(_("Round {n} begins.").format(n=a["round"]))
    return out


def _seats(data) -> list[str]:
    players = data.get("players")
    return list(players) if isinstance(players, dict) else []


def _new_entries(b, a, key: str) -> list[dict]:
    old, new = b.get(key) or [], a.get(key) or []
    return [e for e in new[len(old):] if isinstance(e, dict)] if len(new) > len(old) else []


def _round_reports(module, b, a) -> list[str]:
    """Hawaii's ``history``: a round's token sums against the targets, then its points."""
    out = []
    for entry in _new_entries(b, a, "history"):
        if "final" in entry:
            parts = []
            for seat, by in entry["final"].items():
                got = [f"{module.score_source(name)} {n}" for name, n in by.items() if n]
                parts.append(f"{seat} {', '.join(got)}" if got
                             else _("{seat} nothing").format(seat=seat))
            out.append(_("Final scoring: {parts}.").format(parts="; ".join(parts)))
            continue
        sums, targets, points = (entry.get(k, {}) for k in ("sums", "targets", "points"))
        parts = [_("{seat} tokens {sum} of {target} needed, {points}").format(
            seat=seat, sum=sums.get(seat), target=targets.get(seat),
            points=plural(points.get(seat, 0), "points")) for seat in sums]
        out.append(_("Round {n} scoring: {parts}.").format(n=entry.get("round"),
                                                            parts="; ".join(parts)))
        for key, by_seat in entry.items():
            if key not in ("round", "sums", "targets", "points") and isinstance(by_seat, dict):
                what = module.score_source(key)
                out += [_("{seat} scores {points} ({what}).").format(
                    seat=seat, points=plural(n, "points"), what=what)
                        for seat, n in by_seat.items() if n]
    return out


def _scorings(module, b, a) -> list[str]:
    """Haleakala's ``scorings``: the eruption's victims, then each seat's points."""
    out = []
    for entry in _new_entries(b, a, "scorings"):
        n = entry.get("n", len(b.get("scorings") or []) + 1)
        lost = [_("{seat}'s statue on {space}").format(seat=d["seat"], space=d["space"])
                for d in entry.get("destroyed", [])]
        out.append(_("Scoring {n}: the volcano erupts and destroys {statues}.").format(
            n=n, statues=", ".join(lost)) if lost else
            _("Scoring {n}: the volcano erupts; no statue is hit.").format(n=n))
        parts = []
        for seat, by in (entry.get("points") or {}).items():
            got = [f"{module.score_source(name)} {v}" for name, v in by.items()
                   if name != "total" and v]
            parts.append(f"{seat} {plural(by.get('total', 0), 'points')}"
                         + (f" ({', '.join(got)})" if got else ""))
        if parts:
            out.append(_("Scoring {n} points: {parts}.").format(n=n, parts="; ".join(parts)))
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
            out.append(_("{seat} receives {cards}.").format(seat=seat, cards=", ".join(got)))
    old_st, new_st = b.get("statues") or {}, a.get("statues") or {}
    for space, seat in new_st.items():
        if old_st.get(space) != seat:
            out.append(_("A statue of {seat} goes up on {space}.").format(seat=seat, space=space))
    old_lava, new_lava = b.get("craters") or {}, a.get("craters") or {}
    if sum(new_lava.values()) > sum(old_lava.values()):
        for crater, n in new_lava.items():
            if n > old_lava.get(crater, 0):
                landed = n - old_lava.get(crater, 0)
                out.append(ngettext("{n} lava disc lands on crater {crater}.",
                                    "{n} lava discs land on crater {crater}.", landed).format(
                    n=landed, crater=crater))
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
    return [_("Income: {parts}.").format(parts="; ".join(parts))] if parts else []


def _points(module, b, a) -> list[str]:
    """Every score that changed, by source where the state names the sources."""
    parts = []
    for seat in _seats(a):
        now, was = a["players"][seat].get("score"), (b["players"].get(seat) or {}).get("score")
        if not isinstance(now, int) or not isinstance(was, int) or now == was:
            continue
        by_new = a["players"][seat].get("points") or {}
        by_old = (b["players"].get(seat) or {}).get("points") or {}
        why = [f"{module.score_source(name)} {by_new[name] - by_old.get(name, 0):+d}"
               for name in by_new
               if by_new[name] != by_old.get(name, 0)]
        parts.append(f"{seat} {now - was:+d}" + (f" ({', '.join(why)})" if why else "")
                     + _(", now {n}").format(n=now))
    return [_("Points: {parts}.").format(parts="; ".join(parts))] if parts else []


def _result(result: dict) -> str:
    scores = ", ".join(f"{seat} {n}" for seat, n in (result.get("scores") or {}).items())
    winners = result.get("winners") or []
    won = (_("{seat} wins").format(seat=winners[0]) if len(winners) == 1
           else _("{seats} share the victory").format(seats=_(" and ").join(winners)))
    tiebreak = result.get("tiebreak")
    if tiebreak:
        return _("The game is over: {scores}; {won} (tie-break: {tiebreak}).").format(
            scores=scores, won=won, tiebreak=tiebreak)
    return _("The game is over: {scores}; {won}.").format(scores=scores, won=won)


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
        drawn = ", ".join(_("nothing") if x == "-" else x for x in (what if sep else where)
                          .split(","))
        parts.append(f"{where} {drawn}" if sep else drawn)
    return f"{kind}: " + ("; " if listed else ", ").join(parts)


def draw_words(line: str, width: int = WIDTH) -> list[str]:
    """:func:`draw_text` in lines of ``width`` columns, indented under a heading."""
    return textwrap.wrap(draw_text(line), width, initial_indent="    ",
                         subsequent_indent="        ", break_long_words=False,
                         break_on_hyphens=False)
