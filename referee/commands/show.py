"""The state: ``referee show``."""
from __future__ import annotations

import click

from referee.commands.common import CONTEXT, echo_errors


@click.command(context_settings=CONTEXT)
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--at", "at", type=click.IntRange(min=0), help="The state after this line.")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json"]), default="text")
def show(file, at, fmt):
    """The state after the whole file (or after line --at).

    \b
    Example:
      referee show game.txt
      referee show game.txt --at 12 --format json
    """
    import json

    from referee.notation.check import check_path

    if at is not None:
        from pathlib import Path
        length = len(Path(file).read_bytes().splitlines())
        if at > length:
            raise click.BadParameter(f"{file} has {length} line{'s' if length != 1 else ''}; "
                                     f"line {at} is beyond its end", param_hint="--at")
    rp = check_path(file, until=at)
    echo_errors(rp.errors, file)
    if rp.state is None:
        return 1
    if fmt == "json":
        click.echo(json.dumps(rp.module.state_to_json(rp.state), indent=2, ensure_ascii=False))
    else:
        from referee.notation.report import other_tags

        tags = other_tags(rp.transcript, fmt)
        click.echo((tags + "\n" if tags else "") + rp.module.render(rp.state, fmt))
    return 1 if rp.errors else 0
