"""The state: ``referee show``."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from referee.i18n import N_, _
from referee.commands.common import CONTEXT, Choice, Command, echo_errors, output_file, waiting_line
from referee.core import plural
from referee.operations import check_path, forum_post, other_tags, picture
from referee.replay import state_json

FORUMS = ("markdown", "bgg", "bbcode")      # the markups of a forum post (forum_markup.py)


@click.command(cls=Command, help=N_(
    'The state after the whole file (or after line --at).'),
    examples=('referee show game.txt',
              'referee show game.txt --at 9 --format json',
              'referee show game.txt --format png -o board.png',
              'referee show game.txt --format bgg'),
    context_settings=CONTEXT)
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--at", "at", type=click.IntRange(min=0), help=N_("The state after this line."))
@click.option("--format", "fmt", default="text",
              type=Choice(["text", *FORUMS, "json", "svg", "png", "html"]),
              help=N_("markdown, bgg (BoardGameGeek) and bbcode (phpBB): a post for a forum thread."))
@click.option("-o", "--output", type=click.Path(dir_okay=False), callback=output_file,
              help=N_("Write to this file instead of standard output (png needs it on a terminal)."))
def show(file, at, fmt, output):

    if fmt == "png" and output is None and sys.stdout.isatty():
        raise click.UsageError(_("a PNG is binary: give -o FILE or redirect the output"))
    if at is not None:
        length = len(Path(file).read_bytes().splitlines())
        if at > length:
            raise click.BadParameter(_("{file} has {lines}; line {at} is beyond its end").format(
                file=file, lines=plural(length, "lines"), at=at), param_hint="--at")
    rp = check_path(file, until=at, chain=True)
    echo_errors(rp.errors, file)
    if rp.state is None:
        return 1
    if fmt == "json":
        text = json.dumps(state_json(rp.module, rp.state), indent=2, ensure_ascii=False)
    elif fmt in ("svg", "png", "html"):
        text = picture(rp, fmt, at)
    elif fmt in FORUMS:
        text = forum_post(rp, fmt, until=at).rstrip("\n")
    else:
        tags = other_tags(rp.transcript)
        text = (tags + "\n" if tags else "") + rp.module.render(rp.state, fmt)
        waiting = waiting_line(rp.transcript, rp.players)
        text += f"\n{waiting}" if waiting else ""
        text += f"\n{rp.witness}" if rp.witness and not rp.errors else ""
    _write(text, output)
    return 1 if rp.errors else 0


def _write(out: str | bytes, output: str | None) -> None:
    if output is not None:
        if isinstance(out, bytes):
            Path(output).write_bytes(out)
        else:
            Path(output).write_text(out + "\n", encoding="utf-8")     # as echo would print it
    elif isinstance(out, bytes):
        sys.stdout.buffer.write(out)
        sys.stdout.flush()
    else:
        click.echo(out)
