"""The referee's answers in a game's thread (docs/forum.md).

An answer is a row of the one outbox (:mod:`referee.service.hosted.outbox`), written
in the transaction of the post it answers, so a move is never handled without its
answer and a rolled-back move has none. A forum with a posting API (Discourse) gets
it through the API after the commit (channel "post"), claimed before it is posted and
marked after, with the retry and backoff of every channel; the others ("paste":
BoardGameGeek, phpBB) get it from the moderator, who finds it on the game's page
and in a mail, ready to paste. Each answer ends with a marker line; a post in the
thread that carries the marker (the moderator's paste) marks it pasted.

The thread is public: an answer never holds a seat's secret or private link, nor a
salt before the deal reveals it; every answer carries the chain head
(``ply N chain HEX``), so any reader can check the record it was given.
"""
from __future__ import annotations

import re
from functools import wraps

from sqlalchemy import func, or_, select, text, update

from referee import i18n
from referee.i18n import N_, _, ngettext
from referee.service.store import schema as S
from referee.service.hosted import answer_markup as markup
from referee.service.hosted.links import board_address
from referee.service.hosted.mails import Envelope, fit, queue, subject

# the markup each kind of forum reads, and the forums the referee posts in itself
MARKUPS = {"discourse": "markdown", "phpbb": "bbcode", "bgg": "bgg"}
POSTING = ("discourse",)
MARKER = re.compile(r"answer ([a-z0-9]{1,32})\.(\d{1,9}) from the referee")
SHOWN_COMMANDS = 20             # commands of one post run; the rest are named, not run
SAID_CHARS = 16_000             # of what became of them: an answer fits in one post
O = S.outbox.c
# a game's answers among the outbox's rows, written as the index of them is (a
# partial index serves a query whose condition names its own, not a parameter)
ANSWERS = text("channel <> 'mail'")


def in_game_language(write):
    """``write(session, ...)`` made in the game's language: a thread is public, so its
    answers are read in the language the host chose for the game, whoever posted."""
    @wraps(write)
    def written(session, *args, **kw):
        with i18n.speaking(session.game["lang"]):
            return write(session, *args, **kw)
    return written


def markup_of(game) -> str:
    return MARKUPS.get(game["thread_kind"], "markdown")


def posts_itself(game) -> bool:
    return game["thread_kind"] in POSTING


def turn_words(game, seats, kind: str) -> str:
    """Whose turn, naming the account to move (a mention: the forum may notify it)."""
    accounts = {s: r["account"] for s, r in seats.items()}
    if game["status"] == "over":
        return markup.inert(_("The game is over: {result}.").format(result=game["result"]),
                            kind)
    if game["status"] == "salting":
        waiting = [f"{markup.mention(accounts.get(s))} " + markup.inert(f"({s})", kind)
                   for s, r in seats.items() if not r["salted"]]
        return markup.inert(_("The setup is dealt when every seat has posted once; waiting "
                              "for"), kind) + " " + ", ".join(waiting) + "."
    to_move = game["to_move"]
    return " ".join([markup.inert(_("Next:"), kind), markup.mention(accounts.get(to_move)),
                     markup.inert(_("({seat}) to move.").format(seat=to_move), kind)])


def public_answer(verdict) -> str:
    """What a verdict says in the thread: a salt is never shown before the deal
    reveals it (the reply by mail, which only its seat reads, names it); ``show``
    points to the state the answer ends with."""
    if verdict.ok and verdict.command.strip().lower().rstrip(".!") == "show":
        return _("the state is below")
    if any(line.startswith(("[SaltCommit", "[Salt ")) for line in verdict.lines):
        dealt = any(line.startswith("*") for line in verdict.lines)
        return (_("salt taken (the referee keeps it until the deal reveals it); the setup "
                  "is dealt") if dealt else
                _("salt taken (the referee keeps it until the deal reveals it); waiting for "
                  "the other seats"))
    return verdict.answer


@in_game_language
def answer_text(session, reply, *, author: str, number: int | None, url: str | None,
                left: int = 0) -> str:
    """The answer to a seat's post: each command and what became of it, then the
    state, whose turn and the chain head."""
    kind = markup_of(session.game)
    said = []
    for v in reply.verdicts:
        said += [f"> {v.command}", public_answer(v).rstrip("\n"), ""]
    if left:
        said += [ngettext("({count} more command line of the post not read: at most {most} "
                          "a post)",
                          "({count} more command lines of the post not read: at most {most} "
                          "a post)", left).format(count=left, most=SHOWN_COMMANDS), ""]
    text = "\n".join(said).rstrip("\n")
    if len(text) > SAID_CHARS:
        text = text[:SAID_CHARS].rsplit("\n", 1)[0] + "\n" + _(
            "(the rest is cut: 'history' and 'moves' are best asked alone)")
    where = (_("({seat}), post #{number}:").format(seat=session.seat, number=number) if number
             else _("({seat}), your post:").format(seat=session.seat))
    head = (markup.mention(session.seats[session.seat]["account"] or author) + " "
            + markup.inert(where, kind))
    return "\n\n".join([head, markup.block(text, kind),
                        state_part(session, kind)])


def state_part(session, kind: str) -> str:
    """The state post, then the account to move named (a mention) and, if the post
    could not say it, the chain head."""
    g = session.game
    image = board_address(session.store.public_url, g["id"], g["ply"]) \
        if session.store.public_url else None
    post = markup.state_post(session, kind, image=image)
    tail = [turn_words(g, session.seats, kind)]
    if session.witness() not in post:
        tail.append(markup.inert(session.witness(), kind))
    return "\n\n".join([post, *tail])


@in_game_language
def opening_text(session) -> str:
    """The first answer of a game: who holds which seat and how to begin."""
    kind = markup_of(session.game)
    g = session.game
    seats = ", ".join(f"{s} {r['account']}" for s, r in session.seats.items())
    named = (_("A game of {game} refereed by a rules engine (game {id}, \"{title}\"). "
               "Seats: {seats}.") if g["title"] else
             _("A game of {game} refereed by a rules engine (game {id}). Seats: {seats}."))
    lines = [named.format(game=g["game"].capitalize(), id=g["id"], title=g["title"],
                          seats=seats),
             _("The setup is dealt by commit-reveal: nobody, the referee included, can steer "
               "it. Each seat begins with a post: 'salt ANY-WORD', or anything at all (the "
               "referee then salts for you)."),
             _("Moves are lines of their own in your posts (chatter around them is ignored); "
               "end one with #N to make sure it follows ply N. 'moves' shows your choices, "
               "'help' lists the commands. Quoted text is never read.")]
    return "\n\n".join([markup.inert(line, kind) for line in lines]
                       + [turn_words(g, session.seats, kind),
                          markup.inert(session.witness(), kind)])


# who made a change outside the thread, by the channel it came through
WHO = {"web": N_("{seat} on the game's page:"), "clock": N_("{seat} by the clock:"),
       "host": N_("{seat} by the host:")}


@in_game_language
def news_text(session) -> str:
    """What a change made outside the thread added (a move on a seat's page, the
    clock's timeout, the host's takeback), then the state."""
    kind = markup_of(session.game)
    lines = [line for _, batch in session.added for line in batch]
    who = next((w for w, _ in session.added if w), None)
    if who is None:
        said = {"web": _("The referee on the game's page:"), "clock": _("The referee by the "
                                                                        "clock:"),
                "host": _("The referee by the host:")}.get(session.via, _("The referee:"))
    else:
        said = (_(WHO[session.via]).format(seat=i18n.seat_word(who)) if session.via in WHO
                else f"{i18n.seat_word(who)}:")
    head = markup.inert(said, kind)
    return "\n\n".join([head, markup.block("\n".join(lines), kind), state_part(session, kind)])


def clock_text(game, seats, seat: str, what: str, body: str) -> str:
    """The clock's reminder or warning, said in the thread to the account to move."""
    kind = markup_of(game)
    said = (markup.mention(seats[seat]["account"]) + " " + markup.inert(f"({i18n.seat_word(seat)}): {what}.",
                                                                        kind))
    return "\n\n".join([said, markup.inert(" ".join(body.split()), kind)])


@in_game_language
def replaced_text(session, seat: str, account: str, before: str | None) -> str:
    """The thread told that a seat has a new account (mentioned: it may be notified)."""
    kind = markup_of(session.game)
    said = (markup.inert(_("The host has given {seat} to").format(seat=seat), kind) + " "
            + markup.mention(account) + " "
            + markup.inert(_("(until now it was {before}'s).").format(before=before)
                           if before else _("(until now nobody held it)."), kind))
    return "\n\n".join([said, turn_words(session.game, session.seats, kind),
                         markup.inert(session.witness(), kind)])


def queue_answer(conn, game, body: str, *, now: float, reply_to: int | None = None) -> int:
    """An answer, in the caller's transaction (the game locked): posted after the
    commit, or shown to paste and mailed to the moderator."""
    n = conn.execute(select(func.count()).select_from(S.outbox)
                     .where(O.game_id == game["id"], ANSWERS)).scalar() + 1
    marker = f"answer {game['id']}.{n} from the referee"
    kind = markup_of(game)
    body = body.rstrip("\n") + "\n\n" + markup.inert(marker, kind) + "\n"
    how = "post" if posts_itself(game) else "paste"
    conn.execute(S.outbox.insert().values(
        game_id=game["id"], channel=how, kind="answer", reply_post=reply_to, body=body,
        created_at=now, attempts=0, next_try=now, posted=None if how == "post" else marker))
    if how == "paste" and game["moderator"]:
        with i18n.speaking(game["lang"]):       # the moderator keeps the game's thread
            what = _("answer {n} to paste in the thread").format(n=n)
            said = _("Paste everything between the lines into the thread {url} as a new post "
                     "(the last line lets the referee see it was pasted).").format(
                         url=game["thread_url"])
        queue(conn, Envelope(
            kind="paste", sender=game["host_address"], to=[game["moderator"]],
            subject=subject(game, what), game_id=game["id"],
            headers={"Auto-Submitted": "auto-generated", "X-Referee-Game": game["id"]}),
              f"{fit(said)}\n\n{'-' * 40}\n{body}{'-' * 40}\n", now=now, fitted=False)
    return n


def markers(text: str | None, game_id: str) -> set[str]:
    """The last lines of this game's answers that a post carries (a paste of them)."""
    return {m.group(0) for m in MARKER.finditer(text or "") if m.group(1) == game_id}


def mark_pasted(conn, game_id: str, found: set[str], now: float) -> None:
    """Answers whose marker a post in the thread carries are pasted: those made to
    paste, and those the forum's API refused for good (shown to paste instead)."""
    if not found:
        return
    conn.execute(update(S.outbox).where(
        O.game_id == game_id, ANSWERS, O.channel == "paste", O.posted.in_(sorted(found)),
        O.sent_at.is_(None)).values(sent_at=now))
    refused = conn.execute(select(O.id, O.body).where(
        O.game_id == game_id, ANSWERS, O.channel == "post", O.failed.is_not(None),
        O.sent_at.is_(None))).all()
    done = [row.id for row in refused if markers(row.body, game_id) & found]
    if done:
        conn.execute(update(S.outbox).where(O.id.in_(done)).values(sent_at=now))


def waiting_pastes(store, game_id: str) -> list[dict]:
    """The answers waiting for the moderator's paste, oldest first (the game's page):
    those of a forum the referee cannot post in, and those the forum's API refused
    for good (``failed`` says why), so that no answer is lost to the thread."""
    with store.read() as conn:
        q = (select(O.id, O.body, O.posted, O.created_at, O.failed)
             .where(O.game_id == game_id, ANSWERS, O.sent_at.is_(None),
                    or_(O.channel == "paste", O.failed.is_not(None)))
             .order_by(O.id))
        rows = [dict(r) for r in conn.execute(q).mappings()]
    for row in rows:
        row["marker"] = next(iter(markers(row["body"], game_id)), "")
        row["number"] = row["marker"].split(" ")[1] if row["marker"] else str(row["id"])
    return rows
