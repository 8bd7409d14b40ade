"""Mail in by SMTP: a listener the host's MTA relays the referee's address to (or, on
a small host, the MX itself). A mail is answered 250 only after the transaction that
handled it committed; when the store cannot take it the answer is 451 and the sending
server keeps the mail and tries again, so nothing is lost and, the Message-ID being
recorded with what the mail did, nothing is done twice."""
from __future__ import annotations

import asyncio
import logging

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP
from sqlalchemy.exc import SQLAlchemyError

from referee.service.hosted.identity import same_address
from referee.service.mail.ingest import ingest
from referee.service.mail.incoming import MAX_RAW

log = logging.getLogger("referee")
# Each session holds its mail in memory while it arrives, two or three copies of it at
# the end, so the two caps together bound what mail in may take. The ingest reads only
# the first MAX_RAW bytes of a mail; four times that still lets a move through with a
# small picture attached, and a player's mail of moves is a few kilobytes.
MAX_MAIL = 4 * MAX_RAW
MAX_SESSIONS = 8               # at once; a sending server retries a refused one later
TOO_MANY = b"421 4.3.2 too many connections to the referee now; try again later\r\n"


class _CappedSMTP(SMTP):
    """One SMTP session, counted: past the listener's cap a connection is answered 421
    (an MTA keeps the mail and tries again) and closed before any of it is read."""

    def __init__(self, handler, *, listener: "Listener", **kw):
        super().__init__(handler, **kw)
        self._listener, self._counted = listener, False

    def connection_made(self, transport) -> None:
        if self.transport is None:            # a new connection (STARTTLS comes back here)
            if self._listener.sessions >= MAX_SESSIONS:
                log.warning("mail in: %s sessions already open; a connection from %s "
                            "answered 421", MAX_SESSIONS, transport.get_extra_info("peername"))
                transport.write(TOO_MANY)
                transport.close()
                return
            self._listener.sessions += 1
            self._counted = True
        super().connection_made(transport)

    def connection_lost(self, error) -> None:
        if not self._counted:                 # refused: the session never started
            return
        self._counted = False
        self._listener.sessions -= 1
        super().connection_lost(error)


class _Controller(Controller):
    def __init__(self, listener: "Listener", **kw):
        super().__init__(listener, **kw)
        self.listener = listener

    def factory(self):
        return _CappedSMTP(self.handler, listener=self.listener, **self.SMTP_kwargs)


class Listener:
    """An aiosmtpd server on ``host:port`` taking mail for ``sender`` and its
    plus-addresses (``referee+…@``), refusing to relay anything else. At most
    ``MAX_SESSIONS`` sessions at once, of mails up to ``MAX_MAIL`` bytes (552 beyond)."""

    def __init__(self, store, host: str, port: int, sender: str, *, now=None):
        self.store, self.sender, self.now = store, sender, now
        self.sessions = 0                     # open sessions, counted on the server's loop
        self.controller = _Controller(self, hostname=host, port=port,
                                      data_size_limit=MAX_MAIL, server_hostname=host,
                                      ready_timeout=30)

    def ours(self, address: str) -> bool:
        local, _, domain = str(address).rpartition("@")
        return same_address(f"{local.split('+', 1)[0]}@{domain}", self.sender)

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if not self.ours(address):
            return "550 5.7.1 not a mailbox of this referee; no relaying"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server, session, envelope):
        raw = envelope.original_content or envelope.content
        # the envelope's recipients as a delivery header, as an MTA adds it: a mail that
        # reached the referee by Bcc still carries its seat's address
        added = b"".join(b"Delivered-To: " + r.encode("ascii", "replace") + b"\r\n"
                         for r in envelope.rcpt_tos[:5])
        loop = asyncio.get_running_loop()
        try:
            done = await loop.run_in_executor(None, lambda: ingest(self.store, added + raw,
                                                                   now=self.now))
        except (SQLAlchemyError, OSError) as exc:
            log.warning("mail in from %s: the store cannot take it now (%s); answered 451",
                        envelope.mail_from, type(exc).__name__)
            return "451 4.3.0 the referee cannot store mail now; try again later"
        except Exception as exc:         # never a lost mail: the sender keeps it and retries
            log.error("mail in from %s: %s: %s; answered 451", envelope.mail_from,
                      type(exc).__name__, exc)
            return "451 4.3.0 the referee could not handle this mail now"
        log.info("mail in from %s: %s%s%s", envelope.mail_from, done.outcome,
                 f" {done.game_id} {done.seat}" if done.game_id else "",
                 f": {done.reason}" if done.reason else "")
        return "250 2.0.0 OK"

    def start(self) -> None:
        self.controller.start()

    def stop(self) -> None:
        self.controller.stop()
