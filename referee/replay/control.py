"""Control items: ``SEAT takes back`` and ``SEAT resigns`` (docs/notation.md, T-1..T-7).

Both are appended to the transcript, never a rewrite of it. A takeback puts the
game back where it stood before the seat's last move, so replay, ``show`` and
``moves`` see that move as never played while the file keeps both lines. A
resignation is kept on the state (``State.control``) rather than in the engine,
so one rule serves every title: the engine goes on giving a resigned seat its
turns, the referee answers them with the game's least-disruptive move, and only
the outcome changes (the seat cannot win).
"""
from __future__ import annotations

from dataclasses import dataclass

from referee.core.game import Outcome
from referee.errors import BadPositionError, IllegalMoveError
from referee.i18n import N_, _
from referee.replay.lines import canonical_move
from referee.transcript import items as I
from referee.transcript.problems import InternalError
from referee.transcript.writer import format_result, with_comment

PLY_KINDS = (I.MOVE, I.CHANCE, I.CONTROL)
REFEREE_PLAYS = "{seat} resigned: played by the referee"


@dataclass(frozen=True)
class Resignations:
    players: tuple[str, ...]
    resigned: tuple[str, ...] = ()

    @property
    def left(self) -> tuple[str, ...]:
        return tuple(s for s in self.players if s not in self.resigned)

    @property
    def decided(self) -> bool:
        """All but one resigned: that one has won and the game is over (T-4)."""
        return len(self.left) <= 1


# -- what the rest of the transcript layer asks ----------------------------------------

def resigned(state) -> tuple[str, ...]:
    control = getattr(state, "control", None)
    return control.resigned if control is not None else ()


def decided(state) -> bool:
    control = getattr(state, "control", None)
    return control is not None and control.decided


def to_move(state) -> str | None:
    """Like ``state.current_player()``, but None once resignations have ended the game."""
    return None if decided(state) else state.current_player()


def outcome(state) -> Outcome | None:
    """The game's outcome with resigned seats out of the running (T-4, T-6)."""
    control = getattr(state, "control", None)
    if control is not None and control.decided:
        return Outcome({}, control.left, {"resigned": list(control.resigned)})
    out = state.outcome()
    if out is None or control is None:
        return out
    return Outcome(out.scores, state.winners_among(control.left), out.detail)


def result_text(state) -> str | None:
    """The ``[Result]`` value: ``RED resigned; winner YELLOW`` when resignations end the
    game, ``RED 30, GREEN 28, BLUE 25; winner GREEN; RED resigned`` when it is played out."""
    out = outcome(state)
    if out is None:
        return None
    gone = ", ".join(f"{seat} resigned" for seat in resigned(state))
    if not gone:
        return format_result(out)
    if decided(state):
        return f"{gone}; winner {' '.join(out.winners)}"
    return f"{format_result(out)}; {gone}"


def state_json(module, state) -> dict:
    """The state's JSON: the game's own, and the resignations the referee keeps beside the
    engine, so that ``?`` assertions, ``show``, the state cache and the host all see who
    resigned and who won. Once a seat has resigned: ``resigned`` (in the order they
    resigned); when the game is decided (by the resignations, T-4, or played out, with
    the resigned seats out of the running, T-6) ``result`` holds the scores (none when the
    resignations ended it before any scoring), the winners and ``resigned``; a game the
    resignations ended has ``to_move`` null."""
    data = module.state_to_json(state)
    gone = resigned(state)
    if not gone:
        return data
    data["resigned"] = list(gone)
    if decided(state):
        data["to_move"] = None
    out = outcome(state)
    if out is not None:
        data["result"] = {"scores": dict(out.scores), "winners": list(out.winners),
                          "resigned": list(gone)}
    return data


def _from_json(module, data: dict, checked: bool):
    """The game's own reading (``checked`` passed only when off: a game whose module
    predates it reads every state with its checks)."""
    return module.state_from_json(data) if checked else module.state_from_json(data, checked=False)


def state_from_json(module, data: dict, players, *, checked: bool = True) -> object:
    """The state :func:`state_json` wrote, resignations included (``players``: the game's
    seats, from its header). What the resignations decided is derived again, not read.
    ``checked=False`` for a state this code wrote and signed itself (no consistency check)."""
    gone = data.get("resigned") or []
    if not gone:
        return _from_json(module, data, checked)
    if not isinstance(gone, list) or any(s not in players for s in gone) \
            or len(set(gone)) != len(gone):
        raise BadPositionError(_("'resigned' must list seats of the game ({seats}), each "
                                 "once").format(seats=" ".join(players)))
    data = {k: v for k, v in data.items() if k != "resigned"}
    result = data.get("result")
    if isinstance(result, dict) and "resigned" in result:
        del data["result"]                      # the referee's, made again from the state
    if len(gone) >= len(players) - 1:
        data.pop("to_move", None)               # null because resignations ended the game
    state = _from_json(module, data, checked)
    state.control = Resignations(tuple(players), tuple(gone))
    return state


def clone(state):
    """``state.clone()`` with its resignations (a title's clone does not know them)."""
    copy = state.clone()
    copy.control = getattr(state, "control", None)
    return copy


def referee_line(module, state, reason: str) -> str:
    """The least-disruptive move of the seat to move, as the line the referee writes."""
    seat = state.current_player()
    move = module.least_disruptive_move(state)
    return with_comment(canonical_move(module, move, state, seat), f"# {reason}")


def check_move(state, seat: str) -> None:
    """A move after resignations have ended the game is refused (T-4)."""
    if decided(state):
        gone = ", ".join(_("{seat} resigned").format(seat=s) for s in resigned(state))
        raise IllegalMoveError(_("the game is over ({gone}): {seat} cannot move (T-4)").format(
            gone=gone, seat=seat), column=1)


def check_referee_move(module, state, seat: str, move) -> None:
    """A resigned seat's move must be the one the referee plays for it (T-5)."""
    expected = module.least_disruptive_move(state)
    if move == expected:
        return
    want = canonical_move(module, expected, state, seat)
    if canonical_move(module, move, state, seat) != want:
        raise IllegalMoveError(_("{seat} has resigned: the referee plays its moves, and here "
                                 "that is '{move}' (T-5)").format(seat=seat, move=want),
                               column=1)


# -- replaying a control item --------------------------------------------------------------

def _is_takeback(item) -> bool:
    return item.kind == I.CONTROL and item.value == I.TAKEBACK


def standing(items):
    """The moves, chance lines and resignations of ``items`` that still stand, in order,
    and the lines of the moves a takeback voided: a voided move and its takeback are
    as if never played, so a later takeback looks past them (T-1)."""
    kept, voided = [], set()
    for item in items:
        if item.kind not in PLY_KINDS:
            continue
        if _is_takeback(item):
            if kept and kept[-1].kind == I.MOVE and kept[-1].name.upper() == item.name.upper():
                voided.add(kept.pop().line)
            continue
        kept.append(item)
    return kept, voided


def voided_lines(items) -> set[int]:
    """The lines of moves that a takeback voids: the replay keeps a copy of the state
    before each of them, so a takeback costs no second replay."""
    return standing(items)[1]


def last_item(transcript, line: int):
    """The last move, chance line or resignation before ``line`` that still stands."""
    kept = standing([it for it in transcript.items if it.line < line])[0]
    return kept[-1] if kept else None


def play(rp, item) -> str:
    """Apply a control item to the replay ``rp``; its canonical line. IllegalMoveError
    (state untouched) when the item is not allowed here."""
    seat = item.name.upper()
    state = rp.state
    if state.current_player() is None or decided(state):
        said = _("the game is over: {seat} can no longer take back (T-3)") \
            if item.value == I.TAKEBACK else _("the game is over: {seat} can no longer resign (T-4)")
        raise IllegalMoveError(said.format(seat=seat), column=1)
    if item.value == I.RESIGN:
        _resign(rp, seat)
    else:
        _take_back(rp, item, seat)
    return f"{seat} {I.CONTROL_TEXT[item.value]}"


def _resign(rp, seat: str) -> None:
    state = rp.state
    control = getattr(state, "control", None) or Resignations(tuple(rp.players))
    if seat in control.resigned:
        raise IllegalMoveError(_("{seat} has already resigned (T-4)").format(seat=seat), column=1)
    state.control = Resignations(control.players, control.resigned + (seat,))


_UNDO = N_("'takes back' alone undoes the seat's own last move; a game's move that takes a "
           "piece back names the piece")


def _take_back(rp, item, seat: str) -> None:
    state = rp.state
    if seat in resigned(state):
        raise IllegalMoveError(_("{seat} has resigned: the referee plays its moves and they "
                                 "cannot be taken back (T-5)").format(seat=seat), column=1)
    prev = last_item(rp.transcript, item.line)
    if not any(it.kind == I.MOVE and it.line < item.line and it.name.upper() == seat
               for it in rp.transcript.items):
        raise IllegalMoveError(_("{seat} has nothing to take back: it has not moved yet "
                                 "(T-1)").format(seat=seat), hint=_(_UNDO), column=1)
    undone = [it.line for it in rp.transcript.items if _is_takeback(it) and it.line < item.line
              and it.name.upper() == seat and (prev is None or it.line > prev.line)]
    if undone:
        raise IllegalMoveError(_("{seat} cannot undo its last move again: its takeback of line "
                                 "{n} voided it, and a takeback cannot be taken back "
                                 "(T-2)").format(seat=seat, n=undone[-1]), column=1)
    if prev.kind == I.CHANCE:
        raise IllegalMoveError(_("{seat} cannot undo its last move: the chance line of line {n} "
                                 "has followed the last move (T-1)").format(
                                     seat=seat, n=prev.line), column=1)
    if prev.kind == I.CONTROL:
        raise IllegalMoveError(_("{seat} cannot undo its last move: the last item (line {n}) is "
                                 "a resignation, and a resignation cannot be taken back "
                                 "(T-2)").format(seat=seat, n=prev.line), column=1)
    if prev.name.upper() != seat:
        raise IllegalMoveError(_("{seat} cannot undo its last move: the last move (line {n}) is "
                                 "{other}'s, and a seat takes back only its own move while "
                                 "nothing has followed it (T-1)").format(
                                     seat=seat, n=prev.line, other=prev.name.upper()),
                               column=1)
    undo = rp.undo
    before = undo[1] if undo is not None and undo[0] == prev.line else _replayed_to(rp, prev.line - 1)
    before.control = getattr(state, "control", None)
    rp.state, rp.undo = before, None
    rp.moves -= 1


def _replayed_to(rp, line: int):
    """The state after ``line`` when no copy was kept (``play`` starts from a cached state)."""
    inner = rp.replayed_to(line)
    if inner.stopped_at is not None or inner.state is None:
        raise InternalError(f"the transcript does not replay up to line {line}")
    return inner.state
