"""What a free Haleakala line names, and what a legal Haleakala move has, for the free
reader (referee/core/free_reader.py): "I put the 3 on the boat", "take back my 4 from
beach 2 and move the shaman to forest3", "I'll pick the white pearl".

Words are taken for what they name in the game's data (spaces by ring and section,
card faces and score cards from games/haleakala.yaml, and every language's words from
games/words/); a number is a disc unless the
words before it make it a beach ("on 2", "beach 2") or a crater. Anything else must be
a word a forum player puts round a move, or the line is not read.
"""
from __future__ import annotations

import re

from referee.core.free_reader import Facts, Heard, Mention, number_of, words_of
from referee.core.vocabulary import fold, vocabulary
from referee.haleakala.rules import board
from referee.haleakala.rules.moves import (Buy, BuyNothing, PickCard, PlaceDisc, PriestessMove,
                                           Sail, TakeBack)
from referee.haleakala.text.canonical_moves import pickable, purchasable

WORDS = vocabulary("haleakala")     # every language's words (games/words/haleakala.*.yaml)
_SELF = WORDS.words("self")
_ACTIONS = WORDS.terms["actions"]
_NONE = WORDS.words("none")
_STAYS = WORDS.words("stays")
_TAKE = WORDS.words("take")
_RINGS = WORDS.terms.get("rings", {})
_ARTICLES = WORDS.words("articles")
_FILLER = WORDS.words("skipped", "articles", "with", "to", "from", "and", "shaman", "take",
                      "section", "boat")
_SECTION_BEFORE = WORDS.words("to", "from", "section")
_SPACE = re.compile(r"([a-z]+)(\d)")


class _Hearing:
    def __init__(self, text: str, state):
        self.st = state
        self.comp = state.comp
        self.cards = {**pickable(self.comp), **purchasable(self.comp)}
        self.words = words_of(WORDS.join_phrases(fold(self.join(text, self.cards))))
        self.heard = Heard(vocabulary=tuple(sorted({*self.cards, *_ACTIONS, *self.comp.rings,
                                                    *WORDS.words("cards", "rings", "invocation",
                                                                 "shaman", "boat")})))
        self.mentions = self.heard.mentions
        self.craters: list[int] = []
        self.take = self.shaman = False

    @staticmethod
    def join(text: str, cards) -> str:
        """A card's name typed with spaces ("forest statues") is the card; "white pearl"
        is the face ``pearl-white``."""
        out = text
        for name in sorted(cards, key=len, reverse=True):
            if "-" in name:
                out = _replace(out, name.replace("-", " "), name)
        for a, b in (("white", "pearl"), ("black", "pearl")):
            out = _replace(out, f"{a} {b}", f"{b}-{a}")
            out = _replace(out, f"{a}-{b}", f"{b}-{a}")
        return out

    def add(self, words: str, column: int, *facts, weak: bool = False) -> None:
        self.mentions.append(Mention(words, column, frozenset(facts), weak))

    def prev(self, i: int) -> str:
        j = i - 1
        while j >= 0 and (self.words[j][0] in _ARTICLES or self.words[j][0] in _SELF
                          or self.words[j][0] in ("number", "disc", "disque", "scheibe", "disco")):
            j -= 1
        return self.words[j][0] if j >= 0 else ""

    def run(self) -> Heard:
        i = 0
        while i < len(self.words):
            i = self.word(i, *self.words[i])
        if len(self.craters) == 2:
            self.add("crater to crater", self.craters_at, ("route", tuple(self.craters)))
        elif self.craters:
            self.add("a crater", self.craters_at, ("crater", self.craters[0]))
        return self.heard

    def word(self, i: int, word: str, column: int) -> int:
        nxt = self.words[i + 1][0] if i + 1 < len(self.words) else ""
        if word == "put" and self.prev(i) in _STAYS:          # "the shaman stays put"
            return i + 1
        seat = WORDS.get("seats", word)
        if seat in self.comp.seats:
            self.heard.seat, self.heard.seat_word = seat, word
            return i + 1
        glued = _SPACE.fullmatch(word)            # "plaine1", "Wald3"
        ring = _RINGS.get(glued.group(1)) if glued else None
        space = board.parse_space(self.comp, f"{ring}{glued.group(2)}" if ring else word)
        ring = _RINGS.get(word, word)
        if space is None and ring in self.comp.rings and number_of(nxt):
            space = board.parse_space(self.comp, f"{ring}{number_of(nxt)[0]}")
            i += 1
        if space is not None:
            self.space(i, word, space, column)
            return i + 1
        number = number_of(word)
        if number is not None and not number[1]:
            self.number(i, number[0], column)
            return i + 1
        if word in _TAKE:
            self.take = True
            return i + 1
        if WORDS.has("from", word) and self.take:
            self.add("take ... from (a disc from a beach)", column, ("action", "takeback"))
            return i + 1
        if WORDS.has("shell", word) and (WORDS.has("with", self.prev(i))
                                         or self.prev(i) in ("paying", "pay", "payant", "pago")):
            return i + 1                            # how a purchase is paid: no card to pick
        card = self.cards.get(word) or self.cards.get(WORDS.get("cards", word, ""))
        if card is not None:
            facts = [("card", card)]
            if card == "priestess":
                facts.append(("action", "priestess"))
            self.add(word, column, *facts)
            return i + 1
        if word in _ACTIONS:
            said = word if _ACTIONS[word] != "takeback" else f"{word} (a disc from a beach)"
            self.add(said, column, ("action", _ACTIONS[word]))
            return i + 1
        if word in _NONE:
            self.add(word, column, ("none",))
            return i + 1
        if WORDS.has("invocation", word):
            self.add(word, column, ("invocation", True))
            return i + 1
        if WORDS.has("boat", word):
            self.add("the boat's beach", column, ("at-boat",), ("action", "sail"))
            return i + 1
        if WORDS.has("shaman", word):
            self.shaman = True
        if word in _STAYS and self.shaman:
            self.add("shaman stays", column, ("shaman-stays",))
            return i + 1
        if word in _SELF or word in _FILLER or word in _STAYS or not word[:1].isalnum():
            return i + 1
        self.heard.unknown.append((word, column))
        return i + 1

    def space(self, i: int, word: str, space: tuple[str, int], column: int) -> None:
        ring, section = space
        if ring == "beach":
            self.add(word, column, ("section", section))
        elif ring == "crater":
            if not self.craters:
                self.craters_at = column
            self.craters.append(section)
        else:
            self.add(word, column, ("shaman", board.space(ring, section)))

    def number(self, i: int, n: int, column: int) -> None:
        before = self.prev(i)
        lava = any(("action", "priestess") in m.facts for m in self.mentions)
        just = self.words[i - 1][0] if i else ""      # "à", "a": no article here
        if WORDS.has("crater", before) or (lava and any(
                WORDS.has(c, w) for c in ("from", "from_place", "to") for w in (before, just))):
            if not self.craters:
                self.craters_at = column
            self.craters.append(n)
        elif before in _SECTION_BEFORE:
            self.add(f"beach {n}", column, ("section", n), weak=WORDS.get("section", before) is None)
        else:
            self.add(f"disc {n}", column, ("disc", n), weak=True)


def _replace(text: str, old: str, new: str) -> str:
    low = text.lower()
    at = low.find(old)
    while at >= 0:
        text = text[:at] + new + text[at + len(old):]
        low = text.lower()
        at = low.find(old, at + len(new))
    return text


def hear(text: str, state) -> Heard:
    """What ``text`` names, for the free reader."""
    return _Hearing(text, state).run()


def move_facts(moves, state) -> list[Facts]:
    """The facts of each of ``moves`` (legal in ``state``)."""
    return [_facts(move, state) for move in moves]


def _facts(move, state) -> Facts:
    if isinstance(move, (PlaceDisc, TakeBack)):
        place = isinstance(move, PlaceDisc)
        facts = {("action", "place" if place else "takeback"), ("disc", move.value),
                 ("section", move.section)}
        unplain = set()
        stays = move.shaman is None or move.shaman == state.shaman.get(move.seat)
        facts.add(("shaman-stays",) if stays else ("shaman", move.shaman))
        if not stays:
            unplain.add("shaman")
        if place:
            if move.section == state.boat:
                facts.add(("at-boat",))
            if move.invocation:
                facts.add(("invocation", True))
                unplain.add("invocation")
        return Facts(frozenset(facts), frozenset(unplain))
    if isinstance(move, Sail):
        return Facts(frozenset({("action", "sail")}))
    if isinstance(move, PickCard):
        return Facts(frozenset({("action", "pick"), ("card", move.card)}))
    if isinstance(move, PriestessMove):
        if move.is_none:
            return Facts(frozenset({("action", "priestess"), ("none",)}))
        return Facts(frozenset({("action", "priestess"), ("route", (move.src, move.dst)),
                                ("crater", move.src), ("crater", move.dst)}))
    if isinstance(move, Buy):
        return Facts(frozenset({("action", "buy"), ("card", move.card)}))
    if isinstance(move, BuyNothing):
        return Facts(frozenset({("action", "buy"), ("none",)}))
    raise TypeError(f"{move!r} is not a Haleakala move")
