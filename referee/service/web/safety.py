"""What keeps a seat's page its player's alone.

- The page is reached by the seat's secret (the same one its mails carry); a
  wrong or old secret is a plain 404, so a guess learns nothing.
- Every form carries a token derived from the secret under the host's key and
  is refused unless the token matches (``hmac.compare_digest``) and the request
  comes from this site (``Origin``, else ``Referer``): another site cannot post a
  move even if it knew the page's address, and the page sets no cookie at all.
- The move builder's choices in a seat page's address (``?step=...``) are counted and
  measured, and control characters refused, before the builder reads them.
- Bodies are read up to a small limit, must be ``application/x-www-form-urlencoded``
  and UTF-8; anything else is a 4xx page, never a traceback.
"""
from __future__ import annotations

import hashlib
import hmac
import re
from urllib.parse import parse_qsl, urlsplit

from starlette.exceptions import HTTPException

from referee.i18n import _

MAX_BODY = 8 * 1024
MAX_FIELD = 2000
MAX_STEPS = 16          # choices in a seat page's address (a Hawaii move takes at most 7)
MAX_CHOICE = 120        # characters of one choice

HEADERS = {
    # The seat page's address is its secret: never send it to another site.
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": ("default-src 'none'; script-src 'self'; style-src 'self' "
                                "'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
                                "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"),
}

_DIGITS = re.compile(r"[0-9]{1,9}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def form_token(key: bytes, game_id: str, link: str) -> str:
    """The anti-forgery token of a seat's forms: bound to its game and secret link."""
    msg = f"web-form\0{game_id}\0{link}".encode("utf-8")
    return hmac.new(key, msg, hashlib.sha256).hexdigest()


def check_token(key: bytes, game_id: str, link: str, given: str | None) -> None:
    if not given or not hmac.compare_digest(form_token(key, game_id, link).encode(),
                                            given.encode("utf-8", "replace")):
        raise HTTPException(403, _("This form is out of date or did not come from this page: "
                                   "open your seat's link again and resend."))


def _origin(url: str) -> str | None:
    parts = urlsplit(url)
    if not parts.scheme or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc}".lower()


def check_origin(request) -> None:
    """The post must say it comes from this site: Origin, else Referer."""
    own = f"{request.url.scheme}://{request.url.netloc}".lower()
    origin = request.headers.get("origin")
    if origin is not None:
        came = origin.lower() if origin != "null" else None
    else:
        referer = request.headers.get("referer")
        came = _origin(referer) if referer else None
    if came != own:
        raise HTTPException(403, _("Moves are taken only from this site's own pages "
                                   "(the request's Origin or Referer is missing or foreign)."))


def whole_number(raw: str | None) -> int | None:
    """A count written in ASCII digits (at most nine), or None. Not ``str.isdigit``: it
    says yes to ``²``, ``①`` and ``٣``, which ``int`` then refuses or reads, and to
    thousands of digits, which ``int`` refuses: each was a 500 page."""
    if raw is None or not _DIGITS.fullmatch(raw):
        return None
    return int(raw)


async def read_form(request) -> dict[str, str]:
    """The posted form, at most MAX_BODY bytes of UTF-8 url-encoding."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        raise HTTPException(415, _("Send the form as the page does (url-encoded)."))
    length = request.headers.get("content-length")
    size = whole_number(length)
    if length is not None and (size is None or size > MAX_BODY):
        raise HTTPException(413, _("The form is too long (at most {n} bytes).")
                            .format(n=MAX_BODY))
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise HTTPException(413, _("The form is too long (at most {n} bytes).")
                            .format(n=MAX_BODY))
    try:
        text = bytes(body).decode("utf-8")
        pairs = parse_qsl(text, keep_blank_values=True, strict_parsing=False,
                          encoding="utf-8", errors="strict", max_num_fields=20)
    except (UnicodeDecodeError, ValueError):
        raise HTTPException(400, _("The form is not valid UTF-8 url-encoding.")) from None
    form = {}
    for name, value in pairs:
        if len(value) > MAX_FIELD:
            raise HTTPException(413, _("A field is too long (at most {n} characters).")
                                .format(n=MAX_FIELD))
        form[name] = value
    return form


def choices(request) -> list[str]:
    """The move builder's choices in the address (``step``, repeated); 400 for too
    many, too long, or holding a control character."""
    steps = request.query_params.getlist("step")
    if len(steps) > MAX_STEPS:
        raise HTTPException(400, _("At most {n} choices make a move (the address has "
                                   "{given}).").format(n=MAX_STEPS, given=len(steps)))
    for text in steps:
        if len(text) > MAX_CHOICE:
            raise HTTPException(400, _("A choice is at most {n} characters long.")
                                .format(n=MAX_CHOICE))
        if _CONTROL.search(text):
            raise HTTPException(400, _("A choice is written in plain characters "
                                       "(the address holds a control character)."))
    return [" ".join(text.split()) for text in steps]
