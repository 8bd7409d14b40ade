"""The steps a Hawaii move is chosen in, for the move builder (referee/core/builder.py):
where the chief goes (a place, staying, the cove, a dock, the order track), what it
does there, then the tile's side, the token, the payment and the village. Each choice
is written as the notation writes it, so a player learns the notation by choosing; beside
it the builder shows its name in the reader's language (:func:`choice_name`), and a
player may type that name in any language (:func:`choice_terms`)."""
from __future__ import annotations

from functools import lru_cache

from referee.core.vocabulary import vocabulary
from referee.hawaii.rules import buying
from referee.hawaii.rules.buying import Buys
from referee.hawaii.rules.moves import Buy, ChooseIncome, Fish, TakeOrder, Visit
from referee.hawaii.text import names
from referee.hawaii.text.worth import worth
from referee.core.words import plural
from referee.i18n import N_, _, language, ngettext


@lru_cache(maxsize=4096)
def _words(value) -> str:
    """A payment's or a token's words, remembered: a rich position has thousands of
    purchases that differ only in how they are paid, made of a few dozen payments."""
    return str(value)


@lru_cache(maxsize=4096)
def _paid(move_payment, tile_payment) -> str:
    return f"move {move_payment}, tile {tile_payment}"


@lru_cache(maxsize=256)
def _village(village) -> str:
    return f"village {village}" if village is not None else "no village"


@lru_cache(maxsize=4096)
def _buy_head(stays: bool, place, tile, side, token) -> tuple[tuple[str, str], ...]:
    return (("where", f"stay at {place}" if stays else place), ("what", tile),
            ("side", names.side_word(tile, side)), ("token", "token " + _words(token)))


@lru_cache(maxsize=4096)
def _buy_tail(move_payment, tile_payment, village, kane_tiki) -> tuple[tuple[str, str], ...]:
    tiki = f"tiki paying {_words(kane_tiki)}" if kane_tiki is not None else "no tiki"
    return (("payment", _paid(move_payment, tile_payment)), ("village", _village(village)),
            ("extra tiki", tiki))


def _buy_path(stays: bool, move) -> tuple[tuple[str, str], ...]:
    """A purchase's path is where and what it buys, then how it pays and places it: a
    rich position has over 5,000 purchases made of a few hundred heads and a few dozen
    tails, so both halves are remembered and a path costs one new tuple. (Remembering
    whole paths missed on nearly every new position and made eight tuples a miss.)"""
    return (_buy_head(stays, move.place, move.tile, move.side, move.token)
            + _buy_tail(move.move_payment, move.tile_payment, move.village, move.kane_tiki))


@lru_cache(maxsize=4096)
def _buy_tails(where: tuple, pairs: tuple) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The tails of a chunk of purchases (``buying.Buys``), in its moves' order."""
    return tuple(_buy_tail(mp, tp, village, None) for village in where for mp, tp in pairs)


def move_paths(moves, state) -> list[tuple[tuple[str, str], ...]]:
    """:func:`move_path` of each of ``moves``. The legal moves' purchases come in chunks
    of one place, tile, side and token (``buying.Buys``): a chunk's paths are its head
    joined to each of its tails, read from the chunk without making its moves."""
    chunks = getattr(moves, "chunks", None)
    if chunks is None:
        return [move_path(move, state) for move in moves]
    players = state.d.players
    out: list = []
    for chunk in chunks:
        if type(chunk) is not Buys:
            out += [move_path(move, state) for move in chunk]
            continue
        seat, place, tile, side, token = chunk.head
        head = _buy_head(place == players[seat].at, place, tile, side, token)
        out += [head + tail for tail in _buy_tails(tuple(chunk.where), chunk.pairs)]
    return out


@lru_cache(maxsize=1024)
def _fish_path(fish, boats, payment) -> tuple[tuple[str, str], ...]:
    """Remembered, as the trips below: a cove of five tokens offers dozens of catches
    each decision, each written from its tokens, boats and payment, and the next
    decision of the game offers most of them again."""
    fish = " ".join(str(t) for t in sorted(fish, reverse=True))
    return (("where", "cove"), ("what", "fish"), ("fish", f"fish {fish}"),
            ("boats", f"with {' '.join(boats)}"), ("payment", f"paying {payment}"))


@lru_cache(maxsize=1024)
def _visit_path(dock, boats, payment, fruit, village) -> tuple[tuple[str, str], ...]:
    return (("where", f"dock {dock}"), ("what", "visit"),
            ("boats", f"with {' '.join(boats)}"), ("payment", f"paying {payment}"),
            ("fruit", f"takes {fruit}" if fruit else "no fruit"), ("village", _village(village)))


def move_path(move, state) -> tuple[tuple[str, str], ...]:
    if isinstance(move, Buy):
        return _buy_path(move.place == state.d.players[move.seat].at, move)
    if isinstance(move, Fish):
        return _fish_path(move.fish, move.boats, move.payment)
    if isinstance(move, Visit):
        return _visit_path(move.dock, move.boats, move.payment, move.fruit, move.village)
    if isinstance(move, TakeOrder):
        return (("where", "order track"), ("what", f"order {move.space}"))
    if isinstance(move, ChooseIncome):
        return (("where", "income"), ("what", " ".join(move.choices)))
    raise TypeError(f"{move!r} is not a Hawaii move")


# --- the steps and choices in words ------------------------------------------------------

TITLES = {"where": N_("choose where to go"), "what": N_("choose what to do there"),
          "side": N_("choose the side"), "token": N_("choose the price token"),
          "payment": N_("choose how to pay"), "village": N_("choose the village"),
          "extra tiki": N_("choose whether to take Kane's extra tiki"),
          "fish": N_("choose the fish tokens"), "boats": N_("choose the boats"),
          "fruit": N_("choose the fruit")}


def title(step: str) -> str:
    return _(TITLES[step]) if step in TITLES else step


def _lexicon():
    return vocabulary("hawaii")


def tile_name(kind: str) -> str:
    """A tile kind as the reader's language calls it (the word files' ``names``)."""
    words = _lexicon()
    return words.name(language(), "tiles", kind) or words.name("en", "tiles", kind) or kind


def place_name(d, coord: str) -> str:
    pid = d.board[coord]
    return _lexicon().name(language(), "places", pid) or d.comps.place(pid).name or pid


def choice_name(step: str, code: str, state, moves) -> str:
    """The choice ``code`` of ``step`` in the reader's language; ``moves``: the legal
    moves under it (only a payment's or a side's words need one of them)."""
    d = state.d
    if step == "where":
        if code in d.board:
            return place_name(d, code)
        if code.startswith("stay at ") and code[8:] in d.board:
            return _("stay at {place}").format(place=place_name(d, code[8:]))
        if code.startswith("dock "):
            return _("dock {n}").format(n=code[5:])
        return {"cove": _("the cove"), "order track": _("order track"),
                "income": _("income")}.get(code, code)
    if step == "what":
        if code in d.comps.tiles:
            return tile_name(code)
        if code.startswith("order "):
            return _("order space {n}").format(n=code[6:])
        if code == "fish":
            return _("fish in the cove")
        if code == "visit":
            return _("visit the island")
        return income_words(moves[0]) if moves and isinstance(moves[0], ChooseIncome) else code
    if not moves:
        return code
    move = moves[0]
    if step == "side" and isinstance(move, Buy):
        return _side(moves, d)
    if step == "token":
        return _("price token {token}").format(token=code[6:])
    if step == "payment":
        if isinstance(move, Buy):
            return _("{move} to move, {tile} for the tile").format(
                move=names.payment_words(move.move_payment), tile=names.payment_words(move.tile_payment))
        return _("paying {paid}").format(paid=names.payment_words(move.payment))
    if step == "village":
        return _("no village") if move.village is None else \
            _("village {n}").format(n=move.village)
    if step == "extra tiki":
        return _("no extra tiki") if move.kane_tiki is None else \
            _("an extra tiki for {paid}").format(paid=names.payment_words(move.kane_tiki))
    if step == "fish":
        return ngettext("token {tokens}", "tokens {tokens}", len(move.fish)).format(
            tokens=", ".join(fish_words(t, d.comps.fish(t)) for t in move.fish))
    if step == "boats":
        return _("with {boats}").format(boats=", ".join(move.boats))
    if step == "fruit":
        return _("take the {tile}").format(tile=tile_name(move.fruit)) if move.fruit \
            else _("no fruit")
    return code


def fish_words(token, fish: int) -> str:
    return ngettext("{token} ({n} fish)", "{token} ({n} fish)", fish).format(token=token, n=fish)


def income_words(move) -> str:
    counted = {"shell": "shells", "foot": "feet", "fruit": "fruits"}
    return ", ".join(plural(move.choices.count(c), counted[c]) for c in dict.fromkeys(move.choices))


def _side(moves, d) -> str:
    """A side with what it costs under the choices made so far, each price token's
    price when several are left, and what it scores."""
    move = moves[0]
    prices = sorted({m.token.value * m.side for m in moves if isinstance(m, Buy)})
    feet = buying.move_cost(d, d.players[move.seat], move.place)
    listed = ", ".join(map(str, prices[:-1])) + _(" or ") + str(prices[-1]) \
        if len(prices) > 1 else str(prices[0])
    paid = ngettext("{n} shell", "{n} shells", prices[-1]).format(n=listed)
    if feet:
        paid = _("{tile} and {move}").format(tile=paid, move=plural(feet, "feet"))
    return worth(move.tile, move.side, paid, d.comps)


def choice_terms(step: str, code: str, state) -> set[str]:
    """The words for ``code`` besides its name in each language: the component words
    of every language's word file (``boat``, ``pirogue``, ``Kanu``, ``canoa``)."""
    d = state.d
    words = _lexicon()
    if step == "where" and code.startswith("stay at "):
        code = code[8:]
    if step == "where" and code in d.board:
        pid = d.board[code]
        out = {pid, d.comps.place(pid).name, *words.names_of("places", pid),
               *(w for w, p in words.terms.get("places", {}).items() if p == pid)}
        for kind in d.comps.place(pid).sells:
            out |= _tile_terms(kind, d.comps, words)
        return out
    if step in ("what", "fruit") and (code in d.comps.tiles or code[6:] in d.comps.tiles):
        return _tile_terms(code if code in d.comps.tiles else code[6:], d.comps, words)
    return set()


def _tile_terms(kind: str, comps, words) -> set[str]:
    return ({w for w, k in names.tile_names(comps).items() if k == kind}
            | {w for cat in ("tiles", "boat") for w, k in words.terms.get(cat, {}).items() if k == kind}
            | words.names_of("tiles", kind))
