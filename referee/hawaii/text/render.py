"""The Hawaii position as a forum moderator would post it (``referee show``).

Text is for a terminal or a fixed-width forum post; markdown puts the board
and the players in tables and each realm in a code block, because a realm is
a grid (tikis over columns, kahunas beside rows) that only survives in a
fixed-width font.
"""
from __future__ import annotations

from referee.core.game import CHANCE
from referee.core.words import plural
from referee.hawaii.rules import boats as boats_mod
from referee.hawaii.rules import scoring
from referee.hawaii.rules.realm import START_HUT
from referee.hawaii.text import names

_ROMAN = {0: "", 1: "I", 2: "II"}


def render(state, fmt: str = "text") -> str:
    if fmt not in ("text", "markdown"):
        raise ValueError(f"unknown format {fmt!r}: text or markdown")
    md = fmt == "markdown"
    parts = [_title(state, md), _board(state, md), _sea(state, md), _track(state, md),
             _players(state, md)]
    parts += [_realm(state, seat, md) for seat in state.d.seats]
    parts += [_history(state, md), _next(state, md)]
    return "\n\n".join(p for p in parts if p).rstrip() + "\n"


def _title(state, md: bool) -> str:
    d = state.d
    rounds = len(d.comps.rounds)
    threshold = d.comps.rounds[min(d.round, rounds) - 1].threshold
    points = d.comps.rounds[min(d.round, rounds) - 1].points
    line = (f"Hawaii, round {d.round} of {rounds}, threshold {threshold} "
            f"(scores {'/'.join(map(str, points))})")
    if d.rules:
        line += f" (rules: {' '.join(sorted(d.rules))})"
    return f"## {line}" if md else line


def _tokens(tokens) -> str:
    return " ".join(str(t) for t in tokens) or "-"


def _board(state, md: bool) -> str:
    d = state.d
    if not d.board:
        return "Board: not laid out yet"
    rows = []
    far_first = sorted(d.comps.positions, key=lambda c: (-int(c[1:]) if c[1:].isascii() and c[1:].isdigit() else 0, c))
    for coord in far_first:       # the beach is at the bottom, as on the table
        if coord not in d.board:
            continue
        place = d.place_at(coord)
        spec = d.comps.place(place.place_id)
        stock = ", ".join(f"{k} {n}" for k, n in place.stock.items()) or "sold out"
        circles = _tokens(place.tokens) + (" (printed circle empty)" if place.printed_empty else "")
        rows.append((coord, spec.name or place.place_id, stock, circles, f"{spec.circles} circle{'s' if spec.circles > 1 else ''}, limit {spec.limit}"))
    head = ("place", "name", "tiles left", "tokens", "circles")
    if md:
        return _md_table(head, rows)
    return "Board (row 4 farthest, the beach below row 1)\n" + _text_table(head, rows)


def _sea(state, md: bool) -> str:
    d = state.d
    comps = d.comps
    docks = []
    for i, island in enumerate(d.docks):
        spec = comps.docks[i]
        docks.append(f"dock {i + 1} ({plural(spec.feet, 'feet')}, {plural(spec.points, 'points')}): "
                     f"{island or 'empty'}")
    down = sum(d.stack_down.values())
    up = f", face up: {' '.join(d.stack_up)}" if d.stack_up else ""
    cove = ", ".join(names.fish_label(t, comps) for t in sorted(d.cove, reverse=True))
    lines = [f"Cove: {cove or 'empty'}",
             *docks, f"Island stack: {down} face down{up}"]
    return "\n".join(f"- {x}" for x in lines) if md else "\n".join(lines)


def _track(state, md: bool) -> str:
    d = state.d
    spaces = []
    for k in range(1, len(d.seats) + 1):
        if k in d.track_seat:
            spaces.append(f"{k}: {d.track_seat[k]}")
        else:
            t = d.track.get(k)
            spaces.append(f"{k}: {t if t is not None else '-'}")
    line = "Order track  " + "   ".join(spaces)
    if d.order:
        line += f"\nTurn order this round: {' '.join(d.order)}"
    return line.replace("\n", "  \n") if md else line


def _players(state, md: bool) -> str:
    d = state.d
    comps = d.comps
    threshold = comps.rounds[min(d.round, len(comps.rounds)) - 1].threshold
    rows = []
    for seat in d.seats:
        p = d.players[seat]
        target = scoring.threshold_for(p, threshold, comps)
        fish = f"fish {', '.join(names.fish_label(t, comps) for t in p.fish)}" if p.fish else ""
        pile = " ".join(x for x in (" ".join(map(str, p.tokens)), fish) if x) or "-"
        rows.append((seat, p.at, str(p.shells), str(p.feet), str(p.fruits), pile,
                     f"{p.round_sum(comps)}/{target}", str(p.score)))
    head = ("seat", "at", "shells", "feet", "fruits", "tokens", "sum/needed", "score")
    return _md_table(head, rows) if md else _text_table(head, rows)


def _label(kind: str, side: int) -> str:
    return kind if kind == START_HUT else f"{kind} {_ROMAN[side]}"


def _realm(state, seat: str, md: bool) -> str:
    d = state.d
    comps = d.comps
    realm = d.players[seat].realm
    spec = comps.realm
    labels = [_label(k, s) for row in realm.villages for k, s in row]
    width = max([len(x) for x in labels] + [5]) + 2
    columns = max([len(spec.tiki_columns)] + [spec.printed_tiki_column or 0]
                  + [len(r) for r in realm.villages])
    bought = set(spec.tiki_columns[:realm.tikis])
    marks = []
    for col in range(1, columns + 1):
        if col == spec.printed_tiki_column:
            marks.append("T*")
        elif col in bought:
            marks.append("T")
        elif col in spec.tiki_columns:
            marks.append(".")
        else:
            marks.append("")
    lead = " " * 10
    lines = [lead + "".join(f"{c:<{width}}" for c in range(1, columns + 1)).rstrip(),
             lead + "".join(f"{m:<{width}}" for m in marks).rstrip()]
    for i, row in enumerate(realm.villages):
        k = "K" if i < realm.kahunas else "."
        points = spec.kahuna_points[i] if i < len(spec.kahuna_points) else ""
        cells = "".join(f"{_label(kind, side):<{width}}" for kind, side in row)
        lines.append(f"{k} {points:>3} {i + 1} | {cells}".rstrip())
    for extra in range(len(realm.villages), len(spec.kahuna_points)):
        k = "K" if extra < realm.kahunas else "."
        lines.append(f"{k} {spec.kahuna_points[extra]:>3}")
    boats = ", ".join(f"{b.name} ({'fishing' if not b.side else _ROMAN[b.side]}, "
                      f"{plural(boats_mod.capacity(b, comps) + boats_mod.printed(b, comps), 'feet')}"
                      f"{', sailed' if b.used else ''})" for b in realm.boats)
    title = (f"{seat}'s realm: {plural(realm.kahunas, 'kahunas')}, {plural(realm.tikis, 'tikis')} "
             f"(K kahuna with its points, T tiki, T* printed tiki, . free space)")
    body = "\n".join(lines) + f"\nboats: {boats}"
    if md:
        return f"**{title}**\n\n```\n{body}\n```"
    return f"{title}\n{body}"


def _history(state, md: bool) -> str:
    """Round-end and final scoring so far: what a moderator announces between rounds."""
    lines = []
    for report in state.d.history:
        if "final" in report:
            for seat, parts in report["final"].items():
                shown = ", ".join(f"{k} {v}" for k, v in parts.items() if v) or "nothing"
                lines.append(f"Final scoring {seat}: {shown}")
            continue
        each = ", ".join(f"{seat} {report['sums'][seat]}/{report['targets'][seat]} "
                         f"+{report['points'][seat]}" for seat in report["sums"])
        bonus = "".join(f", order bonus {s} +{n}" for s, n in report.get("order_bonus", {}).items())
        lines.append(f"Round {report['round']}: {each}{bonus}")
    if not lines:
        return ""
    return "\n".join(f"- {x}" for x in lines) if md else "\n".join(lines)


def _next(state, md: bool) -> str:
    d = state.d
    who = state.current_player()
    if who is None:
        out = state.outcome()
        scores = ", ".join(f"{s} {out.scores[s]}" for s in sorted(out.scores, key=lambda s: -out.scores[s]))
        text = f"Game over: {scores}. Winner: {' and '.join(out.winners)}"
    elif who == CHANCE:
        text = f"Next: a chance line ({state.chance_kind()})"
    elif d.phase == "income":
        text = f"Next: {who} chooses irrigation income"
    else:
        text = f"Next: {who} to move"
    return f"**{text}**" if md else text


def _text_table(head, rows) -> str:
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    return "\n".join(fmt.format(*r).rstrip() for r in [head, *rows])


def _md_table(head, rows) -> str:
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(str(x) for x in r) + " |" for r in rows]
    return "\n".join(out)
