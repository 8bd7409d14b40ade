"""What every command shares: click settings, argument helpers, error printing.

Heavy modules (lark, yaml, the game modules) are imported inside the functions
that need them: ``referee play`` start-up time is benchmarked.
"""
from __future__ import annotations

import re
from pathlib import Path

import click

from referee.core import registry
from referee.errors import RefereeError
from referee.operations import format_errors
from referee.replay import waiting_message

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def split_words(value: str | None) -> list[str]:
    return [w for w in re.split(r"[\s,]+", value or "") if w]


def game_module(game: str):
    try:
        return registry.get(game)
    except RefereeError as err:
        raise click.BadParameter(err.reason, param_hint="GAME") from None
    except ImportError as exc:
        raise click.BadParameter(f"the {game} rules are not available in this referee "
                                 f"({exc})", param_hint="GAME") from None


def echo_errors(errors, file=None) -> None:
    if errors:
        click.echo(format_errors(errors, file), err=True)


class NullBar:
    """Stands in for click.progressbar where no bar is drawn."""

    def __init__(self, items):
        self.items = items

    def __enter__(self):
        return self.items

    def __exit__(self, *exc):
        return False


def output_file(ctx, param, value):
    """Callback of ``-o FILE``: a folder that does not exist is a usage error naming the
    path (exit 2), found before anything is dealt or written."""
    if value is None:
        return value
    folder = Path(value).parent
    if not folder.is_dir():
        raise click.BadParameter(f"cannot write {value}: the folder {folder} does not exist",
                                 ctx=ctx, param=param)
    return value


class LateHelp(click.Option):
    """An option whose help lists what the games offer (their seats, their variants),
    worked out only when --help is shown, so no other command pays for importing them."""

    def __init__(self, *args, help_from, **kwargs):
        super().__init__(*args, **kwargs)
        self.help_from = help_from

    def get_help_record(self, ctx):
        self.help = self.help_from()
        return super().get_help_record(ctx)


def _games():
    return [registry.get(key) for key in registry.keys()]


def seats_help() -> str:
    return ("Seats in seating order, comma separated. " + "; ".join(
        f"{m.name}: {_count(m)} of {' '.join(m.seats)}" for m in _games())
        + ".")


def _count(m) -> str:
    return str(m.min_players) if m.min_players == m.max_players else \
        f"{m.min_players}-{m.max_players}"


def rules_help() -> str:
    return ("Variant flags, comma separated. " + "; ".join(
        f"{m.name}: {', '.join(m.rule_flags) or 'none'}" for m in _games())
        + " (referee rules H-R22, K-R11).")


def waiting_line(transcript, players) -> str | None:
    """What a committed game is waiting for (its players' salts), or None."""
    if transcript is None:
        return None
    try:
        return waiting_message(transcript, players)
    except RefereeError:
        return None
