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

from referee.errors import BadChoiceError
from referee.operations import example_lines, move_rows, next_step

MAX_OPTIONS = 40         # option lines one answer lists; it says how many more
_ASKING = ("where", "what", "which", "how", "who", "when")   # "Choose where", not "the where"


def _count(n: int) -> str:
    return f"{n} move" if n == 1 else f"{n} moves"


def step_text(module, state, step: dict, *, ply: int, first: bool = False,
              rows=None) -> str:
    """A step (or a complete move) as the lines of a mail: the choices with their counts,
    how to go on, and for the ``first`` step (no choice made by the player; the game
    may have made some, where there was one to make) a few whole lines to copy.
    ``rows``: the position's legal moves with their paths, if the caller has them."""
    if "move" in step and first:
        return "\n".join([
            f"{state.current_player()} to move: 1 legal move:", f"    {step['move']} #{ply}", "",
            "Send this line to play it (the seat word may be left out; end it with",
            f"#{ply} to make sure it follows ply {ply})."]) + "\n"
    if "move" in step:
        return "\n".join([
            "Your choices make one move:", "", f"    {step['move']}", "",
            "Send this line to play it (the seat word may be left out; end it with",
            f"#{ply} to make sure it follows ply {ply})."]) + "\n"
    made = [] if first else step["made"]
    choices = step["choices"]
    total = sum(c["moves"] for c in choices)
    name = step["step"]
    verb = f"Choose {name}" if name in _ASKING else f"Choose the {name}"
    head = (f"After {' / '.join(made)}: {_count(total)} left. " if made
            else f"{step['seat']} to move: {total} legal move{'s' if total != 1 else ''}. ")
    out = [head + verb + ":"]
    shown = choices[:MAX_OPTIONS]
    width = max(len(c["choice"]) for c in shown)
    out += [f"    {c['choice']:<{width}}  {_count(c['moves'])}" for c in shown]
    if len(choices) > len(shown):
        out.append(f"    ... and {len(choices) - len(shown)} more choices")
    out += ["", "Send 'moves' with your choices to go on, one line, for example:"]
    out += [f"    {line}" for line in further(module, state, made, choices, rows)]
    if first:
        lines = example_lines(module, state, 3, rows)
        if lines:                   # each with its ply guard: a line copied is never taken
            out += ["", "Or send a whole move, for example:"]      # for a later move
            out += [f"    {line} #{ply}" for line in lines]
    return "\n".join(out) + "\n"


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
