"""The legal moves: ``referee moves``, all at once or step by step."""
from __future__ import annotations

import json

import click

from referee.commands.common import CONTEXT, echo_errors, waiting_line
from referee.core import plural
from referee.errors import RefereeError
from referee.operations import check_path, legal_lines, next_step, who_next


@click.command(context_settings=CONTEXT)
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.argument("choices", nargs=-1)
@click.option("--limit", type=click.IntRange(min=0), default=50, show_default=True,
              help="Show at most this many (0: all).")
@click.option("--steps", is_flag=True,
              help="Choose step by step: the next step's choices after CHOICES, each with "
                   "how many legal moves it leaves, or the move once one is left.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="With --steps: json prints the step as one object.")
def moves(file, choices, limit, steps, fmt):
    """The legal moves of the seat to act, one canonical line each.

    Every other line is a '#' comment, so any line can go straight to play.
    With --steps, the moves are chosen a step at a time: where, what, then the
    details; give the choices made so far after the file.

    \b
    Example:
      referee moves game.txt --limit 20
      referee moves game.txt --steps
      referee moves game.txt --steps --format json
    """
    if choices and not steps:
        raise click.UsageError(f"'{choices[0]}': choices are given with --steps")
    rp = check_path(file)
    if rp.errors:
        echo_errors(rp.errors, file)
        return 1
    waiting = waiting_line(rp.transcript, rp.players)
    if waiting:
        click.echo(f"# {waiting}")
        return 0
    if steps:
        return _steps(rp, choices, fmt)
    header, lines, total = legal_lines(rp.module, rp.state, limit)
    click.echo(header or "# " + who_next(rp.state))
    for line in lines:
        click.echo(line)
    if len(lines) < total:
        click.echo(f"# ... and {total - len(lines)} more (--limit 0 shows all)")
    return 0


def _steps(rp, choices, fmt) -> int:
    try:
        step = next_step(rp.module, rp.state, choices)
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
    made = f" (after {' / '.join(step['made'])})" if step["made"] else ""
    click.echo(f"# {step['seat']} to move, choose the {step['step']}{made}:")
    width = max(len(c["choice"]) for c in step["choices"])
    for c in step["choices"]:
        click.echo(f"{c['choice'].ljust(width)}  ({plural(c['moves'], 'moves')})")
    return 0
