"""Counted words in messages: ``1 tiki``, ``2 tikis``, ``1 foot``. Every layer says
numbers to people, so this sits at the bottom, where every layer may import it."""
from __future__ import annotations

from referee.i18n import _, ngettext

# each counted word with its own plural forms in every language (ngettext): a language
# has as many forms as its catalog says, not English's two
_COUNTED = {
    "feet": lambda n: ngettext("{n} foot", "{n} feet", n),
    "tikis": lambda n: ngettext("{n} tiki", "{n} tikis", n),
    "kahunas": lambda n: ngettext("{n} kahuna", "{n} kahunas", n),
    "shells": lambda n: ngettext("{n} shell", "{n} shells", n),
    "fruits": lambda n: ngettext("{n} fruit", "{n} fruits", n),
    "points": lambda n: ngettext("{n} point", "{n} points", n),
    "statues": lambda n: ngettext("{n} statue", "{n} statues", n),
    "discs": lambda n: ngettext("{n} disc", "{n} discs", n),
    "moves": lambda n: ngettext("{n} move", "{n} moves", n),
    "errors": lambda n: ngettext("{n} error", "{n} errors", n),
    "lines": lambda n: ngettext("{n} line", "{n} lines", n),
    "draws": lambda n: ngettext("{n} draw", "{n} draws", n),
    "files": lambda n: ngettext("{n} file", "{n} files", n),
    "cards": lambda n: ngettext("{n} card", "{n} cards", n),
    "tokens": lambda n: ngettext("{n} token", "{n} tokens", n),
    "boats": lambda n: ngettext("{n} boat", "{n} boats", n),
    "lava discs": lambda n: ngettext("{n} lava disc", "{n} lava discs", n),
    "paid feet": lambda n: ngettext("{n} paid foot", "{n} paid feet", n),
    "units": lambda n: ngettext("{n} unit", "{n} units", n),
    "circles": lambda n: ngettext("{n} circle", "{n} circles", n),
}


def plural(n: int, word: str) -> str:
    """``plural(1, "tikis")`` -> ``1 tiki``, in the reader's language; the word is given in
    its English plural form."""
    counted = _COUNTED.get(word)
    if counted is not None:
        return counted(abs(n)).format(n=n)
    one = word[:-1] if word.endswith("s") else word
    return f"{n} {one if abs(n) == 1 else word}"


def source_name(sources: dict, key: str) -> str:
    """A source of points (a key of the state JSON: ``kahunas``, ``order_bonus``) in the
    reader's language, from a title's table of them; a key the table lacks, spaced."""
    return _(sources[key]) if key in sources else key.replace("_", " ")
