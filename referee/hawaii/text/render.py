"""The Hawaii position as a forum moderator would post it (``referee show``).

Text is for a terminal or a fixed-width forum post; markdown puts the board
and the players in tables and each realm in a code block, because a realm is
a grid (tikis over columns, kahunas beside rows) that only survives in a
fixed-width font (a grid wider than NARROW columns, more than a forum's column
holds, comes as the narrow realm's lines). Narrow is the text within 78 columns, for mail: the board's
table becomes two lines a place, a realm too wide for its grid a list.
"""
from __future__ import annotations

from referee.core.game import CHANCE
from referee.core.words import plural, source_name
from referee.core.wrapping import wrap_line
from referee.hawaii.rules import boats as boats_mod
from referee.hawaii.rules import scoring
from referee.hawaii.rules.realm import START_HUT
from referee.hawaii.text import names
from referee.hawaii.text.saying import SOURCES
from referee.i18n import _

_ROMAN = {0: "", 1: "I", 2: "II"}


NARROW = 78


def render(state, fmt: str = "text") -> str:
    if fmt not in ("text", "markdown", "narrow"):
        raise ValueError(f"unknown format {fmt!r}: text, markdown or narrow")
    if fmt == "narrow":
        return _narrow(state)
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
    line = _("Hawaii, round {n} of {rounds}, threshold {threshold} (scores {points})").format(
        n=d.round, rounds=rounds, threshold=threshold, points="/".join(map(str, points)))
    if d.rules:
        line += _(" (rules: {flags})").format(flags=" ".join(sorted(d.rules)))
    return f"## {line}" if md else line


def _tokens(tokens) -> str:
    return " ".join(str(t) for t in tokens) or "-"


def _places(state):
    """(coordinate, place, its spec, the tiles left in words), the farthest row first:
    the beach is at the bottom, as on the table."""
    d = state.d
    far_first = sorted(d.comps.positions, key=lambda c: (-int(c[1:]) if c[1:].isascii() and c[1:].isdigit() else 0, c))
    for coord in far_first:
        if coord not in d.board:
            continue
        place = d.place_at(coord)
        stock = ", ".join(f"{k} {n}" for k, n in place.stock.items()) or _("sold out")
        yield coord, place, d.comps.place(place.place_id), stock


def _board(state, md: bool) -> str:
    d = state.d
    if not d.board:
        return _("Board: not laid out yet")
    rows = []
    for coord, place, spec, stock in _places(state):
        circles = _tokens(place.tokens) + (_(" (printed circle empty)") if place.printed_empty
                                           else "")
        rows.append((coord, spec.name or place.place_id, stock, circles,
                     _("{circles}, limit {limit}").format(
                         circles=plural(spec.circles, "circles"), limit=spec.limit)))
    head = (_("place"), _("name"), _("tiles left"), _("tokens"), _("circles"))
    if md:
        return _md_table(head, rows)
    return _("Board (row 4 farthest, the beach below row 1)") + "\n" + _text_table(head, rows)


def _sea(state, md: bool) -> str:
    d = state.d
    comps = d.comps
    docks = []
    for i, island in enumerate(d.docks):
        spec = comps.docks[i]
        docks.append(_("dock {n} ({feet}, {points}): {island}").format(
            n=i + 1, feet=plural(spec.feet, "feet"), points=plural(spec.points, "points"),
            island=island or _("empty")))
    down = sum(d.stack_down.values())
    up = _(", face up: {islands}").format(islands=" ".join(d.stack_up)) if d.stack_up else ""
    cove = ", ".join(names.fish_label(t, comps) for t in sorted(d.cove, reverse=True))
    lines = [_("Cove: {tokens}").format(tokens=cove or _("empty")),
             *docks, _("Island stack: {n} face down{up}").format(n=down, up=up)]
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
    line = _("Order track") + "  " + "   ".join(spaces)
    if d.order:
        line += "\n" + _("Turn order this round: {seats}").format(seats=" ".join(d.order))
    return line.replace("\n", "  \n") if md else line


def _seats(state):
    """(seat, its player, the sum it needs this round, its fish in words) for each seat."""
    d = state.d
    comps = d.comps
    threshold = comps.rounds[min(d.round, len(comps.rounds)) - 1].threshold
    for seat in d.seats:
        p = d.players[seat]
        fish = ", ".join(names.fish_label(t, comps) for t in p.fish)
        yield seat, p, scoring.threshold_for(p, threshold, comps), fish


def _players(state, md: bool) -> str:
    comps = state.d.comps
    rows = []
    for seat, p, target, fish in _seats(state):
        fish = _("fish {tokens}").format(tokens=fish) if fish else ""
        pile = " ".join(x for x in (" ".join(map(str, p.tokens)), fish) if x) or "-"
        rows.append((seat, p.at, str(p.shells), str(p.feet), str(p.fruits), pile,
                     f"{p.round_sum(comps)}/{target}", str(p.score)))
    head = (_("seat"), _("at"), _("shells"), _("feet"), _("fruits"), _("tokens"), _("sum/needed"),
            _("score"))
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
    body = "\n".join(lines) + "\n" + _("boats: {boats}").format(boats=_boats(realm, comps))
    title = _realm_title(seat, realm)
    if md:
        if max(len(line) for line in body.split("\n")) > NARROW:     # a forum's column
            body = _realm_narrow(state, seat, titled=False)
        return f"**{title}**\n\n```\n{body}\n```"
    return f"{title}\n{body}"


def _boats(realm, comps) -> str:
    return ", ".join(f"{b.name} ({_('fishing') if not b.side else _ROMAN[b.side]}, "
                     f"{plural(boats_mod.capacity(b, comps) + boats_mod.printed(b, comps), 'feet')}"
                     f"{_(', sailed') if b.used else ''})" for b in realm.boats)


def _realm_title(seat: str, realm) -> str:
    return _("{seat}'s realm: {kahunas}, {tikis} (K kahuna with its points, T tiki, T* printed "
             "tiki, . free space)").format(seat=seat, kahunas=plural(realm.kahunas, "kahunas"),
                                           tikis=plural(realm.tikis, "tikis"))


def _history(state, md: bool) -> str:
    """Round-end and final scoring so far: what a moderator announces between rounds."""
    lines = []
    for report in state.d.history:
        if "final" in report:
            for seat, parts in report["final"].items():
                shown = ", ".join(f"{source_name(SOURCES, k)} {v}"
                                  for k, v in parts.items() if v) or _("nothing")
                lines.append(_("Final scoring {seat}: {parts}").format(seat=seat, parts=shown))
            continue
        each = ", ".join(f"{seat} {report['sums'][seat]}/{report['targets'][seat]} "
                         f"+{report['points'][seat]}" for seat in report["sums"])
        bonus = "".join(_(", order bonus {seat} +{n}").format(seat=s, n=n)
                        for s, n in report.get("order_bonus", {}).items())
        lines.append(_("Round {n}: {sums}{bonus}").format(n=report["round"], sums=each,
                                                          bonus=bonus))
    if not lines:
        return ""
    return "\n".join(f"- {x}" for x in lines) if md else "\n".join(lines)


def _next(state, md: bool) -> str:
    d = state.d
    who = state.current_player()
    if who is None:
        out = state.outcome()
        scores = ", ".join(f"{s} {out.scores[s]}" for s in sorted(out.scores, key=lambda s: -out.scores[s]))
        text = _("Game over: {scores}. Winner: {seats}").format(
            scores=scores, seats=_(" and ").join(out.winners))
    elif who == CHANCE:
        text = _("Next: a chance line ({kind})").format(kind=state.chance_kind())
    elif d.phase == "income":
        text = _("Next: {seat} chooses irrigation income").format(seat=who)
    else:
        text = _("Next: {seat} to move").format(seat=who)
    return f"**{text}**" if md else text


def _text_table(head, rows) -> str:
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    return "\n".join(fmt.format(*r).rstrip() for r in [head, *rows])


def _md_table(head, rows) -> str:
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(str(x) for x in r) + " |" for r in rows]
    return "\n".join(out)


# --- narrow: the text within NARROW columns, for mail --------------------------------

def _narrow(state) -> str:
    parts = [_title(state, False), _board_narrow(state), _sea(state, False),
             _track(state, False), _players_narrow(state)]
    parts += [_realm_narrow(state, seat) for seat in state.d.seats]
    parts += [_history(state, False), _next(state, False)]
    return "\n\n".join(_wrap(p) for p in parts if p).rstrip() + "\n"


def _wrap(text: str, indent: str = "    ") -> str:
    """Each line of ``text`` within NARROW columns, a long one continued indented."""
    out = []
    for line in text.split("\n"):
        if len(line) <= NARROW and line.isprintable():
            out.append(line.rstrip() or line)       # what textwrap gives a line that fits
            continue                                # (a mail's board is mostly such lines)
        out += wrap_line(line, NARROW, indent) or [line]
    return "\n".join(out)


def _board_narrow(state) -> str:
    d = state.d
    if not d.board:
        return _("Board: not laid out yet")
    lines = [_("Board, row 4 farthest (each place: the tiles left; its tokens, circles)")]
    for coord, place, spec, stock in _places(state):
        empty = _(" (printed circle empty)") if place.printed_empty else ""
        lines.append(f"{coord:<3} {spec.name or place.place_id}: {stock}")
        lines.append("    " + _("tokens {tokens}{empty}; {circles}, limit {limit}").format(
            tokens=_tokens(place.tokens), empty=empty, circles=plural(spec.circles, "circles"),
            limit=spec.limit))
    return "\n".join(lines)


def _players_narrow(state) -> str:
    comps = state.d.comps
    lines = []
    for seat, p, target, fish in _seats(state):
        fish = "; " + _("fish {tokens}").format(tokens=fish) if fish else ""
        lines.append(_("{seat} at {at}: {shells}, {feet}, {fruits}; tokens {tokens}{fish}; "
                       "sum {sum} of {needed}; score {score}").format(
            seat=seat, at=p.at, shells=plural(p.shells, "shells"), feet=plural(p.feet, "feet"),
            fruits=plural(p.fruits, "fruits"), tokens=_tokens(p.tokens), fish=fish,
            sum=p.round_sum(comps), needed=target, score=p.score))
    return "\n".join(lines)


def _realm_narrow(state, seat: str, titled: bool = True) -> str:
    """A realm as lines: the tikis by column, then each village's tiles in order (the
    grid of the text format is wider than a mail)."""
    d = state.d
    spec = d.comps.realm
    realm = d.players[seat].realm
    bought = set(spec.tiki_columns[:realm.tikis])
    tikis = {c: "T" if c in bought else "." for c in spec.tiki_columns}
    if spec.printed_tiki_column:
        tikis[spec.printed_tiki_column] = "T*"
    lines = [_realm_title(seat, realm)] * titled + [
             _("tikis over columns: ") + ", ".join(f"{c} {m}" for c, m in sorted(tikis.items()))]
    for i, row in enumerate(realm.villages):
        k = "K" if i < realm.kahunas else "."
        points = spec.kahuna_points[i] if i < len(spec.kahuna_points) else ""
        cells = ", ".join(f"{n} {_label(kind, side)}" for n, (kind, side) in enumerate(row, 1))
        lines.append(f"{k} {points:>3} {i + 1} | {cells}".rstrip(" |"))
    for extra in range(len(realm.villages), len(spec.kahuna_points)):
        k = "K" if extra < realm.kahunas else "."
        lines.append(f"{k} {spec.kahuna_points[extra]:>3}")
    lines.append(_("boats: {boats}").format(boats=_boats(realm, d.comps)))
    return "\n".join(_wrap(line, " " * 10 if line[:1] in "K." else "    ") for line in lines)
