"""Players' salts joining a committed game's header through ``play``.

In a ``hmac-sha256/1`` game every seat first sends a commitment to its salt
(``[SaltCommit "SEAT HEX"]``), and only once all are in may any salt be
revealed (``[Salt "SEAT word"]``, which must match): a seat that reveals last
cannot pick its salt after seeing the others, and neither can a host holding a
seat, although it knows the secret. Legacy games (no [Dealing]) take salts
directly. The last salt in deals the setup.
"""
from __future__ import annotations

from referee.errors import BadHeaderError
from referee.i18n import _
from referee.operations.played import Played, add_tag, body_links
from referee.replay.commit import MIN_SALT, salt_commits, salts
from referee.replay.dealer import host_dealer
from referee.replay.deal_algorithm import salt_commitment
from referee.replay.replayer import replay
from referee.transcript import items as I
from referee.transcript.reader import read_text
from referee.transcript.writer import format_tag, split_text


def make_salt(seat: str) -> tuple[str, str]:
    """A fresh salt for ``seat``: its [SaltCommit] line (send first) and its [Salt]
    line (keep; send once every seat's commitment is in)."""
    import secrets     # it loads base64 and more: only `referee salt` needs it
    word = secrets.token_hex(16)
    seat = seat.upper()
    return (format_tag("SaltCommit", f"{seat} {salt_commitment(seat, word)}"),
            format_tag("Salt", f"{seat} {word}"))


def add_salt(path: str, raw: bytes, transcript, rp, item, secret):
    """The Played of a ``[Salt]`` or ``[SaltCommit]`` line sent to ``play``."""
    def refuse(reason: str, hint: str | None = None) -> None:
        raise BadHeaderError(reason, hint=hint).at(line=item.line, column=1, text=item.text,
                                                   file=path)

    v1 = transcript.tag("Dealing") is not None
    name = item.name.lower()
    if not transcript.tag("Commit") or transcript.tag("Seed"):
        refuse(_("a [{tag}] belongs to a committed game (referee new) before its secret is "
                 "revealed").format(tag=item.name))
    if (transcript.tag("Salts") or "").strip().lower() == "none":
        refuse(_("this game was dealt at once by its host ([Salts \"none\"]): it takes no "
                 "salts"))
    if name == "saltcommit" and not v1:
        refuse(_("this game takes its salts directly: send [Salt \"SEAT word\"]"))
    if any(it.kind in (I.MOVE, I.CHANCE) for it in transcript.items):
        refuse(_("salts come before the first draw: this game is already dealt"))
    text = raw.decode("utf-8")
    eol = "\r\n" if "\r\n" in text else "\n"
    probe = read_text(add_tag(text, transcript, item.text.strip()), path)
    players = rp.players
    try:
        committed_now = salt_commits(probe, players)
        salted_now = salts(probe, players)
    except BadHeaderError as err:
        refuse(err.reason)
    if name == "saltcommit":
        seat = next(s for s in players if s in committed_now
                    and s not in salt_commits(transcript, players))
        line = format_tag("SaltCommit", f"{seat} {committed_now[seat]}")
    else:
        seat = next(s for s in players if s in salted_now and s not in salts(transcript, players))
        word = salted_now[seat]
        if v1:
            missing = [s for s in players if s not in committed_now]
            if missing:
                refuse(_("no salt is revealed before every seat has committed to one: "
                         "waiting for the [SaltCommit] of {seats}").format(
                             seats=" ".join(missing)),
                       hint=_("keep this [Salt] line and send it later"))
            if len(word) < MIN_SALT:
                refuse(_("a salt has at least {n} characters, so no one can guess it from "
                         "its commitment").format(n=MIN_SALT),
                       hint=_("'referee salt SEAT' makes one"))
            if salt_commitment(seat, word) != committed_now[seat]:
                refuse(_("this salt does not match {seat}'s [SaltCommit]").format(seat=seat))
        line = format_tag("Salt", f"{seat} {word}")
    new = add_tag(text, transcript, line + eol.rstrip("\n"))
    played = Played([line], rp.state, rp.module)
    if name == "salt" and len(salted_now) == len(players):
        header = read_text(new, path)
        try:
            dealer = host_dealer(header, players, secret)
            dealt = replay(header, chain=True)
            dealt.history = []
            drawn = dealer.deal(dealt)
        except BadHeaderError as err:
            refuse(err.reason, err.hint)
        if not new.endswith("\n"):
            new += eol
        new += eol + "".join(d + eol for d in drawn)      # a blank line after the header
        played.lines += drawn
        played.added = body_links(drawn, dealt.history)
        dealt.history = None
        played.replay = dealt
        played.state = dealt.state
    else:
        dealt = replay(read_text(new, path), chain=True)
        played.replay = dealt
    played.witness, played.ply = dealt.witness, dealt.ply
    played.chain = dealt.chain.hex() if dealt.chain else None
    played.text = new
    played.header = split_text(new)[0]
    return played
