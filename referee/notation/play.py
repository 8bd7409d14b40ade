"""``referee play``: one more line on a transcript file, or nothing at all.

The whole read-replay-validate-write cycle runs under the file's lock, and
the file is only ever replaced by a complete new version, so a rejected
move leaves it byte for byte as it was and two players posting at once both
get their moves in, in some order.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from referee.core.game import CHANCE
from referee.errors import BadChanceError, BadHeaderError, RefereeError
from referee.notation import items as I
from referee.notation.problems import UsageError


@dataclass
class Played:
    lines: list[str] = field(default_factory=list)
    state: object = None
    module: object = None
    result: str | None = None
    written: bool = False
    text: str | None = None        # the whole new transcript (None when nothing changes)
    replay: object = None          # the replay after the line, for the state cache
    voided: str | None = None      # a takeback: the move line it voided
    resigned: str | None = None    # a resignation: the seat


class TranscriptHasErrors(RefereeError):
    """The file itself does not replay cleanly: no move can be added to it."""

    def __init__(self, errors):
        first = errors[0]
        super().__init__(f"the transcript does not replay cleanly ({len(errors)} error"
                         f"{'s' if len(errors) != 1 else ''}); fix it before playing on",
                         hint="run 'referee check' on it")
        self.code = first.code
        self.errors = errors


def play_line(path: str, text: str, *, dry_run: bool = False) -> Played:
    """Play ``text`` on the transcript file at ``path`` under its lock; the host's
    secret of a committed game is read from beside the file."""
    from pathlib import Path

    from referee.notation.commit import read_secret
    from referee.notation.storage import locked

    with locked(path):
        try:
            raw = Path(path).read_bytes()
        except OSError as exc:
            raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
        played = play_text(raw, text, name=path, secret=lambda: read_secret(path))
        if not dry_run and played.text is not None:
            from referee.notation import snapshot
            from referee.notation.storage import write_atomic
            write_atomic(path, played.text)
            played.written = True
            if played.replay is not None:
                snapshot.save(played.replay, played.text.encode("utf-8"))
        return played


def play_text(raw: bytes, text: str, *, name: str = "<game>", secret=None) -> Played:
    """Validate one line against the transcript ``raw`` and return what playing it
    gives: the lines added and the whole new text (``Played.text``), nothing written.

    This is the transcript layer's one way to add to a game, for the file command
    and for the hosted service alike. ``secret`` returns the host's secret of a
    committed game (or raises BadHeaderError when it cannot); ``name`` is the file
    name errors quote. The line may be a control item (``RED takes back``: then
    ``Played.voided`` is the move line voided; ``RED resigns``: ``Played.resigned``
    is the seat). After it the referee adds what is its own to write: the draws of a
    seeded or committed game, and the moves of resigned seats.
    """
    return _play(raw, text, name=name, secret=secret)


def referee_move_line(raw: bytes, seat: str, reason: str, *, name: str = "<game>",
                      secret=None) -> Played:
    """Play the least-disruptive move for ``seat`` (which must be the seat to move),
    written as an ordinary move line with the comment ``# reason``: the hosted
    service's ``skip`` deadline policy. Like :func:`play_text`, nothing is written."""
    from referee.errors import OutOfTurnError
    from referee.notation.control import referee_line, to_move

    def line(rp) -> str:
        who = to_move(rp.state)
        if who != seat.upper():
            doing = "the game is over" if who is None else \
                "a chance line is due" if who == CHANCE else f"{who} is to move"
            raise OutOfTurnError(f"the referee cannot move for {seat.upper()}: {doing}")
        return referee_line(rp.module, rp.state, " ".join(reason.split()))
    return _play(raw, line, name=name, secret=secret)


def _play(raw: bytes, text, *, name: str, secret) -> Played:
    """``text`` is the line, or a function of the replay at the end of the file (after
    the referee's own lines) that returns it."""
    from referee.notation import snapshot
    from referee.notation.reader import parse_line, read_bytes
    from referee.notation.writer import format_tag, with_comment

    path = name
    transcript = read_bytes(raw, path)
    rp = snapshot.restore(transcript, raw)
    if rp is None:
        from referee.notation.replay import replay
        rp = replay(transcript)
        if rp.errors:
            raise TranscriptHasErrors(rp.errors)
        snapshot.save(rp, raw)
    from referee.notation.commit import host_seed

    module, state = rp.module, rp.state
    committed = bool(transcript.tag("Commit")) and not transcript.tag("Seed")
    try:
        seed, waiting = host_seed(transcript, rp.players, secret), None
    except BadHeaderError as err:
        seed, waiting = None, err
    number = len(transcript.lines) + 1
    lines: list[str] = _referee_lines(rp, seed, number)
    number += len(lines)
    state = rp.state

    if callable(text):
        text = text(rp)
    text = text.strip()
    if "\n" in text:
        raise UsageError("play takes one line")
    if any((ord(ch) < 32 and ch != "\t") or ch in "\x7f\x85\u2028\u2029" for ch in text):
        raise UsageError("the move contains control characters")
    try:
        item = parse_line(text, number)
    except RefereeError as err:
        raise err.at(file=path) from None
    if item is not None and item.kind == I.TAG and item.name.lower() == "salt":
        return _add_salt(path, raw, transcript, rp, item, secret)
    if item is None or item.kind not in (I.MOVE, I.CHANCE, I.CONTROL):
        what = {None: "an empty line", I.COMMENT: "a comment", I.TAG: "a tag",
                I.ASSERT: "an assertion", I.REJECT: "a rejection"}[item.kind if item else None]
        raise UsageError(f"play takes a move or a '*' chance line, not {what}")
    if item.kind == I.CHANCE and (seed or committed):
        where = "its committed secret" if committed else "its [Seed]"
        raise BadChanceError(f"this game's draws come from {where}; the referee writes them",
                             hint="play the move of the seat to act").at(
            line=number, column=1, text=text, file=path)
    if item.kind == I.MOVE and waiting is not None:      # a committed game no one can deal
        raise waiting.at(line=number, column=1, text=text, file=path)
    if item.kind == I.MOVE and state.current_player() == CHANCE:
        raise BadChanceError(f"a chance line ({state.chance_kind()}) is due and this transcript "
                             "has no [Seed] to draw it from",
                             hint="play the draw first: referee play FILE '* ...'").at(
            line=number, column=1, text=text, file=path)
    voided = None
    if item.kind == I.CONTROL:
        from referee.notation.control import last_item
        voided = last_item(transcript, number) if item.value == I.TAKEBACK else None
        canonical = rp.step(item, canonical=True)
    else:
        before = state.clone()
        canonical = rp.step(item, canonical=True)
        _round_trip(rp, before, canonical[0], number)
    lines += [with_comment(canonical[0], item.comment)]
    lines += _referee_lines(rp, seed, number + 1)
    state = rp.state

    from referee.notation.control import result_text
    result = None
    done = result_text(state)
    new = raw.decode("utf-8")
    eol = "\r\n" if "\r\n" in new else "\n"
    if new and not new.endswith("\n"):
        new += eol
    new += "".join(line + eol for line in lines)
    if done is not None and transcript.tag_item("Result") is None:
        result = done
        new = _add_tag(new, transcript, format_tag("Result", result) + eol.rstrip("\n"))
        if committed:                  # the game is over: reveal what dealt it
            new = _add_tag(new, transcript, format_tag("Seed", secret()) + eol.rstrip("\n"),
                           before="Commit")
    return Played(lines, state, module, result, text=new, replay=rp,
                  voided=voided.body if voided is not None else None,
                  resigned=item.name.upper() if item.value == I.RESIGN else None)


def _referee_lines(rp, seed: str | None, number: int) -> list[str]:
    """What the referee writes itself before a seat decides: the draws of a game dealt
    from a seed, and the moves of resigned seats (T-5), each played through the replay
    like any line (so the state moves on as it would on reading the file)."""
    from referee.notation.chance import draw_lines
    from referee.notation.control import REFEREE_PLAYS, referee_line, resigned, to_move
    from referee.notation.problems import InternalError
    from referee.notation.reader import parse_line

    lines: list[str] = []
    for _ in range(100_000):
        who = to_move(rp.state)
        if who == CHANCE and seed:
            drawn, rp.draws = draw_lines(rp.module, rp.state, seed, rp.draws)
            lines += drawn
        elif who is not None and who != CHANCE and who in resigned(rp.state):
            line = referee_line(rp.module, rp.state, REFEREE_PLAYS.format(seat=who))
            rp.step(parse_line(line, number + len(lines)))
            lines.append(line)
        else:
            return lines
    raise InternalError("the referee's own moves do not end")


def _round_trip(rp, before, canonical: str, number: int) -> None:
    """The canonical line must replay to the same state, or the file would be unreadable."""
    from referee.notation.problems import InternalError
    from referee.notation.reader import parse_line
    from referee.notation.replay import Replay

    probe = Replay(rp.transcript, rp.module, rp.players, rp.rules, before)
    try:
        probe.step(parse_line(canonical, number))
        same = rp.module.state_to_json(probe.state) == rp.module.state_to_json(rp.state)
    except RefereeError as err:
        raise InternalError(f"the canonical line '{canonical}' does not replay: "
                            f"{err.code}: {err.reason}") from None
    if not same:
        raise InternalError(f"the canonical line '{canonical}' replays to a different state")


def _add_tag(text: str, transcript, tag_line: str, *, before: str | None = None) -> str:
    """``tag_line`` after the last tag (or just before the tag ``before``), in text whose
    header still has the line numbers ``transcript`` was read with."""
    item = transcript.tag_item(before) if before else None
    at = item.line - 1 if item is not None else max((t.line for t in transcript.tags), default=0)
    lines = text.split("\n")
    lines.insert(at, tag_line)
    return "\n".join(lines)


def _add_salt(path: str, raw: bytes, transcript, rp, item, secret) -> Played:
    """A player's ``[Salt "SEAT word"]`` joins a committed game's header; once every
    seat has one, the setup is dealt from the secret and the salts."""
    from referee.notation.chance import draw_lines
    from referee.notation.commit import host_seed, salts
    from referee.notation.reader import read_text
    from referee.notation.writer import format_tag

    def refuse(reason: str, hint: str | None = None) -> None:
        raise BadHeaderError(reason, hint=hint).at(line=item.line, column=1, text=item.text,
                                                   file=path)

    if not transcript.tag("Commit") or transcript.tag("Seed"):
        refuse("a [Salt] belongs to a committed game (referee new --commit) before its "
               "secret is revealed")
    if any(it.kind in (I.MOVE, I.CHANCE) for it in transcript.items):
        refuse("salts come before the first draw: this game is already dealt")
    text = raw.decode("utf-8")
    eol = "\r\n" if "\r\n" in text else "\n"
    probe = read_text(_add_tag(text, transcript, item.text.strip()), path)
    try:
        salt = salts(probe, rp.players)
    except BadHeaderError as err:
        refuse(err.reason)
    seat = next(s for s in rp.players if s in salt and s not in salts(transcript, rp.players))
    line = format_tag("Salt", f"{seat} {salt[seat]}")
    new = _add_tag(text, transcript, line + eol.rstrip("\n"))
    played = Played([line], rp.state, rp.module)
    if len(salt) == len(rp.players):
        try:
            seed = host_seed(read_text(new, path), rp.players, secret)
        except BadHeaderError as err:
            refuse(err.reason, err.hint)
        drawn, rp.draws = draw_lines(rp.module, rp.state, seed, rp.draws)
        if not new.endswith("\n"):
            new += eol
        new += eol + "".join(d + eol for d in drawn)      # a blank line after the header
        played.lines += drawn
    played.text = new
    return played
