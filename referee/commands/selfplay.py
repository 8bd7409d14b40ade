"""Random games: ``referee selfplay``."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from referee.bots import LEVELS
from referee.i18n import N_, _, ngettext
from referee.commands.common import (CONTEXT, Choice, Command, LateHelp, NullBar, echo_errors, game_module,
                                     rules_help, split_words)
from referee.operations import check_path, play_game, tournament
from referee.replay import new_seed
from referee.transcript import UsageError, write_atomic


@click.command(cls=Command, help=N_(
    'Play K games with random legal moves and write their transcripts, or (--bots) a '
    'tournament between bot levels.'),
    examples=('referee selfplay hawaii --players 3 --games 10 --seed 1 -o corpus/',
              'referee selfplay hawaii --bots strong,basic,basic,basic --games 4 --seed 1'),
    context_settings=CONTEXT)
@click.argument("game")
@click.option("--players", "n", type=click.IntRange(min=1),
              help=N_("How many seats (with --bots: as many as the levels named)."))
@click.option("--bots", "bots", metavar="LEVELS",
              help=N_("A tournament: the level of each seat, comma separated (random, basic, "
                   "strong), turned one seat on each game; prints each level's wins."))
@click.option("--games", "k", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--seed", help=N_("Game k gets the seed SEED-k (default: random)."))
@click.option("--rules", default="", cls=LateHelp, help_from=rules_help)
@click.option("-o", "--output", "out", type=click.Path(file_okay=False),
              help=N_("Directory for the transcripts (optional with --bots)."))
@click.option("--check", "recheck", is_flag=True, help=N_("Replay each transcript after writing it."))
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text",
              help=N_("With --bots: the standings as text or JSON."))
def selfplay(game, n, bots, k, seed, rules, out, recheck, fmt):

    module = game_module(game)
    if bots is not None:
        return _tournament(module, bots, n, k, seed, rules, out, recheck, fmt)
    if n is None:
        raise click.BadParameter(_("say how many seats (or name the bots' levels with --bots)"),
                                 param_hint="--players")
    if out is None:
        raise click.BadParameter(_("say where the transcripts go"), param_hint="-o")
    if not module.min_players <= n <= module.max_players:
        raise click.BadParameter(f"{module.name} takes {module.min_players} to "
                                 f"{module.max_players} players", param_hint="--players")
    seats = list(module.seats)[:n]
    base = seed if seed is not None else new_seed()
    _folder(out)
    bad = 0
    width = max(4, len(str(k)))
    indices = range(1, k + 1)
    bar = click.progressbar(indices, label=_("playing"), file=sys.stderr) if sys.stderr.isatty() \
        and k > 1 else NullBar(indices)
    with bar as games:
        for i in games:
            try:
                text = play_game(module, seats, split_words(rules), f"{base}-{i}")
            except UsageError as err:
                raise click.BadParameter(err.reason, param_hint="--rules") from None
            path = Path(out) / f"{module.key}-{base}-{i:0{width}d}.txt"
            write_atomic(path, text)
            if recheck:
                rp = check_path(str(path))
                if rp.errors:
                    bad += 1
                    echo_errors(rp.errors, str(path))
    click.echo(ngettext("wrote {n} game to {folder}", "wrote {n} games to {folder}", k).format(
        n=k, folder=out) + (_("; {n} did not replay").format(n=bad) if bad else ""))
    return 1 if bad else 0


def _tournament(module, bots, n, k, seed, rules, out, recheck, fmt):
    levels = [w.strip().lower() for w in bots.split(",")]
    unknown = [w for w in levels if w not in LEVELS]
    if unknown:
        raise click.BadParameter(f"'{unknown[0][:40]}' is no bot level: the levels are "
                                 f"{', '.join(LEVELS)}", param_hint="--bots")
    if not module.min_players <= len(levels) <= module.max_players:
        raise click.BadParameter(f"{module.name} takes {module.min_players} to "
                                 f"{module.max_players} players: name one level per seat",
                                 param_hint="--bots")
    if n is not None and n != len(levels):
        raise click.BadParameter(f"--players {n} but {len(levels)} levels in --bots",
                                 param_hint="--players")
    base = seed if seed is not None else new_seed()
    folder = _folder(out) if out is not None else None
    width = max(4, len(str(k)))
    bad = []

    def keep(i, text):
        path = folder / f"{module.key}-{base}-{i:0{width}d}.txt"
        write_atomic(path, text)
        if recheck and check_path(str(path), deal_check=True).errors:
            bad.append(str(path))
    try:
        standings = tournament(module, levels, k, base, split_words(rules),
                               keep if folder is not None else None)
    except UsageError as err:
        raise click.BadParameter(err.reason, param_hint="--rules") from None
    players = len(levels)
    if fmt == "json":
        click.echo(json.dumps({"game": module.key, "players": players, "games": k,
                               "seed": base, "levels": [s.to_dict(players) for s in standings],
                               "unverified": bad}, indent=2))
    else:
        click.echo(f"{module.name}, {players} players, {k} game{'s' if k != 1 else ''} "
                   f"(seed {base}), the levels turned one seat on each game:")
        for s in standings:
            low, high = s.interval()
            click.echo(f"  {s.level:<7} {s.seats} seat{'s' if s.seats != 1 else ' '}  "
                       f"{s.wins:g} wins  {s.share:6.1%}  95% interval {low:.1%} to {high:.1%}"
                       f"  (fair share {s.seats / players:.0%})")
        for path in bad:
            click.echo(f"{path}: does not verify", err=True)
    return 1 if bad else 0


def _folder(out) -> Path:
    try:
        Path(out).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise click.BadParameter(_("cannot make the folder {folder}: {why}").format(
                                     folder=out, why=exc.strerror or exc),
                                 param_hint="-o") from None
    return Path(out)
