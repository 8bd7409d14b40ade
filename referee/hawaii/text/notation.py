"""Hawaii moves in the forum notation (docs/notation-hawaii.md, notation.md §2).

Reading is lenient and writing is canonical. The reader never lists every
legal move (thousands in a rich position, and ``referee check`` replays
hundreds of games): it fills in only what the player left out, asks the
engine about each candidate with ``state.check``, and keeps the legal ones.
One legal reading is the move; several are an ambiguity the player must
resolve; none re-raises the engine's reason, which names the rule.

Chance lines live in :mod:`referee.hawaii.text.chance_lines`.
"""
from __future__ import annotations

from itertools import product

from referee.core.game import CHANCE
from referee.errors import AmbiguousMoveError, IllegalMoveError, NotationSyntaxError, OutOfTurnError
from referee.hawaii.rules import boats as boats_mod
from referee.hawaii.rules import buying, fishing, islands, payment
from referee.hawaii.text import names
from referee.hawaii.text.canonical_moves import read_move
from referee.hawaii.text.worth import candidates_worth
from referee.hawaii.text.move_syntax import KEYWORDS, Pay, Said, read, syntax_error
from referee.hawaii.rules.moves import Buy, ChooseIncome, Fish, Payment, TakeOrder, Token, Visit
from referee.hawaii.rules.rounds import INCOME_CHOICES
from referee import i18n

__all__ = ["parse_move", "format_move", "KEYWORDS"]

_PLAIN = {"move": payment.FEET, "trip": payment.FEET, "tile": payment.SHELLS}


# --- turning it into a legal move ------------------------------------------------

def parse_move(text: str, state, *, shortcut: bool = True) -> object:
    """Lenient text -> the one legal move it denotes (see the module docstring).

    The referee's own lines take a shortcut (:mod:`referee.hawaii.text.canonical_moves`).
    """
    d = state.d
    seat = text[:text.find(" ")]
    if shortcut and seat in d.players and state.current_player() == seat:
        move = read_move(text, state)
        if move is not None:
            return move
    said = read(text)
    seat = said.seat
    if seat not in d.players:
        raise syntax_error(i18n._("{seat} does not play in this game: the seats are {seats}").format(
            seat=seat, seats=" ".join(d.seats)),
                           said.seat_token, text)
    who = state.current_player()
    if who is None:
        raise IllegalMoveError(i18n._("the game is over: no more moves"), column=1)
    if who == CHANCE:
        raise OutOfTurnError(i18n._("{seat} cannot move now: a chance line ({kind}) is due").format(
            seat=seat, kind=state.chance_kind()), column=1)
    if who != seat:
        if d.phase == "income":
            raise OutOfTurnError(i18n._("{seat} cannot move now: {who} is to move, choosing "
                                        "irrigation income (H-R17)").format(seat=seat, who=who),
                                 column=1)
        raise OutOfTurnError(i18n._("{seat} cannot move now: {who} is to move (H-R4)").format(
            seat=seat, who=who), column=1)
    build = _BUILDERS[said.action]
    try:
        return _choose(build(said, state, text), state, text)
    except AmbiguousMoveError:
        raise
    except IllegalMoveError as err:
        if err.hint is None:
            err.hint = _close_payment(said, state, text)
        raise


def _close_payment(said: Said, state, text: str) -> str | None:
    """'did you mean paying fruits?' when a payment with counts fails but the same
    resource without a count, which takes the whole payment, makes the move legal."""
    for key, pay in said.fields.items():
        if not isinstance(pay, Pay) or all(n is None for n, _, _ in pay.parts):
            continue
        for i, (_, resource, _) in enumerate(pay.parts):
            others = [p for j, p in enumerate(pay.parts) if j != i and p[1] != resource]
            loose = Pay(others + [(None, resource, pay.parts[i][2])])
            fields = {**said.fields, key: loose}
            try:
                _choose(_BUILDERS[said.action](Said(said.seat, said.action, said.seat_token,
                                                    fields, said.where), state, text), state, text)
            except (IllegalMoveError, NotationSyntaxError):
                continue
            words = " ".join(f"{n} {r}" for n, r, _ in others) + (" " if others else "")
            return f"did you mean 'paying {words}{resource}'?"
    return None


def _choose(candidates: list, state, text: str):
    legal, first_error = [], None
    for m in dict.fromkeys(candidates):
        try:
            state.check(m)
        except IllegalMoveError as err:
            first_error = first_error or err
            continue
        legal.append(m)
    if len(legal) == 1:
        return legal[0]
    if legal:
        lines = [format_move(m, state) for m in legal]
        raise AmbiguousMoveError(i18n.ngettext(
            "'{text}' has {n} legal reading: say which of the candidates",
            "'{text}' has {n} legal readings: say which of the candidates", len(lines)).format(
            text=text.strip(), n=len(lines)) + candidates_worth(legal, state),
            candidates=lines, column=1)
    if first_error is None:
        raise IllegalMoveError(i18n._("'{text}' names no move").format(text=text.strip()),
                               column=1)
    raise first_error


def _tile(said: Said, state, text: str) -> str:
    kind = names.tile(said.fields["tile"], state.d.comps)
    if kind is None:
        raise syntax_error(f"unknown tile '{said.fields['tile']}'", said.where["tile"], text,
                           names.tile_hint(said.fields["tile"], state.d.comps))
    return kind


def _coord(said: Said, key: str, state, text: str) -> str:
    name = said.fields[key]
    d = state.d
    coord = names.place_coord(name, d.board, d.comps)
    if coord is None:
        if key == "dest" and names.BEACH_SPOTS.match(name.lower()):
            raise IllegalMoveError(i18n._("{seat} cannot buy on the {name}: tiles are bought at places (H-R3)").format(
                seat=said.seat, name=name),
                                   column=said.where[key].column)
        raise syntax_error(f"unknown place '{name}'", said.where[key], text,
                           names.place_hint(name, d.board, d.comps))
    return coord


def _check_origin(said: Said, state, text: str) -> None:
    if "origin" not in said.fields:
        return
    d = state.d
    at = d.players[said.seat].at
    name = said.fields["origin"]
    if names.BEACH_SPOTS.match(name.lower()):
        if at in d.board:
            raise IllegalMoveError(i18n._("{seat} stands at {at}, not on the beach (H-R5)").format(seat=said.seat, at=at),
                                   column=said.where["origin"].column)
        return
    coord = _coord(said, "origin", state, text)
    if coord != at:
        where = at if at in d.board else i18n._("the beach")
        raise IllegalMoveError(i18n._("{seat} stands at {where}, not at {coord} (H-R5)").format(
            seat=said.seat, where=where, coord=coord),
                               column=said.where["origin"].column)


def _sides(said: Said, kind: str, text: str) -> list[int]:
    side = said.fields.get("side")
    count = said.fields.get("count")
    if side is not None:
        sides = [2 if side in ("ii", "x2") else 1]
        if count is not None and count != sides[0] and kind in names.MULTI:
            raise syntax_error(f"{count} {kind}s but {side}", said.where["count"], text)
        return sides
    if count is not None:
        if kind in names.MULTI and count in (1, 2):
            return [count]
        if count != 1:
            raise syntax_error(f"only kahunas and tikis are bought two at a time, not {count} {kind}",
                               said.where["count"], text)
    return [1, 2]


def _tokens_for(said: Said, lying: list[Token]) -> list[Token]:
    if "token" not in said.fields:
        return sorted(set(lying)) or [Token(0)]
    word, plain = said.fields["token"]
    return names.tokens_named(word, plain, lying)


def _buys(said: Said, state, text: str) -> list[Buy]:
    """A lone 2 after the tile is side II or token 2: both readings are candidates."""
    f = said.fields
    if "side_or_token" not in f:
        return _buys_read(said, state, text)
    out = []
    for key, value in (("side", "ii"), ("token", ("2", False))):
        fields = {k: v for k, v in f.items() if k != "side_or_token"}
        fields[key] = value
        where = {**said.where, key: said.where["side_or_token"]}
        out += _buys_read(Said(said.seat, said.action, said.seat_token, fields, where), state, text)
    return out


def _buys_read(said: Said, state, text: str) -> list[Buy]:
    d, f = state.d, said.fields
    comps = d.comps
    seat = said.seat
    p = d.players[seat]
    kind = _tile(said, state, text)
    _check_origin(said, state, text)
    if "dest" in f:
        dests = [_coord(said, "dest", state, text)]
        if f.get("movement") == "stay" and dests[0] != p.at:
            where = p.at if p.at in d.board else i18n._("the beach")
            raise IllegalMoveError(i18n._("{seat} cannot stay at {place}: the chief stands at {where} (H-R5)").format(
                seat=seat, place=dests[0], where=where),
                                   column=said.where["dest"].column)
    elif f.get("movement") == "stay":
        if p.at not in d.board:
            raise IllegalMoveError(i18n._("{seat} stands on the beach and cannot stay at a place (H-R5)").format(seat=seat),
                                   column=said.where["movement"].column)
        dests = [p.at]
    else:
        dests = [c for c, pid in d.board.items() if kind in comps.place(pid).sells] or [p.at]
    if f.get("kane") is not None and names.tile(f["kane"], comps) != "tiki":
        raise syntax_error(f"only a tiki comes with KANE, not '{f['kane']}'", said.where["kane"], text,
                           "did you mean 'plus tiki'?")
    out = []
    for coord in dests:
        place = d.place_at(coord)
        cost = buying.move_cost(d, p, coord)
        move_pay = f["move_pay"].amount(cost) if "move_pay" in f else payment.plain(cost, _PLAIN["move"])
        for side in _sides(said, kind, text):
            count = side if kind in names.MULTI else 1
            villages = [f["village"]] if "village" in f else (buying.targets(d, p, kind, count) or [None])
            for token in _tokens_for(said, place.tokens):
                price = token.value * side
                tile_pay = (f["tile_pay"].amount(price) if "tile_pay" in f
                            else payment.plain(price, _PLAIN["tile"]))
                for village, extra in product(villages, _kane_options(said, p, comps)):
                    out.append(Buy(seat, coord, kind, side, token, village, move_pay, tile_pay, extra))
    return out


def _kane_options(said: Said, p, comps) -> list[Payment | None]:
    f = said.fields
    if f.get("kane") is None:
        return [None]
    need = comps.tiles["kane"].tiki_cost or 0
    if "kane_pay" in f:
        return [f["kane_pay"].amount(need)]
    return payment.two_resources(p.shells, p.feet, p.fruits, need) or [Payment(shells=need)]


def _boats_and_pay(said: Said, state, cost: int) -> tuple[tuple[str, ...], Payment]:
    d, f = state.d, said.fields
    p = d.players[said.seat]
    realm_boats = p.realm.boats
    if "boats" in f:
        known, unknown = names.boats_named([n for n, _ in f["boats"]], realm_boats)
        names_ = tuple(b.name for b in known) + unknown
    else:
        trip = boats_mod.default_trip(cost, realm_boats, d.comps)
        picked = set(trip[0]) if trip else {b.name for b in realm_boats if not b.used}
        known = [b for b in realm_boats if b.name in picked]
        names_ = tuple(b.name for b in known)
    paid = boats_mod.default_units(cost, known, d.comps)
    pay = f["pay"].amount(paid) if "pay" in f else payment.plain(paid, _PLAIN["trip"])
    return names_, pay


def _fishes(said: Said, state, text: str) -> list[Fish]:
    """Every set of cove tokens fitting what was said, one per set of fish shown: tokens
    showing the same fish score the same and all go back to the bag at the round end,
    so the lowest (a plain one before a spear one) stands for them (H-R10)."""
    d = state.d
    items = said.fields["fish"]
    names_, pay = _boats_and_pay(said, state, len(items))
    options = [_fish_candidates(item, said, state) for item in items]
    chosen: dict[tuple, tuple] = {}
    for combo in product(*options):
        taken = tuple(sorted(combo, reverse=True))
        if any(taken.count(t) > d.cove.count(t) for t in set(taken)):
            continue
        shown = tuple(sorted(d.comps.fish(t) for t in taken))
        if shown not in chosen or sorted(taken) < sorted(chosen[shown]):
            chosen[shown] = taken
    if not chosen:
        if all(t in d.cove for o in options for t in o):
            raise IllegalMoveError(i18n._("{seat} names {n} tokens, more than lie in the cove: it holds {cove} (H-R10)").format(
                seat=said.seat, n=len(items), cove=fishing.cove_text(d)),
                                   column=said.where["fish"].column)
        chosen[()] = tuple(sorted((o[0] for o in options), reverse=True))   # the engine says why
    return [Fish(said.seat, taken, names_, pay) for taken in chosen.values()]


def _fish_candidates(item, said: Said, state) -> list[Token]:
    """The cove tokens one named fish can be; a token not lying there is returned alone,
    for the engine to refuse with its reason."""
    d = state.d
    cove = sorted(set(d.cove))
    where = said.where["fish"].column
    if item.price is not None:
        named = Token.parse(item.price)
        cove = [t for t in cove if t == named or (not named.spear and t.value == named.value)]
        if not cove:
            return [named]
    if item.fish is not None:
        fitting = [t for t in cove if d.comps.fish(t) == item.fish]
        if not fitting:
            shows = " or ".join(sorted({str(d.comps.fish(t)) for t in cove}))
            reason = (i18n._("the {price} in the cove shows {shows} fish, not {fish}: the cove holds {cove} (H-R10)")
                      if item.price else
                      i18n._("no token in the cove shows {fish} fish: the cove holds {cove} (H-R10)"))
            raise IllegalMoveError(reason.format(price=item.price, shows=shows, fish=item.fish,
                                                 cove=fishing.cove_text(d)), column=where)
        cove = fitting
    return cove


def _visits(said: Said, state, text: str) -> list[Visit]:
    d, f = state.d, said.fields
    comps = d.comps
    dock = f["dock"]
    ok = 1 <= dock <= len(comps.docks)
    cost = comps.docks[dock - 1].feet if ok else 0
    names_, pay = _boats_and_pay(said, state, cost)
    fruit = None
    if "fruit" in f:
        fruit = names.tile(f["fruit"], comps)
        if fruit is None:
            raise syntax_error(f"unknown tile '{f['fruit']}'", said.where["fruit"], text,
                               names.tile_hint(f["fruit"], comps))
    choices = [(None, None)]
    if ok and d.docks[dock - 1] is not None:
        choices = islands.tile_choices(d, d.players[said.seat], d.docks[dock - 1])
    wanted = [(fr, v) for fr, v in choices
              if ("fruit" not in f or fr == fruit) and ("village" not in f or v == f["village"])]
    if not wanted:
        wanted = [(fruit, f.get("village"))]
    return [Visit(said.seat, dock, names_, pay, fr, v) for fr, v in wanted]


def _orders(said: Said, state, text: str) -> list[TakeOrder]:
    if "space" in said.fields:
        return [TakeOrder(said.seat, said.fields["space"])]
    d = state.d
    free = [k for k in range(1, len(d.seats) + 1) if k not in d.track_seat]
    return [TakeOrder(said.seat, k) for k in free] or [TakeOrder(said.seat, 1)]


def _incomes(said: Said, state, text: str) -> list[ChooseIncome]:
    choices = sorted(said.fields["choices"], key=INCOME_CHOICES.index)
    return [ChooseIncome(said.seat, tuple(choices))]


_BUILDERS = {"buy": _buys, "fish": _fishes, "visit": _visits, "take_order": _orders,
             "income": _incomes}


# --- writing -----------------------------------------------------------------------

def format_move(move, state) -> str:
    """The canonical line for ``move`` played from ``state`` (not yet applied).

    Prints every choice that could not be inferred the same way on reading
    (boats always, the token's spears, side, village), so reading the line
    back in the same state gives the very same move.
    """
    d = state.d
    seat = move.seat
    if isinstance(move, Buy):
        return f"{seat} {_format_buy(move, state)}"
    if isinstance(move, (Fish, Visit)):
        cost = len(move.fish) if isinstance(move, Fish) else d.comps.docks[move.dock - 1].feet
        p = d.players[seat]
        chosen = [p.realm.boat(n) for n in move.boats]
        trip = f"with {' '.join(move.boats)}"
        paid = boats_mod.paid_units(cost, chosen, d.comps) if all(chosen) and chosen else None
        if paid is None or move.payment != payment.plain(paid, payment.FEET):
            trip += f" paying {move.payment}"
        if isinstance(move, Fish):
            shown = ", ".join(names.fish_label(t, d.comps) for t in sorted(move.fish, reverse=True))
            return f"{seat} fishes {shown} {trip}"
        out = f"{seat} visits dock {move.dock} {trip}"
        if move.fruit:
            out += f", takes {move.fruit}"
        if move.village is not None:
            out += f", to village {move.village}"
        return out
    if isinstance(move, TakeOrder):
        return f"{seat} takes order {move.space}"
    if isinstance(move, ChooseIncome):
        return f"{seat} chooses {' '.join(move.choices)}"
    raise IllegalMoveError(f"{move!r} is not a Hawaii move")


def _format_buy(m: Buy, state) -> str:
    d = state.d
    p = d.players[m.seat]
    if m.place == p.at:
        out = f"stays at {m.place}"
    else:
        origin = p.at if p.at in d.board else "beach"
        out = f"moves {origin}->{m.place}"
    cost = buying.move_cost(d, p, m.place) if m.place in d.board else None
    if cost is None or m.move_payment != payment.plain(cost, payment.FEET):
        out += f" paying {m.move_payment}"
    lying = d.place_at(m.place).tokens if m.place in d.board else []
    out += f", buys {m.tile} {names.side_word(m.tile, m.side)} {names.token_clause(m.token, lying)}"
    if m.tile_payment != payment.plain(m.token.value * m.side, payment.SHELLS):
        out += f" paying {m.tile_payment}"
    if m.village is not None:
        out += f", to village {m.village}"
    if m.kane_tiki is not None:
        out += f", plus tiki paying {m.kane_tiki}"
    return out

