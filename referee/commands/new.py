"""Start a game: ``referee new``."""
from __future__ import annotations

import click

from referee.commands.common import (CONTEXT, LateHelp, game_module, output_file, rules_help,
                                     seats_help, split_words)


@click.command(context_settings=CONTEXT)
@click.argument("game")
@click.option("--players", required=True, cls=LateHelp, help_from=seats_help)
@click.option("--seed", help="Derive every chance line from this seed (recorded in [Seed]).")
@click.option("--commit", is_flag=True,
              help="Deal from a secret kept in FILE.secret and the players' salts (commit-reveal).")
@click.option("--rules", default="", cls=LateHelp, help_from=rules_help)
@click.option("--event", help="The [Event] tag: the game's name on the forum.")
@click.option("--seat", "seat_tags", multiple=True, metavar="SEAT=NAME",
              help="Who holds a seat, a name or an address: [RED \"alice@example.org\"]. "
                   "Repeat for each seat.")
@click.option("--tag", "tags", multiple=True, metavar="NAME=VALUE",
              help="Any other tag (Date, Site, ...). Repeatable.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), callback=output_file,
              help="Write here (default: stdout).")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
def new(game, players, seed, commit, rules, event, seat_tags, tags, output, force):
    """Start a game: header tags plus the setup chance lines.

    With --commit the header holds only the digest of a secret (kept in
    FILE.secret); the setup is dealt once every player has added a salt
    with play, and the secret is revealed as [Seed] when the game ends.

    \b
    Example:
      referee new hawaii --players red,green,blue --seed 42 -o game.txt
      referee new hawaii --players red,green --commit -o real.txt
      referee new haleakala --players red,yellow --event "Forum cup" --seat RED=alice@example.org -o cup.txt
    """
    from referee.notation.newgame import (new_committed_transcript, new_transcript,
                                          player_tags)
    from referee.notation.problems import UsageError
    from referee.notation.report import who_next

    module = game_module(game)
    if commit and (seed is not None or not output):
        raise click.UsageError("--commit takes no --seed and needs -o FILE (the secret is kept "
                               "beside the file)")
    secret = None
    try:
        extra = player_tags(module, split_words(players), event, seat_tags, tags)
        if commit:
            from referee.notation.commit import new_secret
            secret = new_secret()
            text, state = new_committed_transcript(module, split_words(players),
                                                   split_words(rules), secret, extra)
        else:
            text, state = new_transcript(module, split_words(players), split_words(rules), seed,
                                         extra)
    except UsageError as err:
        raise click.BadParameter(err.reason + (f" ({err.hint})" if err.hint else "")) from None
    if output:
        from pathlib import Path

        from referee.notation.storage import locked, write_atomic
        with locked(output):
            if Path(output).exists() and not force:
                raise click.UsageError(f"{output} exists; use --force to replace it")
            if secret is not None:
                from referee.notation.commit import secret_path
                write_atomic(secret_path(output), secret + "\n", private=True)
            write_atomic(output, text)
        click.echo(f"wrote {output}")
        if secret is not None:
            seats = " ".join(s.upper() for s in split_words(players))
            click.echo(f"the secret that deals it is in {output}.secret: keep it, show it to no one")
            click.echo(f"waiting for a salt from each of {seats}: "
                       f"referee play {output} '[Salt \"SEAT any-word\"]'")
            return 0
        click.echo(who_next(state).replace("next:", "first to move:"))
    else:
        click.echo(text, nl=False)
        click.echo(who_next(state).replace("next:", "first to move:"), err=True)
    return 0
