"""The Haleakala position as a forum moderator would post it (``referee show``).

One row per section, read clockwise, with the boat, the beach discs, the two
card slots, the statues and shamans up the slope and the lava on the crater:
that is how players talk about the island ("my 4 on beach2, the lava on 5").
Narrow (for mail, within 78 columns) gives each section and each player a
few lines instead of a table row.
"""
from __future__ import annotations

import textwrap

from referee.core.game import CHANCE
from referee.i18n import N_, _
from referee.core.wrapping import wrap_line
from referee.haleakala.rules import turns as rules


def _section_rows(st) -> list[tuple]:
    rows = []
    for sec in range(1, st.comp.sections + 1):
        beach = st.beaches[sec]
        discs = " ".join(f"{s[0]}:{'+'.join(map(str, beach[s]))}" for s in st.seats if beach[s])
        inv = [s for s in st.seats if st.invocation.get(s) == sec]
        if inv:
            # the invocation disc, shortened to fit the table's column
            discs += " " + " ".join(f"{s[0]}:" + _("inv") for s in inv)
        land = []
        for ring in st.comp.statue_rings:
            sp = f"{ring}{sec}"
            here = []
            if sp in st.statues:
                here.append(_("statue {seat}").format(seat=st.statues[sp]))
            here += [_("shaman {seat}").format(seat=s) for s in st.seats if st.shaman[s] == sp]
            if here:
                land.append(f"{ring}: {', '.join(here)}")
        beach_shamans = [s for s in st.seats if st.shaman[s] == f"beach{sec}"]
        if beach_shamans:
            land.insert(0, "beach: " + ", ".join(_("shaman {seat}").format(seat=s)
                                                 for s in beach_shamans))
        slots = ", ".join(c or "-" for c in st.slots[sec])
        rows.append((str(sec), _("boat") if st.boat == sec else "", discs.strip() or "-", slots,
                     "; ".join(land) or "-", str(st.craters[sec] or "-")))
    return rows


def _table(head, rows, md: bool) -> str:
    if md:
        out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        out += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(out)
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    return "\n".join(fmt.format(*r).rstrip() for r in [head, *rows])


NARROW = 78
# the columns' headings, translated where a table is drawn
_SECTION = (N_("section"), N_("sea"), N_("beach discs"), N_("cards"), N_("land"), N_("lava"))
_PLAYER = (N_("player"), N_("score"), N_("reserve"), N_("invocation"), N_("statues left"),
           N_("cards"), N_("score cards"))


def _narrow(head, rows) -> str:
    """Each row as ``name: field value; field value``, within NARROW columns."""
    out = []
    for row in rows:
        fields = "; ".join(f"{h} {v}" for h, v in zip(head[1:], row[1:]) if v not in ("", "-"))
        line = f"{head[0]} {row[0]}: {fields or '-'}" if head[0] == _("section") \
            else f"{row[0]}: {fields}"
        out += wrap_line(line, NARROW, "    ")
    return "\n".join(out)


def render(state, fmt: str = "text") -> str:
    if fmt not in ("text", "markdown", "narrow"):
        raise ValueError(f"unknown format {fmt!r}: text, markdown or narrow")
    md = fmt == "markdown"
    table = (lambda head, rows: _narrow([_(h) for h in head], rows)) if fmt == "narrow" \
        else (lambda head, rows: _table([_(h) for h in head], rows, md))
    st = state
    title = _("Haleakala, round {n} of 2").format(n=st.round)
    if st.rules:
        title += _(" (rules: {flags})").format(flags=" ".join(st.rules))
    parts = [f"## {title}" if md else title]
    parts.append(table(_SECTION, _section_rows(st)))
    decks = ", ".join(f"{d}-palm {sum(st.decks[d].values())}" for d in st.decks)
    decks = ", ".join(_("{palms}-palm {n}").format(palms=d, n=sum(st.decks[d].values()))
                      for d in st.decks)
    board = ", ".join(st.board_cards) or _("none")
    prs = _("face up") if st.priestess_up else _("face down")
    lines = [_("Decks: {decks}; lava discs in supply: {n}").format(decks=decks, n=st.lava_supply),
             _("Score board: {cards}; priestess {side}").format(cards=board, side=prs)]
    if fmt == "narrow":
        lines = [w for x in lines for w in textwrap.wrap(x, NARROW, subsequent_indent="    ")]
    parts.append("\n".join(f"- {x}" for x in lines) if md else "\n".join(lines))
    rows = []
    for s in st.seats:
        inv = st.invocation.get(s)
        rows.append((s + (_(" (first)") if st.first == s else ""), str(st.score[s]),
                     " ".join(map(str, st.reserve[s])) or "-",
                     "-" if inv is None else (_("reserve") if inv == "reserve" else f"beach{inv}"),
                     str(st.statues_left[s]), ", ".join(st.cards[s]) or "-",
                     ", ".join(st.score_cards[s]) or "-"))
    parts.append(table(_PLAYER, rows))
    parts.append(_next(st))
    return "\n\n".join(parts).rstrip() + "\n"


def _next(st) -> str:
    if st.result is not None:
        r = st.result
        scores = ", ".join(f"{s} {r['scores'][s]}" for s in st.seats)
        return _("Game over: {scores}; winner {seats}").format(
            scores=scores, seats=" ".join(r["winners"]))
    who = st.current_player()
    if who == CHANCE:
        return _("Next: a chance line ({kind})").format(kind=st.chance_kind())
    return _("Next: {seat} ({phase})").format(seat=who, phase=rules.phase(st))
