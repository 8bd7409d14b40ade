"""Read one e-mail message as a player's client really sends it.

``read_mail`` turns any bytes into an :class:`IncomingMail` and never raises:
what it cannot read becomes a line in ``problems``, so the host can still answer
(or, for auto-replies and bounces, stay silent). Headers are parsed with the
tolerant ``compat32`` policy and decoded here, because the strict header
classes of the modern policy raise on the broken headers real mail carries.
Addresses are taken from the raw header before any RFC 2047 decoding: an
encoded display name can otherwise smuggle in a second ``<address>``.
"""
from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from email.header import decode_header
from email.message import Message
from email.parser import BytesParser
from email.policy import compat32
from email.utils import getaddresses

from referee.i18n import N_, _
from referee.service.plaintext.html_text import html_to_text
from referee.service.plaintext.line_ends import split_lines
from referee.service.plaintext.quotes import strip_reply, unflow

MAX_RAW = 1024 * 1024          # bytes of message read; the rest (attachments) is cut
MAX_BODY = 256 * 1024          # bytes of one text part read; the rest is cut
MAX_LINES = 5000               # lines of the text searched for quotes and commands
MAX_PARTS = 100                # MIME parts looked at
MAX_DEPTH = 10                 # multipart nesting followed
MAX_BOUNDARIES = 4 * MAX_PARTS  # more boundary parameters: only the headers are read
MAX_DELIMITERS = 4 * MAX_PARTS  # lines starting with "--" parsed at the most
MAX_HEADER = 2000              # characters kept of one header
MAX_REFERENCES = 100
MAX_RECIPIENTS = 100
MAX_PROBLEMS = 20

RECIPIENT_HEADERS = ("to", "cc", "delivered-to", "x-original-to", "envelope-to",
                     "x-envelope-to", "x-delivered-to", "original-recipient",
                     "x-forwarded-to", "resent-to")
_ADDRESS = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}@[A-Za-z0-9-]{1,63}"
                      r"(\.[A-Za-z0-9-]{1,63}){0,20}")
_MSGID = re.compile(r"<[^<>\s]{1,900}>")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_BODY_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufeff]")
_AUTO_SUBJECT = re.compile(
    r"^\s*(?:Auto:|Abwesend:|(Automatic reply|Auto(matic)?[- ]?reply|Out of (the )?Office|"
    r"Réponse automatique|Abwesenheitsnotiz|Automatische Antwort|Risposta automatica|Undeliverable|"
    r"Undelivered Mail|Delivery Status Notification|Mail delivery failed|"
    r"Returned mail)\b)", re.IGNORECASE)
# Python codecs that no mail charset names: they interpret the text, not decode it.
_NOT_CHARSETS = frozenset({"unicode-escape", "raw-unicode-escape", "punycode", "idna",
                           "undefined"})
# Single-byte charsets that mail often claims while the bytes are really UTF-8.
_WESTERN = frozenset({"us-ascii", "ascii", "iso-8859-1", "latin1", "latin-1",
                      "iso-8859-15", "windows-1252", "cp1252"})


@dataclass(frozen=True)
class IncomingMail:
    message_id: str | None
    sender: str | None          # bare lower-cased address of From:, None if not exactly one
    sender_name: str
    recipients: tuple[str, ...]  # bare lower-cased addresses: To, Cc, delivery headers
    subject: str
    in_reply_to: str | None
    references: tuple[str, ...]
    body: str                   # the new text: quotes and signatures removed
    problems: tuple[str, ...]
    auto: bool                  # an auto-reply, bounce or list mail: never answer it
    auto_reason: str = ""


class Problem(str):
    """What the host could not read in a mail, in English (the record's words), keeping
    its text and values so that an answer can say it in its reader's language."""
    template: str
    values: dict

    def said(self) -> str:
        return _(self.template).format(**self.values)


class _Problems(list):
    def add(self, template: str, **values) -> None:
        # problems quote the mail: keep them on one line
        values = {k: _clean(str(v)) for k, v in values.items()}
        problem = Problem(_clean(template.format(**values)))
        problem.template, problem.values = template, values
        if problem not in self and len(self) < MAX_PROBLEMS:
            self.append(problem)


def read_mail(raw: bytes) -> IncomingMail:
    """The parts of ``raw`` the host acts on. Never raises."""
    problems = _Problems()
    try:
        return _read(raw, problems)
    except Exception as exc:  # a last guard: the parsers below are meant not to raise
        problems.add(N_("unreadable message ({kind})"), kind=type(exc).__name__)
        return IncomingMail(None, None, "", (), "", None, (), "", tuple(problems), False)


def _read(raw, problems: _Problems) -> IncomingMail:
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogateescape")
    raw = bytes(raw)
    if len(raw) > MAX_RAW:
        raw = raw[:MAX_RAW]
        problems.add(N_("message over {n} KiB: the rest was not read"), n=MAX_RAW // 1024)
    if not raw.strip():
        problems.add(N_("empty message"))
    raw = _bounded(raw, problems)
    headers_only = raw.lower().count(b"boundary") > MAX_BOUNDARIES
    if not headers_only:
        try:
            msg = BytesParser(policy=compat32).parsebytes(raw)
        except RecursionError:
            headers_only = True
    if headers_only:
        msg = BytesParser(policy=compat32).parsebytes(raw, headersonly=True)
        problems.add(N_("MIME structure too deep to read"))
    headers = _Headers(msg, problems)

    sender, sender_name = _sender(headers, problems)
    recipients: list[str] = []
    for name in RECIPIENT_HEADERS:
        for value in headers.raw(name):
            if name == "original-recipient":
                value = value.split(";", 1)[-1]
            for _, address in _addresses(value):
                if address and address not in recipients and len(recipients) < MAX_RECIPIENTS:
                    recipients.append(address)

    message_ids = headers.raw("message-id")
    if len(message_ids) > 1:
        problems.add(N_("more than one Message-ID header"))
    message_id = _msgid(message_ids[0]) if message_ids else None
    in_reply_to = headers.raw("in-reply-to")
    references = tuple(_MSGID.findall(" ".join(headers.raw("references"))))
    if len(references) > MAX_REFERENCES:
        references = references[:1] + references[-(MAX_REFERENCES - 1):]

    reason = _auto_reason(msg, headers, sender)
    return IncomingMail(
        message_id=message_id, sender=sender, sender_name=sender_name,
        recipients=tuple(recipients), subject=headers.text("subject"),
        in_reply_to=_msgid(in_reply_to[0]) if in_reply_to else None,
        references=references, body="" if headers_only else _body(msg, problems),
        problems=tuple(problems),
        auto=bool(reason), auto_reason=reason)


def _bounded(raw: bytes, problems: _Problems) -> bytes:
    """``raw`` cut after MAX_DELIMITERS boundary-like lines: the parser's time grows
    with the parts, and no player's mail has thousands of them."""
    at = -1
    for _ in range(MAX_DELIMITERS):
        at = raw.find(b"\n--", at + 1)
        if at < 0:
            return raw
    problems.add(N_("too many MIME parts: the rest was not read"))
    return raw[:at]


class _Headers:
    """Every header of the message, unfolded, by lower-case name, as sent."""

    def __init__(self, msg: Message, problems: _Problems):
        self.problems = problems
        self.values: dict[str, list[str]] = {}
        for name, value in msg.raw_items():
            if not isinstance(value, str):
                value = str(value)
            data = value.encode("ascii", "surrogateescape")
            try:
                value = data.decode("utf-8")
            except UnicodeDecodeError:
                value = data.decode("cp1252", "replace")
                problems.add(N_("8-bit bytes in the {name} header"), name=name)
            value = re.sub(r"\r?\n[ \t]", " ", value)
            self.values.setdefault(str(name).strip().lower(), []).append(value)

    def raw(self, name: str) -> list[str]:
        """The values of ``name``, undecoded but with no control characters."""
        out = []
        for value in self.values.get(name, []):
            if _CONTROL.search(value.replace("\t", " ")):
                self.problems.add(N_("line breaks or control characters in the {name} header"), name=name)
            out.append(_clean(value))
        return out

    def text(self, name: str) -> str:
        """The first value of ``name`` with RFC 2047 words decoded, on one line."""
        values = self.values.get(name, [])
        if not values:
            return ""
        decoded = _decode_words(values[0])
        if _CONTROL.search(decoded.replace("\t", " ")):
            self.problems.add(N_("line breaks or control characters in the {name} header"), name=name)
        return _clean(decoded)


def _clean(value: str) -> str:
    return " ".join(_CONTROL.sub(" ", value).split())[:MAX_HEADER]


def _decode_words(value: str) -> str:
    try:
        chunks = decode_header(value)
    except Exception:
        return value
    if len(chunks) == 1 and isinstance(chunks[0][0], str):
        return chunks[0][0]
    out = []
    for data, charset in chunks:
        if isinstance(data, str):
            out.append(data)
        elif charset is None:
            out.append(data.decode("raw-unicode-escape", "replace"))
        else:
            out.append(_decode_bytes(data, charset, None))
    return "".join(out)


def _addresses(value: str) -> list[tuple[str, str | None]]:
    """(display name, bare lower-cased address or None when it is not one)."""
    try:
        pairs = getaddresses([value])
    except Exception:
        return [("", None)]
    out = []
    for name, address in pairs:
        if not name and not address:
            continue
        address = address.strip()
        ok = _ADDRESS.fullmatch(address) is not None
        out.append((name, address.lower() if ok else None))
    return out


def _sender(headers: _Headers, problems: _Problems) -> tuple[str | None, str]:
    values = headers.raw("from")
    if not values:
        problems.add(N_("no From header"))
        return None, ""
    if len(values) > 1:
        problems.add(N_("more than one From header"))
        return None, ""
    pairs = _addresses(values[0])
    if len(pairs) != 1 or pairs[0][1] is None:
        problems.add(N_("the From header does not hold exactly one address"))
        return None, ""
    name, address = pairs[0]
    return address, _clean(_decode_words(name))


def _msgid(value: str) -> str | None:
    found = _MSGID.search(value)
    if found:
        return found.group(0)
    value = value.strip()
    if value and " " not in value and "<" not in value and ">" not in value:
        return f"<{value[:900]}>"
    return None


def _auto_reason(msg: Message, headers: _Headers, sender: str | None) -> str:
    for value in headers.raw("auto-submitted"):
        if value.split(";")[0].strip().lower() != "no":
            return f"Auto-Submitted: {value}"
    for value in headers.raw("precedence"):
        if value.strip().lower() in ("bulk", "list", "junk", "auto_reply"):
            return f"Precedence: {value}"
    for name in ("x-autoreply", "x-autorespond", "x-autogenerated", "list-id", "x-loop",
                 "x-ms-exchange-inbox-rules-loop"):
        if headers.raw(name):
            return f"{name} header"
    for value in headers.raw("x-mailer"):
        if "vacation" in value.lower():             # the Unix vacation(1) program
            return f"X-Mailer: {value}"
    for value in headers.raw("return-path"):
        if value.replace(" ", "") == "<>":
            return "empty Return-Path"
    if sender and sender.split("@")[0] in ("mailer-daemon", "mailer_daemon"):
        return "sent by MAILER-DAEMON"
    try:
        if msg.get_content_type() == "multipart/report":
            return "a delivery or read report"
    except Exception:
        pass
    if _AUTO_SUBJECT.match(headers.text("subject")):
        return "an automatic reply's subject"
    return ""


# ---------------------------------------------------------------- the body

def _decode_bytes(data: bytes, charset: str | None, problems: _Problems | None) -> str:
    names: list[str] = []
    if charset:
        charset = charset.strip().strip('"').lower()
        try:
            codec = codecs.lookup(charset)
            known = codec._is_text_encoding and codec.name not in _NOT_CHARSETS
        except (LookupError, TypeError, ValueError):
            known = False
        if not known and problems is not None:
            problems.add(N_("unknown charset {charset}"), charset=repr(charset[:40]))
        if known:
            names.append(charset)
        if charset in _WESTERN:
            names.insert(0, "utf-8")    # real UTF-8 is never an accident in latin-1
    names += ["utf-8", "cp1252"]
    for name in names:
        try:
            return data.decode(name)
        except Exception:
            continue
    return data.decode("latin-1")


class _Walk:
    """Finds the body a person wrote. An HTML part is turned into text only if it is
    the one chosen (most mail carries a plain alternative, and the conversion is
    the dearest step of reading a mail)."""

    def __init__(self, problems: _Problems):
        self.problems = problems
        self.parts = 0
        self._converted: dict[int, str] = {}

    def text(self, found: tuple[str, bool]) -> str:
        """The text of a chosen body: an HTML one converted (once)."""
        body, is_html = found
        if not is_html:
            return body
        if id(body) not in self._converted:
            self._converted[id(body)] = html_to_text(body)
        return self._converted[id(body)]

    def choose(self, part: Message, depth: int) -> tuple[str, bool] | None:
        """(text, is_html) of the best body in ``part``, or None."""
        self.parts += 1
        if self.parts > MAX_PARTS:
            self.problems.add(N_("more than {n} MIME parts: the rest was not read"), n=MAX_PARTS)
            return None
        for defect in getattr(part, "defects", ()):
            self.problems.add(N_("malformed MIME ({kind})"), kind=type(defect).__name__)
        ctype = part.get_content_type()
        if ctype == "message/rfc822" or ctype.startswith("message/"):
            return None             # a forwarded message is not what the sender wrote
        if part.is_multipart():
            return self._multipart(part, ctype, depth)
        if _is_attachment(part) and depth > 0:
            return None
        if ctype.startswith("multipart/"):
            self.problems.add(N_("multipart message without its parts: read as text"))
            return self._leaf(part, "text/plain")
        if ctype in ("text/plain", "text/html"):
            return self._leaf(part, ctype)
        if depth == 0:
            self.problems.add(N_("no text in a {type} message"), type=ctype[:60])
        return None

    def _multipart(self, part: Message, ctype: str, depth: int):
        if depth >= MAX_DEPTH:
            self.problems.add(N_("MIME parts nested more than {n} deep were not read"), n=MAX_DEPTH)
            return None
        if ctype == "multipart/encrypted":
            self.problems.add(N_("encrypted message: it cannot be read"))
            return None
        children = part.get_payload()
        if not isinstance(children, list):
            return None
        found = []
        for child in children:
            if not isinstance(child, Message):
                continue
            result = self.choose(child, depth + 1)
            if result is not None:
                found.append(result)
                if ctype not in ("multipart/alternative", "multipart/mixed"):
                    break
            if self.parts > MAX_PARTS:
                break
        if not found:
            return None
        if ctype == "multipart/alternative":
            plain = [t for t, html in found if not html and t.strip()]
            if plain:
                return plain[0], False
            html = [f for f in found if f[1] and self.text(f).strip()]
            return html[0] if html else found[0]
        if ctype == "multipart/mixed" and all(not html for _, html in found):
            return "\n".join(t for t, _ in found), False   # text split around an image
        return found[0]

    def _leaf(self, part: Message, ctype: str) -> tuple[str, bool]:
        try:
            data = part.get_payload(decode=True)
        except Exception:
            data = None
            self.problems.add(N_("a text part could not be decoded"))
        if not isinstance(data, bytes):
            payload = part.get_payload()
            data = payload.encode("ascii", "surrogateescape") if isinstance(payload, str) else b""
        if len(data) > MAX_BODY:
            cut = MAX_BODY
            while cut > MAX_BODY - 4 and (data[cut] & 0xC0) == 0x80:
                cut -= 1
            data = data[:cut]
            self.problems.add(N_("text over {n} KiB: the rest was not read"), n=MAX_BODY // 1024)
        try:
            charset = part.get_content_charset()
        except Exception:
            charset = None
        text = _decode_bytes(data, charset, self.problems)
        text = "\n".join(split_lines(text))
        text = _BODY_CONTROL.sub("", text)
        if ctype == "text/html":
            return text, True
        if str(part.get_param("format", "") or "").lower() == "flowed":
            delsp = str(part.get_param("delsp", "") or "").lower() == "yes"
            text = unflow(text, delsp=delsp)
        return text, False


def _is_attachment(part: Message) -> bool:
    try:
        disposition = (part.get("content-disposition") or "")
        if str(disposition).split(";")[0].strip().lower() == "attachment":
            return True
        return bool(part.get_param("filename", header="content-disposition")
                    or part.get_param("name"))
    except Exception:
        return True


def _body(msg: Message, problems: _Problems) -> str:
    walk = _Walk(problems)
    try:
        found = walk.choose(msg, 0)
    except RecursionError:
        problems.add(N_("MIME structure too deep to read"))
        found = None
    if found is None:
        if not problems:
            problems.add(N_("no text part"))
        return ""
    lines = walk.text(found).split("\n", MAX_LINES)
    if len(lines) > MAX_LINES:
        problems.add(N_("more than {n} lines: the rest was not read"), n=MAX_LINES)
        lines = lines[:MAX_LINES]
    return strip_reply("\n".join(lines))[:MAX_BODY]
