"""``referee mail …``: ingest one message, poll a mailbox, send the outbox (docs/mail.md).

``--smtp``/REFEREE_SMTP names the mail server; the store is ``--db``/REFEREE_DB as for
``referee host``.
"""
from __future__ import annotations

import sys

import click

from referee.commands.common import CONTEXT
from referee.commands.hosted import (EX_TEMPFAIL, db_option, now_option, open_from, parse_now,
                                     url_option)


@click.group(context_settings=CONTEXT)
def mail():
    """Mail in and out: ingest one message, poll a mailbox, send the outbox.

    \b
    Example:
      referee mail ingest < message.eml
      referee mail send --smtp smtp://localhost:25
    """


def _store_failed(exc) -> int:
    click.echo(f"referee: the store cannot be written now ({type(exc).__name__}); "
               "try again later", err=True)
    return EX_TEMPFAIL


@mail.command(context_settings=CONTEXT)
@db_option
@now_option
@url_option
def ingest(db, now, url):
    """Handle one message from stdin (an MTA pipe, procmail, .forward).

    Exit 0 when handled (a refusal is a reply), 75 when the store cannot be
    written (the MTA keeps the message and tries again).

    \b
    Example:
      referee mail ingest < message.eml
    """
    from sqlalchemy.exc import SQLAlchemyError  # heavy: not at start-up

    from referee.service.mail.ingest import ingest as run_ingest  # heavy: not at start-up

    raw = sys.stdin.buffer.read()
    when = parse_now(now)
    try:
        result = run_ingest(open_from(db, url=url), raw, now=when)
    except (SQLAlchemyError, OSError) as exc:
        return _store_failed(exc)
    click.echo(f"{result.outcome}" + (f" {result.game_id} {result.seat}" if result.game_id else ""),
               err=True)
    return 0


@mail.command(context_settings=CONTEXT)
@click.option("--maildir", type=click.Path(file_okay=False), help="Take messages from this Maildir.")
@click.option("--imap", metavar="URL", help="imaps://user:password@host/INBOX")
@db_option
@now_option
@url_option
def poll(maildir, imap, db, now, url):
    """Handle every new message of a Maildir or an IMAP mailbox once.

    \b
    Example:
      referee mail poll --maildir ~/Maildir
    """
    from sqlalchemy.exc import SQLAlchemyError  # heavy: not at start-up

    from referee.service.mail.ingest import ingest as run_ingest  # heavy: not at start-up
    from referee.service.mail import poll as mailpoll  # heavy: not at start-up

    if bool(maildir) == bool(imap):
        raise click.UsageError("give one of --maildir DIR and --imap URL")
    n, store = 0, None
    try:
        store = open_from(db, resident=True, url=url)
        messages = mailpoll.maildir_messages(maildir) if maildir else mailpoll.imap_messages(imap)
        for polled in messages:
            run_ingest(store, polled.raw, now=parse_now(now))
            polled.done()
            n += 1
        store.save_states()
    except (SQLAlchemyError, OSError) as exc:
        return _store_failed(exc)
    click.echo(f"handled {n} message{'s' if n != 1 else ''}", err=True)
    return 0


@mail.command(context_settings=CONTEXT)
@click.option("--smtp", envvar="REFEREE_SMTP", required=True, metavar="URL",
              help="smtp://host:port or smtps://user:password@host:port (env REFEREE_SMTP).")
@click.option("--pictures/--no-pictures", default=True, show_default=True,
              help="Add the board as a picture (HTML and PNG) to each notification; the "
                   "plain text part is complete without it.")
@db_option
@now_option
def send(smtp, pictures, db, now):
    """Deliver the outbox, with retry and backoff; nothing is sent twice.

    \b
    Example:
      referee mail send --smtp smtp://localhost:25
      referee mail send --smtp smtp://localhost:25 --no-pictures
    """
    from referee.service.mail.outbox import deliver  # heavy: not at start-up

    d = deliver(open_from(db), smtp, now=parse_now(now), pictures=pictures)
    click.echo(f"sent {d.sent}, deferred {d.deferred}, failed {d.failed}", err=True)
    return 0 if not d.deferred and not d.failed else 1
