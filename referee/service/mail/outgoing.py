"""Build the referee's replies and notifications as correct RFC 5322 messages.

The plain-text part always says everything on its own (many players read mail
as text, and the text is what they quote back with their move); the HTML part
and the board picture are an extra. Every argument that ends up in a header is
checked for line breaks: a move or a player's name must never be able to add a
header (a ``Bcc:``) to the referee's mail.
"""
from __future__ import annotations

import binascii
import re
import secrets
import time
from datetime import datetime, timezone
from email import quoprimime
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import format_datetime
from typing import Mapping, Sequence

AUTO_SUBMITTED = ("auto-replied", "auto-generated")
# Headers compose writes itself: passing them in ``headers`` is a mistake.
_OWN = frozenset({"from", "to", "subject", "date", "message-id", "in-reply-to",
                  "references", "reply-to", "auto-submitted", "mime-version",
                  "content-type", "content-transfer-encoding", "content-id",
                  "content-disposition", "cc", "bcc"})
_FIELD_NAME = re.compile(r"[!-9;-~]{1,76}")          # printable ASCII but ':'
_DOMAIN = re.compile(r"[A-Za-z0-9-]{1,63}(\.[A-Za-z0-9-]{1,63})*")
_MSGID = re.compile(r"<?[^<>\s]{1,900}>?")


def _one_line(what: str, value: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{what} must be text, not {type(value).__name__}")
    if re.search(r"[\x00-\x1f\x7f\u2028\u2029\x85]", value):
        raise ValueError(f"{what} holds a line break or a control character: {value!r}")
    return value


def _msgid(what: str, value: str) -> str:
    _one_line(what, value)
    if not _MSGID.fullmatch(value.strip()):
        raise ValueError(f"{what} is not a message id: {value!r}")
    value = value.strip()
    return value if value.startswith("<") and value.endswith(">") else f"<{value.strip('<>')}>"


def new_message_id(domain: str) -> str:
    """A fresh, unguessable ``<…@domain>`` message id."""
    _one_line("domain", domain)
    if not _DOMAIN.fullmatch(domain):
        raise ValueError(f"not a domain name: {domain!r}")
    return f"<{time.time_ns()}.{secrets.token_hex(8)}@{domain.lower()}>"


def compose(*, sender: str, to: str, subject: str, text: str, html: str | None = None,
            png: bytes | None = None, png_name: str = "board.png",
            in_reply_to: str | None = None, references: Sequence[str] = (),
            message_id: str | None = None, reply_to: str | None = None,
            headers: Mapping[str, str] = {}, auto_submitted: str = "auto-replied",
            date: datetime | None = None) -> bytes:
    """The message, CRLF line ends, ready for SMTP.

    ``references`` are those of the message answered; ``in_reply_to`` (its id) is
    added after them, as RFC 5322 asks. With ``html`` and ``png``, the HTML shows
    the picture by writing ``src="cid:<png_name>"``; compose gives the picture a
    Content-ID and rewrites that reference (and adds the picture at the end of the
    HTML if it was not referenced). With ``png`` and no ``html`` the picture is an
    attachment. Raises ValueError for a line break in any header value."""
    for what, value in (("sender", sender), ("to", to), ("subject", subject),
                        ("png_name", png_name)):
        _one_line(what, value)
    if not isinstance(text, str):
        raise ValueError("text must be text")
    if auto_submitted not in AUTO_SUBMITTED:
        raise ValueError(f"auto_submitted must be one of {AUTO_SUBMITTED}")
    refs = [_msgid("references", r) for r in references]
    if in_reply_to is not None:
        in_reply_to = _msgid("in_reply_to", in_reply_to)
        if not refs or refs[-1] != in_reply_to:
            refs.append(in_reply_to)
    domain = sender.rsplit("@", 1)[-1].strip(" >").lower() or "localhost"
    message_id = _msgid("message_id", message_id) if message_id else new_message_id(domain)

    fields = [("From", sender), ("To", to)]
    if reply_to is not None:
        fields.append(("Reply-To", _one_line("reply_to", reply_to)))
    fields += [("Subject", subject), ("Date", format_datetime(date) if date else _date_now()),
               ("Message-ID", message_id)]
    if in_reply_to:
        fields.append(("In-Reply-To", in_reply_to))
    if refs:
        fields.append(("References", " ".join(refs)))
    fields += [("Auto-Submitted", auto_submitted),
               ("X-Auto-Response-Suppress", "All")]     # no out-of-office answers to the referee
    for name, value in headers.items():
        _one_line("header name", name)
        if not _FIELD_NAME.fullmatch(name) or name.lower() in _OWN:
            raise ValueError(f"header {name!r} cannot be set through headers")
        fields.append((name, _one_line(f"header {name}", value)))
    if html is None and png is None:
        plain = _plain_message(fields, text)
        if plain is not None:
            return plain
    return _mime_message(fields, text, html, png, png_name, domain)


_dated = (None, "")      # (a second, its Date value): a run sends several mails a second


def _date_now() -> str:
    """The Date of a mail sent now, as ``format_datetime`` writes the current UTC time
    (to the second, which is all it writes), worked out once a second."""
    global _dated
    second = int(time.time())
    if _dated[0] != second:
        _dated = (second, format_datetime(datetime.fromtimestamp(second, timezone.utc)))
    return _dated[1]


def _mime_message(fields, text: str, html: str | None, png: bytes | None, png_name: str,
                  domain: str) -> bytes:
    """The message built by the standard library's email package: any header, any text."""
    msg = EmailMessage(policy=SMTP)
    for name, value in fields:
        msg[name] = value
    msg.set_content(text, subtype="plain", charset="utf-8")
    if html is not None:
        if png is not None:
            cid = new_message_id(domain)
            reference = f"cid:{png_name}"
            if reference not in html:
                html += f'\n<p><img src="{reference}" alt="{png_name}"></p>\n'
            html = html.replace(reference, f"cid:{cid[1:-1]}")
            msg.add_alternative(html, subtype="html", charset="utf-8")
            html_part = msg.get_payload()[-1]
            html_part.add_related(png, maintype="image", subtype="png", cid=cid,
                                  disposition="inline", filename=png_name)
        else:
            msg.add_alternative(html, subtype="html", charset="utf-8")
    elif png is not None:
        msg.add_attachment(png, maintype="image", subtype="png", filename=png_name)
    return msg.as_bytes(policy=SMTP)


# What the plain path writes without the email package: a value of words of printable
# ASCII, one space between them (nothing the package would decode or quote).
_PLAIN_VALUE = re.compile(r"[!-~]+( [!-~]+)*")
_PLAIN_ADDRESSES = re.compile(r"[A-Za-z0-9._%+=-]+@[A-Za-z0-9.-]+(, [A-Za-z0-9._%+=-]+@[A-Za-z0-9.-]+)*")
_ADDRESS_FIELDS = frozenset({"from", "to", "reply-to"})
_PLAIN_BODY = re.compile(r"[ -~\n]*")
WIDTH = 78                  # the SMTP policy's line length


def _plain_message(fields, text: str) -> bytes | None:
    """A text-only message whose headers and body are plain ASCII, written directly, as
    the email package writes it byte for byte (tests/service/mail/test_mail_outgoing.py holds
    them to that) without its general machinery; None for anything else (the package
    then writes it): a host sends four of these for every move."""
    if not _PLAIN_BODY.fullmatch(text):
        return None
    out = []
    for name, value in fields:
        if name.lower() in _ADDRESS_FIELDS:
            if not _PLAIN_ADDRESSES.fullmatch(value) or len(name) + 2 + len(value) > WIDTH:
                return None
            out.append(f"{name}: {value}")
        elif not _PLAIN_VALUE.fullmatch(value) or "=?" in value or \
                max(map(len, value.split(" "))) > WIDTH - len(name) - 2:
            return None
        else:
            out.append(_folded(name, value))
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    cte, body = "7bit", "\r\n".join(lines) + "\r\n"
    if max(map(len, lines), default=0) > WIDTH:
        # a long line (a move is never broken): quoted-printable, as the package
        # chooses it from the first ten lines (base64 if shorter: the package writes it)
        sniff = quoprimime.body_encode("\r\n".join(lines[:10]) + "\r\n", WIDTH)
        if len(sniff) > len(binascii.b2a_base64(("\r\n".join(lines[:10]) + "\r\n")
                                                .encode("ascii"))):
            return None
        cte = "quoted-printable"
        encoded = sniff if len(lines) <= 10 else \
            quoprimime.body_encode("\n".join(lines) + "\n", WIDTH)
        body = encoded.replace("\n", "\r\n")
    out += ['Content-Type: text/plain; charset="utf-8"', f"Content-Transfer-Encoding: {cte}",
            "MIME-Version: 1.0", ""]
    return ("\r\n".join(out) + "\r\n" + body).encode("ascii")


def _folded(name: str, value: str) -> str:
    """``name: value`` folded at spaces to WIDTH columns, the words kept whole, as the
    email package folds it: on one line if it fits, else the whole value on the next
    line if it fits there, else as many words on each line as fit."""
    if len(name) + 2 + len(value) <= WIDTH:
        return f"{name}: {value}"
    if 1 + len(value) <= WIDTH:
        return f"{name}:\r\n {value}"
    line, done = f"{name}:", []
    for word in value.split(" "):
        if len(line) + 1 + len(word) > WIDTH and line != f"{name}:":
            done.append(line)
            line = ""
        line += " " + word
    return "\r\n".join(done + [line])
