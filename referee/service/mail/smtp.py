"""Hand a message to an SMTP server, and say whether a failure is worth retrying.

The outbox needs one distinction from a send: ``TemporaryFailure`` (server down,
timeout, a 4xx answer: try again after :func:`referee.service.hosted.outbox.backoff`) or ``PermanentFailure``
(a 5xx answer, wrong credentials, a bad URL: retrying cannot help). The server
is named by one URL so that a single setting (``--smtp`` / ``REFEREE_SMTP``)
says everything: ``smtp://host:port``, ``smtp+starttls://user:pass@host:port``,
``smtps://user:pass@host:port``; ``?cafile=PATH`` trusts a private CA.
"""
from __future__ import annotations

import functools
import os
import re
import select
import smtplib
import socket
import ssl
from dataclasses import dataclass
from typing import Sequence
from urllib.parse import parse_qs, quote, unquote, urlsplit, urlunsplit

from referee.service.errors import (MailConfigError, MailError, PermanentFailure,
                                    ServerRefused, TemporaryFailure)

__all__ = ["send", "Connection", "probe", "parse_url", "with_password", "password_from", "TemporaryFailure", "PermanentFailure",
           "MailConfigError", "ServerRefused"]

DEFAULT_PORTS = {"smtp": 25, "smtp+starttls": 587, "smtps": 465}


@dataclass(frozen=True)
class ServerURL:
    scheme: str
    host: str
    port: int
    user: str | None
    password: str | None
    cafile: str | None
    path: str = ""          # percent-decoded, without the leading "/"

    def context(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=self.cafile)


def parse_url(url: str, schemes: dict[str, int] = DEFAULT_PORTS) -> ServerURL:
    """The parts of a server URL; MailConfigError when it is not one we can use."""
    try:
        parts = urlsplit(str(url))
        scheme = parts.scheme.lower()
        port = parts.port
        host = parts.hostname
    except ValueError as exc:
        raise MailConfigError(f"bad mail server URL: {exc}") from None
    if scheme not in schemes:
        raise MailConfigError(f"mail server URL must start with one of "
                              f"{', '.join(s + '://' for s in schemes)}")
    if not host:
        raise MailConfigError("the mail server URL names no host")
    query = parse_qs(parts.query)
    user = unquote(parts.username) if parts.username is not None else None
    password = unquote(parts.password) if parts.password is not None else None
    return ServerURL(scheme, host, port or schemes[scheme], user or None, password,
                     query.get("cafile", [None])[0], unquote(parts.path.lstrip("/")))


def password_from(env: str, file: str | None, environ=os.environ) -> str | None:
    """A server's password: the first line of ``file`` if given, else the environment
    variable ``env``; None when neither has one. OSError if the file cannot be read."""
    if file:
        with open(os.path.expanduser(file), encoding="utf-8") as f:
            return f.readline().rstrip("\r\n") or None
    return environ.get(env) or None


def with_password(url: str, password: str | None) -> str:
    """``url`` with ``password`` in it (kept in memory, never on a command line, where
    every local user sees it in ``ps``); ``url`` itself when there is none to add.
    The URL must name its user."""
    if not password:
        return url
    parts = urlsplit(str(url))
    if parts.username is None:
        raise MailConfigError("a password was given but the URL names no user "
                              "(scheme://user@host/)")
    host = parts.netloc.rpartition("@")[2]
    netloc = f"{parts.username}:{quote(password, safe='')}@{host}"
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


def _classify(code: int | None, text: str, refused: dict | None = None):
    cls = TemporaryFailure if code is not None and 400 <= code < 500 else PermanentFailure
    return cls(text, smtp_code=code, refused=refused)


def _reply_text(exc: smtplib.SMTPResponseException) -> str:
    message = exc.smtp_error
    if isinstance(message, bytes):
        message = message.decode("utf-8", "replace")
    return f"{exc.smtp_code} {message}"


def send(raw: bytes, *, url: str, sender: str, recipients: Sequence[str],
         timeout: float = 30, context: ssl.SSLContext | None = None) -> None:
    """Deliver ``raw`` to ``recipients`` (the envelope; headers are not read).
    Returns only when every recipient was accepted; otherwise raises with
    ``refused`` naming the refused recipients ({address: (code, reply)})."""
    with Connection(url, timeout=timeout, context=context) as connection:
        connection.send(raw, sender=sender, recipients=recipients)


class _Stale(Exception):
    """A kept session the server had closed, found at the first command of a mail
    (MAIL FROM): nothing of that mail reached the server, so it is sent again on a
    new session. Not an SMTPException, so :func:`_transact` lets it through."""


# An address of dot-separated atoms of these characters: smtplib's quoteaddr gives it
# back in angle brackets unchanged (tests/service/mail/test_mail_smtp.py checks that over
# random addresses), after parsing it as a header's address list: such an address
# is sent as it is, without that parse for each recipient of each mail.
_PLAIN_ADDRESS = re.compile(r"[A-Za-z0-9_%+=-]+(\.[A-Za-z0-9_%+=-]+)*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*")


def quoted(address: str) -> str:
    """``address`` as MAIL FROM and RCPT TO write it, as smtplib quotes it."""
    return f"<{address}>" if _PLAIN_ADDRESS.fullmatch(address) else smtplib.quoteaddr(address)


class _FirstCommand:
    """An SMTP client whose MAIL FROM failing on a closed session says so (``_Stale``),
    which writes a plain address without parsing it (:func:`quoted`), and which hands
    over a mail in fewer round trips (:meth:`transaction`)."""

    def mail(self, sender, options=()):
        try:
            if any(o.lower() == "smtputf8" for o in options):
                return super().mail(sender, options)
            extra = " " + " ".join(options) if options and self.does_esmtp else ""
            self.putcmd("mail", f"FROM:{quoted(sender)}{extra}")
            return self.getreply()
        except (smtplib.SMTPServerDisconnected, OSError) as exc:
            raise _Stale(str(exc)) from exc

    def rcpt(self, recip, options=()):
        extra = " " + " ".join(options) if options and self.does_esmtp else ""
        self.putcmd("rcpt", f"TO:{quoted(recip)}{extra}")
        return self.getreply()

    def transaction(self, sender: str, recipients: list, raw: bytes) -> dict:
        """``sendmail(sender, recipients, raw)``: the same commands, answers and
        exceptions, the refused recipients returned. Where the server offers
        PIPELINING (RFC 2920: Postfix, Exim and the big relays do) MAIL FROM, the RCPT
        TOs and DATA go in one write and their answers are read after, so a mail
        takes two round trips, not four: a move's four mails wait on eight instead of
        sixteen, which on a relay across a network is most of their time. The content
        is written without smtplib's regular expressions (it is CRLF already: only the
        dots are doubled). An address that is not plain goes through smtplib."""
        if not all(_PLAIN_ADDRESS.fullmatch(a) for a in (sender, *recipients)):
            return self.sendmail(sender, recipients, raw)
        self.ehlo_or_helo_if_needed()
        size = f" size={len(raw)}" if self.does_esmtp and self.has_extn("size") else ""
        commands = [f"MAIL FROM:<{sender}>{size}\r\n".encode("ascii"),
                    *(f"RCPT TO:<{r}>\r\n".encode("ascii") for r in recipients),
                    b"DATA\r\n"]
        together = self.does_esmtp and self.has_extn("pipelining")
        try:
            if together:
                self.send(b"".join(commands))
            else:
                self.send(commands[0])
            first = self.getreply()
        except (smtplib.SMTPServerDisconnected, OSError) as exc:
            raise _Stale(str(exc)) from exc     # nothing of the mail reached the server
        answers = [first]
        if first[0] == 250 or together:
            for command in commands[1:]:
                if not together:
                    if answers[-1][0] == 421 or command == commands[-1] and all(
                            a[0] not in (250, 251) for a in answers[1:]):
                        break                   # it is leaving, or took no recipient
                    self.send(command)
                try:
                    answers.append(self.getreply())
                except smtplib.SMTPServerDisconnected:
                    if first[0] != 250 or any(a[0] == 421 for a in answers):
                        break                   # it said why before it hung up
                    raise
        return self._content(sender, recipients, raw, answers)

    def _content(self, sender: str, recipients: list, raw: bytes, answers: list) -> dict:
        """The rest of :meth:`transaction` once the answers to MAIL FROM, RCPT TO and
        DATA are in (as far as the server gave them): sendmail's verdicts, and the
        content if the server waits for it."""
        mail, data = answers[0], answers[len(recipients) + 1:][:1]
        waiting = bool(data) and data[0][0] == 354
        if mail[0] != 250:
            self._abandon(mail[0], waiting)
            raise smtplib.SMTPSenderRefused(mail[0], mail[1], sender)
        refused = {r: a for r, a in zip(recipients, answers[1:]) if a[0] not in (250, 251)}
        if any(a[0] == 421 for a in refused.values()):
            self.close()
            raise smtplib.SMTPRecipientsRefused(refused)
        if len(refused) == len(recipients):
            self._abandon(0, waiting)
            raise smtplib.SMTPRecipientsRefused(refused)
        if not waiting:
            self._abandon(data[0][0] if data else 421, False)
            raise smtplib.SMTPDataError(*(data[0] if data else (421, b"no answer to DATA")))
        body = (b"." + raw if raw[:1] == b"." else raw).replace(b"\n.", b"\n..")
        self.send(body + (b".\r\n" if body[-2:] == b"\r\n" else b"\r\n.\r\n"))
        code, reply = self.getreply()
        if code != 250:
            self._abandon(code, False)
            raise smtplib.SMTPDataError(code, reply)
        return refused

    def _abandon(self, code: int, waiting: bool) -> None:
        """Leave a failed transaction as sendmail does: a 421 ends the session, else
        RSET. A server that said 354 to DATA against RFC 2920 (no recipient taken)
        first gets an empty content, ended at once."""
        if code == 421:
            self.close()
            return
        if waiting:
            self.send(b".\r\n")
            self.getreply()
        self._rset()


class _SMTP(_FirstCommand, smtplib.SMTP):
    pass


class _SMTPS(_FirstCommand, smtplib.SMTP_SSL):
    pass


class Connection:
    """One session with the server for several mails (the outbox sends a move's mails
    one after another): the greeting, TLS and login once, not for each mail. A kept
    session the server has closed (its goodbye or end of stream waiting on the socket,
    a look that costs no round trip) is opened anew before the next mail; one closed
    while the mail starts is found at MAIL FROM, before any of the mail went out, and
    the mail is sent again on a new session. After a failure the next mail opens a new
    session. A mail's failures are those :func:`send` raises."""

    def __init__(self, url: str, *, timeout: float = 30,
                 context: ssl.SSLContext | None = None):
        self.server = parse_url(url)
        self.timeout, self.context = timeout, context
        self.client = None

    def __enter__(self) -> "Connection":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        client, self.client = self.client, None
        if client is not None:
            try:
                client.quit()
            except (smtplib.SMTPException, OSError):
                client.close()

    def send(self, raw: bytes, *, sender: str, recipients: Sequence[str]) -> None:
        recipients = list(recipients)
        if not recipients:
            raise PermanentFailure("no recipient to send to")
        for address in [sender, *recipients]:
            if any(c in str(address) for c in "\r\n\0") or not str(address).strip():
                raise PermanentFailure(f"not an address: {address!r}")
        if self.client is not None and self._closed_by_server():
            self.close()
        try:
            try:
                refused = self._send(raw, sender, recipients)
            except _Stale:
                self.close()                # a kept session, closed: once on a new one
                refused = self._send(raw, sender, recipients)
        except _Stale as exc:
            self.close()
            raise TemporaryFailure(f"the mail server {self.server.host}:{self.server.port} "
                                   f"closed the session: {exc}") from None
        except MailError:
            self.close()
            raise
        if refused:
            codes = [code for code, _ in refused.values()]
            cls = TemporaryFailure if any(400 <= c < 500 for c in codes) else PermanentFailure
            raise cls(f"some recipients were refused: {_describe(refused)}",
                      smtp_code=codes[0], refused=refused)

    def _send(self, raw: bytes, sender: str, recipients: list) -> dict:
        if self.client is None:
            self.client = _transact(self.server, self.timeout, self.context,
                                    lambda client: client, keep=True)
        return _transact(self.server, self.timeout, self.context,
                         lambda client: client.transaction(sender, recipients, raw),
                         client=self.client)

    def _closed_by_server(self) -> bool:
        """The server has said goodbye (a 421) or closed its end since the last mail:
        something is waiting to be read where nothing should be."""
        sock = getattr(self.client, "sock", None)
        if sock is None:
            return True
        try:
            return bool(select.select([sock], [], [], 0)[0])
        except (OSError, ValueError):
            return True


@functools.lru_cache(maxsize=1)
def _greeting_name() -> str:
    """The name this host gives in EHLO, looked up once a process: smtplib asks the
    resolver at every connection, and a slow resolver would hold up every move's
    mails."""
    return socket.getfqdn()


def _transact(server: ServerURL, timeout: float, context, action, *, keep: bool = False,
              client=None):
    """Connect, greet, TLS and log in as ``server`` says (or use ``client``, a session
    open already), then ``action(client)``; its result, or the failure classified as
    :func:`send` documents. A session opened here is closed at the end unless ``keep``."""
    if server.scheme != "smtp" or server.cafile:
        context = context or server.context()
    connected = client is not None      # past the greeting, TLS and login: a refusal now
    try:                                # is this mail's, not the server's refusal of us
        if client is not None:
            return action(client)
        if server.scheme == "smtps":
            client = _SMTPS(server.host, server.port, timeout=timeout,
                            context=context, local_hostname=_greeting_name())
        else:
            client = _SMTP(server.host, server.port, timeout=timeout,
                           local_hostname=_greeting_name())
        if keep:                        # closed by the caller, or here if it fails
            try:
                _start(server, client, context)
                return action(client)
            except BaseException:
                client.close()
                raise
        with client:
            _start(server, client, context)
            connected = True
            return action(client)
    except smtplib.SMTPRecipientsRefused as exc:
        codes = [code for code, _ in exc.recipients.values()]
        temporary = any(400 <= c < 500 for c in codes)
        cls = TemporaryFailure if temporary else PermanentFailure
        raise cls(f"every recipient was refused: {_describe(exc.recipients)}",
                  smtp_code=codes[0] if codes else None, refused=exc.recipients) from None
    except smtplib.SMTPResponseException as exc:
        text = f"the mail server answered {_reply_text(exc)}"
        if 500 <= exc.smtp_code < 600 and (not connected
                                           or isinstance(exc, smtplib.SMTPSenderRefused)):
            raise ServerRefused(text, smtp_code=exc.smtp_code) from None
        raise _classify(exc.smtp_code, text) from None
    except smtplib.SMTPNotSupportedError as exc:
        raise ServerRefused(f"the mail server cannot do this: {exc}") from None
    except ssl.SSLCertVerificationError as exc:
        raise ServerRefused(f"the mail server's certificate is not trusted: "
                            f"{exc.verify_message or exc}") from None
    except (smtplib.SMTPException, ssl.SSLError, socket.timeout, OSError) as exc:
        raise TemporaryFailure(f"cannot reach the mail server {server.host}:{server.port}: "
                               f"{exc or type(exc).__name__}") from None


def _start(server: ServerURL, client, context) -> None:
    """TLS and login on a greeted session, as ``server`` says."""
    if server.scheme == "smtp+starttls":
        client.starttls(context=context)
    if server.user is not None:
        client.login(server.user, server.password or "")


def probe(url: str, *, timeout: float = 30, context: ssl.SSLContext | None = None) -> None:
    """Connect and log in as a send would, then say goodbye: the settings work, or the
    failure says why (``referee serve --check``)."""
    _transact(parse_url(url), timeout, context, lambda client: client.noop())


def _describe(refused: dict) -> str:
    parts = []
    for address, (code, message) in refused.items():
        if isinstance(message, bytes):
            message = message.decode("utf-8", "replace")
        parts.append(f"{address} ({code} {message})")
    return "; ".join(parts)
