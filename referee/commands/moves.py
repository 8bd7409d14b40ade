"""The legal moves: ``referee moves``."""
from __future__ import annotations

import click

from referee.commands.common import CONTEXT, echo_errors, waiting_line
from referee.operations import check_path, legal_lines, who_next


@click.command(context_settings=CONTEXT)
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--limit", type=click.IntRange(min=0), default=50, show_default=True,
              help="Show at most this many (0: all).")
def moves(file, limit):
    """The legal moves of the seat to act, one canonical line each.

    Every other line is a '#' comment, so any line can go straight to play.

    \b
    Example:
      referee moves game.txt --limit 20
    """
    rp = check_path(file)
    if rp.errors:
        echo_errors(rp.errors, file)
        return 1
    waiting = waiting_line(rp.transcript, rp.players)
    if waiting:
        click.echo(f"# {waiting}")
        return 0
    header, lines, total = legal_lines(rp.module, rp.state, limit)
    click.echo(header or "# " + who_next(rp.state))
    for line in lines:
        click.echo(line)
    if len(lines) < total:
        click.echo(f"# ... and {total - len(lines)} more (--limit 0 shows all)")
    return 0
