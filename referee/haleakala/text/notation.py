"""Haleakala moves in the forum notation (docs/haleakala.md, docs/notation.md).

Reading is lenient, writing canonical. Every Haleakala move is fully named by
what the player writes (a disc value is unique, so ``takes back 3`` finds its
beach), so the reader builds one candidate and asks the engine whether it is
legal, without playing it: the engine's reason, which names the rule, is what
the player sees, and the replay applies the move once.
This module may import lark; the engine never does.
"""
from __future__ import annotations

from referee.core.game import CHANCE
from referee.errors import IllegalMoveError, NotationSyntaxError, OutOfTurnError
from referee.haleakala.rules import board
from referee.haleakala.text.canonical_moves import pickable, purchasable, read_move
from referee.haleakala.rules.moves import (Buy, BuyNothing, PickCard, PlaceDisc, PriestessMove, Sail,
                                     TakeBack)
from referee.syntax.grammar import parser
from referee.syntax.hints import did_you_mean, from_lark
from referee import i18n

__all__ = ["parse_move", "format_move"]


def _parser():
    return parser("haleakala")


def _col(tok) -> int:
    return getattr(tok, "column", None) or 1


def _syntax(reason: str, tok, text: str, hint: str | None = None) -> NotationSyntaxError:
    return NotationSyntaxError(reason, column=_col(tok), text=text, hint=hint)


def _section(st, tok, ring: str, text: str) -> int:
    """A section from ``beach3`` / ``beach 3`` / ``3``, insisting on the ring when named."""
    word = str(tok)
    if tok.type == "INT":
        sec = int(word)
    else:
        parsed = board.parse_space(st.comp, word.replace(" ", "").replace("\t", ""))
        if parsed is None:
            raise _syntax(f"there is no space '{word}': sections are 1-{st.comp.sections} (K-R1)",
                          tok, text)
        if parsed[0] != ring:
            raise _syntax(f"'{word}' is not a {ring} space: write {ring}{parsed[1]}", tok, text,
                          f"did you mean '{ring}{parsed[1]}'?")
        sec = parsed[1]
    if not 1 <= sec <= st.comp.sections:
        raise _syntax(f"there is no section {sec}: sections are 1-{st.comp.sections} (K-R1)", tok, text)
    return sec


def _space(st, tok, text: str) -> str:
    word = str(tok).replace(" ", "").replace("\t", "")
    if tok.type == "INT":
        raise _syntax(f"name the shaman's space, like plain{word} or forest{word}", tok, text)
    parsed = board.parse_space(st.comp, word)
    if parsed is None:
        raise _syntax(f"there is no space '{tok}' (K-R1)", tok, text)
    return board.space(*parsed)


def _name(word_tok, table: dict[str, str], what: str, text: str) -> str:
    word = str(word_tok)
    found = table.get(word.lower())
    if found is None:
        raise _syntax(f"unknown {what} '{word}'", word_tok, text, did_you_mean(word, table.values()))
    return found


def parse_move(text: str, state, *, shortcut: bool = True):
    """Lenient text -> the one legal move it names, or a RefereeError (rule named).

    The referee's own lines take a shortcut (:mod:`referee.haleakala.text.canonical_moves`)."""
    if shortcut:
        move = read_move(text, state)
        if move is not None:
            return move
    from lark.exceptions import UnexpectedInput   # heavy: only for a line the shortcut cannot read
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as exc:
        err = from_lark(exc, text, _parser(), what=i18n.N_("the move"))
        if "BUYS" in (getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ()):
            _verbs_of_the_decision(err, state, text)
        raise err from None
    seat_tok, action = tree.children
    seat = str(seat_tok).upper()
    st = state
    if seat not in st.seats:
        raise _syntax(f"{seat} does not play Haleakala: the seats are {' '.join(st.seats)}",
                      seat_tok, text)
    who = st.current_player()
    if who is None:
        raise IllegalMoveError(i18n._("the game is over: no more moves (K-R8)"), column=1)
    if who == CHANCE:
        raise OutOfTurnError(i18n._("{seat} cannot move now: a chance line ({kind}) is due").format(
            seat=seat, kind=st.chance_kind()), column=1)
    if who != seat:
        raise OutOfTurnError(i18n._("{seat} cannot move now: {who} is to move").format(
            seat=seat, who=who), column=1)
    move = _build(st, seat, action, text)
    st.check(move)                 # the engine's reason when illegal; the replay applies it once
    return move


# What each kind of decision is written with, canonical verb first (grammar/haleakala.lark).
_VERBS = {PlaceDisc: ("places", "puts", "plays"), TakeBack: ("takes back",), Sail: ("sails",),
          PickCard: ("picks", "chooses", "takes"), PriestessMove: ("priestess",),
          Buy: ("buys", "purchases"), BuyNothing: ("buys nothing",)}


def _verbs_of_the_decision(err: NotationSyntaxError, st, text: str) -> None:
    """A wrong verb is answered with the verbs of the decision due, not every verb of
    the game: in the action phase 'bys' is no purchase ('did you mean buys?' misled)."""
    who = st.current_player()
    if who is None or who == CHANCE:
        return
    kinds = dict.fromkeys(type(m) for m in st.legal_moves())
    verbs = [v for k in kinds for v in _VERBS.get(k, ())]
    if not verbs:
        return
    canonical = ", ".join(f"'{_VERBS[k][0]}'" for k in kinds if k in _VERBS)
    head = err.reason.split(": expected")[0]
    err.reason = f"{head}: {who} is to move: expected {canonical}"
    word = text[err.column - 1:].split(None, 1)[0] if err.column <= len(text) else ""
    err.hint = did_you_mean(word, verbs) if word and word[:1].isalpha() else None


def _shaman(st, node, text: str):
    if node is None or node.data == "shaman_stays":
        return None
    return _space(st, node.children[-1], text)


def _build(st, seat: str, action, text: str):
    kind = action.data
    kids = action.children
    if kind == "place":
        _, value, inv1, _, where, inv2, shaman = kids
        if inv1 is not None and inv2 is not None:
            raise _syntax("the invocation disc is named twice", inv2.children[0], text)
        return PlaceDisc(seat, int(value), _section(st, where, "beach", text),
                         _shaman(st, shaman, text), inv1 is not None or inv2 is not None)
    if kind in ("take_back", "take_back_short"):
        if kind == "take_back":
            _, _, value, _, where, shaman = kids
        else:
            _, value, _, where, shaman = kids
        v = int(value)
        if where is not None:
            sec = _section(st, where, "beach", text)
        else:
            found = [s for s in sorted(st.beaches) if v in st.beaches[s][seat]]
            if not found:
                raise IllegalMoveError(i18n._("{seat} cannot take back {value}: that disc is not on a beach (K-R4)").format(
                    seat=seat, value=v),
                                       column=_col(value))
            sec = found[0]
        return TakeBack(seat, v, sec, _shaman(st, shaman, text))
    if kind == "sail":
        return Sail(seat)
    if kind == "pick":
        return PickCard(seat, _name(kids[1], pickable(st.comp), "card", text))
    if kind == "priestess_none":
        return PriestessMove(seat)
    if kind == "priestess_route":
        _, _, src, _, dst = kids
        return PriestessMove(seat, _section(st, src, "crater", text), _section(st, dst, "crater", text))
    if kind == "buy_nothing":
        return BuyNothing(seat)
    if kind == "buy":
        return Buy(seat, _name(kids[1], purchasable(st.comp), "score card", text))
    raise _syntax(f"unknown move '{text.strip()}'", kids[0] if kids else None, text)


def format_move(move, state) -> str:
    """The canonical line for ``move`` played from ``state``."""
    seat = move.seat
    if isinstance(move, PlaceDisc):
        line = f"{seat} places {move.value}"
        if move.invocation:
            line += " with invocation"
        line += f" on beach{move.section}"
        return line + _shaman_clause(move, state)
    if isinstance(move, TakeBack):
        return f"{seat} takes back {move.value} from beach{move.section}" + _shaman_clause(move, state)
    if isinstance(move, Sail):
        return f"{seat} sails"
    if isinstance(move, PickCard):
        return f"{seat} picks {move.card}"
    if isinstance(move, PriestessMove):
        if move.src is None:
            return f"{seat} priestess none"
        return f"{seat} priestess crater{move.src}->crater{move.dst}"
    if isinstance(move, Buy):
        return f"{seat} buys {move.card}"
    if isinstance(move, BuyNothing):
        return f"{seat} buys nothing"
    raise TypeError(f"not a Haleakala move: {move!r}")


def _shaman_clause(move, state) -> str:
    if move.shaman is None or move.shaman == state.shaman.get(move.seat):
        return ""
    return f", shaman to {move.shaman}"
