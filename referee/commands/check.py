"""Replay files: ``referee check`` and ``referee verify`` (the same replay; verify also
re-derives the draws)."""
from __future__ import annotations

import sys

import click

from referee.commands.common import CONTEXT, echo_errors, NullBar


@click.command(context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@click.option("-q", "--quiet", is_flag=True, help="Only the summary line.")
def check(files, fmt, quiet):
    """Replay transcripts and report every error in them.

    A syntax error skips its line; the first rules error ends that file and
    the lines after it are reported as not evaluated.

    \b
    Example:
      referee check game.txt
      referee check docs/examples/*.txt --format json
    """
    return _replay_files(files, fmt, quiet, deal_check=False)


@click.command(context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@click.option("-q", "--quiet", is_flag=True, help="Only the summary line.")
def verify(files, fmt, quiet):
    """Check transcripts like `check`, and prove every draw came from the [Seed].

    Each chance line must be exactly what the seed deals at that point, and a
    [Commit] tag must be the seed's sha256 digest. A file without [Seed]
    cannot be verified (exit 1).

    \b
    Example:
      referee verify game.txt
    """
    return _replay_files(files, fmt, quiet, deal_check=True)


def _replay_files(files, fmt: str, quiet: bool, *, deal_check: bool) -> int:
    import json

    from referee.core.words import plural
    from referee.notation.check import check_path

    results, bad, moves = [], 0, 0
    show_bar = fmt == "text" and len(files) > 1 and sys.stderr.isatty()
    later = []
    with click.progressbar(files, label="checking", file=sys.stderr) if show_bar \
            else NullBar(files) as bar:
        for path in bar:
            rp = check_path(path, deal_check=deal_check)
            moves += rp.moves
            bad += not rp.ok
            if fmt == "json":
                from referee.notation.report import replay_dict
                results.append(replay_dict(rp))
                continue
            out = []
            if rp.errors and not quiet:
                from referee.notation.report import format_errors
                out.append(format_errors(rp.errors, path))
            if not quiet:
                out += [f"warning: {w}" for w in rp.warnings]
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
        click.echo(f"{'verified' if deal_check else 'checked'} {len(files)} files: "
                   f"{len(files) - bad} ok, {bad} with errors; {plural(moves, 'moves')}")
    return 1 if bad else 0


def _one_line(rp, deal_check: bool = False) -> str:
    from referee.core.words import plural
    if rp.ok:
        from referee.notation.report import who_next
        tail = who_next(rp.state) if rp.state is not None else ""
        dealt = f", all {plural(rp.draws, 'draws')} dealt by its [Seed]" if deal_check else ""
        return f"{rp.file}: ok, {plural(rp.moves, 'moves')}{dealt}; {tail}"
    n = len([e for e in rp.errors if e.code != "not-evaluated"])
    return f"{rp.file}: {n} error{'s' if n != 1 else ''}"
