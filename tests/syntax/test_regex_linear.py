"""The regular expressions that read players' lines run in linear time (issue 11:
a 40 KB Hawaii move once took 11 s in ``moves (\\S+?)->(\\S+?)``).

Timing them would be a timed assertion, so this checks their shape instead, on
the parsed patterns: every repeat without an upper bound that may backtrack
(possessive ones and atomic groups never do) either repeats one character class
that cannot match the first character of what follows it, or holds no alternatives
that start alike. A backtracking matcher then tries each character of the line a
bounded number of times. benchmarks/regex_bench.py measures the same readers on
hostile lines (docs/performance.md).
"""
import re
import re._compiler as compiler
import re._parser as sre

import pytest
from re._constants import (AT, ATOMIC_GROUP, BRANCH, GROUPREF, LITERAL, MAX_REPEAT, MAXREPEAT, MIN_REPEAT,
                           POSSESSIVE_REPEAT, SUBPATTERN)

from tests.toy.helpers import real_games

# Every ASCII and Latin-1 character and a few others players type: enough to tell
# the character classes of these patterns apart.
ALPHABET = [chr(c) for c in range(256)] + ["→", "\u2028", "\u202e", "𝓡", "ſ", "K"]
END = "<end>"
REPEATS = (MAX_REPEAT, MIN_REPEAT)


def _chars(state, item, flags) -> frozenset:
    """The characters a one-character item (literal, class, category, any) matches."""
    matcher = compiler.compile(sre.SubPattern(state, [item]), flags)
    return frozenset(c for c in ALPHABET if matcher.fullmatch(c))


def _first(state, seq, flags, follow: frozenset) -> frozenset:
    """What the sequence can start with; ``follow`` if it can match nothing."""
    for i, (op, av) in enumerate(seq):
        if op == SUBPATTERN:
            first = _first(state, av[3], flags | av[1], frozenset([END]))
        elif op == BRANCH:
            first = frozenset().union(*(_first(state, alt, flags, frozenset([END]))
                                        for alt in av[1]))
        elif op in REPEATS or op == POSSESSIVE_REPEAT:
            first = _first(state, av[2], flags, frozenset([END]))
            if av[0] == 0:
                first |= {END}
        elif op == ATOMIC_GROUP:
            first = _first(state, av, flags, frozenset([END]))
        elif op in (AT, GROUPREF) or op.name.startswith("ASSERT"):
            continue
        else:
            first = _chars(state, (op, av), flags)
        if END not in first:
            return first
        return (first - {END}) | _first(state, seq[i + 1:], flags, follow)
    return follow


def problems(pattern: re.Pattern, *, anchored: bool) -> list[str]:
    """Where ``pattern`` may backtrack more than a bounded number of times per character.

    ``anchored``: the caller needs the whole text matched (fullmatch, or a ``$``),
    so whatever follows the pattern can fail; otherwise (a lexer's match) the end
    of the pattern accepts anything."""
    parsed = sre.parse(pattern.pattern, pattern.flags)
    found: list[str] = []
    _walk(parsed.state, list(parsed.data), parsed.state.flags,
          frozenset([END]) if anchored else frozenset(), "", found)
    return found


def _walk(state, seq, flags, follow, follow_text, found) -> None:
    for i, (op, av) in enumerate(seq):
        after = _first(state, seq[i + 1:], flags, follow)
        text = _literal(seq[i + 1:])
        if len(text) == len(seq) - i - 1:         # nothing but fixed text up to the end
            text += follow_text
        if op == SUBPATTERN:
            _walk(state, av[3], flags | av[1], after, text, found)
        elif op == BRANCH:
            for alt in av[1]:
                _walk(state, alt, flags, after, text, found)
        elif op in REPEATS:
            low, high, body = av
            first = _first(state, body, flags, frozenset([END])) - {END}
            if high == MAXREPEAT:
                single = len(body) == 1 and body[0][0] not in (SUBPATTERN, BRANCH) + REPEATS
                if single and first & after and set(text) <= first:
                    found.append(f"{sre.SubPattern(state, body)!s:.60} repeated can also match "
                                 f"{sorted(first & after)[:5]} that ends it")
                if _branches_overlap(state, body, flags):
                    found.append("a repeat holds alternatives that start alike")
            _walk(state, body, flags, after if high == 1 else first | after,
                  text if high == 1 else "", found)


def _literal(seq) -> str:
    """The fixed text ``seq`` starts with ('' if none): a repeat of a class that
    cannot match all of it cannot run past it, so it ends in one place."""
    text = ""
    for op, av in seq:
        if op != LITERAL:
            break
        text += chr(av)
    return text


def _branches_overlap(state, seq, flags) -> bool:
    """Alternatives that may start alike and are not told apart by their fixed text
    (``foot|feet`` are, ``\\d|\\d\\d`` are not): a repeat of them can split a text
    many ways."""
    for op, av in seq:
        if op == SUBPATTERN:
            if _branches_overlap(state, av[3], flags | av[1]):
                return True
        elif op == BRANCH:
            alts = [(_first(state, alt, flags, frozenset([END])), _literal(alt)) for alt in av[1]]
            for k, (first, text) in enumerate(alts):
                for other, other_text in alts[:k]:
                    n = min(len(text), len(other_text))
                    if first & other and (n == 0 or text[:n] == other_text[:n]):
                        return True
    return False


def _user_patterns():
    """(name, pattern, anchored) of every pattern that reads a player's text."""
    from referee.haleakala.text import canonical_moves as haleakala_canonical
    from referee.hawaii.text import canonical_moves, names
    from referee.syntax import hints as syntax
    from referee.transcript import reader
    out = [(f"canonical {k}", p, True) for k, p in canonical_moves.PATTERNS.items()]
    out += [(f"haleakala canonical {k}", p, True) for k, p in haleakala_canonical.PATTERNS.items()]
    out += [("haleakala FILLER", haleakala_canonical._FILLER, False)]
    out += [("FISH_ITEM", canonical_moves.FISH_ITEM, False),
            ("two-word names", names._TWO_WORDS, False), ("BEACH_SPOTS", names.BEACH_SPOTS, True),
            ("error word finder", syntax._WORD, False)]
    out += [(f"reader {k}", getattr(reader, k), True)
            for k in ("_FAST_MOVE", "_FAST_CHANCE", "_FAST_TAG", "_FAST_COMMENT")]
    return out


def _parsers() -> dict:
    """The lark parser of each title's moves, and the transcript's."""
    from referee.hawaii.text import move_syntax
    from referee.syntax.grammar import parser
    return {"hawaii": move_syntax._parser(), "haleakala": parser("haleakala"),
            "transcript": parser("transcript")}


def test_every_game_grammar_is_checked():
    assert set(real_games()) <= set(_parsers())


def _lark_patterns():
    parsers = _parsers()
    return [(f"{game} {t.name}", re.compile(t.pattern.to_regexp(), re.IGNORECASE
                                            if "i" in t.pattern.flags else 0), False)
            for game, p in parsers.items() for t in p.terminals]


@pytest.mark.parametrize("name,pattern,anchored", _user_patterns() + _lark_patterns(),
                         ids=lambda x: x if isinstance(x, str) else "")
def test_a_pattern_reading_players_text_cannot_backtrack_without_bound(name, pattern, anchored):
    assert problems(pattern, anchored=anchored) == []


@pytest.mark.parametrize("source", [r"RED moves (\S+?)->(\S+?)", r"(a+)+b", r"(?:\w+|\d)*!",
                                    r"(\w+\s?)*$", r"(.*?),(.*?),x", r"(?:,? \d+|, x)*\."])
def test_the_check_finds_backtracking_shapes(source):
    assert problems(re.compile(source), anchored=True)


@pytest.mark.parametrize("source", [r"\d+ (?:shells?|feet)(?: \d+ (?:shells?|feet))*", r"[ \t]*+(#.*)",
                                    r"(?:moves ([^\s>]+?)->([^\s,]+?)|stays), buys"])
def test_the_check_passes_linear_shapes(source):
    assert problems(re.compile(source), anchored=True) == []
