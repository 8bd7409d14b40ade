"""The component data: ``referee components``."""
from __future__ import annotations

import json

import click

from referee.commands.common import CONTEXT, game_module


@click.command(context_settings=CONTEXT)
@click.argument("game")
@click.option("--unverified", is_flag=True, help="Only values not yet checked against the rules.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def components(game, unverified, fmt):
    """The component data in use, with each value's provenance.

    \b
    Example:
      referee components hawaii --unverified
    """
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
    click.echo(f"{len(rows)} value{'s' if len(rows) != 1 else ''}"
               + (" not yet verified" if unverified else ""))
    return 0
