"""``referee serve``: the whole host in one process (docs/hosting.md): the web page,
and with mail settings mail in, mail out and the clock (docs/web.md for the page)."""
from __future__ import annotations

import logging
import sys

import click

from referee.i18n import N_
from referee.commands.common import CONTEXT, Command
from referee.commands.hosted import url_option


@click.command(cls=Command, help=N_(
    'Host games: the web page, and with mail settings mail in, mail out and the '
    'clock, all in this one process. Stops cleanly on SIGTERM or Ctrl-C; what is '
    'queued is sent at the next start.'),
    examples=('referee serve --demo',
              'referee serve --db sqlite:///games.db --port 8080',
              'referee serve --from referee@example.org --mail-in smtp://127.0.0.1:2525 --mail-out smtp://localhost:25',
              'referee serve --config referee.toml --check'),
    context_settings=CONTEXT)
@click.option("--config", "config_file", type=click.Path(dir_okay=False), metavar="FILE",
              envvar="REFEREE_CONFIG",
              help=N_("A TOML file of these settings, keys named as the flags (mail-in = …); "
                      "flags given override it."))
@click.option("--db", "db", envvar="REFEREE_DB", metavar="URL",
              help=N_("The store (default: $REFEREE_DB, else SQLite in $REFEREE_HOME)."))
@click.option("--host", help=N_("Address the web page listens on (default 127.0.0.1)."))
@click.option("--port", type=click.IntRange(0, 65535), help=N_("Its port (default 8000)."))
@click.option("--from", "sender", envvar="REFEREE_FROM", metavar="ADDRESS",
              help=N_("The referee's own address (env REFEREE_FROM)."))
@url_option
@click.option("--mail-in", metavar="URL",
              help=N_("smtp://HOST:PORT (listen for mail relayed by the MTA), "
                      "imaps://USER@HOST/INBOX (password from REFEREE_IMAP_PASSWORD), "
                      "or maildir:PATH."))
@click.option("--mail-out", envvar="REFEREE_SMTP", metavar="URL",
              help=N_("smtp://HOST:PORT, smtp+starttls://USER@HOST:587, smtps://USER@HOST:465 "
                      "(password from REFEREE_SMTP_PASSWORD; env REFEREE_SMTP)."))
@click.option("--imap-password-file", metavar="FILE", help=N_("The IMAP password (first line)."))
@click.option("--smtp-password-file", metavar="FILE", help=N_("The SMTP password (first line)."))
@click.option("--pictures/--no-pictures", default=None,
              help=N_("The board as a picture in each notification (default on)."))
@click.option("--tick", type=click.FloatRange(1, 3600), metavar="SECONDS",
              help=N_("How often the clock looks for reminders and timeouts (default 15)."))
@click.option("--forum-every", type=click.FloatRange(1, 86400), metavar="SECONDS",
              help=N_("How often the forum threads of hosted games are read (default 60); "
                      "a Discourse webhook brings a post at once."))
@click.option("--demo", is_flag=True, default=None,
              help=N_("Start on a fresh temporary store holding the example games."))
@click.option("--check", "only_check", is_flag=True,
              help=N_("Try the store, the ports to listen on, mail out and mail in; say what is "
                      "wrong; start nothing."))
def serve(config_file, db, host, port, sender, url, mail_in, mail_out, imap_password_file,
          smtp_password_file, pictures, tick, forum_every, demo, only_check):
    from referee.service.daemon import (  # heavy: not at start-up
        ConfigError, Host, busy_ports, check, load)

    flags = {"db": db, "host": host, "port": port, "from": sender, "url": url,
             "mail-in": mail_in, "mail-out": mail_out, "imap-password-file": imap_password_file,
             "smtp-password-file": smtp_password_file, "pictures": pictures, "tick": tick,
             "demo": demo, "forum-every": forum_every}
    try:
        config = load(flags, config_file)
    except ConfigError as err:
        raise click.UsageError(str(err)) from None
    if only_check:
        results = check(config)
        for ok, sentence in results:
            click.echo(f"{'ok' if ok else 'FAILED'}: {sentence}")
        return 0 if all(ok for ok, _ in results) else 1
    busy = busy_ports(config)
    if busy:            # before the store is opened or a link printed that would not work
        for sentence in busy:
            click.echo(f"referee: {sentence}", err=True)
        return 2
    logging.basicConfig(stream=sys.stderr, level=logging.INFO,
                        format="%(asctime)s %(name)s: %(message)s")
    for chatty in ("mail.log", "alembic"):      # aiosmtpd's sessions, the migrations' steps
        logging.getLogger(chatty).setLevel(logging.WARNING)
    host_ = Host(config)
    host_.listen_web()
    if config.demo:
        _demo(host_)
    else:
        click.echo(banner(config, host_.store.url, host_.base), err=True)
    host_.run()
    return 0


def banner(config, store: str, base: str) -> str:
    """What serve is about to do, in a sentence: the store, the page, the mail."""
    from referee.service.mail.poll import IMAP_PORTS  # heavy: the mail package
    from referee.service.mail.smtp import parse_url  # (likewise)

    said = [f"Serving the games of {store} at {base}/"]
    kind = config.mail_in_kind
    if kind == "smtp":
        host, port = config.listen
        said.append(f"mail comes in by SMTP on {host}:{port}")
    elif kind == "imap":
        said.append(f"mail comes in from the IMAP mailbox on "
                    f"{parse_url(config.imap_url, IMAP_PORTS).host}")
    elif kind == "maildir":
        said.append(f"mail comes in from the Maildir {config.maildir}")
    if config.mail_out:
        server = parse_url(config.smtp_url)
        said.append(f"mail goes out through {server.host}:{server.port}")
    elif config.mail_in:
        said.append("no mail goes out until 'referee mail send' sends it")
    else:
        said.append("no mail comes in or goes out (--mail-in and --mail-out play by mail)")
    return "; ".join(said) + "."


def _demo(host_) -> None:
    from referee.service.hosted.games import game_detail, seat_link_token  # heavy: not at start-up
    from referee.service.web.demo import populate  # the example games, only for --demo

    click.echo("Setting up the demo store with the example games…", err=True)
    base, store = host_.base, host_.store
    _, live = populate(store)
    game = game_detail(store, live)
    click.echo(f"Demo: {base}/  (a temporary store, gone when you stop the server)")
    click.echo(f"The game to try is {base}/game/{live}; its seats' private links:")
    for seat in [s["seat"] for s in game["seats"]]:
        mark = "  (to move)" if seat == game["to_move"] else ""
        click.echo(f"  {seat}: {base}/seat/{seat_link_token(store, live, seat)}{mark}")
