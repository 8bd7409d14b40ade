"""What a free Hawaii line names, and what a legal Hawaii move has, for the free reader
(referee/core/free_reader.py): "my chief goes to the gods for Kane, paying the 5s",
"put me on order space 3", "buy 2 kahunas with the 2 please".

Words are taken for what they name in the game's data (places, tiles, boats, resources
from games/hawaii.yaml, and every language's words from games/words/) and numbers for what the words around them make of them: "2"
before a tile is how many, after "village" a row, after "with the" a token. A number
no word explains may only be a token. Anything else must be a word a forum player puts
round a move ("please", "my chief goes"), or the line is not read: a guess is worse
than a refusal.
"""
from __future__ import annotations

import re
from functools import lru_cache
from itertools import product

from referee.core.free_reader import Facts, Heard, Mention, number_of, ordinal_of, words_of
from referee.core.vocabulary import fold, vocabulary
from referee.core.words import plural
from referee.i18n import N_, _
from referee.hawaii.rules import boats as boats_mod
from referee.hawaii.rules import buying, effects, payment
from referee.hawaii.rules.game import SEATS
from referee.hawaii.rules.moves import Buy, ChooseIncome, Fish, Payment, TakeOrder, Visit
from referee.hawaii.text import names
from referee.hawaii.text.worth import describe  # noqa: F401 (the free reader's describe)

class Lexicon:
    """The words the reader knows, from the word files of ``languages`` (every language
    when None), sorted into what each does in a line."""

    def __init__(self, languages: tuple[str, ...] | None = None):
        words = self.words = vocabulary("hawaii", languages)
        self.selfs = words.words("self")
        self.resources = words.terms["resources"]
        self.actions = {w: tuple(a) for w, a in words.terms["actions"].items()}
        self.stay = words.words("stay")
        self.families = words.terms["families"]     # a word for any tile of a family
        self.plus = words.words("plus")
        self.sides = words.terms["sides"]
        self.roles = words.terms["roles"]           # the words that give the next number its meaning
        self.to = words.words("to")
        self.with_ = words.words("with") | self.selfs | words.words("and")
        self.articles = words.words("articles")
        self.skip_before = self.articles | self.selfs  # between a word and the number it explains
        # words round a move that name nothing: articles, verbs of going and giving, courtesy
        self.filler = words.words("skipped", "articles", "with", "to", "and", "token", "self",
                                  "roles")


@lru_cache(maxsize=8)
def lexicon(languages: tuple[str, ...] | None = None) -> Lexicon:
    return Lexicon(languages)


_COMBINED = 3       # fish tokens one line may tell apart; more are read only one by one
# a move that is no fishing has any number of numbers that might have named fish tokens
_NOT_FISH = tuple(("not-fish", n) for n in range(1, 9))


def _value(v: int) -> str:
    """The kind of the facts naming a fish token by its value (``6``, or ``6s``): naming
    one settles that a lower token showing the same fish is not the one meant."""
    return f"fish-value {v}"


def _pick(v: int) -> str:
    """The kind of the facts naming a fish token exactly (``6s``, ``plain 6``): naming one
    settles which of two look-alikes of the same value is taken (ruling H-X6)."""
    return f"fish-pick {v}"


def _fishy(fact) -> bool:
    return fact[0].startswith("fish-")


def _named_token(facts) -> str | None:
    """A mention's fish token in the words of ``_token_words``, if it names one."""
    fish = [f for f in facts if _fishy(f)]
    if not fish:
        return None
    exact = next((f for f in fish if f[0].startswith("fish-pick")), None)
    count = next((f[-1] for f in fish if len(f) == 3), None)
    if fish[0][0] == "fish-count":
        return f"c{fish[0][1]}"
    head = f"e{exact[1]}" if exact is not None else f"v{fish[0][1]}"
    return head + (f"c{count}" if count is not None else "")


def _vocabulary(comps, board_ids, x: Lexicon) -> tuple[str, ...]:
    words = set(names.tile_names(comps)) | set(board_ids) | set(x.resources) | set(x.actions)
    return tuple(sorted(words | x.stay | x.words.words("tiles", "places", "boat", "beach", "roles")))


class _Hearing:
    """One pass over the words, left to right, keeping what the last words said."""

    def __init__(self, text: str, state, x: Lexicon):
        self.x = x
        self.typed = text
        self.text = self.x.words.join_phrases(fold(names.join_two_word_names(text)))
        self.state = state
        self.d = state.d
        self.comps = self.d.comps
        self.words = words_of(self.text)
        board = self.d.board
        self.coords = {c.lower(): c for c in board}
        self.place_ids = {pid.lower(): c for c, pid in board.items()}
        by_id = {pid: c for c, pid in board.items()}
        places = self.x.words.terms.get("places", {})
        self.place_ids.update((w, by_id[pid]) for w, pid in places.items() if pid in by_id)
        self.heard = Heard(vocabulary=_vocabulary(self.comps, self.place_ids, x))
        self.mentions = self.heard.mentions
        self.tile_seen = self.kane_seen = self.plus = self.trip = self.origin_next = False
        self.place_seen = self.sides = False      # sides: a tile named by its place
        self.pay_parts: list[tuple[int | None, str]] = []
        self.pay_start = 0
        self.boats_at: int | None = None    # the mention of the boats named so far
        self.singular = 0                   # where a kahuna or tiki is named in the singular

    def add(self, words: str, column: int, *facts, weak: bool = False) -> None:
        if column > 0 and words == self.lower_at(column):      # the word as the player typed it
            words = self.typed[column - 1:column - 1 + len(words)]
        self.mentions.append(Mention(words, column, frozenset(facts), weak))

    def lower_at(self, column: int) -> str:
        return next((w for w, c in self.words if c == column), "")

    def prev(self, i: int, skip=None) -> str:
        skip = self.x.skip_before if skip is None else skip
        j = i - 1
        while j >= 0 and self.words[j][0] in skip:
            j -= 1
        return self.words[j][0] if j >= 0 else ""

    def next(self, i: int) -> str:
        j = i + 1
        while j < len(self.words) and self.words[j][0] in ("(",):
            j += 1
        return self.words[j][0] if j < len(self.words) else ""

    def run(self) -> Heard:
        i = 0
        while i < len(self.words):
            word, column = self.words[i]
            if word not in self.x.resources and not self.x.words.has("and", word) \
                    and not (number_of(word) and self.x.resources.get(self.next(i))):
                self.flush_payment()
            i = self.word(i, word, column)
        self.flush_payment()
        if self.singular and not any(f[0] in ("count", "side") for m in self.mentions
                                     for f in m.facts):
            self.mentions.append(Mention("", self.singular, frozenset({("count", 1)}), weak=True))
        self.fish_tokens()
        return self.heard

    def fish_tokens(self) -> None:
        """Each token named is a token of its own: "the 6s and the 6" is not the 6s twice.
        One mention holds the tokens named, as the words ``_token_words`` gives a token."""
        named = [_named_token(m.facts) for m in self.mentions]
        named = [n for n in named if n]
        if not named:
            return
        facts = {("not-fish", len(named))}
        if len(named) <= _COMBINED:
            facts.add(("fish-combo", tuple(sorted(named))))
        else:
            facts = {("too-many",)}
        self.mentions.append(Mention("", 0, frozenset(facts), weak=True))

    # --- one word -----------------------------------------------------------------------

    def word(self, i: int, word: str, column: int) -> int:
        seat = self.x.words.get("seats", word)
        if seat in SEATS:
            if self.heard.seat not in (None, seat):
                self.heard.unknown.append((word, column))
            self.heard.seat, self.heard.seat_word = seat, word
            return i + 1
        rank = ordinal_of(word)
        if rank is not None and self.ranked(i, rank, column):
            return i + 1
        if word in ("->", "→", "=>"):
            self.to_origin()
            return i + 1
        number = number_of(word)
        if number is not None and (word[:1].isdigit() or self.next(i) in self.tile_words()
                                   or self.next(i) in self.x.resources):
            return self.number(i, number, column)    # "one" counts only things: "the 5s one"
        if word.endswith("fish") or word.endswith("fishes") or word.endswith("fische"):
            count = re.match(r"\d+", word)
            if count:
                self.fish_count(int(count.group(0)), word, column)
                return i + 1
        if word == "i" and (self.prev(i, ()) in self.tile_words()
                            or self.x.roles.get(self.prev(i, ())) == "side"):
            self.add("side I", column, ("side", 1))
            return i + 1
        both = self.x.words.get("both", word)
        if both is None and number is not None and not number[1] and not word[:1].isdigit():
            both = number[0]                # "three tokens", "les deux pirogues"
        j = i + 1                           # "all three tokens", "tutti e tre i gettoni"
        while both is not None and j < len(self.words) and (
                self.words[j][0] in self.x.articles or self.x.words.has("and", self.words[j][0])
                or (number_of(self.words[j][0]) and not self.words[j][0][:1].isdigit())):
            spelled = number_of(self.words[j][0])
            both = spelled[0] if spelled and self.words[j][0] not in self.x.articles else both
            j += 1
        after = self.words[j][0] if both is not None and j < len(self.words) else ""
        if self.x.words.get("token", after) == "token":
            self.add(f"{word} tokens", column, ("taken", len(self.d.cove) if both == "all" else both))
            return j + 1
        if both is not None and self.x.words.get("boat", after) == "boat":
            seat = self.heard.seat or self.state.current_player()
            player = self.d.players.get(seat)
            if player is not None:
                self.add(f"{word} boats", column, ("boats", frozenset(
                    names.boat_key(b.name) for b in player.realm.boats if not b.used)))
                self.trip = True
                return j + 1
        if word in self.x.sides and (self.tile_seen or self.sides):
            self.add(word, column, ("side", self.x.sides[word]))
            return i + 1
        if word in self.x.selfs:
            return i + 1
        if word in self.x.plus:
            self.plus = True
            return i + 1
        if self.x.words.has("from", word) or (self.x.words.has("from_place", word)
                                       and self.next(i) in self.coords):
            self.origin_next = True
            return i + 1
        if self.x.words.has("beach", word):
            self.add("from the beach", column, ("origin", "beach"))
            self.origin_next = False
            return i + 1
        if word in self.x.resources and not (self.prev(i) in self.x.to and word in self.place_ids):
            self.pay_part(i, None, word, column)
            return i + 1
        if self.boat_name(i, word, column):
            return i + 2 if self.x.words.get("boat", word) == "boat" and number_of(self.next(i)) else i + 1
        if word in self.coords or word in self.place_ids:
            return self.place(i, word, column)
        kind = self.x.words.get("tiles", word) or names.tile(word, self.comps)
        if kind is not None or word in self.x.families:
            self.tile(i, word, kind, column)
            return i + 1
        if word in self.x.actions:
            self.add(word, column, *(("action", a) for a in self.x.actions[word]))
            self.trip = self.trip or "fish" in self.x.actions[word] or "visit" in self.x.actions[word]
            return i + 1
        if word in self.x.stay:
            self.add(word, column, ("movement", "stay"))
            return i + 1
        if number is not None and not number[1] and self.counted():
            self.add(f"{word} of them", column, ("count", number[0]))
            return i + 1                    # "the kahunas, I buy two"
        if word in self.x.filler or word in self.x.roles or not word[:1].isalnum():
            return i + 1
        self.heard.unknown.append((word, column))
        return i + 1

    def ranked(self, i: int, rank: int, column: int) -> bool:
        """"the second order space", "into my third village", "la deuxième place de
        l'ordre du tour": a rank is the number of the place the next few words name."""
        for word, _ in self.words[i + 1:i + 5]:
            role = self.x.roles.get(word)
            if role in ("village", "order", "dock"):
                self.add(f"{role} {rank}", column, (role, rank))
                return True
            if word not in self.x.filler:
                return False
        return False

    def counted(self) -> bool:
        """Whether a tile sold by count (kahunas, tikis) was named: a spelled number with no
        tile after it then counts them."""
        return any(f[0] == "tile" and f[1] in names.MULTI for m in self.mentions for f in m.facts)

    def tile_words(self) -> set[str]:
        return set(names.tile_names(self.comps)) | set(self.x.families) | self.x.words.words("tiles")

    def number(self, i: int, number: tuple[int, bool], column: int) -> int:
        n, spear = number
        word = self.words[i][0]
        nxt = self.next(i)
        if nxt in self.x.resources:
            self.pay_part(i, n, nxt, column)
            return i + 2
        if self.x.words.has("fish", nxt) and not spear:
            self.fish_count(n, f"{n} fish", column)
            j = i + 2
            return j + 1 if j < len(self.words) and self.words[j][0] == ")" else j
        if not spear and (nxt in self.tile_words()):
            self.add(f"{n} of them", column, ("count", n))
            return i + 1
        role = self.x.roles.get(self.prev(i, self.x.skip_before | self.x.words.words("token")))
        if role == "village" and not spear:
            self.add(f"village {n}", column, ("village", n))
        elif role == "order" and not spear:
            self.add(f"order {n}", column, ("order", n))
        elif role == "dock" and not spear:
            self.add(f"dock {n}", column, ("dock", n))
        elif role == "side" and not spear:
            self.add(f"side {n}", column, ("side", n))
        elif role == "plain":
            self.token(word, column, exact=True)
        elif self.prev(i, ()) in self.tile_words() and not spear and n in (1, 2):
            self.add(f"{word} (side or token)", column, ("side", n), ("token-value", n), weak=True)
        else:
            self.token(word, column, exact=spear)
        return i + 1

    def token(self, word: str, column: int, *, exact: bool) -> None:
        n, spear = number_of(word)
        shown = f"{n}{'s' if spear else ''}"
        if exact:
            self.add(f"token {shown}", column, ("token", shown), (_pick(n), shown),
                     (_value(n), shown), weak=True)
        else:
            self.add(f"token {n}", column, ("token-value", n), (_value(n), n), weak=True)

    def fish_count(self, n: int, words: str, column: int) -> None:
        last = self.mentions[-1] if self.mentions else None
        named = [f for f in last.facts if _fishy(f)] if last is not None else []
        if named:                        # "6 (3 fish)": one token, seen from both sides
            self.mentions[-1] = Mention(f"{last.words} ({words})", last.column,
                                        frozenset((*f, n) for f in named), last.weak)
            return
        self.add(words, column, ("fish-count", n))

    def pay_part(self, i: int, n: int | None, word: str, column: int) -> None:
        if not self.pay_parts:
            self.pay_start = column
        self.pay_parts.append((n, self.x.resources[word]))

    def flush_payment(self) -> None:
        if not self.pay_parts:
            return
        desc = frozenset((res, n) for n, res in self.pay_parts)
        words = "paying " + " ".join(f"{n} {r}" if n is not None else r for n, r in self.pay_parts)
        if self.d.phase == "income":
            slots = ("income",)
        elif self.plus:
            slots = ("kane-pay",)
        elif self.tile_seen:
            slots = ("tile-pay",)
        elif self.trip:
            slots = ("trip-pay",)
        elif self.place_seen:
            slots = ("move-pay",)
        else:
            slots = ("move-pay", "tile-pay", "trip-pay", "income")
        self.add(words, self.pay_start, *((slot, desc) for slot in slots))
        self.pay_parts = []

    def boat_name(self, i: int, word: str, column: int) -> bool:
        if self.x.words.get("boat", word) == "boat":
            n = number_of(self.next(i))
            if self.prev(i) not in self.x.with_:
                return False
            if n is None:
                return self.one_boat(word, column)
            word = f"boat{n[0]}"
        if self.x.words.get("boat", word) == "fishing-boat":
            word = "fishing-boat"
        elif not re.fullmatch(r"boat-?\d{1,2}", word):
            return False
        name = names.boat_key(word)
        if self.boats_at is not None:           # "with fishing-boat and boat1": one trip
            last = self.mentions[self.boats_at]
            (_, held), = last.facts
            self.mentions[self.boats_at] = Mention(f"{last.words} {word}", last.column,
                                                   frozenset({("boats", held | {name})}))
        else:
            self.boats_at = len(self.mentions)
            self.add(f"with {word}", column, ("boats", frozenset({name})))
        self.trip = True
        return True

    def one_boat(self, word: str, column: int) -> bool:
        """"fish with my boat": one of the seat's boats, whichever; several that could
        sail are several readings, never a guess."""
        player = self.d.players.get(self.heard.seat or self.state.current_player())
        free = [b for b in player.realm.boats if not b.used] if player is not None else []
        if not free or word.endswith("s"):
            return False
        self.add(f"with {word}", column, *(("boats", frozenset({names.boat_key(b.name)}))
                                           for b in free))
        self.trip = True
        return True

    def place(self, i: int, word: str, column: int) -> int:
        coord = self.coords.get(word) or self.place_ids[word]
        kind = self.x.words.get("tiles", word) or names.tile(word, self.comps)
        if self.origin_next or self.next(i) in ("->", "→", "=>"):
            self.add(word, column, ("origin", coord))
            self.origin_next = False
            return i + 2 if self.next(i) in ("->", "→", "=>") else i + 1
        facts = [("place", coord)]
        if kind is not None and not self.place_seen:     # "kahunas": the place or the tile
            facts.append(("tile", kind))
            self.sides = True
        self.add(word, column, *facts)
        self.place_seen = True
        return i + 1

    def to_origin(self) -> None:
        last = self.mentions[-1] if self.mentions else None
        if last is not None and any(f[0] == "place" for f in last.facts):
            coord = next(f[1] for f in last.facts if f[0] == "place")
            self.mentions[-1] = Mention(last.words, last.column, frozenset({("origin", coord)}))

    def tile(self, i: int, word: str, kind: str | None, column: int) -> None:
        if kind == "tiki" and (self.plus or self.kane_seen):
            self.plus = True
            self.add("plus tiki", column, ("kane-tiki", True))
            return
        kinds = [kind] if kind is not None else \
            [k for k, t in self.comps.tiles.items() if t.family == self.x.families[word]]
        facts = [("tile", k) for k in kinds]
        before = self.prev(i, ())
        if self.x.words.get("articles", before) == "a" or number_of(before) == (1, False):
            self.add(before, column, ("count", 1))
        elif kind in names.MULTI and not word.endswith("s"):
            self.singular = column                  # "the tiki": one, unless a count follows
        if word in self.place_ids and self.prev(i) in self.x.to:
            facts.append(("place", self.place_ids[word]))
        self.add(word, column, *facts)
        self.tile_seen = True
        self.kane_seen = self.kane_seen or kind == "kane"


def hear(text: str, state, languages: tuple[str, ...] | None = None) -> Heard:
    """What ``text`` names, for the free reader (in the words of ``languages``, every
    language when None)."""
    return _Hearing(text, state, lexicon(languages)).run()


# --- what a legal move has --------------------------------------------------------------

@lru_cache(maxsize=4096)
def _described(slot: str, pay: Payment) -> tuple:
    """Every way a player may describe ``pay``: each resource used, with its count or
    without it (a resource without a count takes the rest)."""
    used = [(res, n) for res, n in zip((payment.SHELLS, payment.FEET, payment.FRUITS), pay) if n]
    return tuple((slot, frozenset((r, n if mask >> k & 1 else None) for k, (r, n) in enumerate(used)))
                 for mask in range(1 << len(used)))


def move_facts(moves, state) -> list[Facts]:
    """The facts of each of ``moves`` (legal in ``state``), made once per position: a
    rich position has over 5,000 purchases, which share their parts."""
    d = state.d
    costs: dict[tuple, object] = {}
    seats: dict[str, tuple] = {}
    out = []
    for move in moves:
        seat = seats.get(move.seat)
        if seat is None:
            p = d.players[move.seat]
            seat = seats[move.seat] = (p, p.at if p.at in d.board else "beach")
        p, origin = seat
        if type(move) is Buy:
            key = (move.seat, move.place)
            cost = costs.get(key)
            if cost is None:
                cost = costs[key] = buying.move_cost(d, p, move.place)
            out.append(_buy_facts(move, move.place == p.at, origin, cost))
        elif isinstance(move, (Fish, Visit)):
            out.append(_trip_facts(move, d, p, ("origin", origin), costs))
        elif isinstance(move, TakeOrder):
            out.append(Facts(frozenset({("action", "order"), ("order", move.space), *_NOT_FISH})))
        elif isinstance(move, ChooseIncome):
            counts = Payment(*(move.choices.count(c) for c in ("shell", "foot", "fruit")))
            out.append(Facts(frozenset({("action", "income"), *_NOT_FISH,
                                        *_described("income", counts)})))
        else:
            raise TypeError(f"{move!r} is not a Hawaii move")
    return out


def _buy_facts(m: Buy, stays: bool, origin: str, cost: int) -> Facts:
    """The tile bought and each payment are groups of facts that the position's other
    purchases share (:class:`Facts`); only what is not plain is the move's own."""
    return _bought(_buy_parts(m.place, m.tile, m.side, m.token, m.village, stays, origin),
                   m.move_payment, m.tile_payment, m.kane_tiki, cost, m.token.value * m.side)


@lru_cache(maxsize=1 << 15)
def _bought(parts: frozenset, move_paid: Payment, tile_paid: Payment, kane: Payment | None,
            cost: int, price: int) -> Facts:
    """Remembered: the next position shares most purchases and their payments."""
    paid = (_paid("move-pay", move_paid), _paid("tile-pay", tile_paid))
    unplain = []
    if move_paid != _plain(cost, payment.FEET):
        unplain.append("move-pay")
    if tile_paid != _plain(price, payment.SHELLS):
        unplain.append("tile-pay")
    if kane is not None:
        paid += (_paid("kane-pay", kane) | {("kane-tiki", True)},)
        unplain.append("kane-tiki")
    return Facts(parts, frozenset(unplain), paid)


@lru_cache(maxsize=4096)
def _buy_parts(place, tile, side, token, village, stays, origin) -> frozenset:
    facts = {("action", "buy"), ("place", place), ("tile", tile), ("side", side),
             ("count", side if tile in names.MULTI else 1), *_NOT_FISH, ("origin", origin),
             ("token", str(token)), ("token-value", token.value)}
    if stays:
        facts.add(("movement", "stay"))
    if village is not None:
        facts.add(("village", village))
    return frozenset(facts)


@lru_cache(maxsize=4096)
def _paid(slot: str, pay: Payment) -> frozenset:
    return frozenset(_described(slot, pay))


@lru_cache(maxsize=1024)
def _plain(amount: int, resource: str) -> Payment:
    return payment.plain(amount, resource)


def _trip_facts(m, d, p, origin, known: dict) -> Facts:
    """``known`` keeps what the moves of one position share: the usual boats per trip."""
    comps = d.comps
    facts = {origin, ("boats", frozenset(names.boat_key(b) for b in m.boats)),
             *_described("trip-pay", m.payment)}
    unplain = set()
    if isinstance(m, Fish):
        cost = len(m.fish)
        facts.update((("action", "fish"), ("taken", len(m.fish))))
        each = []
        for t in m.fish:
            fish = comps.fish(t)
            value, pick = _value(t.value), _pick(t.value)
            facts.update(((value, t.value), (value, str(t)), (pick, str(t)), ("fish-count", fish),
                          (value, t.value, fish), (value, str(t), fish), (pick, str(t), fish)))
            each.append(_token_words(t, fish))
        facts.update(_combos(tuple(each)))
        unplain.update(_pick(t.value) if same else _value(t.value)
                       for t, same in _not_lowest(m.fish, d.cove, comps))
    else:
        cost = comps.docks[m.dock - 1].feet
        facts |= {("action", "visit"), ("dock", m.dock), *_NOT_FISH}
        island = d.docks[m.dock - 1]
        spec = comps.island(island) if island is not None else None
        if m.fruit or (spec is not None and spec.reward == "tile"):
            facts.add(("tile", m.fruit or spec.tile))       # what the island gives
        if m.village is not None:
            facts.add(("village", m.village))
    realm = p.realm.boats
    usual = known.get((m.seat, "trip", cost))
    if usual is None:
        trip = boats_mod.default_trip(cost, realm, comps)
        picked = set(trip[0]) if trip else {b.name for b in realm if not b.used}
        usual = known[(m.seat, "trip", cost)] = tuple(b.name for b in realm if b.name in picked)
    if tuple(m.boats) != usual:
        unplain.add("boats")
    chosen = [b for b in realm if b.name in m.boats]
    if m.payment != payment.plain(boats_mod.default_units(cost, chosen, comps), payment.FEET):
        unplain.add("trip-pay")
    return Facts(frozenset(facts), frozenset(unplain))


@lru_cache(maxsize=4096)
def _combos(each: tuple) -> frozenset:
    """Every way the tokens taken may be named together, one word each (remembered: the
    fish moves of a position differ mostly in boats and payment, not in tokens)."""
    if len(each) > _COMBINED:
        return frozenset()
    return frozenset(("fish-combo", tuple(sorted(choice))) for choice in product(*each))


def _token_words(t, fish: int) -> tuple[str, ...]:
    """The ways one fish token may be named, as short words, for telling the tokens of
    one line apart: by value, exactly, by its fish, or by value or exactly with its fish."""
    return (f"v{t.value}", f"e{t}", f"c{fish}", f"v{t.value}c{fish}", f"e{t}c{fish}")


def _not_lowest(taken, cove, comps) -> list:
    """The tokens taken that are not the lowest of the cove's tokens showing their fish,
    which the notation takes when only the fish or the value is named (ruling H-X6)."""
    left = list(cove)
    for t in taken:
        left.remove(t)
    out = []
    for t in taken:
        lower = [u for u in left if u < t and comps.fish(u) == comps.fish(t)]
        out += [(t, u.value == t.value) for u in lower]
    return out


def why_not(heard: Heard, state) -> str | None:
    """Why a tile the line names cannot be bought although the board sells it (no price
    token left, no place tile left, none of that tile left, not enough feet to get there),
    when that holds at every place selling it: the answer then says so instead of naming
    other moves."""
    d = state.d
    reasons = []
    seat = heard.seat or state.current_player()
    for mention in heard.mentions:
        kinds = {f[1] for f in mention.facts if f[0] == "tile"}
        if len(kinds) != 1:
            continue
        kind, = kinds
        sellers = [c for c, pid in d.board.items() if kind in d.comps.place(pid).sells]
        said = [_empty(d, coord, kind) or _too_far(d, seat, coord) for coord in sellers]
        if sellers and all(said):
            reasons += said
    return "; ".join(dict.fromkeys(reasons)) or None


def _empty(d, coord: str, kind: str) -> str | None:
    place = d.place_at(coord)
    if not place.tokens:
        return _("no price token is left at {place} (H-R3)").format(place=coord)
    if not place.tiles_left():
        return _("no place tile is left at {place} (H-R3)").format(place=coord)
    if place.stock.get(kind, 0) < 1:
        return _("no {tile} is left at {place} (H-R7)").format(tile=kind, place=coord)
    return None


def _too_far(d, seat: str | None, coord: str) -> str | None:
    """Not enough feet to get to ``coord``, however the seat pays (fruits, or shells
    through its exchange huts): ruling H-R5."""
    p = d.players.get(seat)
    if p is None or coord == p.at:
        return None
    cost = buying.move_cost(d, p, coord)
    units = sum(effects.exchange_capacities(p.realm, d.comps))
    if payment.options(cost, payment.FEET, units, *p.resources()):
        return None
    return _("not enough feet to get to {place}: the way there costs {cost}, {seat} has "
             "{feet} (H-R5)").format(place=coord, cost=plural(cost, "feet"), seat=seat,
                                     feet=plural(p.feet, "feet"))
