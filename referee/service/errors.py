"""The hosted referee's own errors: mail that could not be sent or fetched, a store file
it will not trust, a forum thread that could not be read or answered. Here, not in referee/errors.py, because only the
service sends mail and reads forums; they are RefereeErrors like every other, with stable
codes, so the commands report them the same way."""
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


class StoreUnsafe(RefereeError):
    """A store file the referee will not open: it holds the host key every seat's
    secret is derived from, so it must be the user's own file, private to them."""
    code = "store-unsafe"


class ForumError(RefereeError):
    """A forum thread could not be read or answered, or a forum's document or webhook
    was not what the forum documents. ``temporary`` tells a poller whether trying again
    later may help (the forum was down or asked us to slow down)."""
    code = "forum"
    temporary = False

    def __init__(self, reason: str, *, status: int | None = None, body: bytes = b"", **kw):
        super().__init__(reason, **kw)
        self.status = status        # the HTTP status the forum answered, if it answered
        self.body = body            # the start of its error answer, which may say why


class ForumUnreachable(ForumError):
    """The forum did not answer, timed out, answered 5xx or 429 (slow down)."""
    code = "forum-unreachable"
    temporary = True


class ForumRefused(ForumError):
    """The forum answered 4xx: a thread that is not there, credentials it refuses."""
    code = "forum-refused"


class ForumTooLarge(ForumError):
    """The forum's answer was larger than the referee reads."""
    code = "forum-too-large"


class ForumAddressError(ForumError):
    """A thread's address the referee cannot follow."""
    code = "forum-address"


class ForumDocumentError(ForumError):
    """A document that is not the forum's documented format (bad JSON, XML or feed)."""
    code = "forum-document"


class WebhookError(ForumError):
    """A webhook delivery whose body is not the JSON Discourse sends."""
    code = "forum-webhook"
