"""The component data: ``referee components``."""
from __future__ import annotations

import json

import click

from referee.i18n import N_, _, ngettext
from referee.commands.common import CONTEXT, Choice, Command, game_module


@click.command(cls=Command, help=N_(
    "The component data in use, with each value's provenance."),
    examples=('referee components hawaii --unverified',),
    context_settings=CONTEXT)
@click.argument("game")
@click.option("--unverified", is_flag=True, help=N_("Only values not yet checked against the rules."))
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text")
def components(game, unverified, fmt):
    module = game_module(game)
    rows = module.components_listing(unverified_only=unverified)
    if fmt == "json":
        click.echo(json.dumps({"components": module.components_digest(), "values": rows},
                              indent=2, ensure_ascii=False, default=str))
        return 0
    click.echo(f"{module.name}: {module.components_digest()}")
    for row in rows:
        if isinstance(row, dict):
            click.echo("  " + "  ".join(f"{k}={v}" for k, v in row.items()))
        else:
            click.echo(f"  {row}")
    click.echo((ngettext("{n} value not yet verified", "{n} values not yet verified", len(rows))
                if unverified else ngettext("{n} value", "{n} values", len(rows))).format(n=len(rows)))
    return 0
