"""What the referee tells people (docs/mail.md section 4), queued in the outbox.

Every mail is a row of the outbox written in the transaction of the command
that caused it, so a move is never acknowledged without its notifications and
a rolled-back move never sends any. ``referee mail send`` delivers the rows.
Each seat's mails form one thread: the invitation starts it and every later
mail answers the one before.
"""
from __future__ import annotations

import html
import json
import re
import time
import textwrap
from dataclasses import dataclass
from email.utils import make_msgid

from sqlalchemy import bindparam, update

from referee import i18n
from referee.i18n import N_, _
from referee.core import content_fingerprint, registry, wrap_line
from referee.errors import BadChoiceError
from referee.operations import digest, draw_words, move_rows, next_step, svg_to_png
from referee.replay import state_from_json, state_json
from referee.service.store import schema as S
from referee.service.hosted.identity import reply_address, seat_secret
from referee.service.hosted.outbox import insert_rows
from referee.service.hosted.steps import step_text

WIDTH = 78               # columns of a plain-text line (RFC 5322's advice)
BOARD = "narrow"         # the games' text rendering that fits in WIDTH columns
# what clients put before a subject they answer or forward, in many languages,
# with a count ("Re[2]:", "Re^2:") sometimes
_PREFIX = re.compile(r"^\s*(?:(?:re|aw|sv|vs|antw|odp|r|rif|res|fwd?|wg|tr|enc|doorst)"
                     r"\s*(?:\[\d+\]|\^\d+|\(\d+\))?\s*[:\uff1a]\s*)+", re.I)


def when(t: float | None) -> str:
    if t is None:
        return _("no deadline")
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(t))


def deadline_words(t: float | None) -> str:
    """``; deadline …`` after whose turn it is, or nothing for a game without one."""
    return "" if t is None else _("; deadline {when}").format(when=when(t))


def iso(t: float | None) -> str | None:
    if t is None:
        return None
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


def domain_of(address: str) -> str:
    return address.rpartition("@")[2] or "localhost"


def subject(game, what: str) -> str:
    title = f" {game['title']}" if game["title"] else ""
    return f"[referee {game['id']}]{title}: {what}"


def reply_subject(game, theirs: str) -> str:
    """``Re:`` once before the subject answered, whatever chain of ``Re: RE: Aw: Fwd:``
    the clients piled up, with the game's tag if it had lost it."""
    rest = _PREFIX.sub("", " ".join(str(theirs or "").split()))[:200].strip()
    if f"[referee {game['id']}]" not in rest:
        rest = subject(game, rest or "your mail")
    return f"Re: {rest}"


def fit(text: str) -> str:
    """``text`` within :data:`WIDTH` columns: a longer line of prose is wrapped. An
    indented line or a quoted one is left whole: it is a move to copy (broken in two,
    its first half could read as another move) or a line of a table."""
    lines = text.split("\n")
    if max(map(len, lines)) <= WIDTH:       # a notification's board: every line fits
        return text
    out = []
    for line in lines:
        if len(line) <= WIDTH or line[:1] in (" ", ">"):
            out.append(line)
            continue
        out += wrap_line(line, WIDTH) or [line]
    return "\n".join(out)


def seat_page(url: str | None, secret) -> str | None:
    """The seat's own web page, if the host has said where its web page is."""
    if not url:
        return None
    return f"{url.rstrip('/')}/seat/{secret}"


def page_lines(page: str | None) -> list[str]:
    return ["", _("Your seat's page, to play in a browser (keep it to yourself):"),
            f"    {page}"] if page else []


def seat_language(game, seat_row) -> str | None:
    """The language a seat reads: its own, else the game's."""
    return seat_row["lang"] or game["lang"]


def said_in(said: dict | None, line: str) -> str | None:
    """The move ``line`` said in the reader's language, from ``said`` (line -> language ->
    sentence, made where the move was played: :meth:`Session.record`), or None."""
    return ((said or {}).get(line) or {}).get(i18n.language())


def move_lines(line: str, words: str | None = None) -> list[str]:
    """A move as an answer shows it: the canonical line to copy, then the same move in
    words when there is a sentence for it."""
    said = textwrap.wrap(f"({words})", WIDTH - 6) if words else []
    return [f"    {line}"] + [f"      {part}" for part in said]


@dataclass(frozen=True)
class Envelope:
    """Who a mail is from and to, what it is about and which thread it answers: what
    travels together from the code that decides to write a mail to the outbox row."""
    kind: str
    sender: str
    to: tuple[str, ...] | list[str]
    subject: str
    game_id: str | None = None
    in_reply_to: str | None = None
    references: tuple[str, ...] | list[str] = ()
    reply_to: str | None = None
    headers: dict | None = None


@dataclass(frozen=True)
class Position:
    """The position a notification is about (:func:`picture_source`) and what the text
    made from it at sending says (``compose``, read by :func:`composed_body`)."""
    picture: str | None = None
    compose: dict | None = None


def queue(conn, envelope: Envelope, body: str, *, now: float, html: str | None = None,
          position: Position = Position(), batch=None, fitted: bool = True) -> str:
    """Put one mail in the outbox; its Message-ID is fixed now, so a retried delivery
    is the same message to every server and client that sees it twice. With a
    :class:`Batch` the row waits for :meth:`Batch.flush` (one statement for all).
    A ``position`` with a compose spec has the text made at sending
    (:func:`composed_body`); ``body`` is then what goes out if it cannot be. Every
    body is fitted to :data:`WIDTH` columns here, whoever wrote it, but a text to copy
    as it is (``fitted=False``: a forum answer to paste, whose lines are markup)."""
    e = envelope
    message_id = make_msgid(domain=domain_of(e.sender))
    row = {
        "game_id": e.game_id, "kind": e.kind, "created_at": now, "sender": e.sender,
        "recipients": json.dumps(list(e.to)), "subject": e.subject,
        "body": fit(body) if fitted else body, "html": html,
        "png_state": position.picture, "message_id": message_id, "in_reply_to": e.in_reply_to,
        "refs": json.dumps([r for r in e.references if r]), "reply_to": e.reply_to,
        "headers": json.dumps(e.headers or {}), "attempts": 0, "next_try": now,
        "compose": json.dumps(position.compose) if position.compose is not None else None}
    if batch is not None:
        batch.rows.append(row)
    else:
        insert_rows(conn, [row])
    return message_id


class Batch:
    """Outbox rows and thread updates of one notification round, written together:
    a move mails every seat, and one multi-row statement is cheaper than one each."""
    def __init__(self):
        self.rows: list[dict] = []
        self.threads: list[dict] = []

    def flush(self, conn) -> None:
        if self.rows:
            insert_rows(conn, self.rows)
        if self.threads:
            conn.execute(_THREAD, self.threads)
        self.rows, self.threads = [], []


@dataclass(frozen=True)
class SeatMail:
    """A mail to one seat: its kind, what its subject says after the game's tag, its
    text, and the position it is about (a notification's)."""
    kind: str
    what: str
    body: str
    position: Position = Position()


def to_seat(conn, key: bytes, game, seat_row, mail: SeatMail, *, now: float,
            batch: Batch | None = None, url: str | None = None) -> str | None:
    """A mail to one seat, in its thread, answerable through its personal address;
    with the host's public ``url``, it ends with the seat's page. A seat held by a
    forum account has no address: it reads the game's thread, and gets no mail (None);
    nor does a seat a bot holds (no address either)."""
    if seat_row["account"] or not seat_row["address"]:
        return None
    secret = seat_secret(key, game["id"], seat_row["seat"], seat_row["generation"])
    page = seat_page(url, secret)
    body, position = mail.body, mail.position
    if page and mail.kind != "invite":       # an invitation says it in its own words
        body = body.rstrip("\n") + "\n" + "\n".join(page_lines(page)) + "\n" if body else body
        if position.compose is not None:
            position = Position(position.picture, dict(position.compose, page=page))
    last = seat_row["last_message_id"]
    refs = [seat_row["thread_id"], last] if last != seat_row["thread_id"] else [last]
    envelope = Envelope(
        kind=mail.kind, sender=game["host_address"], to=[seat_row["address"]],
        subject=subject(game, mail.what), game_id=game["id"], in_reply_to=last,
        references=refs, reply_to=reply_address(game["host_address"], secret),
        headers={"Auto-Submitted": "auto-generated", "X-Referee-Game": game["id"],
                 "X-Referee-Seat": seat_row["seat"]})
    mid = queue(conn, envelope, body, now=now, position=position, batch=batch)
    thread = {"g": game["id"], "s": seat_row["seat"], "last": mid,
              "thread": seat_row["thread_id"] or mid}
    if isinstance(seat_row, dict):          # a caller's copy of the row stays current
        seat_row.update(last_message_id=mid, thread_id=thread["thread"])
    if batch is not None:
        batch.threads.append(thread)
    else:
        conn.execute(_THREAD, thread)
    return mid


_THREAD = (update(S.seats)
           .where(S.seats.c.game_id == bindparam("g"), S.seats.c.seat == bindparam("s"))
           .values(last_message_id=bindparam("last"), thread_id=bindparam("thread")))


def picture_source(module, state, players, data: dict | None = None,
                   text: str | None = None) -> str | None:
    """The position a notification is about, as ``referee mail send`` reads it back to
    draw the board and write the text (both made at sending time, off the move's
    transaction): the state JSON (resignations included), the game's seats, and the
    fingerprint of the code that wrote it. ``data`` is that JSON if the caller has it
    already, ``text`` that JSON written (a move's replay writes it once for the state
    it stores too: :meth:`referee.replay.Replay.state_text`)."""
    try:
        head = json.dumps({"game": module.key, "players": list(players),
                           "code": content_fingerprint()}, separators=(",", ":"))
        if text is None:
            text = json.dumps(state_json(module, state) if data is None else data,
                              separators=(",", ":"))
        return head[:-1] + ',"state":' + text + "}"
    except Exception:
        return None


def position_of(source: str, known=None):
    """(module, state, state JSON) of a :func:`picture_source` document: what ``known``
    has for it (the positions the process queued itself, kept in memory:
    :meth:`referee.service.store.Store.position`), else read from it. A document
    this very code wrote is read without the consistency check its state passed when
    it was played (most of the cost of reading it back); one an older version queued
    before an upgrade is checked, and a state that no longer reads gets the brief mail."""
    kept = known(source) if known is not None else None
    if kept is not None:
        return kept
    data = json.loads(source)
    module = registry.get(data["game"])
    doc = data["state"]
    if data.get("resigned") and not doc.get("resigned"):    # queued before the JSON held them
        doc = {**doc, "resigned": data["resigned"]}
    return module, state_from_json(module, doc, data.get("players") or (),
                                   checked=data.get("code") != content_fingerprint()), doc


def composed_body(row, cache: dict | None = None, known=None) -> str:
    """The text of an outbox row: made now from its position and ``compose`` spec when
    it has one (``cache``, by position, shares the drawing between a move's mails;
    ``known``, a position document's state kept in memory by the process that
    queued it, or None: :meth:`referee.service.store.Store.position`)."""
    if not row["compose"] or not row["png_state"]:
        return row["body"]

    spec = json.loads(row["compose"])
    cache = {} if cache is None else cache
    try:
        with i18n.speaking(spec.get("lang")):
            # the board and the summary are drawn once for each language of a move's mails
            by_language = cache.setdefault(row["png_state"], {})
            drawn = by_language.get(i18n.language())
            if drawn is None:
                if None not in by_language:
                    by_language[None] = position_of(row["png_state"], known)
                module, state, data = by_language[None]
                drawn = by_language[i18n.language()] = (module.render(state, BOARD),
                                                        digest(module, state, data))
            module, state, _data = by_language[None]
            rendered, summary = drawn
            return position_mail(None, module, state, seat=spec["seat"], added=spec["added"],
                                 who=spec["who"], witness=spec["witness"],
                                 deadline=spec["deadline"], digest=summary,
                                 result=spec["result"], rendered=rendered,
                                 page=spec.get("page"), said=spec.get("said"))
    except Exception:           # the position no longer reads (new component data?)
        with i18n.speaking(spec.get("lang")):
            return brief_mail(spec)


def brief_mail(spec: dict) -> str:
    """A notification from its ``compose`` spec alone, without the state."""
    out = added_lines(spec["added"], spec["who"], spec.get("said"))
    if spec["result"]:
        out += [_("The game is over: {result}.").format(result=spec["result"])]
    elif spec.get("to_move"):
        out += [next_line(spec["to_move"], spec["seat"], spec["deadline"])]
    out += [spec["witness"], "", _("(The state could not be drawn here: reply 'show' for it.)")]
    out += page_lines(spec.get("page"))
    return fit("\n".join(out)) + "\n"


def added_lines(added: list[str], who: str | None, said: dict | None = None) -> list[str]:
    """What the lines added say, as a person would: the moves as written (a player may
    copy one), the referee's draws in words."""
    out: list[str] = []
    run_kind = None
    for line in added:
        if line.startswith(("[", "#")):
            continue
        kind = "draw" if line.startswith("*") else "move"
        if kind != run_kind:
            if out:
                out.append("")
            out += [_("The referee dealt:") if kind == "draw"
                    else _("{seat} played:").format(seat=i18n.seat_word(who)) if who
                    else _("The referee played:"), ""]
            run_kind = kind
        out += draw_words(line) if kind == "draw" else move_lines(line, said_in(said, line))
    return out + [""] if out else out


def next_line(to_move: str, seat: str, deadline: float | None) -> str:
    """Whose turn it is, told to ``seat``."""
    if to_move == seat:
        return _("Next: {seat} (you){deadline}.").format(seat=i18n.seat_word(to_move),
                                                        deadline=deadline_words(deadline))
    return _("Next: {seat}{deadline}.").format(seat=i18n.seat_word(to_move),
                                               deadline=deadline_words(deadline))


def accepted_text(lines: list[str], said: dict | None = None) -> str:
    """The answer to an accepted command: the lines it added, each move also in words
    (``said``: :func:`said_in`), the draws in words."""
    moves = [m for line in lines if not line.startswith(("*", "[", "#"))
             for m in move_lines(line, said_in(said, line))]
    draws = [w for line in lines if line.startswith("*") for w in draw_words(line)]
    return "\n".join([_("accepted:"), *moves]
                     + ([_("The referee dealt:"), *draws] if draws else []))


def picture_png(source: str, known=None) -> bytes:
    """The board of a notification's position as a PNG (``known``: as for
    :func:`composed_body`)."""
    module, state, _ = position_of(source, known)
    return svg_to_png(module.render(state, "svg"))


def picture_html(body: str, host: str | None = None, lang: str | None = None) -> str:
    """The HTML alternative of a notification: the board first (what a reader looks
    at), then the text, its links to the host's own pages (``host``: its public
    address) made links a reader clicks. ``lang``: its reader's."""
    with i18n.speaking(lang):
        alt = html.escape(_("the board"), quote=True)
    return (f'<p><img src="cid:board.png" alt="{alt}"></p>\n'
            f"<pre>{linked(body, host)}</pre>\n")


# an address in a mail's text: up to a space, or a character that cannot be in one;
# a stop or a bracket after it ends the sentence, not the address
_LINK = re.compile(r"https?://[^\s<>\"'`]+")
_LINK_END = ".,;:!?)]}"


def linked(text: str, host: str | None) -> str:
    """``text`` as HTML: every character escaped, and each address of a page under
    ``host`` (an http or https address) an ``<a href>``. Only the host's own pages are
    linked: the text may quote a player, and a link the referee makes is one it vouches
    for."""
    if not host or not host.lower().startswith(("http://", "https://")):
        return html.escape(text)
    prefix = host.rstrip("/") + "/"
    out, at = [], 0
    for found in _LINK.finditer(text):
        link = found.group(0).rstrip(_LINK_END)
        if not link.startswith(prefix) or len(link) == len(prefix):
            continue
        out += [html.escape(text[at:found.start()]),
                f'<a href="{html.escape(link, quote=True)}">{html.escape(link)}</a>']
        at = found.start() + len(link)
    out.append(html.escape(text[at:]))
    return "".join(out)


def invitation(game, seat_row, secret_text: str, reply_addr: str, players: list,
               page: str | None = None) -> str:
    # a bot's level stays as typed (a host types it), the words around it are the reader's
    others = ", ".join(f"{i18n.seat_word(r['seat'])} ("
                       + (r["address"] or _("bot {level}").format(level=r.get("bot"))) + ")"
                       for r in players
                       if r["seat"] != seat_row["seat"])
    where = [] if not page else [
        "", _("You can play by mail or in a browser. Your seat's own page (keep it to "
              "yourself: it is your seat, like your personal address):"), f"    {page}"]
    named = (_("You are invited to play {game} as {seat} in \"{title}\" (game {id}).")
             if game["title"] else _("You are invited to play {game} as {seat} (game {id})."))
    return fit("\n".join([
        named.format(game=game["game"].capitalize(), seat=i18n.seat_word(seat_row["seat"]),
                     title=game["title"], id=game["id"]),
        _("The other seats: {others}.").format(others=others),
        "",
        _("The setup is dealt by commit-reveal: nobody, the referee included, can steer it. "
          "Reply to this mail once, with a line"), "",
        "    salt ANY-WORD", "",
        _("or with anything at all (the referee then salts for you). The setup is dealt "
          "when every seat has replied."),
        *where,
        "",
        _("Your moves count when they come from {address} to your personal address "
          "(replying to this mail does that):").format(address=seat_row["address"]),
        f"    {reply_addr}",
        _("If your mail host cannot send to a plus-address, write to {host} and add "
          "the line").format(host=game["host_address"]),
        f"    token {secret_text}",
        _("Keep this address and token to yourself: they are your seat."),
        "",
        _("Commands: a move, salt WORD, show, moves, history, undo, accept, decline, "
          "resign, help. You need not learn the notation: 'moves' shows your choices a "
          "step at a time."),
    ])) + "\n"


def position_mail(game, module, state, *, seat: str, added: list[str], who: str | None,
                  witness: str, deadline: float | None, digest: str, result: str | None,
                  rendered: str | None = None, page: str | None = None,
                  said: dict | None = None) -> str:
    """The notification after accepted lines: what happened, whose turn, the state,
    and to the seat to move the first step of its move with a few lines to copy."""
    out = added_lines(added, who, said)
    if digest:
        out += [digest]
    if result:
        out += [_("The game is over: {result}.").format(result=result)]
    else:
        out += [next_line(state.current_player(), seat, deadline)]
    out += [witness]
    if not result and state.current_player() == seat:
        try:
            rows = move_rows(module, state)         # made once for the three questions
            step = next_step(module, state, rows=rows)
        except BadChoiceError:
            step = None
        if step is not None:
            ply = int(witness.split()[1])
            out += ["", _("Your move.") + " " + step_text(module, state, step, ply=ply,
                                                          first=True, rows=rows).rstrip("\n"),
                    "", _("(The seat word may be left out; '#{ply}' after a move makes sure "
                          "it follows ply {ply}.)").format(ply=ply)]
    out += page_lines(page)
    if rendered is None:
        rendered = module.render(state, BOARD)
    out += ["", rendered.rstrip("\n")]
    return fit("\n".join(out)) + "\n"


# the commands a seat sends, each with what it does (help_text lays them out); the
# command words are the same in every language, their explanations are not
COMMANDS = (
    (N_("a move in the game's notation"),
     N_("the seat word may be left out; end it with #N to make sure it follows ply N")),
    ("moves", N_("the first step of your move: its choices, each with how many legal "
                 "moves lie under it")),
    ("moves B1 kahuna", N_("the next step after those choices, or the one move they make "
                           "(then send that line to play it)")),
    ("salt WORD", N_("your salt for the commit-reveal deal (once, before the deal)")),
    ("show", N_("the state of the game")),
    ("history", N_("the whole transcript")),
    ("undo", N_("ask to take back your last move (every other seat must accept)")),
    ("accept", N_("agree to a pending takeback")),
    ("decline", N_("refuse a pending takeback")),
    ("resign", N_("give up your seat: the answer holds a line 'resign CODE' that does it, "
                  "good for a day")),
    ("help", N_("this text")),
    ("confirm", N_("play a move the referee held: your own last move sent again")),
    ("language LANG", N_("the language of your answers (en, fr, de, it); also langue, "
                         "sprache, lingua")),
)
_NAME = 15                  # columns of a command's name before its explanation


def help_text(*, forum: bool = False) -> str:
    """The answer to 'help', in the reader's language; in a forum game the thread, not
    the mail, carries the news of each move."""
    out = [_("Commands (one per line; chatter around them is ignored):")]
    for i, (name, what) in enumerate(COMMANDS):
        name = _(name) if i == 0 else name
        said = textwrap.wrap(_(what), WIDTH - 4 - _NAME)
        if len(name) < _NAME - 1:
            out.append(f"    {name:<{_NAME}}{said[0]}")
            said = said[1:]
        else:
            out.append(f"    {name}")
        out += [" " * (4 + _NAME) + part for part in said]
    out.append(_("Each accepted move is answered in the thread with the ply and chain head "
                 "(ply N chain XXXXXXXXXXXX): any reader can check the record against them.")
               if forum else
               _("Each accepted move is mailed to every seat with the ply and chain head "
                 "(ply N chain XXXXXXXXXXXX): keep them, they witness the history."))
    return "\n".join(out) + "\n"
