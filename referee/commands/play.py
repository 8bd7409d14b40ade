"""Add a move: ``referee play``."""
from __future__ import annotations

import sys

import click

from referee.commands.common import CONTEXT, echo_errors


@click.command(context_settings=CONTEXT)
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.argument("move", nargs=-1, required=True)
@click.option("--dry-run", is_flag=True, help="Validate and report; do not write.")
def play(file, move, dry_run):
    """Add MOVE to FILE if it is legal (MOVE '-' reads it from stdin).

    Appends the canonical move and the chance lines that follow it, all at
    once, and says in words what followed by itself (a round's scoring,
    income, an eruption, the end); a rejected move leaves FILE untouched (exit 1). In a game started
    with 'new --commit', each player first adds a [Salt "SEAT word"] this way.

    \b
    Example:
      referee play game.txt "BLUE moves beach->B2, buys kahuna x2 with token 2"
      echo "red moves beach->A3 buys spear-hut I with token 3, to village 1" | referee play game.txt -
    """
    from referee.notation.play import TranscriptHasErrors, play_line
    from referee.notation.report import digest, who_next

    text = " ".join(move)
    if text.strip() == "-":
        text = sys.stdin.read()
        text = "\n".join(line for line in text.splitlines() if line.strip())
    try:
        played = play_line(file, text, dry_run=dry_run)
    except TranscriptHasErrors as err:
        echo_errors(err.errors, file)
        click.echo(f"{file}: {err.reason}", err=True)
        return 1
    for line in played.lines:
        click.echo(line)
    said = []
    if played.before is not None:
        from referee.notation.happened import what_happened
        said = what_happened(played.module, played.before, played.state, played.lines)
        for sentence in said:
            click.echo(sentence)
    summary = digest(played.module, played.state)
    if summary:
        click.echo(summary)
    if not (said and played.result):            # the report has already told the end
        click.echo(who_next(played.state))
    if dry_run:
        click.echo(f"(dry run: {file} not changed)")
    return 0
