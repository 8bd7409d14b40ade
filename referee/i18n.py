"""Every text a person reads goes through here, in the reader's language.

The texts are written in English in the code and marked with ``_()`` (one text),
``ngettext()`` (a text with a count, so each language gets its own plural forms) or
``N_()`` (a text kept in a table and translated where it is shown). Babel's
``pybabel extract`` finds them (babel.cfg); each language's catalog is
``referee/locale/<lang>/LC_MESSAGES/referee.po``, compiled to ``.mo`` when the package
is built (setup.py). docs/translating.md is the translator's side.

The language is a context variable, set once where a request comes in (the command
line's ``--lang`` and locale variables; a hosted game's seat later), so two requests
served at once never see each other's language. English is the language of the code:
it loads no catalog, so ``referee check`` of a canonical transcript reads none.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

DOMAIN = "referee"
SOURCE = "en"                       # the language the texts are written in
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_catalog: ContextVar = ContextVar("referee_catalog", default=None)
_language: ContextVar[str] = ContextVar("referee_language", default=SOURCE)
_loaded: dict[str, object] = {}     # a compiled catalog never changes once read


def _(message: str) -> str:
    catalog = _catalog.get()
    return message if catalog is None else catalog.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    catalog = _catalog.get()
    if catalog is None:
        return singular if n == 1 else plural
    return catalog.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a text for extraction where it is defined; ``_()`` translates it where shown."""
    return message


# the seats' colours as a sentence names them; the notation (and so every canonical
# line) keeps its own words, which the free reader takes in any language
SEAT_WORDS = {"RED": N_("RED"), "YELLOW": N_("YELLOW"), "GREEN": N_("GREEN"),
              "BLUE": N_("BLUE"), "BLACK": N_("BLACK")}


def seat_word(seat: str | None) -> str | None:
    """A seat's colour in the reader's language, in capitals as seats are written; a seat
    with no colour of its own (or none) as it is."""
    return _(SEAT_WORDS[seat]) if seat in SEAT_WORDS else seat


def seat_words(seats) -> str:
    """Several seats in the reader's language, as a sentence lists them."""
    return " ".join(seat_word(s) for s in seats)


def language() -> str:
    return _language.get()


@cache
def languages() -> tuple[str, ...]:
    """The languages a reader may choose: English and every compiled catalog shipped.
    The catalogs are compiled when the package is installed, so a process looks once."""
    found = {p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return tuple(sorted({SOURCE, *found}))


def known(code: str | None) -> str | None:
    """The shipped language a code such as ``fr``, ``de_CH.UTF-8`` or ``it-IT`` names."""
    if not code:
        return None
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").lower()
    for candidate in (base, base.split("_")[0]):
        if candidate == SOURCE or (candidate and _mo_file(candidate).is_file()):
            return candidate
    return None


def choose(flag: str | None = None, environ=None) -> str:
    """``--lang``, then LANGUAGE (a colon-separated list), LC_ALL and LANG, as gettext reads
    them; a language with no catalog is passed over, and English is the last resort."""
    environ = os.environ if environ is None else environ
    wanted = [flag] if flag else []
    wanted += (environ.get("LANGUAGE") or "").split(":")
    wanted += [environ.get("LC_ALL"), environ.get("LANG")]
    for code in wanted:
        found = known(code)
        if found:
            return found
    return SOURCE


def _mo_file(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def _load(code: str):
    if code not in _loaded:
        import gettext          # only a reader of another language than English needs it
        with open(_mo_file(code), "rb") as fp:
            _loaded[code] = gettext.GNUTranslations(fp)
    return _loaded[code]


def use(code: str):
    """Set the language of the texts made from here on in this context; returns the tokens
    that :func:`reset` takes back."""
    code = known(code) or SOURCE
    catalog = None if code == SOURCE else _load(code)
    return _catalog.set(catalog), _language.set(code)


def reset(tokens) -> None:
    catalog, lang = tokens
    _catalog.reset(catalog)
    _language.reset(lang)


@contextmanager
def speaking(code: str | None):
    """The texts made inside the block are in that language (English if it has none)."""
    tokens = use(code)
    try:
        yield
    finally:
        reset(tokens)


def extract_rulings(fileobj, keywords, comment_tags, options):
    """Babel's extractor for games/*-rules.yaml (babel.cfg): each ruling's title, text and
    reason become message ids, so a translator finds the rulings in the same catalog as
    every other text. Only ``pybabel extract`` calls it."""
    import yaml     # only extraction reads the rulings' YAML here
    source = fileobj.read().decode("utf-8")
    lines = source.splitlines()
    data = yaml.safe_load(source) or {}
    for rid, entry in (data.get("rulings") or {}).items():
        lineno = next((i + 1 for i, line in enumerate(lines)
                       if line.strip() == f"{rid}:"), 0)
        for field in ("title", "text", "why"):
            if entry.get(field):
                yield lineno, None, entry[field], [f"ruling {rid}, its {field}"]
