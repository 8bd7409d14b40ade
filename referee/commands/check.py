"""Replay files: ``referee check`` and ``referee verify`` (the same replay; verify also
re-derives the draws)."""
from __future__ import annotations

import json
import sys

import click

from referee.i18n import N_, _, ngettext
from referee.commands.common import CONTEXT, Choice, Command, NullBar, waiting_line
from referee.core import plural
from referee.errors import BadHeaderError, RefereeError
from referee.operations import check_path, format_errors, replay_dict, who_next
from referee.replay import check_witness, compare_histories, genesis
from referee.replay import parse_witness as parse
from referee.transcript import UsageError


@click.command(cls=Command, help=N_(
    'Replay transcripts and report every error in them.' "\n\n"
    'A syntax error skips its line; the first rules error ends that file and the lines '
    'after it are reported as not evaluated.'),
    examples=('referee check game.txt',
              'referee check docs/examples/*.txt --format json'),
    context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text")
@click.option("-q", "--quiet", is_flag=True, help=N_("Only the summary line."))
def check(files, fmt, quiet):
    return _replay_files(files, fmt, quiet, deal_check=False)


@click.command(cls=Command, help=N_(
    'Check transcripts like `check`, and prove every draw and the history.' "\n\n"
    'Each chance line must be exactly what its dealing deals at that point: a committed '
    "game's line reveals its key, which must hash back to the [Commit], so a game in "
    'progress verifies line by line; a legacy game needs its revealed [Seed]. --chain '
    "checks the history against a witness, the 'ply N chain HEX' line play printed after a "
    'move (show prints the current one last). Copies of one game (the same header) are '
    'compared: the first item where they part ways is named (exit 1).'),
    examples=('referee verify game.txt',
              'referee verify game.txt --chain "$(referee show game.txt | tail -n 1)"',
              'cp game.txt forum-copy.txt && referee verify game.txt forum-copy.txt'),
    context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text")
@click.option("-q", "--quiet", is_flag=True, help=N_("Only the summary line."))
@click.option("--chain", "witness", metavar="PLY:HEX",
              help=N_("Also check the history against a witness 'play' printed (ply 37 chain "
                   "3f9a1c0b7e22 is 37:3f9a1c0b7e22)."))
def verify(files, fmt, quiet, witness):
    parsed = None
    if witness is not None:
        try:
            parsed = parse(witness)
        except UsageError as err:
            raise click.BadParameter(err.reason, param_hint="--chain") from None
    return _replay_files(files, fmt, quiet, deal_check=True, witness=parsed)


def _witnessed(rp, witness, replays: list):
    """verify's history checks: the witness, and copies of one game against each other."""
    if witness is not None and rp.ok:
        try:
            check_witness(rp, *witness)
        except RefereeError as err:
            rp.errors.append(err)
    for other in replays:
        if other.ok and rp.ok and other.history is not None and rp.history is not None:
            same = genesis((x.name, x.value) for x in other.transcript.tags) == \
                genesis((x.name, x.value) for x in rp.transcript.tags) and \
                other.transcript.tag("Seed") == rp.transcript.tag("Seed")   # [Seed] is not chained
            parted = compare_histories(other, rp) if same else None
            if parted:
                rp.errors.append(BadHeaderError(parted, file=rp.file))
    replays.append(rp)


def _replay_files(files, fmt: str, quiet: bool, *, deal_check: bool, witness=None) -> int:

    results, bad, moves, replays = [], 0, 0, []
    show_bar = fmt == "text" and len(files) > 1 and sys.stderr.isatty()
    later = []
    with click.progressbar(files, label=_("checking"), file=sys.stderr) if show_bar \
            else NullBar(files) as bar:
        for path in bar:
            rp = check_path(path, deal_check=deal_check)
            if deal_check:
                _witnessed(rp, witness, replays)
            moves += rp.moves
            bad += not rp.ok
            if fmt == "json":
                results.append(replay_dict(rp))
                continue
            out = []
            if rp.errors and not quiet:
                out.append(format_errors(rp.errors, path))
            if not quiet:
                out += [_("warning: {text}").format(text=w) for w in rp.warnings]
            if show_bar:
                later += out
            elif out:
                click.echo("\n".join(out), err=True)
            if len(files) == 1:
                results.append(_one_line(rp, deal_check))
    if fmt == "json":
        click.echo(json.dumps(results, indent=2, ensure_ascii=False))
        return 1 if bad else 0
    if later:
        click.echo("\n".join(later), err=True)
    if len(files) == 1:
        click.echo(results[0])
    else:
        said = (_("verified {files}: {ok} ok, {bad} with errors; {moves}") if deal_check else
                _("checked {files}: {ok} ok, {bad} with errors; {moves}"))
        click.echo(said.format(files=ngettext("{n} file", "{n} files", len(files)).format(
            n=len(files)), ok=len(files) - bad, bad=bad, moves=plural(moves, "moves")))
    return 1 if bad else 0


def _one_line(rp, deal_check: bool = False) -> str:
    if rp.ok:
        tail = who_next(rp.state) if rp.state is not None else ""
        tail = waiting_line(rp.transcript, rp.players) or tail
        dealt = ""
        if deal_check:
            dealt = (_(", all {draws} dealt by its [Seed]; {witness}") if rp.transcript.tag("Seed")
                     else _(", all {draws} dealt by its [Commit]; {witness}")).format(
                draws=plural(rp.draws, "draws"), witness=rp.witness)
        return _("{file}: ok, {moves}{dealt}; {next}").format(
            file=rp.file, moves=plural(rp.moves, "moves"), dealt=dealt, next=tail)
    n = len([e for e in rp.errors if e.code != "not-evaluated"])
    return f"{rp.file}: {plural(n, 'errors')}"
