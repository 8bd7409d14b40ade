"""Add a move: ``referee play``."""
from __future__ import annotations

import sys

import click

from referee.i18n import N_, _
from referee.commands.common import CONTEXT, Choice, Command, echo_errors, waiting_line
from referee.bots import LEVELS
from referee.operations import (TranscriptHasErrors, bot_line, digest, make_salt, play_line,
                                what_happened, who_next)
from referee.transcript import UsageError


@click.command(cls=Command, help=N_(
    "Add MOVE to FILE if it is legal (MOVE '-' reads it from stdin)." "\n\n"
    'Appends the canonical move and the chance lines that follow it, all at once, says in '
    "words what followed by itself (a round's scoring, income, an eruption, the end) and "
    'prints the ply and chain head players keep as a witness; a rejected move leaves FILE '
    'untouched (exit 1). --ply N refuses a move sent for an older state of the game (a '
    're-sent move). In a committed game, each player first adds a [SaltCommit], then a '
    '[Salt] this way (referee salt). --bot LEVEL plays the seat to act for it (random, '
    "basic or strong, docs/bots.md): the bot's move follows from the record, the level and "
    "S alone, so 'referee verify' can play it again."),
    examples=('referee play game.txt "BLUE moves beach->C2, buys kahuna x2 with token 3"',
              'referee play game.txt --ply 5 "GREEN moves beach->B4, buys spear-hut I with token 6, to village 1"',
              'echo "red moves beach->B2 buys boat I with token 2" | referee play game.txt -',
              'referee play game.txt --bot strong'),
    context_settings=CONTEXT)
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.argument("move", nargs=-1)
@click.option("--dry-run", is_flag=True, help=N_("Validate and report; do not write."))
@click.option("--ply", "expect_ply", type=click.IntRange(min=0),
              help=N_("Play only if the game still ends at this ply (the one play printed last)."))
@click.option("--chain", "expect_chain",
              help=N_("Play only if the chain head still starts with these hex digits."))
@click.option("--bot", "level", type=Choice(LEVELS),
              help=N_("Let a bot play the seat to act, marking the line '# bot LEVEL'."))
@click.option("--seed", "bot_seed", metavar="S",
              help=N_("With --bot: a seed of your own, named in the mark (default: none)."))
def play(file, move, dry_run, expect_ply, expect_chain, level, bot_seed):
    if level is None and bot_seed is not None:
        raise click.BadParameter(_("--seed goes with --bot"), param_hint="--seed")
    if level is not None and move:
        raise click.BadParameter(_("give a move or --bot, not both"), param_hint="MOVE")
    if level is None and not move:
        raise click.BadParameter(_("give the move to play (or --bot LEVEL)"), param_hint="MOVE")
    if level is not None:
        try:
            return _play(file, bot_line(level, bot_seed), dry_run, expect_ply, expect_chain)
        except UsageError as err:
            raise click.BadParameter(err.reason, param_hint="--seed") from None
    text = " ".join(move)
    if text.strip() == "-":
        text = sys.stdin.read(1 << 20)
        text = "\n".join(line for line in text.splitlines() if line.strip())
    return _play(file, text, dry_run, expect_ply, expect_chain)


def _play(file, text, dry_run, expect_ply, expect_chain):
    try:
        played = play_line(file, text, dry_run=dry_run, expect_ply=expect_ply,
                           expect_chain=expect_chain)
    except TranscriptHasErrors as err:
        echo_errors(err.errors, file)
        click.echo(f"{file}: {err.reason}", err=True)
        return 1
    for line in played.lines:
        click.echo(line)
    if played.note:                  # a dry run in a committed game: the host deals what follows
        click.echo(played.note)
    elif played.state is not None:
        said = []
        if played.before is not None:
            said = what_happened(played.module, played.before, played.state, played.lines)
            for sentence in said:
                click.echo(sentence)
        summary = digest(played.module, played.state)
        if summary:
            click.echo(summary)
        rp = played.replay
        waiting = waiting_line(rp.transcript, rp.players) if rp is not None else None
        if waiting or not (said and played.result):   # the report has already told the end
            click.echo(waiting or who_next(played.state))
    if played.witness and not played.note:
        click.echo(played.witness)
    if dry_run:
        click.echo(_("(dry run: {file} not changed)").format(file=file))
    return 0


@click.command(cls=Command, help=N_(
    'Make a salt for SEAT of a committed game: two tag lines to play.' "\n\n"
    "Play the [SaltCommit] line first; keep the [Salt] line to yourself until every seat's "
    'commitment is in the file, then play it.'),
    examples=('referee salt red',),
    context_settings=CONTEXT)
@click.argument("seat")
def salt(seat):
    if not seat.isalpha() or len(seat) > 20:
        raise click.BadParameter(_("a seat is a word like RED"), param_hint="SEAT")
    commit_line, salt_line = make_salt(seat)
    click.echo(f"{commit_line}    # " + _("play this now"))
    click.echo(f"{salt_line}    # " + _("keep this; play it once every seat's [SaltCommit] is in"))
    return 0
