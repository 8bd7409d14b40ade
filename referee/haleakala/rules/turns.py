"""Who acts, what is legal, and applying one move (K-R2..K-R11).

A state is an action turn plus a queue of pending steps (chance draws,
decisions, automatic effects). ``_settle`` runs automatic steps until a random
act or a real decision is due; a decision with a single possible answer
(nothing affordable, no lava to move, one face to pick) is not asked.
``apply`` validates a move directly (never by enumerating ``legal_moves``) and
mutates nothing before the move is known to be legal; ``check`` is that
validation alone, so a reader can judge a move without a copy of the state.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from referee.core.game import CHANCE
from referee.errors import BadChanceError, IllegalMoveError, OutOfTurnError
from referee.haleakala.rules import board, cards, landing, scoring
from referee.haleakala.rules.moves import (Buy, BuyNothing, CardDrawn, FirstPlayerDrawn, PickCard,
                                     PlaceDisc, PriestessMove, Sail, TakeBack)
from referee.i18n import _


# --- what is due -------------------------------------------------------------

def _kind(st, task: dict) -> str:
    do = task["do"]
    if do == "first":
        return "chance"
    if do in ("deal", "refill"):
        return "chance" if landing.draw_due(st, task) else "auto"
    if do == "pick":
        return "decision" if len(landing.pick_options(st, task)) >= 2 else "auto"
    if do == "priestess":
        return "decision" if cards.priestess_routes(st) else "auto"
    if do == "buy":
        return "decision" if cards.buy_options(st, task["seat"], task["why"]) else "auto"
    return "auto"


def _run_auto(st, task: dict) -> list[dict]:
    do = task["do"]
    if do == "land":
        return landing.land(st, task)
    if do == "pick":
        opts = landing.pick_options(st, task)
        return landing.pick(st, task, opts[0]) if opts else []
    if do == "rest":
        return landing.rest(st, task)
    if do == "priestess":
        cards.do_priestess(st, task["seat"], None, None)
        return []
    if do == "return":
        landing.return_discs(st, task)
        return []
    if do == "scoring":
        steps = []
        if not st.tactical:                        # K-R11: no purchase before a scoring
            by = task["by"]
            steps = [{"do": "buy", "seat": by, "why": "scoring"},
                     {"do": "buy", "seat": st.other(by), "why": "scoring"}]
        return steps + [{"do": "erupt", "n": task["n"]}]
    if do == "erupt":
        scoring.run_scoring(st, task["n"])
        return []
    return []                                      # buy with nothing affordable, exhausted draws


def _settle(st) -> None:
    while st.pending and st.result is None:
        task = st.pending[0]
        if _kind(st, task) != "auto":
            return
        st.pending.pop(0)
        steps = _run_auto(st, task)
        if steps:
            st.pending[0:0] = steps


def current_player(st):
    if st.result is not None:
        return None
    if not st.pending:
        return st.turn
    task = st.pending[0]
    if _kind(st, task) == "chance":
        return CHANCE
    return task["seat"]


def phase(st) -> str:
    if st.result is not None:
        return "over"
    if not st.pending:
        return "action"
    do = st.pending[0]["do"]
    return {"first": "setup", "deal": "setup"}.get(do, do)


# --- chance ------------------------------------------------------------------

def chance_kind(st) -> str | None:
    if current_player(st) != CHANCE:
        return None
    return {"first": "first", "deal": "slots", "refill": "refill"}[st.pending[0]["do"]]


def chance_outcomes(st) -> list[tuple[object, Fraction]]:
    if current_player(st) != CHANCE:
        return []
    task = st.pending[0]
    if task["do"] == "first":
        return [(FirstPlayerDrawn(s), Fraction(1, len(st.seats))) for s in st.seats]
    deck = st.decks[landing.active_deck(st)]
    total = sum(deck.values())
    return [(CardDrawn(f), Fraction(n, total)) for f, n in sorted(deck.items())]


def _check_chance(st, move) -> None:
    if current_player(st) != CHANCE:
        who = current_player(st)
        raise BadChanceError(f"no random act is due: {who} is to move")
    if st.pending[0]["do"] == "first":
        if not isinstance(move, FirstPlayerDrawn):
            raise BadChanceError("the first player must be drawn first (K-R1)")
        if move.seat not in st.seats:
            raise BadChanceError(f"{move.seat!r} is not a seat of this game (K-R1)")
        return
    if not isinstance(move, CardDrawn):
        raise BadChanceError(f"a card draw is due ({chance_kind(st)})")
    deck = landing.active_deck(st)
    if st.decks[deck].get(move.card, 0) <= 0:
        left = ", ".join(sorted(st.decks[deck]))
        raise BadChanceError(f"card {move.card!r} is not in the {deck}-palm deck (left: {left}) (K-R5)")


def _apply_chance(st, move) -> None:
    _check_chance(st, move)
    task = st.pending[0]
    if task["do"] == "first":
        st.first = st.turn = move.seat
        st.pending.pop(0)
    else:
        steps = landing.draw(st, task, move.card)
        if steps:
            st.pending[0:0] = steps
    _settle(st)


# --- legal moves ---------------------------------------------------------------

def legal_moves(st) -> list:
    who = current_player(st)
    if who is None:
        return []
    if who == CHANCE:
        return [m for m, _ in chance_outcomes(st)]
    if not st.pending:
        return _actions(st, who)
    task = st.pending[0]
    if task["do"] == "pick":
        return [PickCard(who, f) for f in landing.pick_options(st, task)]
    if task["do"] == "priestess":
        return [PriestessMove(who)] + [PriestessMove(who, a, b) for a, b in cards.priestess_routes(st)]
    if task["do"] == "buy":
        return [BuyNothing(who)] + [Buy(who, c) for c in cards.buy_options(st, who, task["why"])]
    return []


def _actions(st, seat: str) -> list:
    opp = st.other(seat)
    comp = st.comp
    dests = (None,) + tuple(board.shaman_destinations(comp, st.shaman[seat], st.shaman[opp]))
    secs = range(1, comp.sections + 1)
    mine = {sec: sum(st.beaches[sec][seat]) for sec in secs}
    theirs = {sec: sum(st.beaches[sec][opp]) for sec in secs}
    invoke = _can_invoke(st, seat)
    out = []
    for v in st.reserve[seat]:
        for sec in secs:
            if mine[sec] + v == theirs[sec]:
                continue
            if sec == st.boat:
                out.append(PlaceDisc(seat, v, sec))
                if invoke:
                    out.append(PlaceDisc(seat, v, sec, None, True))
            else:
                out += _with_shaman(PlaceDisc, seat, v, sec, dests)
    for sec in secs:
        for v in sorted(set(st.beaches[sec][seat])):
            if mine[sec] - v == theirs[sec] and theirs[sec] != 0:
                continue
            out += _with_shaman(TakeBack, seat, v, sec, dests)
    if not st.reserve[seat]:
        out.append(Sail(seat))
    return out


@lru_cache(maxsize=65536)
def _with_shaman(cls, seat: str, value: int, sec: int, dests: tuple) -> tuple:
    """Moves are immutable values, so the same list can serve every position (speed)."""
    return tuple(cls(seat, value, sec, d) for d in dests)


def _can_invoke(st, seat: str) -> bool:
    return st.tactical and st.invocation.get(seat) == "reserve" and st.lava_supply > 0


# --- applying ------------------------------------------------------------------

def check(st, move) -> None:
    """Raise why ``move`` cannot be played now, changing nothing.

    The notation asks this of every line it reads and the replay then applies
    the move once: no trial copy of the state, no move applied twice."""
    if st.result is not None:
        raise IllegalMoveError("the game is over: no move can be played (K-R8)")
    if isinstance(move, (FirstPlayerDrawn, CardDrawn)):
        _check_chance(st, move)
    else:
        _checked(st, move)


def apply(st, move) -> None:
    if st.result is not None:
        raise IllegalMoveError("the game is over: no move can be played (K-R8)")
    if isinstance(move, (FirstPlayerDrawn, CardDrawn)):
        _apply_chance(st, move)
        return
    dest = _checked(st, move)
    if not st.pending:
        if isinstance(move, PlaceDisc):
            _place(st, move, dest)
        elif isinstance(move, TakeBack):
            _take_back(st, move, dest)
        else:
            _sail(st, move)
    else:
        task = st.pending.pop(0)
        if isinstance(move, PickCard):
            st.pending[0:0] = landing.pick(st, task, move.card)
        elif isinstance(move, PriestessMove):
            cards.do_priestess(st, move.seat, move.src, move.dst)
        elif isinstance(move, Buy):
            st.pending[0:0] = cards.do_buy(st, move.seat, move.card)
    _settle(st)


def _checked(st, move) -> str | None:
    """The shaman's validated destination (None: it stays) once ``move`` is known
    to be legal; the rule's reason otherwise. Nothing is changed either way."""
    seat = getattr(move, "seat", None)
    who = current_player(st)
    if who == CHANCE:
        raise OutOfTurnError(_("{seat} cannot act now: a random act ({kind}) is due").format(seat=seat, kind=chance_kind(st)))
    if seat != who:
        raise OutOfTurnError(_("{seat} cannot act now: {who} is to {what}").format(seat=seat, who=who, what=_what(st)))
    if not st.pending:
        if isinstance(move, PlaceDisc):
            return _check_place(st, move)
        if isinstance(move, TakeBack):
            return _check_take_back(st, move)
        if isinstance(move, Sail):
            _check_sail(st, move)
            return None
        raise IllegalMoveError(_("{seat} must play an action now: place, take back or sail (K-R4)").format(seat=seat))
    task = st.pending[0]
    do = task["do"]
    if do == "pick" and isinstance(move, PickCard):
        opts = landing.pick_options(st, task)
        if move.card not in opts:
            raise IllegalMoveError(_("{seat} cannot pick {card}: the cards at section {section} are {cards} (K-R5)").format(
                seat=seat, card=move.card, section=task["sec"], cards=", ".join(opts)))
    elif do == "priestess" and isinstance(move, PriestessMove):
        reason = cards.priestess_reason(st, seat, move.src, move.dst)
        if reason:
            raise IllegalMoveError(reason)
    elif do == "buy" and isinstance(move, Buy):
        reason = cards.buy_reason(st, seat, task["why"], move.card)
        if reason:
            raise IllegalMoveError(reason)
    elif not (do == "buy" and isinstance(move, BuyNothing)):
        raise IllegalMoveError(_("{seat} must first {what}").format(seat=seat, what=_what(st)))
    return None


def _what(st) -> str:
    if not st.pending:
        return _("play an action (K-R4)")
    task = st.pending[0]
    do = task["do"]
    if do == "pick":
        return _("pick a card at section {section} (K-R5)").format(section=task["sec"])
    if do == "priestess":
        return _("decide the priestess's lava move (K-R6)")
    if do == "buy":
        return (_("decide a purchase after the shell card (K-R7)") if task["why"] == "shell"
                else _("decide a purchase before the scoring (K-R8)"))
    return _("wait")


def _check_section(st, seat: str, sec) -> None:
    if not isinstance(sec, int) or not 1 <= sec <= st.comp.sections:
        raise IllegalMoveError(_("{seat}: there is no beach{section}; sections are 1-{last} (K-R1)").format(
            seat=seat, section=sec, last=st.comp.sections))


def _check_shaman(st, seat: str, dest) -> str | None:
    """The validated destination (None to stay) or an IllegalMoveError."""
    here = st.shaman[seat]
    if dest is None or dest == here:
        return None
    comp = st.comp
    parsed = board.parse_space(comp, dest)
    if parsed is None:
        raise IllegalMoveError(_("{seat}'s shaman cannot go to {dest}: no such space (K-R1)").format(seat=seat, dest=repr(dest)))
    dest = board.space(*parsed)
    other = st.shaman[st.other(seat)]
    if parsed[0] not in comp.shaman_rings:
        raise IllegalMoveError(_("{seat}'s shaman cannot go to {dest}: shamans walk only on {rings} spaces (K-R2)").format(
            seat=seat, dest=dest, rings=", ".join(comp.shaman_rings)))
    if dest == other:
        raise IllegalMoveError(_("{seat}'s shaman cannot end on {dest}: the other shaman stands there (K-R2)").format(
            seat=seat, dest=dest))
    if dest not in board.reachable(comp, here):
        raise IllegalMoveError(_("{seat}'s shaman cannot reach {dest} from {here}: up to {steps} steps, at most {uphill} uphill (K-R2)").format(
            seat=seat, dest=dest, here=here, steps=comp.max_steps, uphill=comp.max_uphill))
    return dest


def _check_place(st, m: PlaceDisc) -> str | None:
    seat, opp = m.seat, st.other(m.seat)
    _check_section(st, seat, m.section)
    if m.value not in st.reserve[seat]:
        raise IllegalMoveError(_("{seat} cannot place {value}: that disc is not in {seat}'s "
                                 "reserve (K-R4)").format(seat=seat, value=m.value))
    beach = st.beaches[m.section]
    if sum(beach[seat]) + m.value == sum(beach[opp]):
        raise IllegalMoveError(_("{seat} cannot place {value} on beach{section}: sums would be equal (K-R3)").format(
            seat=seat, value=m.value, section=m.section))
    if m.section != st.boat:
        if m.invocation:
            raise IllegalMoveError(_("{seat} can add the invocation disc only on the boat's beach{section} (K-R11)").format(
                seat=seat, section=st.boat))
        return _check_shaman(st, seat, m.shaman)
    if m.shaman is not None and m.shaman != st.shaman[seat]:
        raise IllegalMoveError(_("{seat} cannot move the shaman after placing on the boat's beach{section}: the boat sails instead (K-R4)").format(
            seat=seat, section=m.section))
    if m.invocation:
        if not st.tactical:
            raise IllegalMoveError(_("{seat} has no invocation disc: it is used only in the tactical variant (K-R11)").format(seat=seat))
        if st.invocation.get(seat) != "reserve":
            raise IllegalMoveError(_("{seat} cannot add the invocation disc: it is on beach{section}, not in reserve (K-R11)").format(
                seat=seat, section=st.invocation.get(seat)))
        if st.lava_supply <= 0:
            raise IllegalMoveError(_("{seat} cannot add the invocation disc: all lava discs are already on the board this round (K-R11)").format(
                seat=seat))
    return None


def _place(st, m: PlaceDisc, dest: str | None) -> None:
    seat = m.seat
    beach = st.beaches[m.section]
    st.reserve[seat].remove(m.value)
    beach[seat] = sorted(beach[seat] + [m.value])
    st.turn = st.other(seat)
    if m.section == st.boat:
        if m.invocation:
            st.invocation[seat] = m.section
        st.boat = board.step(st.comp, st.boat, m.value)
        st.pending.append({"do": "land", "sec": st.boat, "by": seat, "invoked": bool(m.invocation)})
    elif dest is not None:
        st.shaman[seat] = dest


def _check_take_back(st, m: TakeBack) -> str | None:
    seat, opp = m.seat, st.other(m.seat)
    _check_section(st, seat, m.section)
    beach = st.beaches[m.section]
    if m.value not in beach[seat]:
        raise IllegalMoveError(_("{seat} cannot take back {value} from beach{section}: {seat} has no such disc there (K-R4)").format(
            seat=seat, value=m.value, section=m.section))
    mine, theirs = sum(beach[seat]) - m.value, sum(beach[opp])
    if mine == theirs and theirs != 0:
        raise IllegalMoveError(_("{seat} cannot take back {value} from beach{section}: sums would be equal (K-R3)").format(
            seat=seat, value=m.value, section=m.section))
    return _check_shaman(st, seat, m.shaman)


def _take_back(st, m: TakeBack, dest: str | None) -> None:
    seat = m.seat
    st.beaches[m.section][seat].remove(m.value)
    st.reserve[seat] = sorted(st.reserve[seat] + [m.value])
    st.turn = st.other(seat)
    if dest is not None:
        st.shaman[seat] = dest


def _check_sail(st, m: Sail) -> None:
    if st.reserve[m.seat]:
        left = ", ".join(map(str, st.reserve[m.seat]))
        raise IllegalMoveError(_("{seat} cannot sail: disc(s) {left} still in reserve (K-R4)").format(seat=m.seat, left=left))


def _sail(st, m: Sail) -> None:
    st.turn = st.other(m.seat)
    st.boat = board.step(st.comp, st.boat, 1)
    st.pending.append({"do": "land", "sec": st.boat, "by": m.seat, "invoked": False})
