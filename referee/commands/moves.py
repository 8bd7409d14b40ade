"""The legal moves: ``referee moves``, all at once or step by step."""
from __future__ import annotations

import json

import click

from referee.i18n import N_, _
from referee.commands.common import CONTEXT, Choice, Command, echo_errors, waiting_line
from referee.core import plural
from referee.errors import BadChoiceError, RefereeError
from referee.operations import check_path, legal_lines, read_choices, who_next


@click.command(cls=Command, help=N_(
    'The legal moves of the seat to act, one canonical line each.' "\n\n"
    "Every other line is a '#' comment, so any line can go straight to play. With --steps, "
    'the moves are chosen a step at a time: where, what, then the details; give the choices '
    'made so far after the file (they imply --steps).'),
    examples=('referee moves game.txt --limit 20',
              'referee moves game.txt --steps',
              'referee moves game.txt --steps --format json'),
    context_settings=CONTEXT)
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.argument("choices", nargs=-1)
@click.option("--limit", type=click.IntRange(min=0), default=50, show_default=True,
              help=N_("Show at most this many (0: all)."))
@click.option("--steps", is_flag=True,
              help=N_("Choose step by step: the next step's choices after CHOICES, each with "
                   "how many legal moves it leaves, or the move once one is left."))
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text",
              show_default=True, help=N_("With --steps: json prints the step as one object."))
def moves(file, choices, limit, steps, fmt):
    rp = check_path(file)
    if rp.errors:
        echo_errors(rp.errors, file)
        return 1
    waiting = waiting_line(rp.transcript, rp.players)
    if waiting:
        click.echo(f"# {waiting}")
        return 0
    if steps or choices:
        return _steps(rp, choices, fmt)
    header, lines, total = legal_lines(rp.module, rp.state, limit)
    click.echo(header or "# " + who_next(rp.state))
    for line in lines:
        click.echo(line)
    if len(lines) < total:
        click.echo("# " + _("... and {n} more (--limit 0 shows all)").format(n=total - len(lines)))
    return 0


def _steps(rp, choices, fmt) -> int:
    # the words as the mail reads them: a choice of several words ("token 2",
    # "order track") may come quoted or as separate words
    words = [w for choice in choices for w in choice.split()]
    try:
        step, _read, why = read_choices(rp.module, rp.state, words)
        if step is None:
            raise BadChoiceError(why)
    except RefereeError as err:
        echo_errors([err], rp.file)
        return 1
    if fmt == "json":
        shown = {k: step[k] for k in ("step", "choices", "move") if k in step}
        click.echo(json.dumps(shown, ensure_ascii=False))
        return 0
    if "move" in step:
        click.echo(step["move"])
        return 0
    made = _(" (after {choices})").format(choices=" / ".join(step["made"])) if step["made"] else ""
    click.echo("# " + _("{seat} to move, {step}{made}:").format(
        seat=step["seat"], step=step["title"], made=made))
    # a name that only repeats its code ("order track") is shown once
    names = [c["name"] if c["name"].casefold() != c["choice"].casefold() else ""
             for c in step["choices"]]
    width = max(len(c["choice"]) for c in step["choices"])
    named = max(map(len, names))
    for c, name in zip(step["choices"], names):
        click.echo(f"{c['choice'].ljust(width)}  " + (f"{name.ljust(named)}  " if named else "")
                   + f"({plural(c['moves'], 'moves')})")
    return 0
