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

from referee.core import CHANCE
from referee.errors import BadChoiceError
from referee.operations import example_lines, move_rows, next_step
from referee.replay import to_move

MAX_OPTIONS = 40         # option lines one answer lists; it says how many more
MAX_WORDS = 24           # words of a 'moves ...' line looked at
MAX_RUN = 8              # words of one choice ("tiki paying 1 shell 1 foot")
_TRIM = " ,;/"
_ASKING = ("where", "what", "which", "how", "who", "when")   # "Choose where", not "the where"


def read_choices(module, state, words: list[str]) -> tuple[dict | None, int, str]:
    """(the builder's answer after the choices ``words`` name, how many choices were
    read, ""), or (None, the choices read before the word that is not one, why not).
    A run of words that is a choice of the step as written is taken, the longest
    first; else one word, read leniently by the builder (``3s`` for ``token 3s``)."""
    chosen: list[str] = []
    words = [w.strip(_TRIM) for w in words[:MAX_WORDS] if w.strip(_TRIM)]
    i, rows = 0, None
    if words and to_move(state) not in (None, CHANCE):
        rows = move_rows(module, state)     # the legal moves and their paths, made once
    while i < len(words):
        try:
            step = next_step(module, state, chosen, rows)
        except BadChoiceError as err:
            return None, len(chosen), _why(err)
        labels = {_fold(c["choice"]) for c in step.get("choices", ())}
        run = next((j for j in range(min(len(words), i + MAX_RUN), i + 1, -1)
                    if _fold(" ".join(words[i:j])) in labels), i + 1)
        choice = " ".join(words[i:run])
        try:
            next_step(module, state, [*chosen, choice], rows)
        except BadChoiceError as err:
            return None, len(chosen), _why(err)
        chosen.append(choice)
        i = run
    return next_step(module, state, chosen, rows), len(chosen), ""


def _fold(text: str) -> str:
    return " ".join(text.replace(",", " ").split()).casefold()


def _why(err: BadChoiceError) -> str:
    return err.reason + (f"; {err.hint}" if err.hint else "")


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
