"""Real mail servers on loopback for the service tests: SMTP (aiosmtpd), a small
IMAP4rev1 server, and a self-signed certificate for their TLS.

No IMAP server can be installed from PyPI for tests, so ``ImapServer`` speaks
the part of RFC 3501 a poller uses (CAPABILITY, LOGIN, SELECT, SEARCH, FETCH,
STORE, EXPUNGE, CLOSE, NOOP, LOGOUT, each also under UID) over a real socket,
with real flags and real sequence-number bookkeeping, so ``imaplib`` is driven
exactly as against a production server. The certificate comes from the
``openssl`` command (Debian's, always there where Python's ssl module is).
"""
from __future__ import annotations

import asyncio
import re
import socket
import ssl
import subprocess
import threading
from dataclasses import dataclass, field
from pathlib import Path

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def self_signed_cert(folder: Path) -> tuple[Path, Path]:
    """(certificate, key) for 127.0.0.1 and localhost, valid for a day."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext",
                    "subjectAltName=IP:127.0.0.1,DNS:localhost",
                    "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    return cert, key


def server_context(cert: Path, key: Path) -> ssl.SSLContext:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


# ---------------------------------------------------------------- SMTP

@dataclass
class Received:
    sender: str
    recipients: list[str]
    data: bytes
    login: str | None


class SmtpSink:
    """aiosmtpd on 127.0.0.1 that keeps what it is sent. ``answer`` (e.g.
    "550 no such user") replaces the 250 for DATA; ``rcpt_answer`` likewise for
    RCPT TO. With ``tls`` the server offers STARTTLS; with ``implicit_tls`` it is
    an SMTPS server; with ``users`` it demands AUTH. It offers PIPELINING (RFC 2920)
    as Postfix and Exim do, unless ``pipelining`` is False: aiosmtpd reads the
    commands of its stream one after another, so it takes them pipelined as they
    come, and only its greeting has to say so."""

    def __init__(self, *, tls: ssl.SSLContext | None = None,
                 implicit_tls: ssl.SSLContext | None = None,
                 users: dict[str, str] | None = None, pipelining: bool = True):
        self.pipelining = pipelining
        self.received: list[Received] = []
        self.answer: str | None = None
        self.mail_answer: str | None = None          # replaces the 250 for MAIL FROM
        self.rcpt_answer: dict[str, str] = {}
        # a server that keeps a recipient it refused, and so says 354 to DATA when it
        # took none (RFC 2920 forbids it; a client must still end the transaction)
        self.keeps_refused = False
        self.users = users
        self.port = free_port()
        kwargs: dict = {}
        if tls is not None:
            kwargs.update(tls_context=tls, require_starttls=True)
        if implicit_tls is not None:
            kwargs.update(ssl_context=implicit_tls)
        if users is not None:
            # aiosmtpd cannot tell that an SMTPS connection is already encrypted:
            # it demands TLS for AUTH only where it offers STARTTLS.
            kwargs.update(authenticator=self._authenticate, auth_required=True,
                          auth_require_tls=tls is not None)
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port,
                                     server_hostname="localhost", **kwargs)

    def _authenticate(self, server, session, envelope, mechanism, auth_data):
        ok = (isinstance(auth_data, LoginPassword)
              and self.users.get(auth_data.login.decode()) == auth_data.password.decode())
        return AuthResult(success=ok, handled=False,
                          auth_data=auth_data.login.decode() if ok else None)

    async def handle_EHLO(self, server, session, envelope, hostname, responses):
        session.host_name = hostname        # what aiosmtpd does when there is no hook
        if self.pipelining:
            responses.insert(-1, "250-PIPELINING")
        return responses

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        if self.mail_answer:
            return self.mail_answer
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.rcpt_answer:
            if self.keeps_refused:
                envelope.rcpt_tos.append(address)
            return self.rcpt_answer[address]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.answer:
            return self.answer
        login = session.auth_data if session.authenticated else None
        self.received.append(Received(envelope.mail_from, list(envelope.rcpt_tos),
                                      envelope.original_content or envelope.content, login))
        return "250 OK"

    def __enter__(self) -> "SmtpSink":
        self.controller.start()
        return self

    def __exit__(self, *exc) -> None:
        self.controller.stop()


# ---------------------------------------------------------------- IMAP

@dataclass
class StoredMessage:
    uid: int
    raw: bytes
    flags: set[str] = field(default_factory=set)


class ImapServer:
    """A one-user IMAP4rev1 server on 127.0.0.1 over one mailbox per name, with IDLE
    (RFC 2177) unless ``idle=False``: an idling client is told of each message appended."""

    def __init__(self, *, user: str, password: str, mailboxes: dict[str, list[bytes]],
                 tls: ssl.SSLContext | None = None, uidvalidity: int = 1, idle: bool = True):
        self.user, self.password, self.tls = user, password, tls
        self.capabilities = "IMAP4rev1 IDLE" if idle else "IMAP4rev1"
        self.uidvalidity = uidvalidity
        self.boxes: dict[str, list[StoredMessage]] = {}
        self.next_uid: dict[str, int] = {}
        for name, messages in mailboxes.items():
            self.boxes[name] = []
            self.next_uid[name] = 1
            for raw in messages:
                self.append(name, raw)
        self.commands: list[str] = []       # every command line received, for the tests
        self.port = free_port()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._server = None

    def append(self, mailbox: str, raw: bytes) -> None:
        uid = self.next_uid[mailbox]
        self.next_uid[mailbox] += 1
        self.boxes[mailbox].append(StoredMessage(uid, raw))

    def __enter__(self) -> "ImapServer":
        self._thread.start()
        start = asyncio.start_server(self._session, "127.0.0.1", self.port, ssl=self.tls)
        self._server = asyncio.run_coroutine_threadsafe(start, self._loop).result(10)
        return self

    def __exit__(self, *exc) -> None:
        async def stop():
            self._server.close()
            await self._server.wait_closed()
        asyncio.run_coroutine_threadsafe(stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    async def _session(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        state = {"auth": False, "box": None, "reader": reader, "writer": writer}

        def send(line: bytes | str) -> None:
            writer.write(line if isinstance(line, bytes) else line.encode() + b"\r\n")

        send(f"* OK [CAPABILITY {self.capabilities}] test server ready")
        try:
            while True:
                line = await reader.readline()
                if not line:
                    break
                text = line.decode("utf-8", "replace").rstrip("\r\n")
                self.commands.append(text)
                tag, _, rest = text.partition(" ")
                if not await self._command(tag, rest, state, send):
                    break
                await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            await writer.drain()
            writer.close()

    async def _command(self, tag: str, rest: str, state: dict, send) -> bool:
        words = _tokens(rest)
        if not words:
            send(f"{tag} BAD empty command")
            return True
        name = words[0].upper()
        by_uid = name == "UID"
        if by_uid:
            words = words[1:]
            name = words[0].upper() if words else ""
        args = words[1:]
        if name == "CAPABILITY":
            send(f"* CAPABILITY {self.capabilities}")
        elif name == "NOOP":
            pass
        elif name == "LOGOUT":
            send("* BYE logging out")
            send(f"{tag} OK LOGOUT completed")
            return False
        elif name == "LOGIN":
            if len(args) == 2 and args == [self.user, self.password]:
                state["auth"] = True
            else:
                send(f"{tag} NO [AUTHENTICATIONFAILED] invalid credentials")
                return True
        elif not state["auth"]:
            send(f"{tag} BAD log in first")
            return True
        elif name == "SELECT":
            box = args[0] if args else ""
            if box.upper() == "INBOX":
                box = next((b for b in self.boxes if b.upper() == "INBOX"), box)
            if box not in self.boxes:
                state["box"] = None
                send(f"{tag} NO no such mailbox")
                return True
            state["box"] = box
            send(f"* {len(self.boxes[box])} EXISTS")
            send("* 0 RECENT")
            send(r"* FLAGS (\Seen \Deleted \Answered \Flagged \Draft)")
            send(f"* OK [UIDVALIDITY {self.uidvalidity}] UIDs valid")
            send(f"* OK [UIDNEXT {self.next_uid[box]}] next uid")
            send(f"{tag} OK [READ-WRITE] SELECT completed")
            return True
        elif state["box"] is None:
            send(f"{tag} BAD select a mailbox first")
            return True
        elif name == "IDLE" and "IDLE" in self.capabilities:
            if not await self._idle(state, send):
                return False
        elif name == "SEARCH":
            found = self._search(state["box"], args)
            send("* SEARCH" + "".join(f" {m.uid if by_uid else n}" for n, m in found))
        elif name == "FETCH" and len(args) >= 2:
            for n, m in self._set(state["box"], args[0], by_uid):
                items = " ".join(args[1:]).strip("()").upper()
                if "BODY.PEEK[]" not in items and ("BODY[]" in items or "RFC822" in items):
                    m.flags.add(r"\Seen")
                flags = " ".join(sorted(m.flags))
                send(f"* {n} FETCH (UID {m.uid} FLAGS ({flags}) BODY[] {{{len(m.raw)}}}"
                     .encode() + b"\r\n" + m.raw + b")\r\n")
        elif name == "STORE" and len(args) >= 3:
            mode = args[1].upper()
            new = {f for f in " ".join(args[2:]).strip("()").split() if f}
            for n, m in self._set(state["box"], args[0], by_uid):
                if mode.startswith("+"):
                    m.flags |= new
                elif mode.startswith("-"):
                    m.flags -= new
                else:
                    m.flags = set(new)
                if not mode.endswith(".SILENT"):
                    send(f"* {n} FETCH (UID {m.uid} FLAGS ({' '.join(sorted(m.flags))}))")
        elif name in ("EXPUNGE", "CLOSE"):
            box = self.boxes[state["box"]]
            for n in range(len(box), 0, -1):
                if r"\Deleted" in box[n - 1].flags:
                    del box[n - 1]
                    if name == "EXPUNGE":
                        send(f"* {n} EXPUNGE")
            if name == "CLOSE":
                state["box"] = None
        else:
            send(f"{tag} BAD unknown command {name}")
            return True
        send(f"{tag} OK {name} completed")
        return True

    async def _idle(self, state: dict, send) -> bool:
        """Until the client's DONE, announce each message appended; False if it left."""
        box, reader, writer = state["box"], state["reader"], state["writer"]
        seen = len(self.boxes[box])
        send("+ idling")
        await writer.drain()
        while True:
            try:
                line = await asyncio.wait_for(reader.readline(), 0.05)
            except asyncio.TimeoutError:
                if len(self.boxes[box]) != seen:
                    seen = len(self.boxes[box])
                    send(f"* {seen} EXISTS")
                    await writer.drain()
                continue
            if not line:
                return False
            self.commands.append(line.decode("utf-8", "replace").rstrip("\r\n"))
            if line.strip().upper() == b"DONE":
                return True

    def _search(self, box: str, keys: list[str]):
        out = []
        for n, m in enumerate(self.boxes[box], 1):
            ok = True
            for key in (k.upper() for k in keys):
                if key == "UNDELETED":
                    ok &= r"\Deleted" not in m.flags
                elif key == "DELETED":
                    ok &= r"\Deleted" in m.flags
                elif key == "UNSEEN":
                    ok &= r"\Seen" not in m.flags
                elif key == "SEEN":
                    ok &= r"\Seen" in m.flags
            if ok:
                out.append((n, m))
        return out

    def _set(self, box: str, spec: str, by_uid: bool):
        messages = list(enumerate(self.boxes[box], 1))
        if not messages:
            return []
        top = messages[-1][1].uid if by_uid else len(messages)
        wanted: set[int] = set()
        for piece in spec.split(","):
            low, _, high = piece.partition(":")
            low_n = top if low == "*" else int(low)
            high_n = low_n if not high else (top if high == "*" else int(high))
            wanted.update(range(min(low_n, high_n), max(low_n, high_n) + 1))
        return [(n, m) for n, m in messages if (m.uid if by_uid else n) in wanted]


def _tokens(text: str) -> list[str]:
    """Atoms, quoted strings (unescaped) and parenthesised lists (kept whole)."""
    out = []
    for found in re.finditer(r'"((?:[^"\\]|\\.)*)"|(\([^)]*\))|(\S+)', text):
        if found.group(1) is not None:
            out.append(re.sub(r"\\(.)", r"\1", found.group(1)))
        else:
            out.append(found.group(2) or found.group(3))
    return out
