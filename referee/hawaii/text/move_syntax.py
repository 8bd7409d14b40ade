"""Reading a Hawaii move line into what the player said, before any rule applies.

Two readers give the same result. The lark grammar (grammar/hawaii.lark) takes
anything a forum player types. Lines the referee wrote itself, which are most
lines ``referee check`` and ``referee play`` replay, are read first by one
regular expression per canonical form, far quicker than lark's parser;
anything else goes to lark. tests/hawaii_notation checks both agree on every
canonical line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from referee.core.paths import grammar_dir
from referee.errors import NotationSyntaxError
from referee.i18n import N_, _
from referee.hawaii.text import names
from referee.hawaii.text.canonical_moves import FISH_ITEM, PATTERNS, RESOURCE_OF_WORD
from referee.hawaii.rules.moves import Payment
from referee.syntax.hints import did_you_mean, expected_after

# Canonical keywords, for "did you mean" (the grammar accepts synonyms too).
KEYWORDS = ("moves", "stays", "at", "buys", "with", "token", "plain", "paying", "to",
            "village", "plus", "tiki", "fishes", "visits", "dock", "takes", "order",
            "chooses", "shell", "shells", "foot", "feet", "fruit", "fruits", "beach")

_SPELLED = {"SEAT": ["RED", "YELLOW", "GREEN", "BLUE", "BLACK"], "SIDE": ["I", "II", "x1", "x2"],
            "SHELLS": ["shells"], "FEET": ["feet"], "FRUITS": ["fruits"]}
_RESOURCE = {"SHELLS": "shells", "FEET": "feet", "FRUITS": "fruits"}
_INCOME = {"shells": "shell", "feet": "foot", "fruits": "fruit"}
_SHOWN = {"NAME": N_("a name"), "INT": N_("a number"), "SPEAR_TOKEN": N_("a token like 4s"),
          "SEAT": N_("a seat"), "ARROW": "'->'", "SIDE": N_("I, II, x1 or x2"),
          "SHELLS": "'shells'", "FEET": "'feet'", "FRUITS": "'fruits'", "$END": N_("the end")}


@lru_cache(maxsize=1)
def _parser():
    from lark import Lark   # heavy: only when a line is not the referee's own
    path = str(grammar_dir() / "hawaii.lark")
    try:
        return Lark.open(path, parser="lalr", maybe_placeholders=True, cache=True)
    except OSError:          # no writable temp dir for the cache
        return Lark.open(path, parser="lalr", maybe_placeholders=True)


# --- what the player wrote ---------------------------------------------------------

@dataclass
class Pay:
    parts: list          # (count or None, resource, lark token)

    def amount(self, total: int) -> Payment:
        """The payment of ``total``; a resource without a count takes the rest."""
        counted = {"shells": 0, "feet": 0, "fruits": 0}
        rest = [r for n, r, _ in self.parts if n is None]
        for n, r, _ in self.parts:
            if n is not None:
                counted[r] += n
        if rest:
            counted[rest[0]] += max(0, total - sum(counted.values()))
        return Payment(counted["shells"], counted["feet"], counted["fruits"])


@dataclass
class Said:
    seat: str
    action: str
    seat_token: object = None
    fields: dict = field(default_factory=dict)     # name -> value
    where: dict = field(default_factory=dict)      # name -> lark token (for columns)


_MOST_CHOICES = 100    # irrigation II a realm could own, with room to spare


def syntax_error(reason: str, tok, text: str, hint: str | None = None) -> NotationSyntaxError:
    column = getattr(tok, "column", None) or 1
    return NotationSyntaxError(reason, column=column, text=text, hint=hint)


def _tokens(node) -> list:
    from lark import Token as LarkToken   # heavy; a Lark tree is at hand here, so lark is loaded
    if node is None:
        return []
    if isinstance(node, LarkToken):
        return [node]
    out = []
    for c in node.children:
        out += _tokens(c)
    return out


def _pay(node, text: str) -> Pay:
    parts = []
    for amount in node.children[1:]:
        n, res = amount.children
        parts.append((int(n) if n is not None else None, _RESOURCE[res.type], res))
    if sum(1 for n, _, _ in parts if n is None) > 1:
        tok = [t for n, _, t in parts if n is None][1]
        raise syntax_error("only one resource of a payment may go without a number", tok, text)
    return Pay(parts)


def _read(tree, text: str) -> Said:
    seat_tok, action = tree.children
    said = Said(str(seat_tok).upper(), action.data, seat_tok)
    f, w = said.fields, said.where

    def put(name, value, tok):
        if name in f:
            raise syntax_error(f"{name.replace('_', ' ')} given twice", tok, text)
        f[name], w[name] = value, tok

    kids = action.children
    if action.data == "buy":
        movement, _, count, tile, side = kids[:5]
        bares = kids[5].children if kids[5] is not None else []
        if movement is not None:
            f["movement"] = movement.data
            w["movement"] = movement.children[0]
            if movement.data == "move":
                route, pay = movement.children[1:]
                names_ = [t for t in route.children if t is not None and t.type == "NAME"]
                if route.data == "origin_dest":
                    put("origin", str(names_[0]), names_[0])
                put("dest", str(names_[-1]), names_[-1])
            else:
                _, _, place, pay = movement.children
                if place is not None:
                    put("dest", str(place), place)
            if pay is not None:
                put("move_pay", _pay(pay, text), pay.children[0])
        if count is not None:
            put("count", int(count), count)
        put("tile", str(tile), tile)
        if side is not None:
            put("side", str(side).lower(), side)
        clauses = [k for k in kids[6:] if k is not None]
        bares = _side_number(bares, side is not None or count is not None,
                             any(c.data == "token" for c in clauses), put, text)
        for c in bares + clauses:
            first = _tokens(c)[0]
            if c.data in ("token", "bare_token"):
                value = next(t for t in _tokens(c) if t.type in ("INT", "SPEAR_TOKEN"))
                plain = any(t is not None and t.type == "PLAIN" for t in c.children)
                put("token", (str(value), plain), value)
            elif c.data == "village":
                put("village", int(c.children[-1]), first)
            elif c.data == "payment":
                put("tile_pay", _pay(c, text), first)
            elif c.data == "kane":
                _, what, pay = c.children
                put("kane", str(what), what)
                if pay is not None:
                    put("kane_pay", _pay(pay, text), pay.children[0])
    elif action.data in ("fish", "visit"):
        if action.data == "fish":
            items = [k for k in kids[1:] if getattr(k, "data", "") in ("priced_fish", "counted_fish")]
            put("fish", tuple(_fish_item(k) for k in items), _tokens(items[0])[0])
            clauses = [k for k in kids[1 + len(items):] if k is not None]
        else:
            _, _, dock_kw, dock = kids[:4]
            put("dock", int(dock), dock)
            clauses = [k for k in kids[4:] if k is not None]
        for c in clauses:
            first = _tokens(c)[0]
            if c.data == "boats":
                put("boats", [(str(t), t) for t in c.children[1:]], first)
            elif c.data == "payment":
                put("pay", _pay(c, text), first)
            elif c.data == "fruit":
                put("fruit", str(c.children[1]), c.children[1])
            elif c.data == "village":
                put("village", int(c.children[-1]), first)
    elif action.data == "take_order":
        space = kids[-1]
        if space is not None:
            put("space", int(space), space)
    elif action.data == "income":
        choices = []
        for amount in kids[1:]:
            n, res = amount.children
            times = int(n) if n is not None else 1
            if times > _MOST_CHOICES:
                raise syntax_error(f"{n} {res} is more than anyone chooses: one resource per "
                                   f"irrigation II owned (H-R17)", n, text)
            choices += [_INCOME[_RESOURCE[res.type]]] * times
        put("choices", choices, kids[0])
    return said


def _side_number(bares: list, sided: bool, token_said: bool, put, text: str) -> list:
    """Plain English gives a side as a number ("long hut 2"): of two bare numbers after
    the tile the first is the side; one is the side when the token is named elsewhere
    or when it is 1 (no token is 1). A lone 2 may be either: ``side_or_token``, both
    readings are tried. The bare numbers left are tokens."""
    if sided or not bares:
        return bares
    first = _tokens(bares[0])[0]
    if len(bares) == 2 or token_said or str(first) == "1":
        if str(first) not in ("1", "2"):
            raise syntax_error(f"a side is I or II (or 1, 2), not '{first}'", first, text)
        put("side", "ii" if str(first) == "2" else "i", first)
        return bares[1:]
    if str(first) == "2":
        put("side_or_token", 2, first)
        return []
    return bares


class FishItem(NamedTuple):
    """One fish token as the player named it: its price side (``6``, ``4s``) and/or the
    fish it shows; None for what was not said."""
    price: str | None
    fish: int | None


def _fish_item(node) -> FishItem:
    toks = [t for t in _tokens(node) if t.type in ("INT", "SPEAR_TOKEN", "FISH_COUNT")]
    if node.data == "priced_fish":
        return FishItem(str(toks[0]), int(toks[1]) if len(toks) > 1 else None)
    return FishItem(None, int(str(toks[0]).split("-")[0]))


def read(text: str, *, fast: bool = True) -> "Said":
    """What ``text`` says; NotationSyntaxError with a column and a hint if it says nothing."""
    if fast:
        said = _read_canonical(text)
        if said is not None:
            return said
    from lark.exceptions import UnexpectedInput   # heavy: only past the canonical fast path
    prepared = names.join_two_word_names(text)
    try:
        tree = _parser().parse(prepared)
    except UnexpectedInput as exc:
        raise _from_lark(exc, text) from None
    return _read(tree, text)


def _word_at(text: str, column: int) -> str:
    i = column - 1
    j = i
    while j < len(text) and not text[j].isspace() and text[j] not in ",;":
        j += 1
    return text[i:j]


def _from_lark(exc, text: str) -> NotationSyntaxError:
    column = getattr(exc, "column", -1)
    token = getattr(exc, "token", None)
    if not isinstance(column, int) or column < 1 or getattr(token, "type", "") == "$END":
        column = len(text.rstrip()) + 1
    word = _word_at(text, column) if column <= len(text) else ""
    expected = sorted(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ())
    shown = [_SHOWN.get(e, f"'{e.lower()}'") for e in expected if not e.startswith("__")]
    reason = _("unexpected '{word}'").format(word=word) if word else \
        _("{what} ends too early").format(what=_("the move"))
    if shown:
        reason = expected_after(reason, ", ".join(_(s) for s in dict.fromkeys(shown)))
    hint = None
    if word and word[:1].isalpha():
        wanted = []
        for e in expected:
            wanted += _SPELLED.get(e, [e.lower()] if e.isalpha() and e not in _SHOWN else [])
        # a keyword from elsewhere in the grammar only when the place wants no word in
        # particular: after 'paying 3', 'plus' is no fix for 'pearls' ("": no hint, and
        # the replay adds none of its own)
        hint = (did_you_mean(word, wanted) or "") if wanted else did_you_mean(word, KEYWORDS)
        if hint == "" and set(expected) <= _PAID | {"INT"}:
            hint = _(_PAYING_HINT)
    return NotationSyntaxError(reason, column=column, text=text, hint=hint)


_PAID = {"SHELLS", "FEET", "FRUITS"}
_PAYING_HINT = N_("a payment counts shells, feet or fruits: 'paying 3 shells', 'paying 1 "
                  "foot 2 fruits', or one resource alone for the whole payment: 'paying fruits'")


# --- the referee's own lines --------------------------------------------------------

class At(NamedTuple):
    """Where a part of a canonical line starts, like a lark token's ``column``."""
    text: str
    column: int

    def __str__(self) -> str:
        return self.text


def _canon_pay(m, group: int) -> Pay:
    base = m.start(group) + 1
    return Pay([(int(x.group(1)), RESOURCE_OF_WORD[x.group(2)], At(x.group(2), base + x.start(2)))
                for x in re.finditer(r"(\d+) (\w+)", m.group(group))])


def _read_canonical(text: str) -> Said | None:
    for action, pattern in PATTERNS.items():
        m = pattern.fullmatch(text)
        if m:
            break
    else:
        return None
    at = lambda g: At(m.group(g), m.start(g) + 1)   # noqa: E731
    said = Said(m.group(1), action, at(1))
    f, w = said.fields, said.where

    def put(name, value, group):
        f[name], w[name] = value, at(group)

    if action == "buy":
        stay = m.group(4) is not None
        f["movement"], w["movement"] = ("stay", At("stays", m.start(4) - 8)) if stay else \
            ("move", At("moves", m.start(2) - 5))
        if stay:
            put("dest", m.group(4), 4)
        else:
            put("origin", m.group(2), 2)
            put("dest", m.group(3), 3)
        if m.group(5):
            put("move_pay", _canon_pay(m, 5), 5)
        put("tile", m.group(6), 6)
        put("side", m.group(7).lower(), 7)
        put("token", (m.group(9), m.group(8) is not None), 9)
        if m.group(10):
            put("tile_pay", _canon_pay(m, 10), 10)
        if m.group(11):
            put("village", int(m.group(11)), 11)
        if m.group(12):
            put("kane", "tiki", 12)
            put("kane_pay", _canon_pay(m, 13), 13)
    elif action in ("fish", "visit"):
        boats, pay = 3, 4
        if action == "fish":
            put("fish", tuple(FishItem(x.group(1), int(x.group(2)) if x.group(2) else None)
                              for x in FISH_ITEM.finditer(m.group(2))), 2)
        else:
            put("dock", int(m.group(2)), 2)
            if m.group(5):
                put("fruit", m.group(5), 5)
            if m.group(6):
                put("village", int(m.group(6)), 6)
        col = m.start(boats)
        named = []
        for name in m.group(boats).split(" "):
            named.append((name, At(name, col + 1)))
            col += len(name) + 1
        put("boats", named, boats)
        if m.group(pay):
            put("pay", _canon_pay(m, pay), pay)
    elif action == "take_order":
        put("space", int(m.group(2)), 2)
    else:
        put("choices", m.group(2).split(), 2)
    return said
