"""``referee play``: one more line on a transcript file, or nothing at all.

The whole read-replay-validate-write cycle runs under the file's lock, and
the file is only ever replaced by a complete new version, so a rejected
move leaves it byte for byte as it was and two players posting at once both
get their moves in, in some order.
"""
from __future__ import annotations

import re

from referee.core.game import CHANCE
from referee.i18n import _, ngettext
from referee.errors import (BadChanceError, BadHeaderError, OutOfTurnError, RefereeError,
                            StaleGuardError)
from referee.operations.bot_moves import bot_line
from referee.operations.played import Played, add_tag, body_links
from referee.operations.line_reading import seated_item, step_move
from referee.operations.salting import add_salt
from referee.replay import snapshot
from referee.replay.commit import read_secret, waiting_for_salts, waiting_message
from referee.replay.control import (REFEREE_PLAYS, last_item, referee_line, resigned, result_text,
                                    to_move)
from referee.replay.dealer import host_dealer
from referee.replay.replayer import Replay, replay
from referee.transcript import items as I
from referee.transcript.problems import InternalError, UsageError
from referee.transcript.reader import MAX_LINE, check_size, parse_line, read_bytes_lazily
from referee.transcript.storage import (locked, read_limited, real_path, remove_stale_temporaries,
                                        write_atomic)
from referee.transcript.writer import format_tag, split_text, with_comment


class TranscriptHasErrors(RefereeError):
    """The file itself does not replay cleanly: no move can be added to it."""

    def __init__(self, errors):
        first = errors[0]
        super().__init__(ngettext("the transcript does not replay cleanly ({n} error); fix it "
                                  "before playing on", "the transcript does not replay cleanly "
                                  "({n} errors); fix it before playing on",
                                  len(errors)).format(n=len(errors)),
                         hint=_("run 'referee check' on it"))
        self.code = first.code
        self.errors = errors


def play_line(path: str, text: str, *, dry_run: bool = False, expect_ply: int | None = None,
              expect_chain: str | None = None) -> Played:
    """Play ``text`` on the transcript file at ``path`` under its lock; the host's
    secret of a committed game is read from beside the file. A symlinked file is
    resolved first: its target gets the move and the link stays a link."""
    path_shown = path
    path = real_path(path)
    with locked(path):
        try:
            raw = read_limited(path)
        except OSError as exc:
            raise UsageError(f"cannot read {path_shown}: {exc.strerror or exc}") from None
        played = play_text(raw, text, name=path_shown, secret=lambda: read_secret(path),
                           expect_ply=expect_ply, expect_chain=expect_chain, dry_run=dry_run)
        if not dry_run and played.text is not None:
            remove_stale_temporaries(path)
            write_atomic(path, played.text)
            played.written = True
            if played.replay is not None:
                snapshot.save(played.replay, played.text.encode("utf-8"))
        return played


def _guard(rp, expect_ply: int | None, expect_chain: str | None, name: str) -> None:
    """Refuse a move sent for a history that is no longer the file's (a re-sent move)."""
    here = rp.witness or f"ply {rp.ply}"
    if expect_chain is not None:
        wanted = expect_chain.strip().lower()
        if not wanted or len(wanted) > 64 or any(c not in "0123456789abcdef" for c in wanted):
            raise UsageError(f"a chain guard is 1 to 64 hex digits, not '{expect_chain[:70]}'")
    stale = (expect_ply is not None and rp.ply != expect_ply) or \
        (expect_chain is not None and not rp.chain.hex().startswith(expect_chain.strip().lower()))
    if not stale:
        return
    last = next((it.text.strip() for it in reversed(rp.transcript.items)
                 if it.kind not in (I.COMMENT, I.ASSERT, I.REJECT)), None)
    seen = " ".join(filter(None, [f"ply {expect_ply}" if expect_ply is not None else None,
                                  f"chain {expect_chain.strip().lower()}" if expect_chain else None]))
    raise StaleGuardError(f"the move was sent for {seen}, but the game is at {here}: it has "
                          "moved on since, so the move is not played"
                          + (f" (last item: {last[:120]})" if last else ""),
                          hint="look at the game again (referee show) and send the move anew "
                               "if it still stands", file=name)


def play_text(raw: bytes, text: str, *, name: str = "<game>", secret=None,
              expect_ply: int | None = None, expect_chain: str | None = None,
              dry_run: bool = False, rp=None, verify_draws: bool = False) -> Played:
    """Validate one line against the transcript ``raw`` and return what playing it
    gives: the lines added and the whole new text (``Played.text``), nothing written.

    This is the transcript layer's one way to add to a game, for the file command
    and for the hosted service alike. ``secret`` returns the host's secret of a
    committed game (or raises BadHeaderError when it cannot); ``name`` is the file
    name errors quote. The line may be a control item (``RED takes back``: then
    ``Played.voided`` is the move line voided; ``RED resigns``: ``Played.resigned``
    is the seat). A move need not be in the notation nor start with its seat: it is
    read as operations/line_reading.py says (``Played.read_as`` is then the canonical line
    it was read as, which is what the transcript gets). After it the referee adds what
    is its own to write: the draws of a seeded or committed game, and the moves of
    resigned seats.

    ``expect_ply`` / ``expect_chain`` (a prefix of the chain head's hex) guard against
    a re-sent move: StaleGuardError unless the transcript still ends there
    (``Played.witness`` is what to send next time). ``dry_run`` lets a player without
    the secret try a move whose draws only the host can deal (``Played.note`` says so).

    ``rp``, for a resident process that keeps games in memory, is a replay at the end
    of exactly ``raw`` (as :func:`referee.replay.snapshot.restore` would give it,
    yours to advance): then neither the state cache nor a replay is consulted.

    ``verify_draws`` (the hosted service): a game whose draws carry their keys
    ([Dealing]) is replayed as ``referee verify`` replays it whenever its text is new
    to this process and the state cache, so no move is added to a history with a
    forged key or salt (TranscriptHasErrors).
    """
    return _play(raw, text, name=name, secret=secret, expect_ply=expect_ply,
                 expect_chain=expect_chain, dry_run=dry_run, rp=rp, verify_draws=verify_draws)


def referee_move_line(raw: bytes, seat: str, reason: str, *, name: str = "<game>",
                      secret=None, expect_ply: int | None = None,
                      expect_chain: str | None = None) -> Played:
    """Play the least-disruptive move for ``seat`` (which must be the seat to move),
    written as an ordinary move line with the comment ``# reason``: the hosted
    service's ``skip`` deadline policy. Like :func:`play_text`, nothing is written."""
    def line(rp) -> str:
        _check_turn(rp, seat, "the referee")
        return referee_line(rp.module, rp.state, " ".join(reason.split()))
    return _play(raw, line, name=name, secret=secret, expect_ply=expect_ply,
                 expect_chain=expect_chain)


def bot_move_line(raw: bytes, seat: str, level: str, *, name: str = "<game>",
                  secret=None) -> Played:
    """Play the move the bot of ``level`` chooses for ``seat`` (the seat to move): the
    line ``referee play --bot LEVEL`` writes (:func:`bot_line`), so a hosted bot seat and
    the command line make the same move. Like :func:`play_text`, nothing is written."""
    bot = bot_line(level)

    def line(rp) -> str:
        _check_turn(rp, seat, "the bot")
        return bot(rp)
    return _play(raw, line, name=name, secret=secret)


def _check_turn(rp, seat: str, mover: str) -> str:
    """The seat, if it is the one to move at the end of ``rp``; else OutOfTurnError."""
    who = to_move(rp.state)
    if who != seat.upper():
        doing = _("the game is over") if who is None else \
            _("a chance line is due") if who == CHANCE else _("{seat} is to move").format(seat=who)
        raise OutOfTurnError(_("{mover} cannot move for {seat}: {doing}").format(
            mover=mover, seat=seat.upper(), doing=doing))
    return who


def _play(raw: bytes, text, *, name: str, secret, expect_ply: int | None = None,
          expect_chain: str | None = None, dry_run: bool = False, rp=None,
          verify_draws: bool = False) -> Played:
    """``text`` is the line, or a function of the replay at the end of the file (after
    the referee's own lines) that returns it."""
    path = name
    check_size(raw, path)
    # the body is read only if something looks at it: a replay from the state cache
    # (keyed by the digest of exactly these bytes) or ``rp`` is already at its end
    transcript = read_bytes_lazily(raw, path)
    if rp is not None:
        rp.transcript = transcript
    else:
        rp = snapshot.restore(transcript, raw)
    if rp is None:
        keyed = verify_draws and transcript.tag("Dealing") is not None
        rp = replay(transcript, chain=True, deal_check=keyed)
        if rp.errors:
            raise TranscriptHasErrors(rp.errors)
        snapshot.save(rp, raw)
    _guard(rp, expect_ply, expect_chain, path)
    kept, rp.history = rp.history, []       # the links of the lines this adds
    try:
        return _play_on(rp, raw, transcript, text, path, secret, dry_run)
    finally:
        links, rp.history = rp.history, kept
        if kept is not None:
            kept.extend(links)


def _play_on(rp, raw: bytes, transcript, text, path: str, secret, dry_run: bool) -> Played:
    module = rp.module
    committed = bool(transcript.tag("Commit")) and not transcript.tag("Seed")
    salts_due = waiting_for_salts(transcript, rp.players)
    try:
        dealer, waiting = host_dealer(transcript, rp.players, secret), None
    except BadHeaderError as err:
        dealer, waiting = None, err
    number = len(transcript.lines) + 1
    lines: list[str] = _referee_lines(rp, dealer, number)
    number += len(lines)
    state = rp.state

    if callable(text):
        text = text(rp)
    text = text.strip()
    if "\n" in text:
        raise UsageError(_("play takes one line"))
    if any((ord(ch) < 32 and ch != "\t") or ch in "\x7f\x85\u2028\u2029" for ch in text):
        raise UsageError(_("the move contains control characters"))
    if len(text) > MAX_LINE:
        raise UsageError(_("the move is {n} characters long; a line holds at most {max}").format(
            n=len(text), max=MAX_LINE))
    try:
        try:
            item = parse_line(text, number)
        except RefereeError as err:
            item = seated_item(rp, text, number, err)
    except RefereeError as err:
        raise err.at(file=path) from None
    if item is not None and item.kind == I.TAG and item.name.lower() in ("salt", "saltcommit"):
        return add_salt(path, raw, transcript, rp, item, secret)
    if item is None or item.kind not in (I.MOVE, I.CHANCE, I.CONTROL):
        what = {None: _("an empty line"), I.COMMENT: _("a comment"), I.TAG: _("a tag"),
                I.ASSERT: _("an assertion"), I.REJECT: _("a rejection")}[item.kind if item else None]
        raise UsageError(_("play takes a move or a '*' chance line, not {what}").format(what=what))
    if item.kind == I.CHANCE and (dealer is not None or committed):
        said = (_("this game's draws come from its committed secret; the referee writes them")
                if committed else
                _("this game's draws come from its [Seed]; the referee writes them"))
        raise BadChanceError(said, hint=_("play the move of the seat to act")).at(
            line=number, column=1, text=text, file=path)
    if item.kind != I.CHANCE and salts_due:
        raise BadHeaderError(waiting_message(transcript, rp.players),
                             hint=waiting.hint if waiting is not None else None).at(
            line=number, column=1, text=text, file=path)
    if item.kind != I.CHANCE and waiting is not None and not dry_run:   # no one can deal it
        raise waiting.at(line=number, column=1, text=text, file=path)
    if item.kind == I.MOVE and state.current_player() == CHANCE:
        raise BadChanceError(_("a chance line ({kind}) is due and this transcript has no "
                               "[Seed] to draw it from").format(kind=state.chance_kind()),
                             hint=_("play the draw first: referee play FILE '* ...'")).at(
            line=number, column=1, text=text, file=path)
    voided = before = read_as = move = None
    if item.kind == I.CONTROL:
        voided = last_item(transcript, number) if item.value == I.TAKEBACK else None
        canonical = rp.step(item, canonical=True)
    else:
        if item.kind == I.MOVE:
            _refuse_a_repeat(transcript, state, item, path)
        before = state.clone()
        if item.kind == I.MOVE:
            said, (item, canonical) = item, step_move(rp, item, text, number, path)
            move = rp.last_move
            if item is not said:
                read_as = canonical[0]
        else:
            canonical = rp.step(item, canonical=True)
        _round_trip(rp, before, item.kind, canonical[0], number)
    lines += [with_comment(canonical[0], item.comment)]
    note = None
    try:
        if dealer is None and waiting is not None and rp.state.current_player() == CHANCE:
            raise waiting
        lines += _referee_lines(rp, dealer, number + 1)
    except BadHeaderError:
        if not (dry_run and committed):
            raise
        note = (f"the move is legal; the host will deal what follows "
                f"(the {rp.state.chance_kind()} draw)")
    state = rp.state

    result = header = None
    done = result_text(state)
    new = raw.decode("utf-8")
    eol = "\r\n" if "\r\n" in new else "\n"
    if new and not new.endswith("\n"):
        new += eol
    new += "".join(line + eol for line in lines)
    if done is not None and transcript.tag_item("Result") is None:
        result = done
        new = add_tag(new, transcript, format_tag("Result", result) + eol.rstrip("\n"))
        if committed and transcript.tag("Dealing") is None and not dry_run:
            # a legacy game is over: reveal what dealt it (hmac-sha256/1 lines show their keys)
            new = add_tag(new, transcript, format_tag("Seed", secret()) + eol.rstrip("\n"),
                           before="Commit")
        header = split_text(new)[0]
    return Played(lines, state, module, result, text=new if note is None else None, replay=rp,
                  witness=rp.witness, ply=rp.ply, chain=rp.chain.hex() if rp.chain else None,
                  note=note, voided=voided.body if voided is not None else None,
                  resigned=item.name.upper() if item.value == I.RESIGN else None,
                  before=before, move=move, added=body_links(lines, rp.history),
                  header=header, read_as=read_as)


def _referee_lines(rp, dealer, number: int) -> list[str]:
    """What the referee writes itself before a seat decides: the draws of a game dealt
    from a seed or a commitment, and the moves of resigned seats (T-5), each played
    through the replay like any line (so the state and chain move on as on reading)."""
    lines: list[str] = []
    for _ in range(100_000):
        who = to_move(rp.state)
        if who == CHANCE and dealer is not None:
            lines += dealer.deal(rp)
        elif who is not None and who != CHANCE and who in resigned(rp.state):
            line = referee_line(rp.module, rp.state, REFEREE_PLAYS.format(seat=who))
            rp.step(parse_line(line, number + len(lines)))
            lines.append(line)
        else:
            return lines
    raise InternalError("the referee's own moves do not end")


def _words(text: str) -> str:
    return " ".join(re.split(r"[\s,]+", text.lower())).strip()


def _refuse_a_repeat(transcript, state, item, path: str) -> None:
    """A move posted twice (a forum post sent again) is answered with where it already is.
    Only when it cannot be a new move: the seat is not the one to act and the line says
    word for word what that seat's last recorded move says."""
    seat = item.name.upper()
    if state.current_player() == seat:
        return
    last = next((it for it in reversed(transcript.items)
                 if it.kind == I.MOVE and it.name.upper() == seat), None)
    if last is not None and _words(last.body) == _words(item.body):
        raise OutOfTurnError(_("this move of {seat}'s is already recorded at line {n}").format(
            seat=seat, n=last.line), hint=_("nothing to do; referee show FILE shows the game")).at(
            line=item.line, column=1, text=item.text, file=path)


def _round_trip(rp, before, kind: str, canonical: str, number: int) -> None:
    """The canonical line must replay to the same state, or the file would be unreadable.

    A move line is read back against ``before`` (the state it was played in, left
    as it is) and must give the very move that was played: moves are values and
    applying one is deterministic, so that is the same state. A chance line is
    replayed on a copy and the states compared."""
    try:
        item = parse_line(canonical, number)
        if kind == I.MOVE and rp.last_move is not None:
            same = (item is not None and item.kind == I.MOVE
                    and rp.module.parse_move(item.body, before) == rp.last_move)
        else:
            probe = Replay(rp.transcript, rp.module, rp.players, rp.rules, before.clone())
            probe.step(item)
            same = rp.module.state_to_json(probe.state) == rp.module.state_to_json(rp.state)
    except RefereeError as err:
        raise InternalError(f"the canonical line '{canonical}' does not replay: "
                            f"{err.code}: {err.reason}") from None
    if not same:
        raise InternalError(f"the canonical line '{canonical}' replays to a different state")
