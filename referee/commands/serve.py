"""``referee serve``: the web page over the store (docs/web.md)."""
from __future__ import annotations

import tempfile

import click

from referee.commands.common import CONTEXT
from referee.commands.hosted import url_option


@click.command(context_settings=CONTEXT)
@click.option("--db", "db", envvar="REFEREE_DB", metavar="URL",
              help="The store (default: $REFEREE_DB, else SQLite in $REFEREE_HOME).")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option("--demo", is_flag=True,
              help="Start on a fresh temporary store holding the example games.")
@url_option
def serve(db, host, port, demo, url):
    """Serve the web page of the hosted games: the list, each game, each seat's page.

    \b
    Example:
      referee serve --demo
      referee serve --db sqlite:///games.db --port 8080
    """
    import uvicorn  # the web server, heavy like the service: only for serve

    from referee.service.store import open_store  # heavy: not at start-up
    from referee.service.web.app import create_app  # heavy (starlette): not at start-up

    if demo and db:
        raise click.UsageError("--demo makes its own store: leave out --db")
    tmp = None
    if demo:
        tmp = tempfile.TemporaryDirectory(prefix="referee-demo-")
        db = f"sqlite:///{tmp.name}/referee.db"
        click.echo("Setting up the demo store with the example games…", err=True)
    store = open_store(db, resident=True, public_url=url)
    base = url or f"http://{host if ':' not in host else '[' + host + ']'}:{port}"
    if demo:
        from referee.service.games import game_detail, seat_link_token  # heavy: not at start-up
        from referee.service.web.demo import populate  # the example games, only for --demo

        _, live = populate(store)
        game = game_detail(store, live)
        click.echo(f"Demo: {base}/  (a temporary store, gone when you stop the server)")
        click.echo(f"The game to try is {base}/game/{live}; its seats' private links:")
        for seat in [s["seat"] for s in game["seats"]]:
            mark = "  (to move)" if seat == game["to_move"] else ""
            click.echo(f"  {seat}: {base}/seat/{seat_link_token(store, live, seat)}{mark}")
    else:
        click.echo(f"Serving {store.url} at {base}/")
    try:
        uvicorn.run(create_app(store), host=host, port=port, log_level="warning",
                    timeout_graceful_shutdown=2)
    finally:
        store.save_states()
        store.dispose()
        if tmp is not None:
            tmp.cleanup()
    return 0
