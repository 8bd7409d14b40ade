"""The words players use for a game, in every language the referee reads, as data.

Each ``games/words/<name>.<language>.yaml`` holds groups of terms, each group with the
source its terms come from (a published rulebook, or the short forms players use).
``common`` files hold what every game shares (seat colours, "I", number words,
ordinals, articles); a game's own files hold its components, places and actions. Every
language is read at once: a line may mix them, so no flag chooses one.

Only the free reader loads this module: a canonical transcript never needs it.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

import yaml

from referee.core.paths import games_dir

class _Loader(yaml.SafeLoader):
    """YAML 1.1 reads "on", "no", "yes", "off" as booleans; here every term is a word."""


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}

_SPELLED = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
_ELIDED = ("l", "d", "j", "qu", "un", "dell", "all", "nell", "sull", "dall", "c", "s", "n", "m", "t")


@lru_cache(maxsize=8192)
def _fold_char(c: str) -> str:
    if c == "ß":
        return "s"
    if c in "’‘`´":
        return "'"
    base = unicodedata.normalize("NFKD", c.lower())
    kept = [x for x in base if not unicodedata.combining(x)]
    return kept[0] if len(kept) == 1 else c.lower()


def fold(text: str) -> str:
    """Lower case without accents, one character for one, so columns stay right:
    accents are optional in every language ("pirogue", "Muschelhütte" or "Muschelhutte")."""
    return "".join(_fold_char(c) for c in text)


def keys_of(term: str, language: str = "") -> set[str]:
    """The spellings a term is found under: folded, and, for an umlaut or ß, the way it is
    written without them ("Muschelhuette"); a German term the file spells without umlauts
    ("fuer") is also found as an umlaut read without its dots ("für" is folded to "fur")."""
    joined = "-".join(term.split())
    keys = {fold(joined), fold(joined.lower().translate(_SPELLED))}
    if language == "de":
        keys |= {re.sub(r"([aou])e", r"\1", k) for k in keys}
    return keys


def unelide(word: str) -> tuple[str, int]:
    """"l'ordre" -> ("ordre", 2): the article stuck to a French or Italian word is no word."""
    head, sep, rest = word.partition("'")
    if sep and rest and head in _ELIDED:
        return rest, len(head) + 1
    return word, 0


@dataclass
class Vocabulary:
    """category -> folded term -> what it means; and where each term comes from."""
    terms: dict[str, dict[str, object]] = field(default_factory=dict)
    sources: dict[tuple[str, str], str] = field(default_factory=dict)
    phrases: re.Pattern | None = None
    # language -> category -> code -> the name a reader of that language is shown
    names: dict[str, dict[str, dict[str, str]]] = field(default_factory=dict)

    def name(self, language: str, category: str, code: str) -> str | None:
        """What ``code`` (a place id, a tile kind, a card) is called for a reader of
        ``language``; None when that language's file does not name it."""
        return self.names.get(language, {}).get(category, {}).get(code)

    def names_of(self, category: str, code: str) -> set[str]:
        """Every language's name of ``code``, folded: what a player may type for it."""
        return {fold(table[category][code]) for table in self.names.values()
                if code in table.get(category, {})}

    def get(self, category: str, word: str, default=None):
        return self.terms.get(category, {}).get(word, default)

    def has(self, category: str, word: str) -> bool:
        return word in self.terms.get(category, {})

    def words(self, *categories: str) -> set[str]:
        out: set[str] = set()
        for c in categories:
            out |= set(self.terms.get(c, {}))
        return out

    def join_phrases(self, folded: str) -> str:
        """Several words that make one term ("hutte aux coquillages", "Capanna delle
        Conchiglie") joined with hyphens of the same length, so columns stay right."""
        if self.phrases is None:
            return folded
        return self.phrases.sub(lambda m: re.sub(r"[ _]", "-", m.group(0)), folded)


@lru_cache(maxsize=None)
def vocabulary(game: str, languages: tuple[str, ...] | None = None) -> Vocabulary:
    """The words of ``game`` (its own files and the common ones) in ``languages``, every
    language the referee ships when None."""
    voc = Vocabulary()
    folder = games_dir() / "words"
    for path in sorted({*folder.glob("common.*.yaml"), *folder.glob(f"{game}.*.yaml")}):
        if languages is not None and path.suffixes[-2][1:] not in languages:
            continue
        doc = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader) or {}
        sources = doc.get("sources", {})
        shown = voc.names.setdefault(doc.get("language", path.suffixes[-2][1:]), {})
        for category, table in (doc.get("names") or {}).items():
            shown.setdefault(category, {}).update((str(k), str(v)) for k, v in table.items())
        for category, groups in (doc.get("terms") or {}).items():
            table = voc.terms.setdefault(category, {})
            for group in groups:
                source = sources.get(group["source"], group["source"])
                for term, meaning in (group.get("words") or {}).items():
                    for key in keys_of(str(term), doc.get("language", "")):
                        table.setdefault(key, meaning)
                        voc.sources.setdefault((category, key), source)
    multi = sorted({k for table in voc.terms.values() for k in table if "-" in k},
                   key=len, reverse=True)
    if multi:
        alternatives = "|".join(re.escape(k).replace(r"\-", "[ _-]") for k in multi)
        voc.phrases = re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")
    return voc
