"""The hosted referee's own errors: mail that could not be sent or fetched. Here, not in
referee/errors.py, because only the service sends mail; they are RefereeErrors like
every other, with stable codes, so the commands report them the same way."""
from __future__ import annotations

from referee.errors import RefereeError


class MailError(RefereeError):
    """Mail could not be sent or fetched. ``temporary`` tells the outbox whether to
    try again later; ``smtp_code`` is the server's reply code when there was one."""
    code = "mail"
    temporary = False

    def __init__(self, reason: str, *, smtp_code: int | None = None,
                 refused: dict | None = None, **kw):
        super().__init__(reason, **kw)
        self.smtp_code = smtp_code
        self.refused = dict(refused or {})


class TemporaryFailure(MailError):
    """Worth retrying: the server was unreachable, timed out or answered 4xx."""
    code = "mail-temporary"
    temporary = True


class PermanentFailure(MailError):
    """Retrying will not help: the server answered 5xx or refused our credentials."""
    code = "mail-permanent"


class ServerRefused(PermanentFailure):
    """The mail server refused the referee itself, not one mail: its greeting, TLS,
    the login or the sender address. Every mail would fail alike, so none is marked
    failed for good; the run stops and says why."""
    code = "mail-server"


class MailConfigError(PermanentFailure):
    """The mail settings themselves are wrong (a bad URL, a missing Maildir)."""
    code = "mail-config"
