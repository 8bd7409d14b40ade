"""The move builder in a mail: ``moves`` answers the first step of the seat's move,
``moves B1 kahuna`` the step after those choices, or the one line they leave.

A position can have a thousand legal moves, most of them one purchase paid in other
ways; a list of them helps no one. A step is a short list, each choice with how many
legal moves lie under it, so a player by mail finds a move the way the seat page's
buttons do (``referee moves FILE --steps``) and learns the notation from the line the
choices end in. The choices come as words on one line: ``moves order track 1``, where
a choice may be several words, is read by trying the longest run of words first.
"""
from __future__ import annotations

import textwrap

from referee.errors import BadChoiceError
from referee.i18n import _, ngettext
from referee.operations import example_lines, move_rows, next_step

MAX_OPTIONS = 40         # option lines one answer lists; it says how many more
WIDTH = 78               # columns of a mail's line


def _count(n: int) -> str:
    return ngettext("{n} move", "{n} moves", n).format(n=n)


def step_text(module, state, step: dict, *, ply: int, first: bool = False,
              rows=None) -> str:
    """A step (or a complete move) as the lines of a mail: the choices with their counts,
    how to go on, and for the ``first`` step (no choice made by the player; the game
    may have made some, where there was one to make) a few whole lines to copy.
    ``rows``: the position's legal moves with their paths, if the caller has them."""
    send = _("Send this line to play it (the seat word may be left out; end it with\n"
             "#{ply} to make sure it follows ply {ply}).").format(ply=ply)
    if "move" in step and first:
        return "\n".join([_("{seat} to move: 1 legal move:").format(seat=state.current_player()),
                          f"    {step['move']} #{ply}", "", send]) + "\n"
    if "move" in step:
        return "\n".join([_("Your choices make one move:"), "", f"    {step['move']}", "",
                          send]) + "\n"
    made = [] if first else step["made"]
    choices = step["choices"]
    total = sum(c["moves"] for c in choices)
    title = step["title"]
    head = (_("After {made}: {count} left.").format(made=" / ".join(made), count=_count(total))
            if made else ngettext("{seat} to move: {n} legal move.",
                                  "{seat} to move: {n} legal moves.", total).format(
                                      seat=step["seat"], n=total))
    out = [f"{head} {title[:1].upper()}{title[1:]}:"]
    shown = choices[:MAX_OPTIONS]
    width = max(len(c["choice"]) for c in shown)
    counts = [f"({_count(c['moves'])})" for c in shown]
    counted = max(len(count) for count in counts)
    for c, count in zip(shown, counts):
        row = f"    {c['choice']:<{width}}  {count:<{counted}}  "
        # a long name (a side's price and points) goes on under itself
        said = textwrap.wrap(_name(c), WIDTH - len(row)) if len(row) < WIDTH - 20 else [_name(c)]
        out.append((row + (said[0] if said else "")).rstrip())
        out += [" " * len(row) + part for part in said[1:]]
    if len(choices) > len(shown):
        out.append("    " + ngettext("... and {n} more choice", "... and {n} more choices",
                                     len(choices) - len(shown)).format(
                                         n=len(choices) - len(shown)))
    out += ["", _("Send 'moves' with your choices to go on, one line, for example:")]
    out += [f"    {line}" for line in further(module, state, made, choices, rows)]
    if first:
        lines = example_lines(module, state, 3, rows)
        if lines:                   # each with its ply guard: a line copied is never taken
            out += ["", _("Or send a whole move, for example:")]      # for a later move
            out += [f"    {line} #{ply}" for line in lines]
    return "\n".join(out) + "\n"


def _name(choice: dict) -> str:
    """A choice's name beside its code, unless it only repeats the code."""
    name = choice.get("name") or ""
    return "" if name.casefold() == choice["choice"].casefold() else name


def further(module, state, made: list[str], choices: list[dict], rows=None) -> list[str]:
    """``moves A1`` and ``moves A1 surfer``: the first choice, then the first after it."""
    chosen = [*made, choices[0]["choice"]]
    out = ["moves " + " ".join(chosen)]
    try:
        after = next_step(module, state, chosen, rows)
    except BadChoiceError:
        return out
    if "choices" in after:
        out.append("moves " + " ".join([*chosen, after["choices"][0]["choice"]]))
    return out
