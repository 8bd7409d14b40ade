"""``referee host …``: create, list, show, export, adopt hosted games, replace a player,
run the clock, keep the host's settings (docs/hosting.md).

Settings are flags or environment variables: ``--db``/REFEREE_DB (the store,
SQLite under $REFEREE_HOME by default), ``--from``/REFEREE_FROM (the host's
address). ``--now`` (ISO time) replaces the clock.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

import click

from referee.i18n import N_, _, ngettext
from referee.commands.common import CONTEXT, Choice, Group
from referee.commands.hosted import (EX_TEMPFAIL, db_option, now_option, open_from, parse_now,
                                     url_option)
from referee.operations import check_text, forum_post
from referee.replay import secret_path, state_json
from referee.transcript import UsageError, write_atomic


def _seats(values) -> dict[str, str]:
    return _pairs(values, "SEAT=ADDRESS", "--seat")


def _pairs(values, form: str, hint: str) -> dict[str, str]:
    out = {}
    for value in values:
        seat, sep, given = value.partition("=")
        if not sep or not seat.strip() or not given.strip():
            raise click.BadParameter(f"'{value}' is not {form}", param_hint=hint)
        out[seat.strip().upper()] = given.strip()
    return out


def _duration(value, hint):
    from referee.service.hosted.games import parse_duration  # heavy: not at start-up
    try:
        return parse_duration(value)
    except UsageError as err:
        raise click.BadParameter(err.reason, param_hint=hint) from None


def _clock(deadline, grace, on_timeout):
    from referee.service.hosted.games import Clock  # heavy: not at start-up
    return Clock(_duration(deadline, "--deadline"), _duration(grace, "--grace"), on_timeout)


def _host_from(value):
    if not value:
        raise click.UsageError(_("the host's address is needed: --from ADDRESS or REFEREE_FROM"))
    return value


clock_options = [
    click.option("--deadline", metavar="D", help=N_("Time for each move: 48h, 2d, 90m.")),
    click.option("--grace", metavar="G", help=N_("Grace after a deadline before the policy acts.")),
    click.option("--on-timeout", metavar="wait|skip|replace|bot[:LEVEL]", default="wait",
                 show_default=True,
                 help=N_("What happens to a seat whose grace runs out: wait, skip (the referee's "
                         "least-disruptive move), replace (the host is told), bot (a bot, level "
                         "basic unless bot:LEVEL says, plays the seat until its player writes).")),
    click.option("--title", default="", help=N_("A name for the game in listings and subjects.")),
    click.option("--from", "sender", envvar="REFEREE_FROM", metavar="ADDRESS",
                 help=N_("The host's address (env REFEREE_FROM); seats answer to plus-addresses of it.")),
]


def _with(options):
    def wrap(f):
        for option in reversed(options):
            f = option(f)
        return f
    return wrap


@click.group(cls=Group, help=N_(
    'Host games: create, list, show, export, adopt, replace a player, run the clock, '
    "keep the host's settings."),
    examples=('referee host new hawaii --seat RED=alice@example.org --seat GREEN=bob@example.org --from referee@example.org --deadline 48h',
              'referee host games'),
    context_settings=CONTEXT)
def host():
    pass


@host.command(help=N_(
    'Start a hosted game and queue the invitations (dealt by commit-reveal); with '
    "--thread, a game played in a forum thread by the seats' accounts."),
    examples=('referee host new hawaii --seat RED=alice@example.org --seat GREEN=bob@example.org --seat BLUE=carol@example.org --from referee@example.org --deadline 48h --grace 24h',
              'referee host new hawaii --thread https://forum.example.org/t/hawaii-game/42 --seat RED=@alice --seat GREEN=@bob --from referee@example.org'),
    context_settings=CONTEXT)
@click.argument("game")
@click.option("--seat", "seats", multiple=True, required=True,
              metavar="SEAT=ADDRESS|@NAME|bot:LEVEL",
              help=N_("A seat and its player's address, or forum account (@NAME, with --thread), "
                      "or a bot (bot:random, bot:basic, bot:strong), in seating order; once per "
                      "seat."))
@click.option("--rules", default="", help=N_("Variant flags, comma separated."))
@click.option("--thread", metavar="URL",
              help=N_("The forum thread the game is played in (seats are then @accounts): a "
                      "Discourse topic, a phpBB topic, a BoardGameGeek thread or a thread's feed."))
@click.option("--forum", type=Choice(["discourse", "phpbb", "bgg", "feed"]),
              help=N_("The kind of forum, when the thread's address does not say it."))
@click.option("--moderator", metavar="ADDRESS",
              help=N_("Mailed each answer to paste in a thread the referee cannot post in "
                      "(BoardGameGeek, phpBB)."))
@click.option("--lang", "game_lang", metavar="LANG",
              help=N_("The game's language (en, fr, de, it): its forum answers and every seat's "
                      "mails unless the seat has its own (default: English)."))
@click.option("--seat-lang", "seat_langs", multiple=True, metavar="SEAT=LANG",
              help=N_("A seat's own language, where it differs from the game's; once per seat."))
@_with(clock_options)
@db_option
@now_option
@url_option
def new(game, seats, rules, thread, forum, moderator, game_lang, seat_langs, deadline, grace,
        on_timeout, title, sender, db, now, url):
    from referee.service.errors import ForumError  # heavy: not at start-up
    from referee.service.forum.intake import thread_now  # (likewise)
    from referee.service.hosted.games import ForumGame, create_game  # (likewise)

    if (forum or moderator) and not thread:
        raise click.UsageError(_("--forum and --moderator are for a game that follows a --thread"))
    place = ForumGame(thread, forum=forum, moderator=moderator, read=thread_now) if thread else None
    try:
        gid = create_game(open_from(db, url=url), game, _seats(seats),
                          host_address=_host_from(sender),
                          rules=[r for r in rules.replace(",", " ").split() if r], title=title,
                          clock=_clock(deadline, grace, on_timeout), forum=place,
                          lang=game_lang, seat_langs=_pairs(seat_langs, "SEAT=LANG", "--seat-lang"),
                          now=parse_now(now))
    except ForumError as err:           # the thread could not be read: try again later
        click.echo(f"referee: {err.reason}", err=True)
        return EX_TEMPFAIL if err.temporary else 1
    click.echo(gid)
    if thread:
        click.echo(_("the opening answer is queued: a running 'referee serve' posts it, or "
                     "'referee forum poll'; a thread the referee cannot post in gets it from "
                     "the moderator (the game's page and the moderator's mail hold it)"),
                   err=True)
    else:
        click.echo(ngettext("invitations queued for {n} seat: a running 'referee serve' sends "
                            "them, or 'referee mail send'",
                            "invitations queued for {n} seats: a running 'referee serve' sends "
                            "them, or 'referee mail send'", len(seats)).format(n=len(seats)),
                   err=True)
    return 0


@host.command(help=N_(
    "The host's settings kept in its store: with --url, where players reach the web "
    'page (every process on the store then links it); alone, what is kept.'),
    examples=('referee host config --url https://referee.example.org',
              'referee host config'),
    context_settings=CONTEXT)
@db_option
@url_option
def config(db, url):
    store = open_from(db, url=url)
    if store.public_url:
        click.echo(f"url {store.public_url}")
    else:
        click.echo(_("url none: the mails link no seat's page (give it with "
                     "'referee host config --url URL')"))
    return 0


@host.command(help=N_(
    'Every hosted game: id, title, round, whose turn, ply, deadline.'),
    examples=('referee host games --format json',),
    context_settings=CONTEXT)
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text")
@db_option
def games(fmt, db):
    from referee.service.hosted.games import list_games  # heavy: not at start-up

    rows = list_games(open_from(db))
    if fmt == "json":
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    for g in rows:
        turn = g["result"] if g["status"] == "over" else (
            f"{g['to_move']} to move" if g["to_move"] else g["status"])
        click.echo(f"{g['id']}  {g['game']:<9} {g['title'] or '-':<20} round {g['round'] or '-':<3}"
                   f" ply {g['ply']:<4} {turn}"
                   + (f"; deadline {g['deadline']}" if g["deadline"] else "")
                   + (f"; thread {g['thread']}" if g["thread"] else ""))
    click.echo(ngettext("{n} game", "{n} games", len(rows)).format(n=len(rows)))
    return 0


@host.command(help=N_(
    'The state of a hosted game, with its ply and chain head.'),
    examples=('referee host show GAME --format json',
              'referee host show GAME --format bgg --url https://referee.example.org'),
    context_settings=CONTEXT)
@click.argument("game_id", metavar="GAME")
@click.option("--format", "fmt", type=Choice(["text", "markdown", "bgg", "bbcode", "json"]),
              default="text", help=N_("markdown, bgg (BoardGameGeek) and bbcode (phpBB): a post "
                                      "for the game's forum thread, with the host's address the board's picture."))
@db_option
@url_option
def show(game_id, fmt, db, url):
    from referee.service.hosted.games import game_detail  # heavy: not at start-up
    from referee.service.hosted.links import board_address  # heavy: the service

    store = open_from(db, url=url)
    g = game_detail(store, game_id)
    if fmt in ("markdown", "bgg", "bbcode"):
        rp = check_text(g["text"], f"game-{game_id}", chain=True)
        if rp.state is None:
            click.echo(_("game {game} does not replay").format(game=game_id), err=True)
            return 1
        image = board_address(store.public_url, game_id, rp.ply) if store.public_url else None
        click.echo(forum_post(rp, fmt, image_url=image, title=g["title"]).rstrip("\n"))
        return 0
    rp = g["replay"]
    if rp is None or rp.state is None:
        click.echo(_("game {game} does not replay").format(game=game_id), err=True)
        return 1
    if fmt == "json":
        data = state_json(rp.module, rp.state)
        data.update({"id": game_id, "ply": g["ply"], "chain": g["chain"],
                     "holders": {s["seat"]: s["holder"] for s in g["seats"]},
                     "languages": {s["seat"]: s["lang"] or g["lang"] or "en"
                                   for s in g["seats"]}})
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    click.echo(rp.module.render(rp.state, fmt).rstrip("\n"))
    click.echo(f"{g['witness']}; " + (g["result"] and f"game over: {g['result']}"
                                      or f"status {g['status']}, to move {g['to_move'] or '-'}"))
    order = {seat: i for i, seat in enumerate(rp.players)}
    ordered = sorted(g["seats"], key=lambda s: order.get(s["seat"], len(order)))
    holders = ", ".join(f"{s['seat']} {s['holder']}" for s in ordered)
    if g["thread"]:
        click.echo(f"thread {g['thread']} ({g['forum']}); seats {holders}")
    else:
        click.echo(f"seats {holders}")
    game_lang = g["lang"] or "en"
    click.echo(f"language {game_lang}; " + ", ".join(
        f"{s['seat']} {s['lang'] or game_lang}" for s in ordered))
    return 0


@host.command(help=N_(
    'The transcript of a hosted game, which check and verify accept.'),
    examples=('referee host export GAME -o game.txt && referee check game.txt',),
    context_settings=CONTEXT)
@click.argument("game_id", metavar="GAME")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help=N_("Write here (default: stdout)."))
@db_option
def export(game_id, output, db):
    from referee.service.hosted.games import export_text  # heavy: not at start-up

    text = export_text(open_from(db), game_id)
    if output:
        write_atomic(output, text)
        click.echo(_("wrote {file}").format(file=output), err=True)
    else:
        click.echo(text, nl=False)
    return 0


@host.command(help=N_(
    'Host a game begun as a transcript (a committed game brings FILE.secret along).'),
    examples=('referee new hawaii --players red,green --seed 7 -o game.txt',
              'referee host adopt game.txt --seat RED=alice@example.org --seat GREEN=bob@example.org --from referee@example.org'),
    context_settings=CONTEXT)
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--seat", "seats", multiple=True, required=True, metavar="SEAT=ADDRESS",
              help=N_("A seat of the game and its player's address; once per seat."))
@_with(clock_options)
@db_option
@now_option
@url_option
def adopt(file, seats, deadline, grace, on_timeout, title, sender, db, now, url):
    from referee.service.hosted.games import adopt_game  # heavy: not at start-up

    text = Path(file).read_text(encoding="utf-8")
    where = secret_path(file)
    secret = where.read_text(encoding="utf-8").strip() if where.exists() else None
    gid = adopt_game(open_from(db, url=url), text, _seats(seats), host_address=_host_from(sender),
                     secret=secret, title=title, clock=_clock(deadline, grace, on_timeout),
                     now=parse_now(now))
    click.echo(gid)
    return 0


@host.command(help=N_(
    'Give SEAT to a new player at ADDRESS (or, in a forum game, the account @NAME), '
    'or to a bot (bot:random, bot:basic, bot:strong): a new secret, the old one dead.'),
    examples=('referee host replace GAME GREEN dora@example.org',
              'referee host replace GAME GREEN @dora',
              'referee host replace GAME GREEN bot:strong'),
    context_settings=CONTEXT)
@click.argument("game_id", metavar="GAME")
@click.argument("seat")
@click.argument("address", metavar="ADDRESS|@NAME|bot:LEVEL")
@db_option
@now_option
@url_option
def replace(game_id, seat, address, db, now, url):
    from referee.service.hosted.games import replace_player  # heavy: not at start-up
    from referee.service.hosted.bot_seats import is_bot  # heavy: not at start-up

    replace_player(open_from(db, url=url), game_id, seat, address, now=parse_now(now))
    if is_bot(address):
        click.echo(_("{seat} of {game} is now played by the {bot}").format(
            seat=seat.upper(), game=game_id, bot=address.strip().lower()))
    else:
        click.echo(_("{seat} of {game} is now played from {address}").format(
            seat=seat.upper(), game=game_id, address=address))
    return 0


@host.command(help=N_(
    "Take back SEAT's last move without asking the other seats (the host's override)."),
    examples=('referee host undo GAME RED',),
    context_settings=CONTEXT)
@click.argument("game_id", metavar="GAME")
@click.argument("seat")
@db_option
@now_option
@url_option
def undo(game_id, seat, db, now, url):
    from referee.service.hosted.games import force_undo  # heavy: not at start-up

    verdict = force_undo(open_from(db, url=url), game_id, seat, now=parse_now(now))
    for line in verdict.lines:
        click.echo(line)
    return 0


@host.command(help=N_(
    'Send the reminders and apply the timeouts that are due; safe to run from cron.'),
    examples=('referee host tick --now 2026-01-31T18:00',),
    context_settings=CONTEXT)
@db_option
@now_option
@url_option
def tick(db, now, url):
    from referee.service.hosted.clock import tick as run_tick  # heavy: not at start-up

    for gid, action in run_tick(open_from(db, url=url), parse_now(now) or time.time()):
        click.echo(f"{gid}: {action}")
    return 0


