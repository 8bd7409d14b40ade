"""What ``referee host``, ``referee mail`` and ``referee serve`` share: the store they work
on and the clock they may be told to use (``--now``, for tests and for replaying what cron
would have done). The service itself is imported inside the functions: sqlalchemy is
heavy and the other commands must start fast."""
from __future__ import annotations

from datetime import datetime, timezone

import click

from referee.i18n import N_

EX_TEMPFAIL = 75

db_option = click.option("--db", envvar="REFEREE_DB", metavar="URL",
                         help=N_("The store (default: sqlite under $REFEREE_HOME; env REFEREE_DB)."))
now_option = click.option("--now", metavar="ISO", help=N_("Act as if it were this time (UTC)."))


def _public_url(ctx, param, value):
    from referee.service.daemon.config import ConfigError, public_url  # heavy: only with --url

    if not value:
        return None
    try:
        return public_url(value)
    except ConfigError as err:
        raise click.BadParameter(str(err), ctx=ctx, param=param) from None


url_option = click.option(
    "--url", envvar="REFEREE_URL", metavar="URL", callback=_public_url,
    help=N_("Where players reach the web page (env REFEREE_URL), kept in the store for every "
            "later command and serve: every invitation and notification then carries the "
            "seat's own page."))


def parse_now(value: str | None) -> float | None:
    if not value:
        return None
    try:
        t = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise click.BadParameter(f"'{value}' is not an ISO time like 2026-01-31T18:00",
                                 param_hint="--now") from None
    if t.tzinfo is None:
        t = t.replace(tzinfo=timezone.utc)
    return t.timestamp()


def open_from(db, *, resident: bool = False, url: str | None = None):
    from referee.service.store import open_store  # heavy: not at start-up
    return open_store(db, resident=resident, public_url=url)
