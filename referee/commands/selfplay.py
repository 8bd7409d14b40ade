"""Random games: ``referee selfplay``."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from referee.commands.common import (CONTEXT, LateHelp, NullBar, echo_errors, game_module,
                                     rules_help, split_words)
from referee.operations import check_path, play_game
from referee.replay import new_seed
from referee.transcript import UsageError, write_atomic


@click.command(context_settings=CONTEXT)
@click.argument("game")
@click.option("--players", "n", type=click.IntRange(min=1), required=True, help="How many seats.")
@click.option("--games", "k", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--seed", help="Game k gets the seed SEED-k (default: random).")
@click.option("--rules", default="", cls=LateHelp, help_from=rules_help)
@click.option("-o", "--output", "out", type=click.Path(file_okay=False), required=True,
              help="Directory for the transcripts.")
@click.option("--check", "recheck", is_flag=True, help="Replay each transcript after writing it.")
def selfplay(game, n, k, seed, rules, out, recheck):
    """Play K games with random legal moves and write their transcripts.

    \b
    Example:
      referee selfplay hawaii --players 3 --games 10 --seed 1 -o corpus/
    """

    module = game_module(game)
    if not module.min_players <= n <= module.max_players:
        raise click.BadParameter(f"{module.name} takes {module.min_players} to "
                                 f"{module.max_players} players", param_hint="--players")
    seats = list(module.seats)[:n]
    base = seed if seed is not None else new_seed()
    try:
        Path(out).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise click.BadParameter(f"cannot make the folder {out}: {exc.strerror or exc}",
                                 param_hint="-o") from None
    bad = 0
    width = max(4, len(str(k)))
    indices = range(1, k + 1)
    bar = click.progressbar(indices, label="playing", file=sys.stderr) if sys.stderr.isatty() \
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
    click.echo(f"wrote {k} game{'s' if k != 1 else ''} to {out}"
               + (f"; {bad} did not replay" if bad else ""))
    return 1 if bad else 0
