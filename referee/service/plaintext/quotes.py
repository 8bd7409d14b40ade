"""What the sender wrote, without the message they answer or their signature.

Mail clients quote in a handful of ways, and none of them marks the quote in the
plain text for sure: ``>`` lines (everybody), an attribution line "On … wrote:"
in the client's language (Gmail, Apple Mail, Thunderbird; Gmail wraps it over
two lines), and Outlook's header block ("From: … Sent: … To: … Subject: …",
localised, or "-----Original Message-----") above an old message that is not
quoted at all. A top-posted reply puts the new text first: everything from the
quote header on is the old message. A bottom-posted or inline reply starts with
the header: then only the ``>`` lines are old. Signatures start at ``-- `` or at
the line a phone adds ("Sent from my iPhone").
"""
from __future__ import annotations

import re

_ATTRIBUTION_END = re.compile(
    r"(\bwrote|a\s+écrit|schrieb(\s.*)?|ha\s+scritto|escribió|schreef(\s.*)?|"
    r"kirjoitti|skrev|napisał\(a\)|napisał|написал\(а\)|написал)\s*:\s*$",
    re.IGNORECASE)
_ATTRIBUTION_START = re.compile(r"^(On|Le|Am|Il|El|Op|Den|W dniu|Em)\s", re.IGNORECASE)

_SEPARATOR = re.compile(
    r"^\s*-{2,}\s*(Original Message|Message d'origine|Ursprüngliche Nachricht|"
    r"Original-Nachricht|Messaggio originale|Mensaje original|Oorspronkelijk bericht|"
    r"Forwarded message|Message transféré|Weitergeleitete Nachricht|"
    r"Messaggio inoltrato)\s*-{2,}\s*$", re.IGNORECASE)
_UNDERSCORES = re.compile(r"^\s*_{10,}\s*$")
# Outlook's block: the first field, then at least one of the others within a few lines.
_BLOCK_FROM = re.compile(r"^\s*\*?(From|De|Von|Da|Van|Från|Od)\s*\*?\s*:", re.IGNORECASE)
_BLOCK_FIELD = re.compile(
    r"^\s*\*?(Sent|Date|Envoyé|Gesendet|Datum|Inviato|Data|Enviado|Fecha|Verzonden|"
    r"Skickat|To|À|A|An|Para|Aan|Till|Subject|Objet|Betreff|Oggetto|Asunto|Onderwerp|"
    r"Ämne|Cc)\s*\*?\s*:", re.IGNORECASE)

_SIGNATURE = re.compile(r"^--\s*$")
_PHONE = re.compile(
    r"^\s*(Sent from my\s.{1,60}|Sent from (Outlook|Mail|Yahoo Mail|my mobile)\b.{0,60}|"
    r"Sent with (Proton ?Mail|Spark|BlackBerry)\b.{0,40}|Get Outlook for \w+.{0,30}|"
    r"Envoyé de mon\s.{1,60}|Envoyé depuis\s.{1,60}|Von meinem\s.{1,60}gesendet\.?|"
    r"Gesendet von\s.{1,60}|Inviato da\s.{1,60}|Enviado desde\s.{1,60}|"
    r"Verzonden vanaf\s.{1,60}|Verstuurd vanaf\s.{1,60})\s*$", re.IGNORECASE)


def _quoted(line: str) -> bool:
    return line.lstrip().startswith(">")


def _attribution(lines: list[str], i: int) -> int:
    """Number of lines (1 to 3) of an attribution line starting at ``i``, else 0."""
    line = lines[i].strip()
    if not line or _quoted(line):
        return 0
    if _ATTRIBUTION_END.search(line):
        # "Alice wrote:" without "On <date>" counts only when a quote follows it.
        return 1 if _ATTRIBUTION_START.match(line) or _quote_follows(lines, i + 1) else 0
    if not _ATTRIBUTION_START.match(line):
        return 0
    for extra in (1, 2):
        j = i + extra
        if j >= len(lines) or not lines[j].strip() or _quoted(lines[j]):
            return 0
        if _ATTRIBUTION_END.search(" ".join(k.strip() for k in lines[i:j + 1])):
            return extra + 1
    return 0


def _quote_follows(lines: list[str], j: int) -> bool:
    while j < len(lines) and not lines[j].strip():
        j += 1
    return j < len(lines) and _quoted(lines[j])


def _outlook_block(lines: list[str], i: int) -> bool:
    if _SEPARATOR.match(lines[i]):
        return True
    if not _BLOCK_FROM.match(lines[i]):
        return False
    fields = sum(1 for line in lines[i + 1:i + 6] if _BLOCK_FIELD.match(line))
    return fields >= 2


def strip_reply(text: str) -> str:
    """The new text in ``text`` (a message body with ``\\n`` line ends)."""
    lines = text.split("\n")
    kept: list[str] = []
    written = False
    i = 0
    while i < len(lines):
        line = lines[i]
        if _SIGNATURE.match(line) or _PHONE.match(line) or _outlook_block(lines, i):
            break
        size = _attribution(lines, i)
        if size:
            if written:
                break           # top-posted: the rest is the old message
            i += size           # bottom-posted or inline: only the > lines are old
            continue
        if not _quoted(line):
            kept.append(line)
            written = written or bool(line.strip())
        i += 1
    while kept and (not kept[-1].strip() or _UNDERSCORES.match(kept[-1])):
        kept.pop()
    first = next((n for n, line in enumerate(kept) if line.strip()), len(kept))
    return "\n".join(kept[first:])


def unflow(text: str, *, delsp: bool = False) -> str:
    """Undo RFC 3676 format=flowed: a line ending in a space continues on the next
    (Thunderbird wraps long lines this way); a leading space was stuffed; with
    DelSp=yes the space that marks the wrap is not part of the text."""
    out: list[str] = []
    current = ""
    for line in text.split("\n"):
        if line.startswith(" "):
            line = line[1:]
        if current and line.startswith(">"):
            out.append(current)         # a flowed line never runs into a quote
            current = ""
        if line == "-- ":
            if current:
                out.append(current)
                current = ""
            out.append(line)
            continue
        if line.endswith(" ") and not line.startswith(">"):
            current += line[:-1] if delsp else line
            continue
        current += line
        out.append(current)
        current = ""
    if current:
        out.append(current)
    return "\n".join(out)
