"""Hosting games: create, adopt, replace a player, export, list, and the web page's views.

These are the store's public operations besides :func:`referee.service.hosted.entry.submit`;
``referee host …`` and the web page both call them (docs/hosting.md, "for the web page").
"""
from __future__ import annotations

import hmac
import secrets
import string
import time
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from sqlalchemy import insert, select, update

from referee import i18n
from referee.core import registry
from referee.operations import check_players, check_text, format_errors, new_committed_transcript
from referee.replay import salts
from referee.service.store import schema as S
from referee.service.hosted import takebacks
from referee.service.errors import ForumError
from referee.service.hosted.threads import thread_of
from referee.service.hosted import forum_answers as answers
from referee.service.hosted import answer_markup as markup
from referee.service.hosted.accounts import account_name, is_account, same_account, split_seats
from referee.service.hosted.bot_seats import (PREFIX, check_people, held_by_bot, holder,
                                              holder_line, is_bot, level_of,
                                              timeout_level)
from referee.service.hosted.identity import (check_address, parse_secret, reply_address, seat_secret,
                                      seat_tag)
from referee.service.hosted.mails import (Envelope, SeatMail, invitation, iso, queue, seat_language,
                                         seat_page, subject, to_seat)
from referee.service.hosted.playing import salt_bot_seats
from referee.service.store.record import append, transcript_text, witness
from referee.service.hosted.session import Session
from referee.service.store import game_seats
from referee.transcript import UsageError, join_text, split_text

ID_ALPHABET = string.ascii_lowercase + string.digits
TIMEOUT_POLICIES = ("wait", "skip", "replace", "bot", "bot:LEVEL")


@dataclass(frozen=True)
class Clock:
    """How long a seat has for its turn (seconds; None: no deadline), the grace after
    it, and what the referee does with a seat still silent then (``TIMEOUT_POLICIES``)."""
    deadline: int | None = None
    grace: int | None = None
    on_timeout: str = "wait"

    def __post_init__(self):
        if is_bot(self.on_timeout):     # kept with its level named: the game's level stays
            object.__setattr__(self, "on_timeout", PREFIX + timeout_level(self.on_timeout))
        elif self.on_timeout not in TIMEOUT_POLICIES:
            raise UsageError(i18n._("--on-timeout is one of {policies}").format(
                policies=", ".join(TIMEOUT_POLICIES)))


@dataclass(frozen=True)
class ForumGame:
    """A game played in a forum thread by the seats' accounts: the thread's address,
    its kind when the address does not say it, the moderator told to paste what the
    referee cannot post, and ``read`` (the forum channel's), which gives the ids of the
    posts the thread holds before the game is made, none of which is ever taken for a
    seat's reply (the forum's clock and ours may differ, so a post's date cannot say
    it); its ForumError makes no game. Without it the game goes by the posts' dates."""
    thread: str
    forum: str | None = None
    moderator: str | None = None
    read: Callable[..., list[str]] | None = None


def new_game_id(conn) -> str:
    for _ in range(100):
        gid = secrets.choice(string.ascii_lowercase) + "".join(
            secrets.choice(ID_ALPHABET) for _ in range(5))
        if conn.execute(select(S.games.c.id).where(S.games.c.id == gid)).first() is None:
            return gid
    raise UsageError(i18n._("no free game id"))


def parse_duration(text: str | None) -> int | None:
    """``48h``, ``2d``, ``90m``, ``3600s`` or a plain number of seconds; None for none."""
    if text is None or str(text).strip() == "":
        return None
    value = str(text).strip().lower()
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}
    try:
        if value[-1] in units:
            n = float(value[:-1]) * units[value[-1]]
        else:
            n = float(value)
    except ValueError:
        raise UsageError(i18n._("'{text}' is not a duration: write 48h, 2d, 90m or seconds").format(
            text=text)) from None
    if not 0 < n < 10 * 365 * 86400:
        raise UsageError(i18n._("'{text}' is not a usable duration").format(text=text))
    return int(n)


def _seat_map(module, seats: Mapping[str, str]) -> dict[str, str]:

    players = check_players(module, list(seats))
    out = {}
    for seat, address in zip(players, seats.values()):
        if is_bot(address):
            out[seat] = PREFIX + level_of(address)
            continue
        try:
            out[seat] = check_address(address)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    return out


def _account_map(module, accounts: Mapping[str, str]) -> dict[str, str]:
    players = check_players(module, list(accounts))
    return dict(zip(players, accounts.values()))


def _thread(conn, url: str, kind: str | None):
    """The thread a new game follows: one a game in progress follows is refused (a
    thread hosts one game at a time; its posts would not say which)."""
    try:
        thread = thread_of(url, kind)
    except ForumError as err:
        raise UsageError(err.reason) from None
    busy = conn.execute(select(S.games.c.id).where(S.games.c.thread_key == thread.key,
                                                   S.games.c.status != "over")).first()
    if busy is not None:
        raise UsageError(i18n._("game {game} follows that thread already, until it ends").format(
            game=busy[0]))
    return thread


def _since(conn, gid: str, thread, shown: list[str], now: float) -> str:
    """What the game keeps of the posts its thread held when it was made: the newest
    id where the forum's ids only grow (Discourse, phpBB, BoardGameGeek), else ("")
    each post shown recorded as read, so that it is never handled."""
    if all(pid.isdigit() for pid in shown):
        return str(max((int(pid) for pid in shown), default=0))
    known = set(conn.execute(select(S.forum_posts.c.post_id)
                             .where(S.forum_posts.c.thread_key == thread.key)).scalars())
    fresh = sorted({pid[:100] for pid in shown} - known)
    if fresh:
        conn.execute(insert(S.forum_posts), [
            {"thread_key": thread.key, "post_id": pid, "game_id": gid, "author": None,
             "url": None, "at": now, "outcome": "ignored: posted before the game"}
            for pid in fresh])
    return ""


def create_game(store, game: str, seats: Mapping[str, str], *, host_address: str,
                rules: Sequence[str] = (), title: str = "", clock: Clock = Clock(),
                forum: ForumGame | None = None, lang: str | None = None,
                seat_langs: Mapping[str, str] | None = None, now: float | None = None) -> str:
    """A new hosted game dealt by commit-reveal; the invitations are queued (for a
    ``forum`` game, played by forum accounts, the opening answer). ``lang`` is the
    game's language, ``seat_langs`` a seat's own where it differs. Returns its id."""
    now = time.time() if now is None else now
    module = registry.get(game)
    lang = check_language(lang, "--lang") if lang else None
    thread = forum and forum.thread
    accounts = split_seats(seats, thread)
    if accounts is None:
        seat_map = _seat_map(module, seats)
    else:
        accounts = _account_map(module, accounts)
        seat_map = {seat: "" for seat in accounts}
    levels = {seat: level_of(v) for seat, v in (accounts or seat_map).items() if is_bot(v)}
    check_people(levels, seat_map)
    langs = _seat_langs(seat_map, seat_langs or {})
    host_address = check_address(host_address)
    moderator = forum and forum.moderator
    if moderator is not None:
        try:
            moderator = check_address(moderator)
        except ValueError as exc:
            raise UsageError(f"--moderator: {exc}") from None
    shown = None
    if accounts is not None and forum.read is not None:
        try:
            where = thread_of(thread, forum.forum)
        except ForumError as err:
            raise UsageError(err.reason) from None
        shown = forum.read(where)
    secret = secrets.token_bytes(32).hex()
    text, _ = new_committed_transcript(module, list(seat_map), list(rules), bytes.fromhex(secret))
    header, _ = split_text(text)
    with store.write() as conn:
        followed = None if accounts is None else _thread(conn, thread, forum.forum)
        gid = new_game_id(conn)
        conn.execute(insert(S.games).values(
            id=gid, game=module.key, title=title or "", host_address=host_address,
            header=header, secret=secret, status="salting", ply=0, chain=None,
            created_at=now, updated_at=now, deadline_secs=clock.deadline,
            grace_secs=clock.grace, on_timeout=clock.on_timeout, turn_since=now, clock_ply=0,
            clock_stage=0, thread_url=followed and followed.url, thread_kind=followed and followed.kind,
            thread_key=followed and followed.key, moderator=moderator, lang=lang,
            thread_since=None if shown is None else _since(conn, gid, followed, shown, now)))
        _insert_seats(conn, gid, seat_map, accounts, langs)
        if levels:
            salt_bot_seats(Session(store, conn, gid, next(iter(levels)), via="host", now=now))
        if accounts is None:
            _invite(store, conn, gid, now)
        else:
            session = Session(store, conn, gid, next(iter(seat_map)), via="host", now=now)
            answers.queue_answer(conn, session.game, answers.opening_text(session), now=now)
    return gid


def check_language(code: str, where: str) -> str:
    """The shipped language ``code`` names, or a UsageError listing those there are."""
    found = i18n.known(code)
    if found is None:
        raise UsageError(i18n._("{where}: '{code}' is no language the referee speaks; it speaks "
                                "{languages}").format(where=where, code=code[:20],
                                                      languages=", ".join(i18n.languages())))
    return found


def _seat_langs(seat_map: Mapping[str, str], given: Mapping[str, str]) -> dict[str, str]:
    out = {}
    for seat, code in given.items():
        if seat.upper() not in seat_map:
            raise UsageError(i18n._("--seat-lang: {seat} is no seat of this game; its seats are "
                                    "{seats}").format(seat=seat, seats=" ".join(seat_map)))
        out[seat.upper()] = check_language(code, f"--seat-lang {seat.upper()}")
    return out


def _insert_seats(conn, gid: str, seat_map: Mapping[str, str],
                  accounts: Mapping[str, str] | None = None,
                  langs: Mapping[str, str] | None = None) -> None:
    def holder(seat: str, address: str) -> dict:
        account = (accounts or {}).get(seat)
        given = account if accounts is not None else address
        if is_bot(given):
            return {"address": "", "account": None, "bot": level_of(given)}
        return {"address": address, "account": account, "bot": None}
    conn.execute(insert(S.seats), [
        {"game_id": gid, "seat": seat, "generation": 0, "salted": False, "resigned": False,
         "lang": (langs or {}).get(seat), **holder(seat, address)}
        for seat, address in seat_map.items()])


def _invite(store, conn, gid: str, now: float, only: str | None = None) -> None:

    game = conn.execute(select(S.games).where(S.games.c.id == gid)).mappings().first()
    key = store.host_key(conn)
    rows = list(game_seats(conn, gid).values())
    for row in rows:
        if only and row["seat"] != only:
            continue
        secret = seat_secret(key, gid, row["seat"], row["generation"])
        with i18n.speaking(seat_language(game, row)):
            body = invitation(game, row, str(secret),
                              reply_address(game["host_address"], secret),
                              rows, page=seat_page(store.public_url, secret))
            what = i18n._("you are {seat}").format(seat=i18n.seat_word(row["seat"]))
        to_seat(conn, key, game, row, SeatMail("invite", what, body),
                now=now, url=store.public_url)


def adopt_game(store, text: str, seats: Mapping[str, str], *, host_address: str,
               secret: str | None = None, title: str = "", clock: Clock = Clock(),
               now: float | None = None) -> str:
    """Host a game begun as a transcript (``text``): it must replay cleanly, and a
    committed game still being dealt needs the secret it is committed to."""
    now = time.time() if now is None else now
    text = text.replace("\r\n", "\n")
    rp = check_text(text, "<adopted>")
    if rp.errors:
        raise UsageError(i18n._("the transcript does not replay cleanly:") + "\n"
                         + format_errors(rp.errors, "<adopted>"))
    commit, seed = rp.transcript.tag("Commit"), rp.transcript.tag("Seed")
    if commit and not seed:
        if not secret:
            raise UsageError(i18n._("this game is committed to a secret: give it (FILE.secret)"))
    seat_map = _seat_map(rp.module, seats)
    if sorted(seat_map) != sorted(rp.players):
        raise UsageError(i18n._("give an address for each seat of the game: {seats}").format(
            seats=" ".join(rp.players)))
    seat_map = {p: seat_map[p] for p in rp.players}
    if any(is_bot(v) for v in seats.values()):
        raise UsageError(i18n._("an adopted game's seats are people: give a seat to a bot "
                                "afterwards with referee host replace GAME SEAT bot:LEVEL"))
    header, body = split_text(text)
    with store.write() as conn:
        gid = new_game_id(conn)
        conn.execute(insert(S.games).values(
            id=gid, game=rp.module.key, title=title or "",
            host_address=check_address(host_address), header=header, secret=secret,
            status="salting", ply=0, chain=None, created_at=now, updated_at=now,
            deadline_secs=clock.deadline, grace_secs=clock.grace, on_timeout=clock.on_timeout,
            turn_since=now, clock_ply=0, clock_stage=0))
        _insert_seats(conn, gid, seat_map)
        game = conn.execute(select(S.games).where(S.games.c.id == gid)).mappings().first()
        append(conn, game, join_text(header, body), seat=None, sent=None, via="adopt",
               message_id=None, now=now)
        salted = salts(rp.transcript, rp.players)
        for seat in salted:
            conn.execute(update(S.seats).where(S.seats.c.game_id == gid, S.seats.c.seat == seat)
                         .values(salted=True))
        session = Session(store, conn, gid, rp.players[0], via="adopt", now=now)
        session.derive(rp.state)
        _invite(store, conn, gid, now)
        if session.game["status"] != "salting":
            session.added.append((None, []))
            session.notify()
    return gid


def replace_player(store, game_id: str, seat: str, address: str, *,
                   now: float | None = None) -> None:
    """A new player for ``seat``: a new secret (the old one dies), a comment in the
    transcript, an invitation to the new address and a note to the old one. In a
    forum game the new player is an account (``@NAME``), told in the thread."""
    now = time.time() if now is None else now
    level = level_of(address) if is_bot(address) else None
    account = account_name(address) if is_account(address) else None
    if account is None and level is None:
        try:
            address = check_address(address)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    seat = seat.upper()
    with store.write() as conn:
        game = store.lock_game(conn, game_id)
        if game is None:
            raise UsageError(i18n._("there is no game {game}").format(game=game_id))
        row = conn.execute(select(S.seats).where(S.seats.c.game_id == game_id,
                                                 S.seats.c.seat == seat)).mappings().first()
        if row is None:
            raise UsageError(i18n._("game {game} has no seat {seat}").format(game=game_id, seat=seat))
        if level is not None:
            return _replace_by_bot(store, conn, game, row, level, now)
        if game["thread_key"]:
            return _replace_account(store, conn, game, row, account, now)
        if account is not None:
            raise UsageError(i18n._("game {game} is played by mail: give an address, not @{account}").format(
                game=game_id, account=account))
        conn.execute(update(S.seats).where(S.seats.c.game_id == game_id, S.seats.c.seat == seat)
                     .values(address=address, generation=row["generation"] + 1,
                             thread_id=None, last_message_id=None, resigned=False, bot=None))
        text = transcript_text(conn, game)
        header, body = split_text(text)
        append(conn, game, join_text(header, body + [_new_player_line(game, row)]), seat=None,
               sent=None, via="host", message_id=None, now=now)
        if row["address"]:
            _tell_old_holder(conn, game, row, now)
        if game["clock_stage"] >= 3:      # a seat waiting for a replacement has one now
            conn.execute(update(S.games).where(S.games.c.id == game_id)
                         .values(turn_since=now, clock_stage=0, clock_at=None))
        _invite(store, conn, game_id, now, only=seat)
        if game["status"] != "salting":
            session = Session(store, conn, game_id, seat, via="host", now=now)
            session.added.append((None, []))
            session.notify()


def _new_player_line(game, row) -> str:
    """The comment a seat given to a person writes: a bot's seat says who held it."""
    if row["bot"]:
        return holder_line(row["seat"], "a player", game["ply"] + 1) + " (replaced by the host)"
    return f"# {row['seat']} is played by a new player from here on (replaced by the host)"


def _tell_old_holder(conn, game, row, now: float, *, bot: str | None = None) -> None:
    """The seat's player (``row`` as it was) told, in their language, that the seat is
    another player's now, or the bot ``bot``'s."""
    with i18n.speaking(seat_language(game, row)):
        what = i18n._("you no longer hold {seat}").format(seat=row["seat"])
        said = (i18n._("The host has given your seat {seat} in game {game} to the bot "
                       "{level}.") if bot else
                i18n._("The host has given your seat {seat} in game {game} to another "
                       "player.")).format(seat=row["seat"], game=game["id"], level=bot)
        said += " " + i18n._("Your personal address and token for it no longer work.")
    queue(conn, Envelope(kind="notify", sender=game["host_address"], to=[row["address"]],
                         subject=subject(game, what), game_id=game["id"],
                         headers={"Auto-Submitted": "auto-generated",
                                  "X-Referee-Game": game["id"]}), said + "\n", now=now)


def _replace_by_bot(store, conn, game, row, level: str, now: float) -> None:
    """A seat given to a bot: its player is told (by mail, or in the thread), the
    transcript says from which ply the bot holds it, and the bot moves at once if it
    is its turn."""
    gid, seat = game["id"], row["seat"]
    others = [r for r in game_seats(conn, gid).values() if r["seat"] != seat]
    if all(held_by_bot(r) for r in others):
        raise UsageError(i18n._("every other seat of game {game} is a bot: a hosted game keeps at "
                                "least one person").format(game=gid))
    conn.execute(update(S.seats).where(S.seats.c.game_id == gid, S.seats.c.seat == seat)
                 .values(address="", account=None, bot=level, generation=row["generation"] + 1,
                         thread_id=None, last_message_id=None, resigned=False))
    header, body = split_text(transcript_text(conn, game))
    append(conn, game, join_text(header, body + [
        holder_line(seat, f"bot {level}", game["ply"] + 1) + " (replaced by the host)"]),
        seat=None, sent=None, via="host", message_id=None, now=now)
    if row["address"]:
        _tell_old_holder(conn, game, row, now, bot=level)
    if game["clock_stage"] >= 3:
        conn.execute(update(S.games).where(S.games.c.id == gid)
                     .values(turn_since=now, clock_stage=0, clock_at=None))
    session = Session(store, conn, gid, seat, via="host", now=now)
    if game["thread_key"]:
        kind = answers.markup_of(session.game)
        with i18n.speaking(game["lang"]):       # said in the thread, in the game's language
            said = (i18n._("The host has given {seat} to the bot {level} (until now it was "
                           "@{account}'s); its moves are marked '# bot {level}'.")
                    if row["account"] else
                    i18n._("The host has given {seat} to the bot {level} (until now it was "
                           "another bot's); its moves are marked '# bot {level}'.")).format(
                seat=seat, level=level, account=row["account"])
        answers.queue_answer(conn, session.game, "\n\n".join(
            markup.inert(text, kind) for text in (said, session.witness())), now=now)
    if game["status"] == "salting":
        if not row["salted"]:
            salt_bot_seats(session)
        return
    session.added.append((None, []))
    session.notify()


def _replace_account(store, conn, game, row, account: str | None, now: float) -> None:
    """A forum seat given to another account: the comment in the transcript, and the
    thread told who holds the seat now."""
    gid, seat = game["id"], row["seat"]
    if account is None:
        raise UsageError(i18n._("game {game} is played in a forum thread: give the new player's "
                                "account as @NAME").format(game=gid))
    for other in game_seats(conn, gid).values():
        if same_account(other["account"], account) and other["seat"] != seat:
            raise UsageError(i18n._("@{account} holds {seat} already: an account holds one seat of a "
                                    "game").format(account=account, seat=other["seat"]))
    conn.execute(update(S.seats).where(S.seats.c.game_id == gid, S.seats.c.seat == seat)
                 .values(account=account, generation=row["generation"] + 1, resigned=False,
                         bot=None))
    header, body = split_text(transcript_text(conn, game))
    append(conn, game, join_text(header, body + [_new_player_line(game, row)]),
           seat=None, sent=None, via="host", message_id=None, now=now)
    if game["clock_stage"] >= 3:
        conn.execute(update(S.games).where(S.games.c.id == gid)
                     .values(turn_since=now, clock_stage=0, clock_at=None))
    session = Session(store, conn, gid, seat, via="host", now=now)
    answers.queue_answer(conn, session.game, answers.replaced_text(
        session, seat, account, row["account"]), now=now)


def force_undo(store, game_id: str, seat: str, *, now: float | None = None):
    """The host's takeback of ``seat``'s last move, without asking the others."""
    now = time.time() if now is None else now
    with store.write() as conn:
        session = Session(store, conn, game_id, seat, via="host", now=now)
        last = takebacks.last_item(session)
        if last is None or last["seat"] != session.seat:
            raise UsageError(i18n._("the last item of game {game} is not a move of {seat}").format(
                game=game_id, seat=session.seat))
        verdict = takebacks.takeback(session, "host undo", [], note="# forced by the host")
        if not verdict.ok:
            raise UsageError(verdict.answer)
        session.notify()
        return verdict


def export_text(store, game_id: str) -> str:
    """The transcript, as ``referee new --commit`` and ``referee play`` would have written it."""
    with store.read() as conn:
        game = conn.execute(select(S.games).where(S.games.c.id == game_id)).mappings().first()
        if game is None:
            raise UsageError(i18n._("there is no game {game}").format(game=game_id))
        return transcript_text(conn, game)


def _deadline(game) -> float | None:
    if game["status"] != "playing" or not game["deadline_secs"] or game["turn_since"] is None:
        return None
    return game["turn_since"] + game["deadline_secs"]


def list_games(store) -> list[dict]:
    """Every game: id, game, title, status, round, to_move, ply, deadline, last_activity,
    result, chain (the full hex head)."""
    with store.read() as conn:
        rows = conn.execute(select(S.games).order_by(S.games.c.created_at, S.games.c.id))
        return [{"id": g["id"], "game": g["game"], "title": g["title"], "status": g["status"],
                 "round": g["round"], "to_move": g["to_move"], "ply": g["ply"],
                 "deadline": iso(_deadline(g)), "last_activity": iso(g["updated_at"]),
                 "result": g["result"], "chain": g["chain"], "thread": g["thread_url"]}
                for g in rows.mappings()]


def game_detail(store, game_id: str) -> dict:
    """One game for a page: its listing fields, seats, items, text and chain head."""
    with store.read() as conn:
        return _detail(store, conn, game_id)[0]


def seat_and_detail(store, game_id: str, token: str) -> tuple[str | None, dict]:
    """(the seat whose private link carries ``token``, or None; the game for its page),
    read together: a seat page's request reads the store once."""
    with store.read() as conn:
        detail, rows = _detail(store, conn, game_id)
        return _seat_of(store.host_key(conn), game_id, token, rows), detail


def _detail(store, conn, game_id: str) -> tuple[dict, list]:
    """The game for a page, and its seat rows. Its ``replay`` is the state at the end
    of its text as the store keeps it (None: the text does not replay cleanly)."""
    g = conn.execute(select(S.games).where(S.games.c.id == game_id)).mappings().first()
    if g is None:
        raise UsageError(i18n._("there is no game {game}").format(game=game_id))
    rows = list(conn.execute(select(S.seats).where(S.seats.c.game_id == game_id)).mappings())
    seats = [{"seat": r["seat"], "address": r["address"], "resigned": r["resigned"],
              "salted": r["salted"], "account": r["account"], "bot": r["bot"],
              "holder": holder(r), "lang": r["lang"]} for r in rows]
    items = [{"seq": r["seq"], "ply": r["ply"], "text": r["text"], "seat": r["seat"],
              "time": iso(r["at"]), "via": r["via"], "chain": r["chain"],
              "post": r["message_id"] if r["via"] == "forum" else None}
             for r in conn.execute(select(S.log).where(S.log.c.game_id == game_id)
                                   .order_by(S.log.c.seq)).mappings()]
    text = join_text(g["header"], [it["text"] for it in items])   # the log read once
    return ({"id": g["id"], "game": g["game"], "title": g["title"], "status": g["status"],
            "round": g["round"], "to_move": g["to_move"], "ply": g["ply"],
            "deadline": iso(_deadline(g)), "last_activity": iso(g["updated_at"]),
            "result": g["result"], "on_timeout": g["on_timeout"], "seats": seats,
            "items": items, "text": text, "chain": g["chain"], "thread": g["thread_url"],
            "forum": g["thread_kind"], "lang": g["lang"],
            "witness": witness(g["ply"], g["chain"]),
            "updated_at": g["updated_at"], "undo": g["undo"],
            "replay": store.games.at_end(conn, g, text, f"game-{game_id}")}, rows)


def seat_for_link(store, game_id: str, token: str) -> str | None:
    """The seat whose private link carries ``token`` (its secret, ``game.seat.tag``, or
    the tag alone), or None: the web page's seat view uses the mail secret."""

    with store.read() as conn:
        key = store.host_key(conn)
        rows = list(conn.execute(select(S.seats).where(S.seats.c.game_id == game_id)).mappings())
    return _seat_of(key, game_id, token, rows)


def _seat_of(key: bytes, game_id: str, token: str, rows) -> str | None:
    token = (token or "").strip().lower()
    parsed = parse_secret(token)
    for row in rows:
        tag = seat_tag(key, game_id, row["seat"], row["generation"])
        candidate = parsed.tag if parsed and parsed.game_id == game_id \
            and parsed.seat == row["seat"] else token
        if hmac.compare_digest(candidate, tag):
            return row["seat"]
    return None


def seat_link_token(store, game_id: str, seat: str) -> str:
    """The private-link token of a seat (its secret), for the host to hand out."""
    with store.read() as conn:
        key = store.host_key(conn)
        row = conn.execute(select(S.seats).where(S.seats.c.game_id == game_id,
                                                 S.seats.c.seat == seat.upper())).mappings().first()
    if row is None:
        raise UsageError(i18n._("game {game} has no seat {seat}").format(game=game_id, seat=seat))
    return str(seat_secret(key, game_id, row["seat"], row["generation"]))
