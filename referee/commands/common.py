"""What every command shares: click settings, argument helpers, error printing.

Heavy modules (lark, yaml, the game modules) are imported inside the functions
that need them: ``referee play`` start-up time is benchmarked.
"""
from __future__ import annotations

import inspect
import re
from pathlib import Path

import click

from referee.core import registry
from referee.errors import RefereeError
from referee.i18n import N_, _
from referee.operations import format_errors
from referee.replay import waiting_message

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class HelpInLanguage:
    """A command whose help is told in the reader's language when it is shown: the texts
    are written (and marked with ``N_``) in English, and translated only then, so a
    command imported once serves every language. The examples are commands, not prose:
    they are shown as written, under a translated heading."""

    def __init__(self, *args, examples=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.examples = tuple(examples)

    def format_usage(self, ctx, formatter) -> None:
        formatter.write_usage(ctx.command_path, " ".join(self.collect_usage_pieces(ctx)),
                              _("Usage:") + " ")

    def format_help_text(self, ctx, formatter) -> None:
        text = _(inspect.cleandoc(self.help)) if self.help else ""
        if text:
            formatter.write_paragraph()
            with formatter.indentation():
                formatter.write_text(text)
        if self.examples:
            formatter.write_paragraph()
            with formatter.indentation():
                formatter.write_text("\b\n" + _("Example:") + "\n" +
                                     "\n".join("  " + e for e in self.examples))

    def get_short_help_str(self, limit: int = 45) -> str:
        if not self.help:
            return ""
        # the first sentence of the first paragraph, cut at a word to fit, as click does
        first = " ".join(_(inspect.cleandoc(self.help)).split("\n\n")[0].split())
        sentence = first.split(". ")[0]
        sentence = sentence if sentence == first else sentence + "."
        if len(sentence) <= limit:
            return sentence
        return sentence[:limit - 3].rsplit(" ", 1)[0] + "..."

    def format_options(self, ctx, formatter) -> None:
        rows = []
        for param in self.get_params(ctx):
            if isinstance(param, click.Argument):
                continue
            row = param.get_help_record(ctx)
            if row is not None:
                rows.append((row[0], _translated_help(param, row[1])))
        if rows:
            with formatter.section(_("Options")):
                formatter.write_dl(rows)
        if isinstance(self, click.Group):
            self.format_commands(ctx, formatter)

    def format_commands(self, ctx, formatter) -> None:
        shown = [(name, self.get_command(ctx, name)) for name in self.list_commands(ctx)]
        shown = [(name, command) for name, command in shown
                 if command is not None and not command.hidden]
        limit = formatter.width - 6 - max((len(name) for name, _c in shown), default=0)
        rows = [(name, command.get_short_help_str(limit)) for name, command in shown]
        if rows:
            with formatter.section(_("Commands")):
                formatter.write_dl(rows)


# the notes click adds after an option's help, in its own English (click ships no catalog)
_EXTRAS = {"required": N_("required"), "default: ": N_("default: ")}
_EXTRA = re.compile(r"(?:^|  )\[([^\[\]]*)\]$")


def _translated_help(param, text: str) -> str:
    if getattr(param, "help", None):
        text = text.replace(param.help, _(param.help), 1)
    found = _EXTRA.search(text)
    if not found:
        return text
    extra = found.group(1)
    for english, mark in _EXTRAS.items():
        extra = extra.replace(english, _(mark))
    return text[:found.start(1)] + extra + "]"


# click's own help texts of the options it adds, translated by the catalog like ours
CLICK_TEXTS = (N_("Show this message and exit."), N_("Show the version and exit."))


class Command(HelpInLanguage, click.Command):
    pass


class Group(HelpInLanguage, click.Group):
    """Every command group of the referee: its commands, and the groups made inside it,
    are of these translated classes too, so no group needs a help class of its own."""

    command_class = Command
    group_class = type


class Choice(click.Choice):
    """click's choice with its refusal in the reader's language (click ships no catalog)."""

    def get_invalid_choice_message(self, value, ctx) -> str:
        choices = ", ".join(map(repr, self.choices))
        if len(self.choices) == 1:
            return _("{value!r} is not {choice}.").format(value=value, choice=choices)
        return _("{value!r} is not one of {choices}.").format(value=value, choices=choices)


def split_words(value: str | None) -> list[str]:
    return [w for w in re.split(r"[\s,]+", value or "") if w]


def game_module(game: str):
    try:
        return registry.get(game)
    except RefereeError as err:
        raise click.BadParameter(err.reason, param_hint="GAME") from None
    except ImportError as exc:
        raise click.BadParameter(_("the {game} rules are not available in this referee "
                                   "({why})").format(game=game, why=exc),
                                 param_hint="GAME") from None


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
        raise click.BadParameter(_("cannot write {file}: the folder {folder} does not "
                                   "exist").format(file=value, folder=folder),
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
    return _("Seats in seating order, comma separated. {games}.").format(games="; ".join(
        _("{game}: {count} of {seats}").format(game=m.name, count=_count(m),
                                               seats=" ".join(m.seats)) for m in _games()))


def _count(m) -> str:
    return str(m.min_players) if m.min_players == m.max_players else \
        f"{m.min_players}-{m.max_players}"


def rules_help() -> str:
    return _("Variant flags, comma separated. {games} (referee rules H-R22, K-R11).").format(
        games="; ".join(f"{m.name}: {', '.join(m.rule_flags) or _('none')}" for m in _games()))


def waiting_line(transcript, players) -> str | None:
    """What a committed game is waiting for (its players' salts), or None."""
    if transcript is None:
        return None
    try:
        return waiting_message(transcript, players)
    except RefereeError:
        return None
