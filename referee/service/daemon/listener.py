"""Mail in by SMTP: a listener the host's MTA relays the referee's address to (or, on
a small host, the MX itself). A mail is answered 250 only after the transaction that
handled it committed; when the store cannot take it the answer is 451 and the sending
server keeps the mail and tries again, so nothing is lost and, the Message-ID being
recorded with what the mail did, nothing is done twice."""
from __future__ import annotations

import asyncio
import logging

from aiosmtpd.controller import Controller
from sqlalchemy.exc import SQLAlchemyError

from referee.service.hosted.identity import same_address
from referee.service.mail.ingest import ingest

log = logging.getLogger("referee")
MAX_MAIL = 32 * 1024 * 1024    # bytes taken (a photo attached); ingest reads the first MiB


class Listener:
    """An aiosmtpd server on ``host:port`` taking mail for ``sender`` and its
    plus-addresses (``referee+…@``), refusing to relay anything else."""

    def __init__(self, store, host: str, port: int, sender: str, *, now=None):
        self.store, self.sender, self.now = store, sender, now
        self.controller = Controller(self, hostname=host, port=port,
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
