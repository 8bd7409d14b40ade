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
@click.option("--seed", help="Derive every chance line from this seed (recorded in [Seed]): "
              "anyone holding the file foresees every draw; for tests and friendly games.")
@click.option("--commit", is_flag=True,
              help="Commit-reveal (the default without --seed): deal from a secret kept in "
                   "FILE.secret and the players' salts.")
@click.option("--deal-now", is_flag=True,
              help="Deal at once from a committed secret, without the players' salts.")
@click.option("--rules", default="", help="Variant flags, comma separated.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write here (default: stdout).")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
def new(game, players, seed, commit, deal_now, rules, output, force):
    """Start a game: header tags plus the setup chance lines.

    By default the header holds only a commitment to a secret (kept in
    FILE.secret): each player first sends a salt commitment, then the salt
    (referee salt SEAT prints both), and the last salt deals the setup. Every
    chance line reveals the key that dealt it, so anyone can check each draw
    at once. --deal-now deals the setup at once from the secret alone (no
    player can foresee a draw, but the host could re-deal before publishing);
    --seed S makes every draw public and foreseeable: tests, friendly games.

    \b
    Example:
      referee new hawaii --players red,green,blue -o game.txt
      referee new hawaii --players red,green,blue --seed 42 -o friendly.txt
    """
    from referee.notation.newgame import new_committed_transcript, new_transcript
    from referee.notation.problems import UsageError
    from referee.notation.report import who_next

    module = _module(game)
    if seed is not None and (commit or deal_now):
        raise click.UsageError("--seed makes every draw public: it takes no --commit or "
                               "--deal-now")
    if commit and deal_now:
        raise click.UsageError("--commit waits for the players' salts; --deal-now deals at "
                               "once: choose one")
    if seed is None and not output:
        raise click.UsageError("a game dealt from a secret needs -o FILE (the secret is kept "
                               "beside it, in FILE.secret); for a friendly game anyone may "
                               "foresee, give --seed S")
    secret = None
    try:
        if seed is None:
            import secrets
            secret = secrets.token_bytes(32)
            if deal_now:
                text, state = new_transcript(module, _split(players), _split(rules),
                                             secret=secret)
            else:
                text, state = new_committed_transcript(module, _split(players), _split(rules),
                                                       secret)
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
                write_atomic(secret_path(output), secret.hex() + "\n", private=True)
            write_atomic(output, text)
        click.echo(f"wrote {output}")
        if secret is not None:
            click.echo(f"the secret that deals it is in {output}.secret: keep it, show it to "
                       "no one; every chance line reveals the key that dealt it")
        if seed is not None:
            click.echo("dealt from the public --seed: anyone holding the file can foresee "
                       "every draw (for tests and friendly games)")
        elif deal_now:
            click.echo("dealt at once from the committed secret, without salts: no player can "
                       "foresee a draw, but the host could have re-dealt before publishing")
        else:
            seats = " ".join(s.upper() for s in _split(players))
            click.echo(f"commit-reveal: waiting for salts from {seats}; each runs 'referee salt "
                       f"SEAT', plays its [SaltCommit] line with 'referee play {output} ...', "
                       "and its [Salt] line once every seat's commitment is in")
            return 0
        click.echo(who_next(state).replace("next:", "first to move:"))
    else:
        click.echo(text, nl=False)
        click.echo(who_next(state).replace("next:", "first to move:"), err=True)
    return 0


@cli.command(context_settings=CONTEXT)
@click.argument("seat")
def salt(seat):
    """Make a salt for SEAT of a committed game: two tag lines to play.

    Play the [SaltCommit] line first; keep the [Salt] line to yourself until
    every seat's commitment is in the file, then play it.

    \b
    Example:
      referee salt red
    """
    from referee.notation.salting import make_salt

    if not seat.isalpha() or len(seat) > 20:
        raise click.BadParameter("a seat is a word like RED", param_hint="SEAT")
    commit_line, salt_line = make_salt(seat)
    click.echo(f"{commit_line}    # play this now")
    click.echo(f"{salt_line}    # keep this; play it once every seat's [SaltCommit] is in")
    return 0


@cli.command(context_settings=CONTEXT)
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.argument("move", nargs=-1, required=True)
@click.option("--dry-run", is_flag=True, help="Validate and report; do not write.")
@click.option("--ply", "expect_ply", type=click.IntRange(min=0),
              help="Play only if the game still ends at this ply (the one play printed last).")
@click.option("--chain", "expect_chain",
              help="Play only if the chain head still starts with these hex digits.")
def play(file, move, dry_run, expect_ply, expect_chain):
    """Add MOVE to FILE if it is legal (MOVE '-' reads it from stdin).

    Appends the canonical move and the chance lines that follow it, all at
    once, and prints the ply and chain head players keep as a witness; a
    rejected move leaves FILE untouched (exit 1). --ply N refuses a move sent
    for an older state of the game (a re-sent move). In a committed game, each
    player first adds a [SaltCommit], then a [Salt] this way (referee salt).

    \b
    Example:
      referee play game.txt "RED moves beach->B2, buys spear-hut II with token 4s"
      referee play game.txt --ply 12 "RED takes order 1"
      echo "RED fishes 5 3" | referee play game.txt -
    """
    from referee.notation.play import TranscriptHasErrors, play_line
    from referee.notation.report import digest, who_next

    text = " ".join(move)
    if text.strip() == "-":
        text = sys.stdin.read(1 << 20)
        text = "\n".join(line for line in text.splitlines() if line.strip())
    try:
        played = play_line(file, text, dry_run=dry_run, expect_ply=expect_ply,
                           expect_chain=expect_chain)
    except TranscriptHasErrors as err:
        _errors(err.errors, file)
        click.echo(f"{file}: {err.reason}", err=True)
        return 1
    for line in played.lines:
        click.echo(line)
    if played.note:
        click.echo(played.note)
    elif played.state is not None:
        summary = digest(played.module, played.state)
        if summary:
            click.echo(summary)
        click.echo(_next(played))
    if played.witness and not played.note:
        click.echo(played.witness)
    if dry_run:
        click.echo(f"(dry run: {file} not changed)")
    return 0


def _next(played) -> str:
    """Who acts next, or what a committed game is waiting for."""
    from referee.notation.report import who_next
    waiting = _waiting(played.replay.transcript if played.replay is not None else None,
                       played.replay.players if played.replay is not None else [])
    return waiting or who_next(played.state)


def _waiting(transcript, players) -> str | None:
    if transcript is None:
        return None
    from referee.notation.commit import waiting_message
    try:
        return waiting_message(transcript, players)
    except RefereeError:
        return None


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
@click.option("--chain", "witness", metavar="PLY:HEX",
              help="Also check the history against a witness 'play' printed (ply 37 chain "
                   "3f9a1c0b7e22 is 37:3f9a1c0b7e22).")
def verify(files, fmt, quiet, witness):
    """Check transcripts like `check`, and prove every draw and the history.

    Each chance line must be exactly what its dealing deals at that point: a
    committed game's line reveals its key, which must hash back to the
    [Commit], so a game in progress verifies line by line; a legacy game
    needs its revealed [Seed]. Copies of one game (the same header) are
    compared: the first item where they part ways is named (exit 1).

    \b
    Example:
      referee verify game.txt
      referee verify game.txt --chain 37:3f9a1c0b7e22
      referee verify game.txt forum-copy.txt
    """
    parsed = None
    if witness is not None:
        from referee.notation.problems import UsageError
        from referee.notation.witness import parse
        try:
            parsed = parse(witness)
        except UsageError as err:
            raise click.BadParameter(err.reason, param_hint="--chain") from None
    return _replay_files(files, fmt, quiet, deal_check=True, witness=parsed)


def _witnessed(rp, witness, replays: list):
    """verify's history checks: the witness, and copies of one game against each other."""
    from referee.notation import witness as W
    if witness is not None and rp.ok:
        try:
            W.check(rp, *witness)
        except RefereeError as err:
            rp.errors.append(err)
    for other in replays:
        if other.ok and rp.ok and other.history is not None and rp.history is not None:
            from referee.notation.chain import genesis
            same = genesis((x.name, x.value) for x in other.transcript.tags) == \
                genesis((x.name, x.value) for x in rp.transcript.tags) and \
                other.transcript.tag("Seed") == rp.transcript.tag("Seed")   # [Seed] is not chained
            parted = W.compare(other, rp) if same else None
            if parted:
                from referee.errors import BadHeaderError
                rp.errors.append(BadHeaderError(parted, file=rp.file))
    replays.append(rp)


def _replay_files(files, fmt: str, quiet: bool, *, deal_check: bool, witness=None) -> int:
    import json

    from referee.notation.check import check_path

    results, bad, moves, replays = [], 0, 0, []
    show_bar = fmt == "text" and len(files) > 1 and sys.stderr.isatty()
    later = []
    with click.progressbar(files, label="checking", file=sys.stderr) if show_bar \
            else _nullbar(files) as bar:
        for path in bar:
            rp = check_path(path, deal_check=deal_check)
            if deal_check:
                _witnessed(rp, witness, replays)
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
        tail = _waiting(rp.transcript, rp.players) or tail
        dealt = ""
        if deal_check:
            how = "its [Seed]" if rp.transcript.tag("Seed") else "its [Commit]"
            dealt = f", all {rp.draws} draws dealt by {how}; {rp.witness}"
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
    rp = check_path(file, until=at, chain=True)
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
        waiting = _waiting(rp.transcript, rp.players)
        text += f"\n{waiting}" if waiting else ""
        text += f"\n{rp.witness}" if rp.witness and not rp.errors else ""
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
    waiting = _waiting(rp.transcript, rp.players)
    if waiting:
        click.echo(f"# {waiting}")
        return 0
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
