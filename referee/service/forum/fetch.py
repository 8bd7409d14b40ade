"""One HTTP request to a forum, with the limits a public host needs.

A forum is somebody else's server: it may be slow, down, huge or hostile. Every
request here has a time limit for the whole answer (not per read, so a server that
drips a byte a second cannot hold the host), a size limit, a User-Agent naming the
referee (forums and BoardGameGeek ask bots to say who they are), and follows
redirects only to http(s) on the same host. Failures become ForumErrors with a
sentence: unreachable (network, 5xx, 429: worth trying again) or refused (4xx: it will
not change by itself).
Only the standard library's urllib is used.
"""
from __future__ import annotations

import socket
import time
import urllib.error
import urllib.request
from http.client import HTTPException
from urllib.parse import urlsplit

from referee import __version__
from referee.service.errors import ForumRefused, ForumTooLarge, ForumUnreachable

USER_AGENT = f"referee/{__version__} (play-by-forum referee for Hawaii and Haleakala)"
MAX_REDIRECTS = 5
ERROR_BODY = 4096           # bytes of an error answer kept for its reason
_CHUNK = 65536


class _Redirects(urllib.request.HTTPRedirectHandler):
    """Follows a redirect only to http(s) on the same host, at most MAX_REDIRECTS
    times. urllib would carry every header of the request (a forum's API key among
    them) to wherever the answer points, and a read that goes where the forum points
    is a read of any address the forum names, the host's own network included."""
    max_redirections = MAX_REDIRECTS

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        scheme = urlsplit(newurl).scheme.lower()
        if scheme not in ("http", "https"):
            raise ForumRefused(f"the forum at {_where(req.full_url)} redirected to a "
                               f"{scheme or 'relative'}: address, which the referee does "
                               "not follow", status=code)
        if not same_host(req.full_url, newurl):
            raise ForumRefused(f"the forum at {_where(req.full_url)} redirected to another "
                               f"host ({_where(newurl)}), which the referee does not follow: "
                               "a request, and any key it carries, stays on the forum's "
                               "own host", status=code)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


_PORTS = {"http": 80, "https": 443}


def origin(url: str) -> tuple[str, str, int | None]:
    """(scheme, host name, port) of an address, the port filled in where the scheme
    implies it; a port that is no number is None."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    try:
        port = parts.port
    except ValueError:
        port = None
    return scheme, (parts.hostname or "").lower(), port or _PORTS.get(scheme)


def same_host(url: str, other: str) -> bool:
    """Whether ``other`` is on ``url``'s host: the same scheme, name (with or without
    ``www.``, which sites send each other to) and port, or the same name moved from
    http to https (the forum's own upgrade to TLS)."""
    here, there = origin(url), origin(other)
    if not here[1] or here[1].removeprefix("www.") != there[1].removeprefix("www."):
        return False
    here, there = here[:1] + here[2:], there[:1] + there[2:]
    return here == there or here + there == ("http", 80, "https", 443)


_OPENER = urllib.request.build_opener(_Redirects)


def _where(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}{parts.path}"[:200]


def _read(response, url: str, limit: int, deadline: float, timeout: float) -> bytes:
    length = response.headers.get("Content-Length")
    if length and length.strip().isdigit() and int(length) > limit:
        raise ForumTooLarge(f"the forum's answer at {_where(url)} has {int(length):,} bytes; "
                            f"the referee reads at most {limit:,}")
    chunks, size = [], 0
    while True:
        if time.monotonic() > deadline:
            raise ForumUnreachable(f"the forum at {_where(url)} did not finish its answer "
                                   f"in {timeout:g} seconds")
        chunk = response.read1(min(_CHUNK, limit + 1 - size))   # what has come: the
        # deadline is checked between reads, so a server cannot drip for ever
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise ForumTooLarge(f"the forum's answer at {_where(url)} is larger than the "
                                f"{limit:,} bytes the referee reads")


def _error_body(exc: urllib.error.HTTPError) -> bytes:
    """The start of an error answer: forums say there why they refused (Discourse's
    ``{"errors": [...]}``)."""
    try:
        return exc.read(ERROR_BODY) or b""
    except Exception:  # the error answer itself broke off: the status is what counts
        return b""
    finally:
        exc.close()


def http_fetch(url: str, *, method: str = "GET", headers: dict | None = None,
               data: bytes | None = None, timeout: float = 20.0,
               limit: int = 4_000_000) -> bytes:
    """The body of the forum's answer to one request (2xx only)."""
    if urlsplit(url).scheme.lower() not in ("http", "https"):
        raise ForumRefused(f"the referee reads forums over http(s) only, not {url[:200]!r}")
    sent = {"User-Agent": USER_AGENT, "Accept-Encoding": "identity"}
    sent.update(headers or {})
    request = urllib.request.Request(url, data=data, headers=sent, method=method)
    deadline = time.monotonic() + timeout
    try:
        with _OPENER.open(request, timeout=timeout) as response:
            return _read(response, url, limit, deadline, timeout)
    except urllib.error.HTTPError as exc:
        status, body = exc.code, _error_body(exc)
        said = f"{status} {str(exc.reason).splitlines()[0] if exc.reason else ''}"[:120].strip()
        if 300 <= status < 400:
            raise ForumRefused(f"the forum at {_where(url)} redirected where the referee "
                               f"does not follow (only to http(s) on the same host, at most "
                               f"{MAX_REDIRECTS} times, never round a loop)",
                               status=status) from None
        if status == 429 or status >= 500:
            raise ForumUnreachable(f"the forum at {_where(url)} answered {said}; the "
                                   "referee tries again later", status=status,
                                   body=body) from None
        raise ForumRefused(f"the forum at {_where(url)} answered {said}", status=status,
                           body=body) from None
    except (ForumRefused, ForumTooLarge, ForumUnreachable):
        raise
    except (socket.timeout, TimeoutError):
        raise ForumUnreachable(f"the forum at {_where(url)} did not answer in "
                               f"{timeout:g} seconds") from None
    except urllib.error.URLError as exc:
        raise ForumUnreachable(f"the forum at {_where(url)} could not be reached "
                               f"({str(exc.reason)[:200]})") from None
    except (OSError, HTTPException, ValueError) as exc:
        raise ForumUnreachable(f"the forum at {_where(url)} could not be read "
                               f"({type(exc).__name__}: {str(exc)[:200]})") from None
