"""Start a game: ``referee new``."""
from __future__ import annotations

import secrets
from pathlib import Path

import click

from referee.i18n import N_, _
from referee.commands.common import (CONTEXT, Command, LateHelp, game_module, output_file, rules_help,
                                     seats_help, split_words)
from referee.core import CHANCE
from referee.operations import new_committed_transcript, new_transcript, player_tags, who_next
from referee.replay import secret_path, to_move
from referee.transcript import UsageError, locked, write_atomic


@click.command(cls=Command, help=N_(
    'Start a game: header tags plus the setup chance lines.' "\n\n"
    'By default the header holds only a commitment to a secret (kept in FILE.secret): each '
    'player first sends a salt commitment, then the salt (referee salt SEAT prints both), '
    'and the last salt deals the setup. Every chance line reveals the key that dealt it, so '
    'anyone can check each draw at once. --deal-now deals the setup at once from the secret '
    'alone (no player can foresee a draw, but the host could re-deal before publishing); '
    '--seed S makes every draw public and foreseeable: tests, friendly games.'),
    examples=('referee new hawaii --players red,green,blue --seed 42 -o game.txt',
              'referee new hawaii --players red,green -o real.txt',
              'referee new haleakala --players red,yellow --event "Forum cup" --seat RED=alice@example.org -o cup.txt'),
    context_settings=CONTEXT)
@click.argument("game")
@click.option("--players", required=True, cls=LateHelp, help_from=seats_help)
@click.option("--seed", help=N_("Derive every chance line from this seed (recorded in [Seed]): "
              "anyone holding the file foresees every draw; for tests and friendly games."))
@click.option("--commit", is_flag=True,
              help=N_("Commit-reveal (the default without --seed): deal from a secret kept in "
                   "FILE.secret and the players' salts."))
@click.option("--deal-now", is_flag=True,
              help=N_("Deal at once from a committed secret, without the players' salts."))
@click.option("--rules", default="", cls=LateHelp, help_from=rules_help)
@click.option("--event", help=N_("The [Event] tag: the game's name on the forum."))
@click.option("--seat", "seat_tags", multiple=True, metavar="SEAT=NAME",
              help=N_("Who holds a seat, a name or an address: [RED \"alice@example.org\"]. "
                   "Repeat for each seat."))
@click.option("--tag", "tags", multiple=True, metavar="NAME=VALUE",
              help=N_("Any other tag (Date, Site, ...). Repeatable."))
@click.option("-o", "--output", type=click.Path(dir_okay=False), callback=output_file,
              help=N_("Write here (default: stdout)."))
@click.option("--force", is_flag=True, help=N_("Overwrite an existing file."))
def new(game, players, seed, commit, deal_now, rules, event, seat_tags, tags, output, force):
    module = game_module(game)
    if seed is not None and (commit or deal_now):
        raise click.UsageError(_("--seed makes every draw public: it takes no --commit or "
                                 "--deal-now"))
    if commit and deal_now:
        raise click.UsageError(_("--commit waits for the players' salts; --deal-now deals at "
                                 "once: choose one"))
    if seed is None and not output:
        raise click.UsageError(_("a game dealt from a secret needs -o FILE (the secret is kept "
                                 "beside it, in FILE.secret); for a friendly game anyone may "
                                 "foresee, give --seed S"))
    secret = None
    try:
        extra = player_tags(module, split_words(players), event, seat_tags, tags)
        if seed is None:
            secret = secrets.token_bytes(32)
            if deal_now:
                text, state = new_transcript(module, split_words(players), split_words(rules),
                                             extra=extra, secret=secret)
            else:
                text, state = new_committed_transcript(module, split_words(players),
                                                       split_words(rules), secret, extra)
        else:
            text, state = new_transcript(module, split_words(players), split_words(rules), seed,
                                         extra)
    except UsageError as err:
        raise click.BadParameter(err.reason + (f" ({err.hint})" if err.hint else "")) from None
    if output:
        with locked(output):
            if Path(output).exists() and not force:
                raise click.UsageError(_("{file} exists; use --force to replace it").format(
                    file=output))
            if secret is not None:
                write_atomic(secret_path(output), secret.hex() + "\n", private=True)
            write_atomic(output, text)
        click.echo(_("wrote {file}").format(file=output))
        if secret is not None:
            click.echo(_("the secret that deals it is in {file}.secret: keep it, show it to "
                         "no one; every chance line reveals the key that dealt it").format(
                file=output))
        if seed is not None:
            click.echo(_("dealt from the public --seed: anyone holding the file can foresee "
                         "every draw (for tests and friendly games)"))
        elif deal_now:
            click.echo(_("dealt at once from the committed secret, without salts: no player can "
                         "foresee a draw, but the host could have re-dealt before publishing"))
        else:
            seats = " ".join(s.upper() for s in split_words(players))
            click.echo(_("commit-reveal: waiting for salts from {seats}; each runs 'referee salt "
                         "SEAT', plays its [SaltCommit] line with 'referee play {file} ...', "
                         "and its [Salt] line once every seat's commitment is in").format(
                seats=seats, file=output))
            return 0
        click.echo(_first(state))
    else:
        click.echo(text, nl=False)
        click.echo(_first(state), err=True)
    return 0


def _first(state) -> str:
    """Who moves first, said as the first move and not as the next one."""
    who = to_move(state)
    return who_next(state) if who in (None, CHANCE) else \
        _("first to move: {seat}").format(seat=who)
