"""``referee mail …``: ingest one message, poll a mailbox, send the outbox (docs/mail.md).

``--smtp``/REFEREE_SMTP names the mail server; the store is ``--db``/REFEREE_DB as for
``referee host``.
"""
from __future__ import annotations

import json
import sys
import time

import click

from referee.i18n import N_, _, ngettext
from referee.commands.common import CONTEXT, Choice, Group
from referee.commands.hosted import (EX_TEMPFAIL, db_option, now_option, open_from, parse_now,
                                     url_option)
from referee.operations import format_error


@click.group(cls=Group, help=N_(
    'Mail in and out: ingest one message, poll a mailbox, send the outbox.'),
    examples=('referee mail ingest < message.eml',
              'referee mail send --smtp smtp://localhost:25'),
    context_settings=CONTEXT)
def mail():
    pass


def _with_secret(ctx, name: str, url: str, password_file: str | None, env: str) -> str:
    """The server URL with its password, taken from a file or the environment: never
    from the command line, where every local user reads it with ``ps``. A password
    written into the URL on the command line still works, with a warning."""
    from referee.service.errors import MailConfigError  # heavy: not at start-up
    from referee.service.mail.smtp import password_from, with_password  # heavy: likewise

    try:
        password = password_from(env, password_file)
    except OSError as exc:
        raise click.BadParameter(f"cannot read {password_file}: {exc.strerror or exc}",
                                 param_hint=f"--{name}-password-file") from None
    if (ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE
            and ":" in url.partition("://")[2].rpartition("@")[0]):
        click.echo(f"referee: warning: the password in --{name} is visible to every local "
                   f"user (ps); give it in {env} or --{name}-password-file", err=True)
    try:
        return with_password(url, password)
    except MailConfigError as err:
        raise click.BadParameter(err.reason, param_hint=f"--{name}") from None


def _store_failed(exc) -> int:
    click.echo(f"referee: the store cannot be written now ({type(exc).__name__}); "
               "try again later", err=True)
    return EX_TEMPFAIL


@mail.command(help=N_(
    'Handle one message from stdin (an MTA pipe, procmail, .forward).' "\n\n"
    'Exit 0 when handled (a refusal is a reply), 75 when the store cannot be opened '
    'or written (the MTA keeps the message and tries again, so a move is not bounced '
    'while the host fixes the store).'),
    examples=('referee mail ingest < message.eml',),
    context_settings=CONTEXT)
@db_option
@now_option
@url_option
def ingest(db, now, url):
    from sqlalchemy.exc import SQLAlchemyError  # heavy: not at start-up

    from referee.service.errors import StoreUnsafe  # heavy: likewise
    from referee.service.mail.ingest import ingest as run_ingest  # heavy: likewise

    raw = sys.stdin.buffer.read()
    when = parse_now(now)
    try:
        result = run_ingest(open_from(db, url=url), raw, now=when)
    except StoreUnsafe as err:
        click.echo(format_error(err), err=True)
        return EX_TEMPFAIL
    except (SQLAlchemyError, OSError) as exc:
        return _store_failed(exc)
    click.echo(f"{result.outcome}" + (f" {result.game_id} {result.seat}" if result.game_id else ""),
               err=True)
    return 0


@mail.command(help=N_(
    'Handle every new message of a Maildir or an IMAP mailbox once.'),
    examples=('referee mail poll --maildir ~/Maildir',
              'REFEREE_IMAP_PASSWORD=secret referee mail poll --imap imaps://referee@mail.example.org/INBOX'),
    context_settings=CONTEXT)
@click.option("--maildir", type=click.Path(file_okay=False), help=N_("Take messages from this Maildir."))
@click.option("--imap", envvar="REFEREE_IMAP", metavar="URL",
              help=N_("imaps://user@host/INBOX (env REFEREE_IMAP); the password from "
                      "REFEREE_IMAP_PASSWORD or --imap-password-file."))
@click.option("--imap-password-file", type=click.Path(dir_okay=False), metavar="FILE",
              help=N_("Read the IMAP password from this file (its first line)."))
@db_option
@now_option
@url_option
@click.pass_context
def poll(ctx, maildir, imap, imap_password_file, db, now, url):
    from sqlalchemy.exc import SQLAlchemyError  # heavy: not at start-up

    from referee.service.mail.ingest import ingest as run_ingest  # heavy: not at start-up
    from referee.service.mail import poll as mailpoll  # heavy: not at start-up

    if bool(maildir) == bool(imap):
        raise click.UsageError(_("give one of --maildir DIR and --imap URL"))
    if imap:
        imap = _with_secret(ctx, "imap", imap, imap_password_file, "REFEREE_IMAP_PASSWORD")
    n, store = 0, None
    try:
        store = open_from(db, resident=True, url=url)
        messages = mailpoll.maildir_messages(maildir) if maildir else mailpoll.imap_messages(imap)
        for polled in messages:
            run_ingest(store, polled.raw, now=parse_now(now))
            polled.done()
            n += 1
    except (SQLAlchemyError, OSError) as exc:
        return _store_failed(exc)
    click.echo(ngettext("handled {n} message", "handled {n} messages", n).format(n=n), err=True)
    return 0


@mail.command(help=N_(
    'Deliver the outbox, with retry and backoff; nothing is sent twice.'),
    examples=('referee mail send --smtp smtp://localhost:25',
              'referee mail send --smtp smtp://localhost:25 --no-pictures'),
    context_settings=CONTEXT)
@click.option("--smtp", envvar="REFEREE_SMTP", required=True, metavar="URL",
              help=N_("smtp://host:port or smtps://user@host:port (env REFEREE_SMTP); the "
                      "password from REFEREE_SMTP_PASSWORD or --smtp-password-file."))
@click.option("--smtp-password-file", type=click.Path(dir_okay=False), metavar="FILE",
              help=N_("Read the SMTP password from this file (its first line)."))
@click.option("--pictures/--no-pictures", default=True, show_default=True,
              help=N_("Add the board as a picture (HTML and PNG) to each notification; the "
                      "plain text part is complete without it."))
@db_option
@now_option
@click.pass_context
def send(ctx, smtp, smtp_password_file, pictures, db, now):
    from referee.service.errors import MailConfigError  # heavy: not at start-up
    from referee.service.mail.sending import deliver  # heavy: not at start-up

    smtp = _with_secret(ctx, "smtp", smtp, smtp_password_file, "REFEREE_SMTP_PASSWORD")
    try:
        d = deliver(open_from(db), smtp, now=parse_now(now), pictures=pictures)
    except MailConfigError as err:           # before any mail was claimed
        raise click.BadParameter(f"{err.reason} (nothing was sent or marked)",
                                 param_hint="--smtp") from None
    click.echo(_("sent {sent}, deferred {deferred}, failed {failed}").format(
        sent=d.sent, deferred=d.deferred, failed=d.failed), err=True)
    if d.stopped:
        click.echo("referee: " + _("stopped: {why}; the mail waits, none was marked failed "
                                    "(fix the settings and run again)").format(why=d.stopped),
                   err=True)
    return 0 if not d.deferred and not d.failed and not d.stopped else 1


@mail.command(help=N_(
    "List the mails given up for good, newest first, with the server's reason." "\n\n"
    'A mail is given up when the server refuses it for good (an address it does not '
    'know, a message it will not take); `referee mail retry` queues it again.'),
    examples=('referee mail failed',
              'referee mail retry 12 13'),
    context_settings=CONTEXT)
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text",
              show_default=True)
@db_option
def failed(fmt, db):
    from referee.service.mail.sending import failed_rows  # heavy: not at start-up

    rows = failed_rows(open_from(db))
    if fmt == "json":
        click.echo(json.dumps(rows, indent=2, sort_keys=True))
        return 0
    if not rows:
        click.echo(_("no failed mail"))
    for r in rows:
        click.echo(f"{r['id']}  {r['game_id'] or '-'}  {r['kind']}  "
                   f"{', '.join(r['recipients'])}  tries {r['attempts']}: "
                   f"{' '.join(str(r['failed']).split())}")
    return 0


@mail.command(help=N_(
    'Queue failed mails again, to go out at the next `referee mail send`.' "\n\n"
    'Name the mails by the ids `referee mail failed` lists, or give --all.'),
    examples=('referee mail retry 12 13',
              'referee mail retry --all'),
    context_settings=CONTEXT)
@click.argument("ids", nargs=-1, type=click.IntRange(min=1), metavar="[ID ...]")
@click.option("--all", "every", is_flag=True, help=N_("Every failed mail."))
@db_option
@now_option
def retry(ids, every, db, now):
    from referee.service.mail.sending import retry as queue_again  # heavy: not at start-up

    if bool(ids) == every:
        raise click.UsageError(_("name the failed mails by id, or give --all (not both)"))
    when = parse_now(now)
    done = queue_again(open_from(db), None if every else list(ids),
                       time.time() if when is None else when)
    click.echo(ngettext("queued {n} mail again", "queued {n} mails again", done).format(n=done),
               err=True)
    return 0 if done or every else 1
