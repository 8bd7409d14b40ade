"""The ``referee`` command: the group and its exit status.

Exit status is part of the contract: 0 accepted, 1 input rejected, 2 usage
error, and never a traceback, so forum bots and mail gateways can rely on it.
Each command lives in its own module in referee/commands/; adding one is an
import and an ``add_command`` line below. Everything heavy (lark, yaml, the
game modules) is imported inside the command that needs it: ``referee play``
start-up time is benchmarked.
"""
from __future__ import annotations

import sys

import click

from referee import __version__
from referee.commands.check import check, verify
from referee.commands.common import CONTEXT
from referee.commands.components import components
from referee.commands.host import host
from referee.commands.mail import mail
from referee.commands.moves import moves
from referee.commands.new import new
from referee.commands.play import play, salt
from referee.commands.rules import rules
from referee.commands.selfplay import selfplay
from referee.commands.serve import serve
from referee.commands.show import show
from referee.commands.testing import test
from referee.errors import RefereeError
from referee.operations import format_error
from referee.transcript import internal


@click.group(context_settings=CONTEXT)
@click.version_option(__version__, prog_name="referee", message="%(prog)s %(version)s")
def cli():
    """Rules verification and play-by-email refereeing for board games.

    \b
    Example:
      referee new hawaii --players red,green,blue --seed 42 -o game.txt
      referee play game.txt "BLUE moves beach->C2, buys kahuna x2 with token 3"
    """


for command in (new, salt, play, check, verify, show, moves, test, selfplay, components,
                rules, host, mail, serve):
    cli.add_command(command)


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
        click.echo(f"referee: internal: internal error: {internal(exc).reason}", err=True)
        return 1
    return rv if isinstance(rv, int) else 0


def main(argv=None) -> None:
    sys.exit(run(argv))


if __name__ == "__main__":
    main()
