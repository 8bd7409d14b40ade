"""The ``referee`` command.

Exit status is part of the contract: 0 accepted, 1 input rejected, 2 usage
error, and never a traceback, so forum bots and mail gateways can rely on it.
Everything heavy (lark, yaml, the game modules) is imported inside the
command that needs it: ``referee play`` start-up time is benchmarked.
"""
from __future__ import annotations

import sys

import click

from referee import __version__
from referee.errors import RefereeError

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def _split(value: str | None) -> list[str]:
    import re
    return [w for w in re.split(r"[\s,]+", value or "") if w]


def _module(game: str):
    from referee.core import registry
    try:
        return registry.get(game)
    except RefereeError as err:
        raise click.BadParameter(err.reason, param_hint="GAME") from None
    except ImportError as exc:
        raise click.BadParameter(f"the {game} rules are not available in this referee "
                                 f"({exc})", param_hint="GAME") from None


def _errors(errors, file=None) -> None:
    from referee.notation.report import format_errors
    if errors:
        click.echo(format_errors(errors, file), err=True)


@click.group(context_settings=CONTEXT)
@click.version_option(__version__, prog_name="referee", message="%(prog)s %(version)s")
def cli():
    """Rules verification and play-by-email refereeing for board games.

    \b
    Example:
      referee new hawaii --players red,green,blue --seed 42 -o game.txt
      referee play game.txt "GREEN moves beach->B2, buys spear-hut II with token 4s"
    """


@cli.command(context_settings=CONTEXT)
@click.argument("game")
@click.option("--players", required=True, help="Seats in seating order, comma separated.")
@click.option("--seed", help="Derive every chance line from this seed (recorded in [Seed]).")
@click.option("--commit", is_flag=True,
              help="Deal from a secret kept in FILE.secret and the players' salts (commit-reveal).")
@click.option("--rules", default="", help="Variant flags, comma separated.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write here (default: stdout).")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
def new(game, players, seed, commit, rules, output, force):
    """Start a game: header tags plus the setup chance lines.

    With --commit the header holds only the digest of a secret (kept in
    FILE.secret); the setup is dealt once every player has added a salt
    with play, and the secret is revealed as [Seed] when the game ends.

    \b
    Example:
      referee new hawaii --players red,green,blue --seed 42 -o game.txt
      referee new hawaii --players red,green --commit -o game.txt
    """
    from referee.notation.newgame import new_committed_transcript, new_transcript
    from referee.notation.problems import UsageError
    from referee.notation.report import who_next

    module = _module(game)
    if commit and (seed is not None or not output):
        raise click.UsageError("--commit takes no --seed and needs -o FILE (the secret is kept "
                               "beside the file)")
    secret = None
    try:
        if commit:
            from referee.notation.commit import new_secret
            secret = new_secret()
            text, state = new_committed_transcript(module, _split(players), _split(rules), secret)
        else:
            text, state = new_transcript(module, _split(players), _split(rules), seed)
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
            seats = " ".join(s.upper() for s in _split(players))
            click.echo(f"the secret that deals it is in {output}.secret: keep it, show it to no one")
            click.echo(f"waiting for a salt from each of {seats}: "
                       f"referee play {output} '[Salt \"SEAT any-word\"]'")
            return 0
        click.echo(who_next(state).replace("next:", "first to move:"))
    else:
        click.echo(text, nl=False)
        click.echo(who_next(state).replace("next:", "first to move:"), err=True)
    return 0


@cli.command(context_settings=CONTEXT)
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.argument("move", nargs=-1, required=True)
@click.option("--dry-run", is_flag=True, help="Validate and report; do not write.")
def play(file, move, dry_run):
    """Add MOVE to FILE if it is legal (MOVE '-' reads it from stdin).

    Appends the canonical move and the chance lines that follow it, all at
    once; a rejected move leaves FILE untouched (exit 1). In a game started
    with 'new --commit', each player first adds a [Salt "SEAT word"] this way.

    \b
    Example:
      referee play game.txt "RED moves beach->B2, buys spear-hut II with token 4s"
      echo "RED fishes 5 3" | referee play game.txt -
    """
    from referee.notation.play import TranscriptHasErrors, play_line
    from referee.notation.report import digest, who_next

    text = " ".join(move)
    if text.strip() == "-":
        text = sys.stdin.read()
        text = "\n".join(line for line in text.splitlines() if line.strip())
    try:
        played = play_line(file, text, dry_run=dry_run)
    except TranscriptHasErrors as err:
        _errors(err.errors, file)
        click.echo(f"{file}: {err.reason}", err=True)
        return 1
    for line in played.lines:
        click.echo(line)
    summary = digest(played.module, played.state)
    if summary:
        click.echo(summary)
    click.echo(who_next(played.state))
    if dry_run:
        click.echo(f"(dry run: {file} not changed)")
    return 0


@cli.command(context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@click.option("-q", "--quiet", is_flag=True, help="Only the summary line.")
def check(files, fmt, quiet):
    """Replay transcripts and report every error in them.

    A syntax error skips its line; the first rules error ends that file and
    the lines after it are reported as not evaluated.

    \b
    Example:
      referee check game.txt
      referee check corpus/*.txt --format json
    """
    return _replay_files(files, fmt, quiet, deal_check=False)


@cli.command(context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
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

    from referee.notation.check import check_path

    results, bad, moves = [], 0, 0
    show_bar = fmt == "text" and len(files) > 1 and sys.stderr.isatty()
    later = []
    with click.progressbar(files, label="checking", file=sys.stderr) if show_bar \
            else _nullbar(files) as bar:
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
                   f"{len(files) - bad} ok, {bad} with errors; {moves} moves")
    return 1 if bad else 0


class _nullbar:
    def __init__(self, items):
        self.items = items

    def __enter__(self):
        return self.items

    def __exit__(self, *exc):
        return False


def _one_line(rp, deal_check: bool = False) -> str:
    if rp.ok:
        from referee.notation.report import who_next
        tail = who_next(rp.state) if rp.state is not None else ""
        dealt = f", all {rp.draws} draws dealt by its [Seed]" if deal_check else ""
        return f"{rp.file}: ok, {rp.moves} moves{dealt}; {tail}"
    n = len([e for e in rp.errors if e.code != "not-evaluated"])
    return f"{rp.file}: {n} error{'s' if n != 1 else ''}"


@cli.command(context_settings=CONTEXT)
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--at", "at", type=click.IntRange(min=0), help="The state after this line.")
@click.option("--format", "fmt", default="text",
              type=click.Choice(["text", "markdown", "json", "svg", "png", "html"]))
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="Write to this file instead of standard output (png needs it on a terminal).")
def show(file, at, fmt, output):
    """The state after the whole file (or after line --at).

    \b
    Example:
      referee show game.txt
      referee show game.txt --at 12 --format json
      referee show game.txt --format png -o board.png
    """
    import json

    from referee.notation.check import check_path

    if fmt == "png" and output is None and sys.stdout.isatty():
        raise click.UsageError("a PNG is binary: give -o FILE or redirect the output")
    rp = check_path(file, until=at)
    _errors(rp.errors, file)
    if rp.state is None:
        return 1
    if fmt == "json":
        text = json.dumps(rp.module.state_to_json(rp.state), indent=2, ensure_ascii=False)
    elif fmt in ("svg", "png", "html"):
        from referee.notation.picture import picture
        text = picture(rp, fmt, at)
    else:
        from referee.notation.report import other_tags

        tags = other_tags(rp.transcript, fmt)
        text = (tags + "\n" if tags else "") + rp.module.render(rp.state, fmt)
    _write(text, output)
    return 1 if rp.errors else 0


def _write(out: str | bytes, output: str | None) -> None:
    if output is not None:
        from pathlib import Path
        if isinstance(out, bytes):
            Path(output).write_bytes(out)
        else:
            Path(output).write_text(out + "\n", encoding="utf-8")     # as echo would print it
    elif isinstance(out, bytes):
        sys.stdout.buffer.write(out)
        sys.stdout.flush()
    else:
        click.echo(out)


@cli.command(context_settings=CONTEXT)
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--limit", type=click.IntRange(min=0), default=50, show_default=True,
              help="Show at most this many (0: all).")
def moves(file, limit):
    """The legal moves of the seat to act, one canonical line each.

    \b
    Example:
      referee moves game.txt --limit 20
    """
    from referee.notation.check import check_path
    from referee.notation.listing import legal_lines
    from referee.notation.report import who_next

    rp = check_path(file)
    if rp.errors:
        _errors(rp.errors, file)
        return 1
    header, lines, total = legal_lines(rp.module, rp.state, limit)
    click.echo(header or who_next(rp.state))
    for line in lines:
        click.echo(line)
    if len(lines) < total:
        click.echo(f"... and {total - len(lines)} more (--limit 0 shows all)")
    return 0


@cli.command(name="test", context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("-q", "--quiet", is_flag=True, help="Only failures and the summary.")
def test_(files, quiet):
    """Run transcripts with '?' assertions and '!' rejections as tests.

    \b
    Example:
      referee test tests/transcripts/*.txt
    """
    from referee.notation.check import check_path
    from referee.notation.report import format_error

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
            _errors(others, path)
            click.echo(f"FAIL {path}: the transcript does not replay cleanly")
    click.echo(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


@cli.command(context_settings=CONTEXT)
@click.argument("game")
@click.option("--players", "n", type=click.IntRange(min=1), required=True, help="How many seats.")
@click.option("--games", "k", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--seed", help="Game k gets the seed SEED-k (default: random).")
@click.option("--rules", default="", help="Variant flags, comma separated.")
@click.option("-o", "--output", "out", type=click.Path(file_okay=False), required=True,
              help="Directory for the transcripts.")
@click.option("--check", "recheck", is_flag=True, help="Replay each transcript after writing it.")
def selfplay(game, n, k, seed, rules, out, recheck):
    """Play K games with random legal moves and write their transcripts.

    \b
    Example:
      referee selfplay hawaii --players 3 --games 100 --seed 1 -o corpus/
    """
    from pathlib import Path

    from referee.notation.chance import new_seed
    from referee.notation.problems import UsageError
    from referee.notation.selfplay import play_game
    from referee.notation.storage import write_atomic

    module = _module(game)
    if not module.min_players <= n <= module.max_players:
        raise click.BadParameter(f"{module.name} takes {module.min_players} to "
                                 f"{module.max_players} players", param_hint="--players")
    seats = list(module.seats)[:n]
    base = seed if seed is not None else new_seed()
    Path(out).mkdir(parents=True, exist_ok=True)
    bad = 0
    width = max(4, len(str(k)))
    indices = range(1, k + 1)
    bar = click.progressbar(indices, label="playing", file=sys.stderr) if sys.stderr.isatty() \
        and k > 1 else _nullbar(indices)
    with bar as games:
        for i in games:
            try:
                text = play_game(module, seats, _split(rules), f"{base}-{i}")
            except UsageError as err:
                raise click.BadParameter(err.reason, param_hint="--rules") from None
            path = Path(out) / f"{module.key}-{base}-{i:0{width}d}.txt"
            write_atomic(path, text)
            if recheck:
                from referee.notation.check import check_path
                rp = check_path(str(path))
                if rp.errors:
                    bad += 1
                    _errors(rp.errors, str(path))
    click.echo(f"wrote {k} game{'s' if k != 1 else ''} to {out}"
               + (f"; {bad} did not replay" if bad else ""))
    return 1 if bad else 0


@cli.command(context_settings=CONTEXT)
@click.argument("game")
@click.option("--unverified", is_flag=True, help="Only values not yet checked against the rules.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def components(game, unverified, fmt):
    """The component data in use, with each value's provenance.

    \b
    Example:
      referee components hawaii --unverified
    """
    import json

    module = _module(game)
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


from referee.service.cli import host as _host_group, mail as _mail_group  # noqa: E402
from referee.service.web.cli import serve  # noqa: E402  (the web page: docs/web.md)

cli.add_command(_host_group)
cli.add_command(_mail_group)
cli.add_command(serve)


def run(argv=None) -> int:
    """Run the command line and return the exit status instead of exiting."""
    try:
        rv = cli.main(args=argv, prog_name="referee", standalone_mode=False)
    except click.exceptions.UsageError as exc:
        exc.show()
        return 2
    except click.exceptions.ClickException as exc:
        exc.show()
        return 1
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        return 1
    except RefereeError as err:
        from referee.notation.report import format_error
        click.echo(format_error(err), err=True)
        return 2 if err.code == "usage" else 1
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        return 1
    except BrokenPipeError:
        return 1
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        click.echo(f"referee: {where}{exc.strerror or exc}", err=True)
        return 1
    except Exception as exc:  # the contract forbids tracebacks and exit 3
        from referee.notation.problems import internal
        click.echo(f"referee: internal: internal error: {internal(exc).reason}", err=True)
        return 1
    return rv if isinstance(rv, int) else 0


def main(argv=None) -> None:
    sys.exit(run(argv))


if __name__ == "__main__":
    main()
