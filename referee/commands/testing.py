"""Transcripts as tests: ``referee test``."""
from __future__ import annotations

import click

from referee.i18n import N_, _
from referee.commands.common import CONTEXT, Command, echo_errors
from referee.operations import check_path, format_error


@click.command(cls=Command, help=N_(
    "Run transcripts with '?' assertions and '!' rejections as tests."),
    examples=('referee test tests/transcripts/hawaii/*.txt',),
    name="test", context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("-q", "--quiet", is_flag=True, help=N_("Only failures and the summary."))
def test(files, quiet):
    passed = failed = 0
    for path in files:
        rp = check_path(path)
        for verdict in rp.checks:
            where = f"{path}:{verdict.item.line}"
            if verdict.passed:
                passed += 1
                if not quiet:
                    click.echo(f"PASS {where}: {verdict.item.text.strip()}")
            else:
                failed += 1
                click.echo(f"FAIL {where}: {verdict.item.text.strip()}")
                click.echo("  " + format_error(verdict.error, path).replace("\n", "\n  "))
        checked = {id(v.error) for v in rp.checks if v.error is not None}
        others = [e for e in rp.errors if id(e) not in checked]
        if others:
            failed += 1
            echo_errors(others, path)
            click.echo(f"FAIL {path}: " + _("the transcript does not replay cleanly"))
    click.echo(_("{passed} passed, {failed} failed").format(passed=passed, failed=failed))
    return 1 if failed else 0
