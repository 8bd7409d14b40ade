"""Take waiting messages from a Maildir or an IMAP mailbox, at least once.

A message leaves the mailbox only when the caller says it is safely handled:
each :class:`Polled` carries a ``done`` to call after the store has committed
what the message did. A crash before that leaves the message where it was, so
the next poll offers it again; the host recognises a message it has already
handled by its Message-ID. Messages already marked done are never offered.

Maildir: a message is done when it is in ``cur/`` with the ``S`` (seen) flag, or
deleted (``delete=True``). IMAP: done sets ``\\Seen`` and ``\\Deleted``; the
mailbox is expunged when the poll ends. Every message not ``\\Deleted`` is
offered, read or not, so a person glancing at the mailbox loses nothing.
"""
from __future__ import annotations

import imaplib
import os
import ssl
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from referee.service.errors import MailConfigError, PermanentFailure, TemporaryFailure
from referee.service.mail.smtp import ServerURL, parse_url

MAX_READ = 8 * 1024 * 1024          # bytes of one message read from a Maildir
IMAP_PORTS = {"imap": 143, "imap+starttls": 143, "imaps": 993}


@dataclass(frozen=True)
class Polled:
    key: str                        # stable name of the message in its mailbox
    raw: bytes
    done: Callable[[], None]        # call after committing; safe to call twice


# ---------------------------------------------------------------- Maildir

def maildir_messages(path, *, delete: bool = False) -> Iterator[Polled]:
    """Messages of the Maildir at ``path`` not yet done, oldest first."""
    root = Path(path)
    for sub in ("new", "cur", "tmp"):
        if not (root / sub).is_dir():
            raise MailConfigError(f"{root} is not a Maildir: it has no {sub}/ folder")
    waiting = []
    for sub in ("new", "cur"):
        with os.scandir(root / sub) as entries:
            for entry in entries:
                if entry.name.startswith(".") or not entry.is_file():
                    continue
                flags = _flags(entry.name)
                if sub == "cur" and ("S" in flags or "T" in flags):
                    continue
                try:
                    mtime = entry.stat().st_mtime
                except FileNotFoundError:
                    continue
                waiting.append((mtime, entry.name, sub))
    waiting.sort()
    for _, name, sub in waiting:
        file = root / sub / name
        try:
            with open(file, "rb") as handle:
                raw = handle.read(MAX_READ)
        except FileNotFoundError:
            continue                # another poller took it
        yield Polled(key=name.split(":")[0], raw=raw,
                     done=_maildir_done(root, sub, name, delete))


def _flags(name: str) -> str:
    _, _, info = name.partition(":")
    return info[2:] if info.startswith("2,") else ""


def _maildir_done(root: Path, sub: str, name: str, delete: bool) -> Callable[[], None]:
    def done() -> None:
        source = root / sub / name
        try:
            if delete:
                source.unlink()
            else:
                flags = "".join(sorted(set(_flags(name)) | {"S"}))
                source.rename(root / "cur" / f"{name.split(':')[0]}:2,{flags}")
        except FileNotFoundError:
            pass                    # done already, here or by another poller
    return done


# ---------------------------------------------------------------- IMAP

def imap_messages(url: str, *, timeout: float = 60,
                  context: ssl.SSLContext | None = None) -> Iterator[Polled]:
    """Messages of the mailbox named by ``url`` (``imap://user:pass@host:port/MAILBOX``,
    ``imaps://…``, ``imap+starttls://…``; INBOX when no mailbox is given), oldest
    first. ``done`` works during the iteration and after it (it reconnects)."""
    server = parse_url(url, IMAP_PORTS)
    if server.user is None:
        raise MailConfigError("the IMAP URL names no user (imap://user:password@host/)")
    session = _Imap(server, timeout, context)
    try:
        session.open()
        uids = session.uid("SEARCH", "UNDELETED")[0].split()
        for uid in uids:
            raw = session.fetch(uid)
            if raw is None:
                continue            # expunged meanwhile
            yield Polled(key=f"{session.validity}:{uid.decode()}", raw=raw,
                         done=_imap_done(session, session.validity, uid))
    finally:
        session.close()


def _imap_done(session: "_Imap", validity: str, uid: bytes) -> Callable[[], None]:
    def done() -> None:
        session.mark_done(validity, uid)
    return done


def _quote(mailbox: str) -> str:
    return '"' + mailbox.replace("\\", "\\\\").replace('"', '\\"') + '"'


class _Imap:
    """One IMAP connection with the mailbox selected, reopened when needed."""

    def __init__(self, server: ServerURL, timeout: float, context: ssl.SSLContext | None):
        self.server = server
        self.mailbox = server.path or "INBOX"
        self.timeout = timeout
        if server.scheme != "imap" or server.cafile:
            context = context or server.context()
        self.context = context
        self.client: imaplib.IMAP4 | None = None
        self.validity = ""
        self.deleted = False

    def open(self) -> None:
        server = self.server
        try:
            if server.scheme == "imaps":
                client = imaplib.IMAP4_SSL(server.host, server.port,
                                           ssl_context=self.context, timeout=self.timeout)
            else:
                client = imaplib.IMAP4(server.host, server.port, timeout=self.timeout)
                if server.scheme == "imap+starttls":
                    client.starttls(ssl_context=self.context)
        except ssl.SSLCertVerificationError as exc:
            raise PermanentFailure(f"the IMAP server's certificate is not trusted: "
                                   f"{exc.verify_message or exc}") from None
        except (OSError, imaplib.IMAP4.error) as exc:
            raise TemporaryFailure(f"cannot reach the IMAP server {server.host}:"
                                   f"{server.port}: {exc or type(exc).__name__}") from None
        self.client = client
        try:
            client.login(server.user, server.password or "")
        except imaplib.IMAP4.abort as exc:
            self._drop()
            raise TemporaryFailure(f"the IMAP server hung up: {exc}") from None
        except imaplib.IMAP4.error as exc:
            self._drop()
            raise PermanentFailure(f"the IMAP server refused the login: {exc}") from None
        typ, _ = self._call(client.select, _quote(self.mailbox))
        if typ != "OK":
            self._drop()
            raise MailConfigError(f"no IMAP mailbox {self.mailbox!r}")
        _, data = client.response("UIDVALIDITY")
        self.validity = (data[0] or b"").decode() if data and data[0] else ""

    def _call(self, method, *args):
        try:
            return method(*args)
        except imaplib.IMAP4.abort as exc:
            self._drop()
            raise TemporaryFailure(f"the IMAP server hung up: {exc}") from None
        except (OSError, imaplib.IMAP4.error) as exc:
            self._drop()
            raise TemporaryFailure(f"IMAP failed: {exc or type(exc).__name__}") from None

    def uid(self, *args) -> list:
        """An IMAP ``UID …`` command's untagged data; TemporaryFailure unless OK."""
        typ, data = self._call(self.client.uid, *args)
        if typ != "OK":
            raise TemporaryFailure(f"IMAP UID {args[0]} failed: {data}")
        return data

    def fetch(self, uid: bytes) -> bytes | None:
        for item in self.uid("FETCH", uid, "(BODY.PEEK[])"):
            if isinstance(item, tuple) and len(item) == 2:
                return item[1]
        return None

    def mark_done(self, validity: str, uid: bytes) -> None:
        reopened = self.client is None
        if reopened:
            self.open()
        try:
            if self.validity == validity:       # else the uid names another message
                self.uid("STORE", uid, "+FLAGS.SILENT", r"(\Seen \Deleted)")
                self.deleted = True
        finally:
            if reopened:
                self.close()

    def close(self) -> None:
        client = self.client
        if client is None:
            return
        try:
            if self.deleted:
                client.expunge()
            client.logout()
        except (OSError, imaplib.IMAP4.error):
            pass            # \Deleted messages are skipped next time and expunged then
        finally:
            self.client = None
            self.deleted = False

    def _drop(self) -> None:
        client, self.client = self.client, None
        if client is not None:
            try:
                client.shutdown()
            except OSError:
                pass


# ---------------------------------------------------------------- waiting for new mail

IDLE_SLICE = 1.0                # seconds between looks at ``stop`` while idling


def wait_for_mail(url: str, seconds: float, stop, *, timeout: float = 60,
                  context: ssl.SSLContext | None = None, fallback: float = 30.0) -> bool:
    """Block until the mailbox at ``url`` may have new mail, ``seconds`` pass, or
    ``stop`` (a threading.Event) is set; True if new mail was announced. With IMAP IDLE
    (RFC 2177) the server tells at once; a server without it is looked at again after
    ``fallback`` seconds. TemporaryFailure / PermanentFailure as for a poll."""
    server = parse_url(url, IMAP_PORTS)
    if server.user is None:
        raise MailConfigError("the IMAP URL names no user (imap://user:password@host/)")
    session = _Imap(server, timeout, context)
    session.open()
    try:
        client = session.client
        if "IDLE" not in client.capabilities:
            stop.wait(min(seconds, fallback))
            return False
        return _idle(session, client, seconds, stop)
    finally:
        session.close()


def _idle(session: "_Imap", client, seconds: float, stop) -> bool:
    """IDLE until the server announces mail, or a watcher ends it with DONE when
    ``seconds`` pass or ``stop`` is set. The reading stays blocking (a timed-out
    socket file cannot be read again); the socket's timeout only catches a dead
    connection."""
    tag = client._new_tag()                 # imaplib has no IDLE before Python 3.14
    over, lock, said_done = threading.Event(), threading.Lock(), []

    def done() -> None:
        with lock:
            if not said_done:
                said_done.append(True)
                try:
                    client.send(b"DONE\r\n")
                except OSError:
                    pass

    def watch() -> None:
        deadline = time.monotonic() + seconds
        while not over.wait(IDLE_SLICE):
            if stop.is_set() or time.monotonic() >= deadline:
                return done()

    try:
        client.send(tag + b" IDLE\r\n")
        if not client.readline().startswith(b"+"):
            return False                    # refused: the caller polls on its own timing
        client.sock.settimeout(seconds + session.timeout)
        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        announced = False
        try:
            while True:
                line = client.readline()
                if not line:
                    raise TemporaryFailure("the IMAP server hung up while idling")
                if line.startswith(tag + b" "):
                    return announced
                if line.startswith(b"*") and line.rstrip().upper().endswith(b"EXISTS"):
                    announced = True
                    done()
        finally:
            over.set()
            watcher.join()
            client.sock.settimeout(session.timeout)
    except (OSError, imaplib.IMAP4.error) as exc:
        session._drop()
        raise TemporaryFailure(f"IMAP IDLE failed: {exc or type(exc).__name__}") from None
