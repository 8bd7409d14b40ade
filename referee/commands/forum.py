"""``referee forum …``: follow the forum threads hosted games are played in
(docs/forum.md): read every new post once, post the answers that are due."""
from __future__ import annotations

import click

from referee.i18n import N_, _, ngettext
from referee.commands.common import CONTEXT, Group
from referee.commands.hosted import (EX_TEMPFAIL, db_option, now_option, open_from, parse_now,
                                     url_option)


@click.group(cls=Group, help=N_(
    "Forum games: read the threads' new posts and answer them."),
    examples=('referee forum poll',),
    context_settings=CONTEXT)
def forum():
    pass


@forum.command(help=N_(
    "Read every followed thread's new posts once and handle the seated accounts'." "\n\n"
    'A post is handled once however often it is read. Exit 0 when every thread was '
    'read, 75 with one sentence when the store or a forum could not be reached (the '
    'other threads are still read; run it again later).'),
    examples=('referee forum poll',
              'REFEREE_DISCOURSE_URL=… REFEREE_DISCOURSE_API_KEY=… REFEREE_DISCOURSE_USER=referee referee forum poll'),
    context_settings=CONTEXT)
@click.option("--answer/--no-answer", default=True, show_default=True,
              help=N_("Then post the answers due in forums the referee posts in (Discourse: "
                      "REFEREE_DISCOURSE_API_KEY and REFEREE_DISCOURSE_USER, for the forum "
                      "REFEREE_DISCOURSE_URL names)."))
@db_option
@now_option
@url_option
def poll(answer, db, now, url):
    from sqlalchemy.exc import SQLAlchemyError  # heavy: not at start-up

    from referee.service.forum import intake as follow, posting as answers  # heavy: not at start-up

    when = parse_now(now)
    try:
        store = open_from(db, resident=True, url=url)
        done = follow.poll(store, now=when)
        posted = None
        client = answers.discourse_client() if answer else None
        if client is not None:
            posted = answers.post_answers(store, client, now=when)
    except (SQLAlchemyError, OSError) as exc:
        click.echo(f"referee: the store cannot be reached now ({type(exc).__name__}); "
                   "try again later", err=True)
        return EX_TEMPFAIL
    said = ngettext("read {n} post, handled {handled}", "read {n} posts, handled {handled}",
                    done.read).format(n=done.read, handled=done.handled)
    if posted:
        said += "; " + _("answers posted {sent}, deferred {deferred}, failed {failed}").format(
            sent=posted.sent, deferred=posted.deferred, failed=posted.failed)
    click.echo(said, err=True)
    for url, reason in done.failures:
        click.echo("referee: " + _("the thread {url} could not be read: {reason}; try again "
                                    "later").format(url=url, reason=reason), err=True)
    return EX_TEMPFAIL if done.failures else 0
