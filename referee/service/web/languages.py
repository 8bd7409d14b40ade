"""Which language a page is written in (docs/web.md, docs/hosting.md).

A seat's page speaks its seat's language (the seat's own, else the game's), changed by the
page's chooser through the same command a mail sends. Every other page speaks its
watcher's: a ``?lang=`` link of the page's chooser (kept in a cookie for the next pages),
else that cookie, else the browser's ``Accept-Language`` (its quality values honoured, the
first language the referee ships wins), else English. The JSON routes keep their English
keys and codes; only the texts inside them follow the request's language.
"""
from __future__ import annotations

import re
from urllib.parse import urlencode

from starlette.requests import Request

from referee import i18n

COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600
# a page in another language for another reader: a shared cache must keep them apart
VARY = {"Vary": "Accept-Language, Cookie"}
# each language named in itself, as a reader looks for their own; a language shipped
# without a name here is shown by its code
NAMES = {"en": "English", "fr": "Français", "de": "Deutsch", "it": "Italiano"}
_RANGE = re.compile(r"\s*([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)\s*(?:;\s*q\s*=\s*([0-9.]{1,5}))?\s*\Z")


def accepted(header: str | None) -> str | None:
    """The shipped language an ``Accept-Language`` header prefers (RFC 9110 section
    12.5.4): the ranges by quality, the first one written first among equals; a range
    the referee does not ship is passed over, ``q=0`` refuses it."""
    ranked = []
    for order, part in enumerate((header or "")[:500].split(",")):
        m = _RANGE.match(part)
        if not m or m.group(1) == "*":
            continue
        try:
            quality = float(m.group(2)) if m.group(2) else 1.0
        except ValueError:
            continue
        if quality > 0:
            ranked.append((-quality, order, m.group(1)))
    for _q, _o, code in sorted(ranked):
        found = i18n.known(code)
        if found:
            return found
    return None


def chosen(request) -> str | None:
    """The language the reader picked on a chooser: the link's ``?lang=``, else its cookie."""
    return i18n.known(request.query_params.get("lang", "")[:20]) or \
        i18n.known(request.cookies.get(COOKIE, "")[:20])


def of_request(request) -> str:
    return chosen(request) or accepted(request.headers.get("accept-language")) or i18n.SOURCE


def of_seat(game: dict, seat: str) -> str:
    """The seat's own language, else the game's, else English: the language its mails use."""
    me = next((s for s in game["seats"] if s["seat"] == seat), {})
    return i18n.known(me.get("lang") or game.get("lang")) or i18n.SOURCE


def links(request) -> list[dict]:
    """The watcher's chooser: this page's address with each language's ``?lang=``."""
    kept = [(k, v) for k, v in request.query_params.multi_items() if k != "lang"]
    return [{"code": code, "name": NAMES.get(code, code),
             "href": "?" + urlencode([*kept, ("lang", code)])} for code in i18n.languages()]


def choices() -> list[dict]:
    """The seat's chooser: every shipped language, each named in itself."""
    return [{"code": code, "name": NAMES.get(code, code)} for code in i18n.languages()]


class Speaking:
    """Every request's texts in its watcher's language (a seat's route speaks its seat's
    instead, once it knows the seat); a ``?lang=`` that names a shipped language is kept
    in a cookie, so the chooser's choice holds on the next pages."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        request = Request(scope)
        picked = i18n.known(request.query_params.get("lang", "")[:20])

        async def send_with(message):
            if picked and message["type"] == "http.response.start":
                cookie = (f"{COOKIE}={picked}; Path=/; Max-Age={COOKIE_AGE}; SameSite=Lax")
                message = {**message, "headers": [*message.get("headers", []),
                                                  (b"set-cookie", cookie.encode())]}
            await send(message)
        tokens = i18n.use(of_request(request))
        try:
            return await self.app(scope, receive, send_with)
        finally:
            i18n.reset(tokens)
