"""The ``referee`` command: the group and its exit status.

Exit status is part of the contract: 0 accepted, 1 input rejected, 2 usage
error, 75 the hosted store cannot be reached now, and never a traceback, so forum bots and mail gateways can rely on it.
Each command lives in its own module in referee/commands/, imported only when
that command runs; adding one is a line in ``COMMANDS`` below. ``referee play``
start-up time is benchmarked, so nothing is loaded that the command does not use.
"""
from __future__ import annotations

import contextvars
import importlib
import sys

import click

from referee import __version__, i18n
from referee.commands.common import CONTEXT, Group
from referee.commands.hosted import EX_TEMPFAIL
from referee.errors import RefereeError
from referee.i18n import N_, _
from referee.operations import format_error
from referee.transcript import internal

# each command and the module of referee/commands/ that holds it
COMMANDS = {"new": "new", "salt": "play", "play": "play", "check": "check", "verify": "check",
            "show": "show", "moves": "moves", "test": "testing", "selfplay": "selfplay",
            "components": "components", "rules": "rules", "host": "host", "mail": "mail",
            "serve": "serve", "forum": "forum"}


# the optional libraries (pyproject.toml's extras) and the extra that installs each
EXTRAS = {"sqlalchemy": "service", "alembic": "service", "starlette": "service",
          "uvicorn": "service", "jinja2": "service", "multipart": "service",
          "python_multipart": "service", "psycopg": "postgres", "resvg_py": "pictures"}


class LazyGroup(Group):
    """A command's module is imported when that command runs (``--help`` lists them all):
    ``referee play`` loads what playing needs and nothing else, and start-up time is
    benchmarked (docs/performance.md)."""

    def list_commands(self, ctx) -> list[str]:
        return sorted({*self.commands, *COMMANDS})

    def get_command(self, ctx, name: str):
        if name not in self.commands and name in COMMANDS:
            module = importlib.import_module(f"referee.commands.{COMMANDS[name]}")
            self.add_command(getattr(module, name))
        return self.commands.get(name)


def _language(ctx, param, value):
    """Eager, so that the language is set before any help or error text is made."""
    i18n.use(i18n.choose(value))
    return value


@click.group(cls=LazyGroup, context_settings=CONTEXT, help=N_(
    "Rules verification and play-by-email refereeing for board games."),
    examples=("referee new hawaii --players red,green,blue --seed 42 -o game.txt",
              'referee play game.txt "BLUE moves beach->C2, buys kahuna x2 with token 3"'))
@click.version_option(__version__, prog_name="referee", message="%(prog)s %(version)s")
@click.option("--lang", metavar="LANG", callback=_language, is_eager=True, expose_value=False,
              help=N_("The language of every text: en, fr, de, it (or any catalog installed); "
                      "otherwise LANGUAGE, LC_ALL, LANG, and English."))
def cli():
    pass


def run(argv=None) -> int:
    """Run the command line and return the exit status instead of exiting. Each run has its
    own context, so the language one run chose is not the next one's."""
    return contextvars.copy_context().run(_run, argv)


def _run(argv) -> int:
    # a usage error found before --lang is parsed is told in the locale's language
    i18n.use(i18n.choose(None))
    try:
        rv = cli.main(args=argv, prog_name="referee", standalone_mode=False)
    except click.exceptions.UsageError as exc:
        _show(exc)
        return 2
    except click.exceptions.ClickException as exc:
        _show(exc)
        return 1
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        return 1
    except RefereeError as err:
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
    except ModuleNotFoundError as exc:
        extra = EXTRAS.get((exc.name or "").partition(".")[0])
        if extra is None:
            click.echo(f"referee: internal: internal error: {internal(exc).reason}", err=True)
        else:
            click.echo(f"referee: this command needs {exc.name}, which is not installed: "
                       f"pip install 'referee[{extra}]'", err=True)
        return 1
    except Exception as exc:  # the contract forbids tracebacks and exit 3
        if _store_unreachable(exc):
            click.echo(f"referee: the store cannot be reached now ({type(exc).__name__}); "
                       "nothing was done; try again later", err=True)
            return EX_TEMPFAIL
        click.echo(f"referee: internal: internal error: {internal(exc).reason}", err=True)
        return 1
    return rv if isinstance(rv, int) else 0


def _show(exc: click.exceptions.ClickException) -> None:
    """A usage error as click shows it, with click's own words (it ships no catalog of
    their translations) told through ours."""
    ctx = getattr(exc, "ctx", None)
    if ctx is not None:
        hint = ""
        if ctx.command.get_help_option(ctx) is not None:
            hint = _("Try '{command} {option}' for help.").format(
                command=ctx.command_path, option=ctx.help_option_names[0]) + "\n"
        click.echo(f"{ctx.get_usage()}\n{hint}", err=True)
    click.echo(_("Error: {message}").format(message=_message(exc)), err=True)


def _message(exc: click.exceptions.ClickException) -> str:
    if isinstance(exc, click.MissingParameter):
        return _missing(exc)
    if isinstance(exc, click.NoSuchOption):
        said = _("No such option: {name}").format(name=exc.option_name)
        if exc.possibilities:
            said += " " + _("(Did you mean {options}?)").format(
                options=", ".join(sorted(exc.possibilities)))
        return said
    if type(exc) is not click.BadParameter:
        return exc.format_message()
    hint = exc.param_hint
    if hint is None and exc.param is not None:
        hint = exc.param.get_error_hint(exc.ctx)
    if hint is None:
        return _("Invalid value: {message}").format(message=exc.message)
    if isinstance(hint, (list, tuple)):
        hint = " / ".join(f"'{h}'" for h in hint)
    return _("Invalid value for {param}: {message}").format(param=hint, message=exc.message)


def _missing(exc: click.MissingParameter) -> str:
    hint = exc.param_hint
    if hint is None and exc.param is not None:
        hint = exc.param.get_error_hint(exc.ctx)
    if isinstance(hint, (list, tuple)):
        hint = " / ".join(f"'{h}'" for h in hint)
    kind = exc.param_type or (exc.param.param_type_name if exc.param is not None else None)
    if kind == "argument":
        return _("Missing argument {name}.").format(name=hint or "")
    if kind == "option":
        return _("Missing option {name}.").format(name=hint or "")
    return _("Missing parameter {name}.").format(name=hint or "")


def _store_unreachable(exc: BaseException) -> bool:
    """A database that is down, locked or gone away (not a bug in a statement): the
    hosted commands then exit 75, as mail servers and cron expect of a temporary
    failure. sqlalchemy is looked up only if a command has loaded it."""
    exc_module = sys.modules.get("sqlalchemy.exc")
    if exc_module is None:
        return False
    return isinstance(exc, (exc_module.OperationalError, exc_module.InterfaceError,
                            exc_module.DisconnectionError, exc_module.TimeoutError))


def main(argv=None) -> None:
    sys.exit(run(argv))


if __name__ == "__main__":
    main()
