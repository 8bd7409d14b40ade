"""The rulings' texts: ``referee rules``."""
from __future__ import annotations

import click

from referee.i18n import N_, _
from referee.commands.common import CONTEXT, Command
from referee.core import registry
from referee.operations import rulebook
from referee.transcript import UsageError


@click.command(cls=Command, help=N_(
    'The text of the rulings that errors cite: one (ID) or all (of GAME).' "\n\n"
    'IDs are those in error messages: H-R1..H-R22 and H-X1.. (Hawaii), K-R1..K-R11 and '
    'K-A1.. (Haleakala), T-1..T-7 (takebacks and resignations, every game), in any case.'),
    examples=('referee rules H-R5',
              'referee rules haleakala',
              'referee rules hawaii h-x7',
              'referee rules T-1'),
    context_settings=CONTEXT)
@click.argument("words", nargs=-1, metavar="[GAME] [ID]")
def rules(words):
    if len(words) > 2:
        raise click.UsageError(_("rules takes at most a game and a ruling id"))
    game, wanted = None, None
    for word in words:
        if game is None and wanted is None and word.strip().lower() in registry.keys():
            game = word.strip().lower()
        elif wanted is None:
            wanted = word
        else:
            raise click.UsageError(_("one ruling id at a time, not {a} and {b}").format(
                a=wanted, b=word))
    try:
        if wanted is not None:
            click.echo(rulebook.format_ruling(rulebook.find(wanted, game)))
            return 0
    except UsageError as err:
        raise click.BadParameter(err.reason + (f" ({err.hint})" if err.hint else ""),
                                 param_hint="ID") from None
    found = rulebook.rulings(game) if game else rulebook.all_rulings()
    if not found:
        raise click.BadParameter(_("{game} ships no ruling texts").format(game=game),
                                 param_hint="GAME")
    click.echo("\n\n".join(rulebook.format_ruling(r) for r in found))
    return 0
