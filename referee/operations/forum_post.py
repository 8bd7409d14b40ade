"""A game's state as a post in a forum's own markup: BoardGameGeek's, phpBB's BBCode or
Markdown (Discourse) (docs/forum-markup.md).

``referee show --format bgg|bbcode|markdown`` prints it, ``referee host show`` too, and
the host answers a forum thread with it. One post says what a player in the thread
needs: the state in a fixed-width block that fits the forum's column, the picture (shown
where the forum shows images by address, else linked), the last moves with what they
set off (the sentences mail and the web page use: :mod:`referee.operations.happened`),
whose turn it is and the first step of their choice, and the witness ``ply N chain HEX``
that lets any reader check the record. Nothing people typed can act as markup in it
(:mod:`referee.operations.forum_markup`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from referee.core.game import CHANCE
from referee.core.words import plural
from referee.errors import BadChoiceError, RefereeError
from referee.i18n import _
from referee.operations.check import check_text
from referee.operations.forum_markup import Markup, markup
from referee.operations.happened import draw_text, what_happened
from referee.operations.listing import next_step
from referee.operations.report import players_tags, who_next
from referee.replay import (PLY_KINDS, Replay, replay, resigned, resume, to_move,
                            waiting_message)
from referee.transcript import items as I

LAST = 6                 # plies shown with what they did
MAX_LINE = 400           # characters of one move line quoted in a post
CHOICES = 12             # choices of the first step named in the post


@dataclass(frozen=True)
class Ply:
    """One item of the history (a move, a chance line, a takeback or resignation) as
    the chain numbers it, and what it set off."""
    ply: int
    kind: str
    text: str
    did: list[str] = field(default_factory=list)


def forum_post(game: Replay | str, markup_name: str, *, image_url: str | None = None,
               holders: Mapping[str, str] | None = None, until: int | None = None,
               last: int = LAST, title: str | None = None) -> str:
    """The post, in ``markup_name`` (``bgg``, ``bbcode`` or ``markdown``), of ``game``:
    a transcript's text, or its Replay made with the chain tracked (``check_path(...,
    chain=True)``, up to line ``until`` if that was given). ``image_url``: the address
    of the board's picture at this ply (the host's ``/game/ID/board.png?ply=N``);
    ``holders``: who holds each seat (forum accounts), shown in the seats' colours;
    ``title``: the hosted game's title, the post's first line.
    A replay that stopped on an error shows where it stopped, without a witness."""
    m = markup(markup_name)
    rp = check_text(game, "game.txt", until=until, chain=True) if isinstance(game, str) \
        else game
    if rp.state is None:
        return m.bold(_("The game cannot be shown:")) + " " + m.inert(
            "; ".join(e.reason for e in rp.errors), limit=MAX_LINE)
    colours = _colours(rp.module)
    parts = [m.bold(m.inert(title)) if title else "", _tags(rp, m, colours),
             _seats(rp, holders, m, colours), _state(rp, m)]
    if image_url:
        parts.append(m.image(image_url, _("The board after ply {ply}").format(ply=rp.ply)))
    parts += [_moves(recent_plies(rp, last, until), m, colours), _next(rp, m, colours)]
    tail = [_waiting(rp, m)]
    if rp.witness and not rp.errors:
        tail.append(rp.witness)
    parts.append("\n".join(t for t in tail if t))
    return "\n\n".join(p for p in parts if p) + "\n"


def _colours(module) -> dict[str, str]:
    try:
        return module.seat_colours()
    except (AttributeError, ImportError):      # a title without a palette: no colours
        return {}


def _tags(rp, m: Markup, colours) -> str:
    """The players' own tags (Event, a seat's player), as ``show`` prints them. In
    Markdown exactly as ``show --format markdown`` always did, values made inert."""
    shown = players_tags(rp.transcript)
    if m.name == "markdown":
        return "".join(f"**{m.inert(name)}:** {m.inert(value)}  \n"
                       for name, value in shown).rstrip("\n")
    return "\n".join(f"{m.bold(m.seat(name, colours.get(name)) + ':')} {m.inert(value)}"
                     if name in colours else f"{m.bold(m.inert(name) + ':')} {m.inert(value)}"
                     for name, value in shown)


def _seats(rp, holders, m: Markup, colours) -> str:
    """Every seat in its colour, with who holds it where that is known. Markdown has no
    colours: there the line is only for the holders (the forum accounts)."""
    if m.name == "markdown" and not holders:
        return ""
    holders = holders or {}
    return m.bold(_("Seats:")) + " " + ", ".join(
        m.seat(seat, colours.get(seat)) + (f" {m.inert(holders[seat])}" if holders.get(seat)
                                           else "") for seat in rp.players)


def _state(rp, m: Markup) -> str:
    """Markdown keeps the game's Markdown (tables Discourse draws to the column's
    width); the others the narrow text (within 78 columns) in a fixed-width block."""
    if m.name == "markdown":
        return rp.module.render(rp.state, "markdown").rstrip("\n")
    return m.block(rp.module.render(rp.state, "narrow").rstrip("\n").split("\n"))


def recent_plies(rp: Replay, n: int = LAST, until: int | None = None) -> list[Ply]:
    """The last ``n`` plies that ``rp`` replayed (up to line ``until``), each with what
    it set off, from a replay of the transcript stepped over them."""
    t = rp.transcript
    failed = {e.line for e in rp.errors}
    done = [it for it in t.items if it.kind in PLY_KINDS
            and (until is None or it.line <= until)
            and (rp.stopped_at is None or it.line < rp.stopped_at) and it.line not in failed]
    first = max(len(done) - n, 0)
    shown = done[first:] if n else []
    if not shown:
        return []
    steps = replay(t, until=shown[0].line - 1)
    out = []
    for number, item in enumerate(shown, first + 1):
        did: list[str] = []
        before = steps.state.clone() if steps.ok and steps.state is not None else None
        if resume(steps, t, until=item.line) and steps.ok and before is not None \
                and item.kind != I.CONTROL:
            try:
                did = what_happened(rp.module, before, steps.state, [item.text])
            except Exception:           # a title's report must not cost the post
                did = []
        out.append(Ply(number, item.kind, item.body, did))
    return out


def _moves(plies: list[Ply], m: Markup, colours) -> str:
    if not plies:
        return m.bold(_("No moves yet."))
    lines = [m.bold(_("Last moves"))]
    for p in plies:
        if p.kind == I.CHANCE:
            said = _("the referee dealt") + " " + m.inert(draw_text(p.text), limit=MAX_LINE)
        else:
            seat, _space, rest = p.text.partition(" ")
            said = (m.seat(seat, colours[seat]) + " " + m.inert(rest, limit=MAX_LINE)
                    if seat in colours else m.inert(p.text, limit=MAX_LINE))
        lines.append(m.item() + _("ply {ply}:").format(ply=p.ply) + " " + said)
        lines += [f"{m.item(2)}{m.inert(d, limit=MAX_LINE)}" for d in p.did]
    return "\n".join(lines)


def _next(rp, m: Markup, colours) -> str:
    """Whose turn, and the first step of their choice (what a seat may do, briefly)."""
    who = to_move(rp.state)
    if who is None or who == CHANCE or who in resigned(rp.state):
        said = who_next(rp.state)
        return m.bold(m.inert(said[:1].upper() + said[1:] + "."))
    text = _("{next} {seat} to move after ply {ply}.").format(
        next=m.bold(_("Next:")), seat=m.seat(who, colours.get(who)), ply=rp.ply)
    try:
        step = next_step(rp.module, rp.state)
    except (BadChoiceError, RefereeError, AttributeError):    # no builder for this title
        step = None
    if step and "choices" in step:
        choices = step["choices"]
        named = ", ".join(f"{c['choice']} ({plural(c['moves'], 'moves')})"
                          for c in choices[:CHOICES])
        more = _(", and {count} more").format(count=len(choices) - CHOICES) \
            if len(choices) > CHOICES else ""
        text += " " + m.inert(_("First, {title}: {choices}{more}.").format(
            title=step["title"], choices=named, more=more), limit=MAX_LINE * 4)
    elif step and "move" in step:
        text += " " + m.inert(_("Its one legal move: {move}").format(move=step['move']),
                              limit=MAX_LINE)
    return text + " " + m.inert(_("Post the move on a line of its own; end it with #{ply} "
                                  "to make sure it follows ply {ply}.").format(ply=rp.ply))


def _waiting(rp, m: Markup) -> str:
    try:
        waiting = waiting_message(rp.transcript, rp.players)
    except RefereeError:
        return ""
    return m.inert(waiting) if waiting else ""
