"""Replaying a transcript through its GameModule, collecting every error.

A syntax error costs only its line; the first rules error ends the replay,
because every later position depends on it, and the lines after it are
reported as not evaluated. Assertions and rejections never change the state,
so their failures are reported and the replay goes on.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from referee.core import registry
from referee.core.game import CHANCE
from referee.errors import (AssertionFailedError, BadChanceError, BadHeaderError, IllegalMoveError,
                            InvariantError, NotationSyntaxError, OutOfTurnError, RefereeError)
from referee.replay.assertions import check
from referee.replay.chain import genesis, link, witness
from referee.replay.commit import salts
from referee.replay.control import (PLY_KINDS, check_move, check_referee_move, clone, play,
                                    result_text, state_json, to_move, voided_lines)
from referee.replay.dealer import verifier
from referee.replay.lines import canonical_move
from referee.replay.position import load_position
from referee.replay.seeded import canonical_chance, split_key
from referee.syntax.hints import did_you_mean, grammar_keywords, seat_hint, word_at
from referee.transcript import items as I
from referee.transcript.items import Item, Transcript
from referee.transcript.problems import NotEvaluated, internal
from referee.transcript.reader import MAX_ERRORS, too_many_errors
from referee.i18n import SOURCE, _, speaking


@dataclass
class Check:
    """The verdict on one ``?`` or ``!`` line."""
    item: Item
    passed: bool
    error: RefereeError | None = None


@dataclass
class Replay:
    transcript: Transcript
    module: Any = None
    players: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    state: Any = None
    errors: list[RefereeError] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    moves: int = 0
    draws: int = 0
    stopped_at: int | None = None
    dealer: Any = None             # referee verify: every draw must be the one this deals
    ply: int = 0                   # items so far (moves, chance lines, control items)
    chain: bytes | None = None     # the chain head (docs/notation.md section 11) when tracked
    acts: int = 0                  # chance lines so far: the k of the next random act
    last_key: bytes | None = None  # the key the last chance line revealed
    components_differ: str | None = None   # [Components] is not the data in use
    history: list | None = None    # (ply, head, line) of every item, when asked (verify)
    keep_before: set = field(default_factory=set)   # lines of moves a takeback voids
    undo: tuple | None = None      # (line, state before it) of the last such move
    last_move: Any = None          # the move value the last move item applied
    reached: int | None = None     # the last line replayed, when nothing stopped it (resume)
    positions: set | None = None   # position_key of every position a seat was to move in, when asked (bots)
    memo: tuple | None = field(default=None, repr=False, compare=False)  # state_data's
    memo_text: tuple | None = field(default=None, repr=False, compare=False)  # state_text's

    @property
    def file(self) -> str:
        return self.transcript.file

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def to_move(self) -> str | None:
        return None if self.state is None else to_move(self.state)

    @property
    def seed(self) -> str | None:
        return self.transcript.tag("Seed")

    def _json(self):
        return state_json(self.module, self.state)

    def state_data(self) -> dict:
        """The state's JSON, made once for each ply: a host's move wants it for its
        listing, its mails and the state cache. Every item links, so the ply (with the
        state object, which a takeback replaces) names the state; not to be changed."""
        key = (self.ply, id(self.state))
        if self.memo is None or self.memo[0] != key:
            self.memo = (key, state_json(self.module, self.state))
        return self.memo[1]

    def state_text(self) -> str:
        """:meth:`state_data` as compact JSON text, written once for each ply: a host's
        move stores it with the game and queues it with the move's notifications."""
        data = self.state_data()
        if self.memo_text is None or self.memo_text[0] is not data:
            self.memo_text = (data, json.dumps(data, separators=(",", ":")))
        return self.memo_text[1]

    def replayed_to(self, line: int):
        """A fresh replay of this transcript up to ``line``: what a takeback needs when
        no copy of the state before the voided move was kept (a replay from a cache)."""
        return replay(self.transcript, until=line)

    # -- one item -----------------------------------------------------------

    @property
    def witness(self) -> str | None:
        """``ply 37 chain 3f9a1c0b7e22``, the history a player keeps; None untracked."""
        if self.chain is None:
            return None
        return witness(self.ply, self.chain)

    def track_chain(self) -> None:
        """Start the chain at its genesis; call before the first item."""
        self.chain = genesis((t.name, t.value) for t in self.transcript.tags)

    def track_positions(self) -> None:
        """Keep the key of every position a seat is to move in from here on (the
        present one included): what a bot needs to avoid bringing one back."""
        self.positions = set()
        self._seen()

    def _seen(self) -> None:
        if self.state.current_player() not in (None, CHANCE):
            self.positions.add(self.module.position_key(self.state))

    def link(self, text: str, line: int | None = None) -> None:
        """One more item of the history, given by its canonical text."""
        if self.positions is not None:
            self._seen()
        self.ply += 1
        if self.chain is not None:
            self.chain = link(self.chain, self.ply, text)
            if self.history is not None:
                self.history.append((self.ply, self.chain, line, text))

    def step(self, item: Item, *, canonical: bool = False) -> list[str]:
        """Apply a move, chance or control item to the state; its canonical line(s) if asked.

        Raises a positioned RefereeError; the state is unchanged when it does.
        With the chain tracked, the item's canonical text is computed and linked.
        """
        want = canonical or self.chain is not None
        try:
            if item.kind == I.MOVE:
                lines = self._move(item, want)
            elif item.kind == I.CHANCE:
                lines = self._chance(item, want)
            elif item.kind == I.CONTROL:
                lines = self._control(item, want)
            else:
                raise AssertionError(item.kind)
            self.link(lines[0] if lines else "", item.line)
            return lines if canonical else []
        except RefereeError as err:
            raise place(err, item, self.file, self.module) from None
        except Exception as exc:  # a bug in a module must not cost the whole batch
            raise internal(exc).at(line=item.line, column=item.column, text=item.text,
                                   file=self.file) from None

    def _seat(self, item: Item) -> str:
        seat = item.name.upper()
        if seat not in self.players:
            raise NotationSyntaxError(
                _("'{name}' is not a seat in this game: the players are {seats}").format(
                    name=item.name, seats=" ".join(self.players)),
                hint=seat_hint(item.name, self.players, registry.all_seats(), item.body),
                column=1)
        return seat

    def _control(self, item: Item, canonical: bool) -> list[str]:
        """Every control item (takes back, resigns) goes through here to referee.replay.control."""
        self._seat(item)
        line = play(self, item)
        return [line] if canonical else []

    def _move(self, item: Item, canonical: bool) -> list[str]:
        module, state = self.module, self.state
        seat = self._seat(item)
        who = state.current_player()
        if who is None:
            raise IllegalMoveError(_("the game is over: no more moves"), column=1)
        if state.control is not None:
            check_move(state, seat)
        if who == CHANCE:
            raise OutOfTurnError(_("a chance line ({kind}) is due before {seat} can move").format(
                kind=state.chance_kind(), seat=seat), column=1,
                hint=_("write the '* ...' line of the draw first"))
        move = module.parse_move(item.body, state)    # out of turn: the module names the rule
        if seat in getattr(state.control, "resigned", ()):
            check_referee_move(module, state, seat, move)
        lines = [canonical_move(module, move, state, seat)] if canonical else []
        if item.line in self.keep_before:
            self.undo = (item.line, clone(state))
        state.apply(move)
        self.last_move = move
        self.moves += 1
        return lines

    def _chance(self, item: Item, canonical: bool) -> list[str]:
        module, state = self.module, self.state
        who = state.current_player()
        if state.control is not None and state.control.decided:
            who = None                        # resignations ended the game (T-4)
        if who != CHANCE:
            if who is None:
                raise BadChanceError(_("no random act is due: the game is over"), column=1)
            raise BadChanceError(_("no random act is due here: {seat} is to move").format(seat=who),
                                 column=1)
        body, key = split_key(item.body)
        outcomes = module.parse_chance(body, state)
        if not outcomes:
            raise BadChanceError(_("the chance line names no outcome"), column=1)
        kind = state.chance_kind()
        if self.dealer is not None:
            self.dealer.check(self, kind, outcomes, key)
        before = state.clone() if canonical else None
        # parse_chance has validated the whole line against this state, so the draws
        # apply without a trial copy (a replay stops at its first rules error anyway)
        state.apply_draws(outcomes)
        self.draws += len(outcomes)
        self.acts += 1
        if key is not None:
            self.last_key = key
        if not canonical:
            return []
        return [canonical_chance(module, kind, outcomes, before, key)]

    def check_item(self, item: Item) -> Check:
        """Evaluate a ``?`` or ``!`` line against the current state."""
        try:
            if item.kind == I.ASSERT:
                check(self._json(), item.path, item.op, item.value, self.players)
            else:
                self._reject(item)
        except RefereeError as err:
            return Check(item, False, place(err, item, self.file, None, keep_column=False))
        except Exception as exc:
            return Check(item, False, internal(exc).at(line=item.line, column=item.column,
                                                       text=item.text, file=self.file))
        return Check(item, True)

    def _reject(self, item: Item) -> None:

        before = self._json()
        body = item.body
        trial = clone(self.state)
        try:
            # the words a '!' line expects are the notation's, English whoever reads
            with speaking(SOURCE):
                sub = Replay(self.transcript, self.module, self.players, self.rules, trial,
                             moves=self.moves, undo=self.undo)
                if body.startswith("*"):
                    sub._chance(Item(I.CHANCE, item.line, item.text, body=body[1:].strip()),
                                False)
                else:
                    word = body.split(None, 1)[0] if body.split() else ""
                    tried = I.as_control(Item(I.MOVE, item.line, item.text, body=body, name=word))
                    if tried.kind == I.CONTROL:
                        sub._control(tried, False)
                    else:
                        sub._move(tried, False)
        except RefereeError as err:
            said = " ".join(filter(None, [err.code, err.reason, err.hint,
                                          " ".join(getattr(err, "candidates", []) or [])]))
            if item.value is not None and item.value.lower() not in said.lower():
                raise AssertionFailedError(
                    _("rejected as expected, but the error does not mention \"{expected}\": "
                      "{code}: {reason}").format(expected=item.value, code=err.code,
                                                 reason=err.reason)) from None
            if not body.startswith("*") and sub._json() != before:
                raise InvariantError("the rejected move changed the state") from None
            return
        raise AssertionFailedError(_("the move was accepted, but this line says it must be rejected"))


def place(err: RefereeError, item: Item, file: str, module, *, keep_column: bool = True) -> RefereeError:
    """Give ``err`` the item's file, line and full text; shift a module's column.

    Modules report columns relative to the text they were handed (the move or
    the chance body); the transcript reports them in the source line.
    """
    start = item.body_column if item.kind in (I.MOVE, I.CHANCE, I.REJECT, I.ASSERT) else item.column
    if keep_column and err.column is not None and err.line is None:
        column = start + err.column - 1
    else:
        column = start
    err.line, err.column, err.text, err.file = item.line, max(1, min(column, len(item.text) + 1)), \
        item.text, file
    if err.code == "syntax" and err.hint is None and module is not None:   # "": the module has none
        err.hint = _keyword_hint(module, item.text, err.column)
    return err


def _keyword_hint(module, text: str, column: int) -> str | None:
    word = word_at(text, column)
    if not word or not word[0].isalpha():
        return None
    keywords = grammar_keywords(getattr(module, "key", ""))
    if word.lower() in (k.lower() for k in keywords):
        return None         # a keyword in the wrong place: another form of it is no better
    return did_you_mean(word, keywords)


# -- the header ---------------------------------------------------------------

def _split(value: str | None) -> list[str]:
    return [w for w in re.split(r"[\s,]+", value or "") if w]


def start(rp: Replay) -> None:
    """Find the module and the starting state from the header tags."""
    t = rp.transcript

    def fail(reason: str, tag: str | None = None, hint: str | None = None, exc=None):
        item = t.tag_item(tag) if tag else None
        err = exc if exc is not None else BadHeaderError(reason, hint=hint)
        if item is not None:
            line, column, text = item.line, item.column, item.text
        else:
            line, column, text = 1, 1, t.line_text(1) or ""
        err.line = err.column = err.text = None
        raise err.at(line=line, column=column, text=text, file=t.file)

    game = t.tag("Game")
    if not game:
        fail(_("the [Game \"...\"] tag is missing: the referee cannot tell which rules apply"),
             hint=_("known games: {games}").format(games=", ".join(registry.keys())))
    try:
        module = registry.get(game)
    except RefereeError as err:
        err.hint = err.hint or did_you_mean(game, registry.keys())
        fail("", "Game", exc=err)
    except ImportError as exc:
        fail(_("the {game} rules are not available in this referee ({why})").format(
            game=game, why=exc), "Game")
    rp.module = module
    players = [p.upper() for p in _split(t.tag("Players"))]
    if not players:
        fail(_("the [Players \"...\"] tag is missing: name the seats in seating order"),
             "Players", hint=_("seats: {seats}").format(seats=" ".join(module.seats)))
    seats = [s.upper() for s in module.seats]
    for p in players:
        if p not in seats:
            fail(_("{seat} is not a {game} seat: seats are {seats}").format(
                seat=p, game=module.name, seats=" ".join(seats)), "Players",
                hint=did_you_mean(p, seats))
    if len(set(players)) != len(players):
        fail(_("a seat is named twice in [Players]"), "Players")
    if not module.min_players <= len(players) <= module.max_players:
        fail(_("{game} takes {least} to {most} players, not {n}").format(
            game=module.name, least=module.min_players, most=module.max_players,
            n=len(players)), "Players")
    rules = _split(t.tag("Rules"))
    known = {f.lower(): f for f in module.rule_flags}
    for flag in rules:
        if flag.lower() not in known:
            fail(_("unknown rules flag '{flag}': {game} knows {flags}").format(
                flag=flag, game=module.name,
                flags=" ".join(module.rule_flags) or _("no variants")), "Rules",
                 hint=did_you_mean(flag, module.rule_flags))
    rp.players, rp.rules = players, [known[f.lower()] for f in rules]
    position = t.tag("Position")
    try:
        if position:
            rp.state = load_position(module, t.file, position, players)
        else:
            rp.state = module.new_state(players, rp.rules)
    except RefereeError as err:
        fail("", "Position" if position else "Players", exc=err)
    except Exception as exc:
        fail("", "Position" if position else "Players", exc=internal(exc))
    if position:
        _agree_with_position(rp, fail)
    if t.tag("Salt") is not None:
        salts(t, players)              # each names a seat of the game, once
    digest = t.tag("Components")
    if digest:
        try:
            now = module.components_digest()
        except Exception:
            now = None
        if now and now != digest:
            rp.components_differ = _("written with components {then}, the referee now "
                                     "uses {now}").format(then=digest, now=now)
            rp.warnings.append(f"{t.file}: {rp.components_differ}")


def _agree_with_position(rp: Replay, fail) -> None:
    """The header must describe the saved position, or the tags would mislead a reader."""
    data = rp.module.state_to_json(rp.state)
    seats = [s.upper() for s in (data.get("seats") or list(data.get("players", {})))]
    if seats != rp.players:
        fail(_("[Players] names {named} but the position's seats are {seats}").format(
            named=" ".join(rp.players), seats=" ".join(seats)), "Players")
    flags = sorted(f.lower() for f in data.get("rules", []))
    if flags != sorted(f.lower() for f in rp.rules):
        fail(_("[Rules] says {said} but the position is played with {played}").format(
            said=" ".join(rp.rules) or _("standard rules"),
            played=" ".join(flags) or _("standard rules")), "Rules" if rp.rules else "Position")


# -- the whole file -------------------------------------------------------------

def replay(transcript: Transcript, *, until: int | None = None,
           deal_check: bool = False, chain: bool = False) -> Replay:
    """Replay ``transcript`` (up to line ``until``) and collect every error; with
    ``deal_check`` (``referee verify``) every draw must also be the one its seed or
    commitment deals; with ``chain`` (always with ``deal_check``) the chain head is
    tracked over every item (``rp.ply``, ``rp.chain``)."""
    rp = Replay(transcript)
    errors = [e for e in transcript.errors if until is None or (e.line or 0) <= until]
    todo = [it for it in transcript.items if until is None or it.line <= until]
    rp.keep_before = voided_lines(todo)
    try:
        start(rp)
        if chain or deal_check:
            rp.track_chain()
            if deal_check:
                rp.history = []
        if deal_check:
            rp.dealer = verifier(rp)
            if rp.components_differ:
                item = transcript.tag_item("Components")
                errors.append(BadHeaderError(
                    _("cannot verify against other components: the game was {how}").format(
                        how=rp.components_differ),
                    hint=_("verify with the component files it names (REFEREE_COMPONENTS_DIR)")).at(
                    line=item.line, column=item.column, text=item.text, file=transcript.file))
    except RefereeError as err:
        errors.append(err)
        rp.stopped_at = err.line
        _not_evaluated(rp, errors, todo, err.line)
        rp.errors = _sorted(errors)
        return rp
    _play(rp, errors, todo, until)
    return rp


def _play(rp: Replay, errors: list, todo: list[Item], until: int | None) -> None:
    """Step through ``todo`` after the header (or after what ``rp`` has replayed)."""
    transcript, rp.reached = rp.transcript, None
    for index, item in enumerate(todo):
        if item.kind == I.COMMENT:
            continue
        if item.kind in (I.ASSERT, I.REJECT):
            verdict = rp.check_item(item)
            rp.checks.append(verdict)
            if not verdict.passed:
                errors.append(verdict.error)
            continue
        try:
            rp.step(item)
        except RefereeError as err:
            errors.append(err)
            if err.code == "syntax" and len(errors) < MAX_ERRORS:
                continue
            rp.stopped_at = item.line
            if err.code == "syntax":
                last = len(transcript.lines)
                following = todo[index + 1:]
                if following:
                    nxt = following[0]
                    errors.append(too_many_errors(nxt.line, last, nxt.text, transcript.file))
                break
            _not_evaluated(rp, errors, todo[index + 1:], item.line)
            break
    else:
        _result(rp, errors, until)
        rp.reached = until if until is not None else \
            max((it.line for it in transcript.items), default=0)
    rp.errors = _sorted(errors)


def resume(rp: Replay, transcript: Transcript, *, until: int | None = None) -> bool:
    """Carry ``rp`` on over what ``transcript`` adds after it, up to line ``until`` (the
    end without): ``rp`` becomes what :func:`replay` of ``transcript`` with that
    ``until`` and ``rp``'s own ``deal_check`` and ``chain`` would return, at the cost of
    the new items only. A host's transcript only grows, so whoever follows one (the web
    page) checks and verifies each move once instead of the whole game each time.

    ``rp`` must be a replay without errors of an earlier version of the transcript:
    the same header and, up to the last line ``rp`` replayed, the same items and no
    unreadable line. Otherwise (a line changed or taken away, a tag added, ``until``
    before where ``rp`` got to) nothing is changed and False says to replay from the
    start; every line is compared, so a history changed in place is never resumed.
    The last move is kept a copy of the state before it, as a later version may take
    it back."""
    reached = rp.reached
    if rp.errors or reached is None or rp.state is None or \
            (until is not None and until < reached):
        return False
    old = rp.transcript
    if transcript is not old and not _same_until(old, transcript, reached):
        return False
    rp.transcript = transcript
    if rp.dealer is not None:            # verify's header checks look at the items too
        try:
            rp.dealer = verifier(rp)
        except RefereeError:
            rp.transcript = old
            return False
    todo = [it for it in transcript.items
            if it.line > reached and (until is None or it.line <= until)]
    errors = [e for e in transcript.errors if until is None or (e.line or 0) <= until]
    plied = [it for it in transcript.items if it.kind in PLY_KINDS]
    rp.keep_before = voided_lines(plied) | (
        {plied[-1].line} if plied and plied[-1].kind == I.MOVE else set())
    _play(rp, errors, todo, until)
    return True


def _same_until(old: Transcript, new: Transcript, line: int) -> bool:
    """The same tags, and the same items and no unreadable line up to ``line``."""
    def items(t):
        return [it for it in t.items if it.line <= line]
    return old.tags == new.tags and items(old) == items(new) and \
        not any((e.line or 0) <= line for e in new.errors)


def _not_evaluated(rp: Replay, errors: list, rest: list[Item], line: int | None) -> None:
    for item in rest:
        if item.kind == I.COMMENT:
            continue
        errors.append(NotEvaluated(f"not evaluated: the replay stopped at line {line}").at(
            line=item.line, column=item.column, text=item.text, file=rp.file))


def _result(rp: Replay, errors: list, until: int | None) -> None:
    """A ``[Result]`` tag must match the game's end."""
    item = rp.transcript.tag_item("Result")
    if item is None or until is not None or rp.state is None:
        return
    if any(e.code not in ("assertion-failed", "invariant") for e in errors):
        return

    expected = result_text(rp.state)
    if expected is None:
        err = BadHeaderError(_("the [Result] tag is set, but the game is not over"))
    else:
        if " ".join(item.value.split()).lower() == expected.lower():
            return
        err = BadHeaderError(_("the [Result] tag says \"{said}\", but the game ended "
                               "{result}").format(said=item.value, result=expected))
    errors.append(err.at(line=item.line, column=item.column, text=item.text, file=rp.file))


def _sorted(errors: list[RefereeError]) -> list[RefereeError]:
    return sorted(errors, key=lambda e: (e.line or 0, e.column or 0))
