"""Reading a free line the way a human moderator reads it.

Players write "my chief goes to the gods for Kane, paying the 5s", not the notation.
A moderator does not parse such a line: they take what it names (a place, a tile, a
token, a payment...) and look for the legal move of the seat to act that has all of
it. Growing a grammar word by word never gets there; matching does, and it cannot
invent a move, since every answer is a legal move.

A game offers two things (``GameModule.hear`` and ``GameModule.move_facts``, in its
``text/free_words.py``): what a line names, as :class:`Mention` s, and what a legal move
has, as :class:`Facts`. A fact is a tuple whose first item is its kind. This module,
the same for every game, matches them:

- every mention must be met by the move (a mention lists the facts it may mean; one
  of them is enough), so nothing the player said is dropped;
- a detail the player left out is settled only as the notation settles it when the
  detail is left out (plain payment, the usual boats...): a move that differs from
  that default in a kind of fact the line does not mention is no reading of it;
- exactly one move left is the move; several are an ambiguity listing them; none is
  an illegal move naming the nearest legal ones.

A wrong reading is far worse than a refusal: a word the game does not know makes the
line unread (the caller answers with the notation's own error), and so does a line
that names nothing at all ("good luck!").
"""
from __future__ import annotations

import difflib
import importlib
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from referee.core.vocabulary import fold, unelide, vocabulary
from referee.i18n import _, ngettext
from referee.errors import (AmbiguousMoveError, IllegalMoveError, NotationSyntaxError,
                            OutOfTurnError)

MAX_LISTED = 8          # candidates or near moves named in one answer
_WORTH_LISTED = 4       # candidates few enough to say what each costs and gives

_WORD = re.compile(r"->|→|=>|\+|[()]|\d+-?fish(?:es)?\b|\d(?:st|nd|rd|th|eme|ere|er|re|e|o|a)\b|\d°|\d+s?\b|[^\W\d_][\w'’]*(?:-[\w'’]+)*|\S")
_ORDINAL = re.compile(r"(\d)(?:st|nd|rd|th|eme|ere|er|re|e|o|a|°)")
_PUNCTUATION = set(",.;:!?")


def words_of(text: str) -> list[tuple[str, int]]:
    """The words of a free line, (in lower case without accents, 1-based column), without
    punctuation, possessives, contractions and elided articles ("chief's", "I'll",
    "l'ordre", "all'isola"); arrows, "+" and brackets are words."""
    out = []
    for m in _WORD.finditer(fold(text)):
        word = m.group(0)
        if word in _PUNCTUATION:
            continue
        word, cut = unelide(word)
        if cut:
            out.append((word.strip("'"), m.start() + 1 + cut))
            continue
        for tail in ("'s", "'ll", "'d", "'m", "'ve", "'re"):
            if word.endswith(tail) and len(word) > len(tail):
                word = word[:-len(tail)]
        out.append((word.strip("'"), m.start() + 1))
    return out


def number_of(word: str) -> tuple[int, bool] | None:
    """A number a player wrote ("3", "three", "trois", "4s": with crossed spears), else None."""
    spelled = vocabulary("common").get("numbers", word)
    if spelled is not None:
        return spelled, False
    m = re.fullmatch(r"(\d{1,3})(s?)", word)
    return (int(m.group(1)), bool(m.group(2))) if m else None


def seat_named(word: str) -> str | None:
    """The seat a colour names in any language the referee reads ("bleu", "ROT", "giallo")."""
    return vocabulary("common").get("seats", fold(word))


def control_asked(text: str) -> str | None:
    """"undo" or "resign" when a line's words ask for one in any language the referee
    reads ("green undo", "j'abandonne", "ich gebe auf"), else None."""
    words = vocabulary("common")
    line = words.join_phrases(fold(text))
    for word, _ in words_of(line):
        for control in ("undo", "resign"):
            if words.has(control, word):
                return control
    return None


def ordinal_of(word: str) -> int | None:
    """A rank a player wrote ("second", "2nd", "deuxième", "2e", "zweiten", "terza")."""
    rank = vocabulary("common").get("ordinals", word)
    if rank is not None:
        return rank
    m = _ORDINAL.fullmatch(word)
    return int(m.group(1)) if m else None


@dataclass(frozen=True)
class Mention:
    """Something a line names: the words and where they stand, and the facts they may
    mean (any one will do)."""
    words: str
    column: int
    facts: frozenset
    weak: bool = False      # a number no word explains: alone, it makes no move of a line


@dataclass
class Heard:
    """What a game made of a line: the seat it names (None for "I" or no seat word),
    its mentions, and the words it could not place."""
    seat: str | None = None
    seat_word: str | None = None
    mentions: list[Mention] = field(default_factory=list)
    unknown: list[tuple[str, int]] = field(default_factory=list)     # (word, column)
    vocabulary: tuple[str, ...] = ()      # the words the game knows, for "did you mean"


@dataclass(frozen=True)
class Facts:
    """What a legal move has, and the kinds of fact in which it is not what the notation
    fills in when that detail is left out. The facts may come in several groups
    (``more``) that many moves share as they are: a rich position has thousands of
    purchases that differ only in how they are paid, and each is then the tile bought
    plus one of a few payments rather than a set of its own."""
    facts: frozenset
    unplain: frozenset = frozenset()
    more: tuple[frozenset, ...] = ()

    def meets(self, wanted: frozenset) -> bool:
        if not wanted.isdisjoint(self.facts):
            return True
        for group in self.more:
            if not wanted.isdisjoint(group):
                return True
        return False

    def common(self, wanted: frozenset) -> set:
        """The facts of ``wanted`` the move has."""
        out = set(wanted & self.facts)
        for group in self.more:
            out |= wanted & group
        return out


class NotRead(NotationSyntaxError):
    """The line is not one the free reader can take: it names nothing the game knows, or
    holds a word it does not know. The caller answers with the notation's own error
    unless the line named things (``named``) and the notation's error is about less."""

    def __init__(self, reason: str, *, named: int = 0, **kw):
        super().__init__(reason, **kw)
        self.named = named


def read_line(module, text: str, state) -> Any:
    """The legal move of the seat to act that the free line ``text`` describes
    (see the module docstring); the module's ``hear`` and ``move_facts`` do the game's
    part."""
    seat = state.current_player()
    if not getattr(module, "free_words", None):      # a game without a free reader
        raise NotRead(_("{game} reads moves in its notation only").format(
            game=getattr(module, "name", _("this game"))),
                      column=1)
    heard = module.hear(text, state)
    moves = list(state.legal_moves())
    words = importlib.import_module(module.free_words)
    describe = getattr(words, "describe", None)
    why_not = getattr(words, "why_not", None)
    return read_free(text, seat, moves, heard, module.move_facts(moves, state),
                     lambda m: module.format_move(m, state),
                     (lambda m: describe(m, state)) if describe is not None else None,
                     (lambda h: why_not(h, state)) if why_not is not None else None)


def read_free(text: str, seat: str, moves: Sequence[Any], heard: Heard,
              facts: Sequence[Facts], line_of: Callable[[Any], str],
              describe: Callable[[Any], str | None] | None = None,
              why_not: Callable[[Heard], str | None] | None = None) -> Any:
    """The one legal move of ``seat`` (``moves`` are its legal moves, ``facts`` theirs)
    that ``heard`` describes; AmbiguousMoveError, IllegalMoveError, OutOfTurnError or
    NotRead."""
    if heard.unknown:
        word, column = heard.unknown[0]
        raise NotRead(_("'{word}' is no word of a move the referee knows").format(word=word),
                      column=column,
                      hint=_did_you_mean(word, heard.vocabulary), named=len(heard.mentions))
    if all(m.weak for m in heard.mentions):
        raise NotRead((_("'{text}' names nothing of the game but numbers") if heard.mentions
                       else _("'{text}' names nothing of the game")).format(text=_short(text)),
                      column=1)
    if heard.seat is not None and heard.seat != seat:
        raise OutOfTurnError(_("{seat} cannot move now: {other} is to move").format(
            seat=heard.seat, other=seat), column=1)
    matched = [(move, f.unplain <= _hit(heard.mentions, f))
               for move, f in _meeting_all(heard.mentions, moves, facts)]
    plain = [m for m, ok in matched if ok]
    if len(plain) == 1:
        return plain[0]
    said = ", ".join(m.words for m in heard.mentions if m.words)
    if matched:
        shown = plain or [m for m, _ in matched]
        lines = list(dict.fromkeys(line_of(m) for m in shown))
        more = len(lines) - MAX_LISTED
        why = (ngettext("'{text}' (read: {said}) has {n} legal reading: say which of the "
                        "candidates", "'{text}' (read: {said}) has {n} legal readings: say "
                        "which of the candidates", len(lines)) if plain else
               ngettext("'{text}' (read: {said}) fits {n} legal move, each with a detail the "
                        "line leaves out: say which of the candidates", "'{text}' (read: {said}) "
                        "fits {n} legal moves, each with a detail the line leaves out: say "
                        "which of the candidates", len(lines)))
        raise AmbiguousMoveError(
            why.format(text=_short(text), said=said, n=len(lines))
            + (_(" ({n} more not listed)").format(n=more) if more > 0 else "")
            + _worth(shown, describe), candidates=lines[:MAX_LISTED], column=1)
    lines = list(dict.fromkeys(line_of(m) for m in _nearest(heard.mentions, moves, facts)))[:3]
    why = why_not(heard) if why_not is not None else None
    if why:
        raise IllegalMoveError(_("no legal move of {seat} has all of what '{text}' names: "
                                 "{why}").format(seat=seat, text=_short(text), why=why), column=1)
    raise IllegalMoveError(_("no legal move of {seat} has all of what '{text}' names "
                             "(read: {said})").format(seat=seat, text=_short(text), said=said),
                           hint=_("the nearest legal moves: {lines}").format(
                               lines=" | ".join(lines)) if lines else None,
                           column=1)


def _meeting_all(mentions: Sequence[Mention], moves: Sequence[Any],
                 facts: Sequence[Facts]) -> list[tuple[Any, Facts]]:
    """The moves that meet every mention: a rich position has thousands of moves, and a
    move is dropped at the first mention it misses."""
    wanted = [m.facts for m in mentions]
    out = []
    for move, f in zip(moves, facts):
        for w in wanted:
            if not f.meets(w):
                break
        else:
            out.append((move, f))
    return out


def _hit(mentions: Sequence[Mention], f: Facts) -> set:
    """The kinds of fact of the move ``f`` that the line's mentions name."""
    return {x[0] for m in mentions for x in f.common(m.facts)}


def _nearest(mentions: Sequence[Mention], moves: Sequence[Any],
             facts: Sequence[Facts]) -> list[Any]:
    """The moves that meet the most of a line no move meets whole (a number alone counts
    half), the plainest first among equals."""
    near, best = [], (-1, False)
    for move, f in zip(moves, facts):
        met = [m for m in mentions if f.meets(m.facts)]
        score = sum(1 if m.weak else 2 for m in met)
        if score < best[0]:
            continue
        rank = (score, f.unplain <= _hit(met, f))
        if rank > best:
            best, near = rank, [move]
        elif rank == best and len(near) < MAX_LISTED:
            near.append(move)
    return near


def _worth(moves: Sequence[Any], describe) -> str:
    """What each of a few candidates costs and gives, when the game can say it: a player
    choosing between the sides of a tile needs their prices and points."""
    if describe is None or len(moves) > _WORTH_LISTED:
        return ""
    said = [d for d in (describe(m) for m in moves) if d]
    return f" ({'; '.join(dict.fromkeys(said))})" if len(said) == len(moves) else ""


def _did_you_mean(word: str, vocabulary) -> str | None:
    near = difflib.get_close_matches(word.lower()[:40], list(vocabulary), n=1, cutoff=0.75)
    return _("did you mean '{word}'?").format(word=near[0]) if near else None


def _short(text: str, width: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[:width - 3] + "..."
