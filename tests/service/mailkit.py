"""Mail as players' clients really build it, and a corpus of hostile mail.

``client_mail`` writes a reply the way Gmail, Outlook, Apple Mail (iPhone),
Thunderbird or a bare text client does: their MIME structure, transfer
encodings and line ends, their attribution lines and HTML quote markup, in
English, French, German or Italian. The structures follow what these clients
send today (Gmail: multipart/alternative with ``gmail_quote``; Outlook:
quoted-printable with CRLF and the "From: / Sent:" block above an unquoted
original, ``divRplyFwdMsg`` in HTML; iPhone: base64, "Sent from my iPhone" and a
``> On … wrote:`` that quotes itself; Thunderbird: format=flowed, bottom-posted).

``hostile_messages`` yields a reproducible fuzz corpus for code that must never
raise on any input.
"""
from __future__ import annotations

import base64
import html as htmllib
import quopri
import random
from typing import Iterator

CLIENTS = ("gmail", "outlook", "apple", "thunderbird", "plain")
LANGS = ("en", "fr", "de", "it")
DATE = "Mon, 01 Jan 2024 10:00:00 +0000"
_IDS = random.Random()          # message ids and boundaries; hostile_messages seeds it


def _hex(size: int) -> str:
    return "%0*x" % (size, _IDS.getrandbits(4 * size))


def _uuid() -> str:
    h = _hex(32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"

_ATTRIBUTION = {
    # (gmail, apple, thunderbird); {who} is "Name <address>" or the name alone
    "en": ("On Mon, Jan 1, 2024 at 10:00\u202fAM {who} wrote:",
           "On 1 Jan 2024, at 10:00, {who} wrote:",
           "On 01/01/2024 10:00, {name} wrote:"),
    "fr": ("Le lun. 1 janv. 2024 à 10:00, {who} a écrit :",
           "Le 1 janv. 2024 à 10:00, {who} a écrit :",
           "Le 01/01/2024 à 10:00, {name} a écrit :"),
    "de": ("Am Mo., 1. Jan. 2024 um 10:00 Uhr schrieb {who}:",
           "Am 01.01.2024 um 10:00 schrieb {who}:",
           "Am 01.01.24 um 10:00 schrieb {name}:"),
    "it": ("Il giorno lun 1 gen 2024 alle ore 10:00 {who} ha scritto:",
           "Il giorno 1 gen 2024, alle ore 10:00, {who} ha scritto:",
           "Il 01/01/2024 10:00, {name} ha scritto:"),
}
_OUTLOOK_BLOCK = {
    "en": ("From:", "Sent:", "To:", "Subject:", "Monday, January 1, 2024 10:00 AM"),
    "fr": ("De :", "Envoyé :", "À :", "Objet :", "lundi 1 janvier 2024 10:00"),
    "de": ("Von:", "Gesendet:", "An:", "Betreff:", "Montag, 1. Januar 2024 10:00"),
    "it": ("Da:", "Inviato:", "A:", "Oggetto:", "lunedì 1 gennaio 2024 10:00"),
}
_IPHONE = {"en": "Sent from my iPhone", "fr": "Envoyé de mon iPhone",
           "de": "Von meinem iPhone gesendet", "it": "Inviato da iPhone"}


def _name(address: str) -> str:
    return address.split("<")[0].strip().strip('"') or address.split("@")[0]


def _bare(address: str) -> str:
    return address.split("<")[-1].rstrip(">").strip()


def _qp(text: str, charset: str, crlf: bool) -> bytes:
    data = quopri.encodestring(text.encode(charset))
    return data.replace(b"\n", b"\r\n") if crlf else data


def _b64(text: str) -> bytes:
    return base64.encodebytes(text.encode("utf-8"))


def _part(ctype: str, cte: str, payload: bytes, nl: bytes) -> bytes:
    return (f"Content-Type: {ctype}".encode() + nl
            + f"Content-Transfer-Encoding: {cte}".encode() + nl + nl + payload)


def _alternative(boundary: str, parts: list[bytes], nl: bytes) -> bytes:
    out = b""
    for part in parts:
        out += f"--{boundary}".encode() + nl + part.rstrip(b"\r\n") + nl + nl
    return out + f"--{boundary}--".encode() + nl


def _headers(fields: list[tuple[str, str]], nl: bytes) -> bytes:
    out = b""
    for name, value in fields:
        if value is not None:
            out += f"{name}: {value}".encode("utf-8") + nl
    return out


def _flowed(text: str, width: int = 72) -> str:
    """RFC 3676 format=flowed, the way Thunderbird wraps long lines."""
    out = []
    for line in text.split("\n"):
        if line.startswith((" ", ">", "From ")) and not line.startswith(">"):
            line = " " + line
        while len(line) > width and " " in line[1:width]:
            cut = line.rindex(" ", 1, width) + 1
            out.append(line[:cut])
            line = line[cut:]
        out.append(line)
    return "\n".join(out)


def _html_lines(text: str, wrap: str) -> str:
    lines = text.split("\n")
    return "".join(wrap.format(htmllib.escape(line) if line else "<br>") for line in lines)


def client_mail(client: str, *, sender: str, to: str, subject: str, new_text: str,
                quoted: str | None = None, message_id: str | None = None,
                in_reply_to: str | None = None, html_only: bool = False,
                lang: str = "en", signature: str | None = None,
                references: tuple[str, ...] = ()) -> bytes:
    """A reply as ``client`` sends it: ``new_text`` written above (or, for
    Thunderbird, below) the quoted ``quoted`` with the client's attribution."""
    if client not in CLIENTS:
        raise ValueError(f"client must be one of {CLIENTS}")
    build = {"gmail": _gmail, "outlook": _outlook, "apple": _apple,
             "thunderbird": _thunderbird, "plain": _plain}[client]
    refs = " ".join([*references, in_reply_to] if in_reply_to else references) or None
    return build(sender=sender, to=to, subject=subject, new=new_text, quoted=quoted,
                 message_id=message_id, in_reply_to=in_reply_to, refs=refs,
                 html_only=html_only, lang=lang, signature=signature)


def _gmail(*, sender, to, subject, new, quoted, message_id, in_reply_to, refs,
           html_only, lang, signature) -> bytes:
    nl = b"\r\n"
    message_id = message_id or f"<CAJ{_hex(40)}@mail.gmail.com>"
    who = f"{_name(to)} <{_bare(to)}>"
    attribution = _ATTRIBUTION[lang][0].format(who=who, name=_name(to))
    plain = new
    if signature:
        plain += "\n\n-- \n" + signature
    if quoted is not None:
        if len(attribution) > 76:     # Gmail wraps the attribution at the address
            head, _, tail = attribution.rpartition("<")
            attribution = head + "<\n" + tail
        plain += "\n\n" + attribution + "\n\n" + "\n".join(
            ("> " + line) if line else ">" for line in quoted.split("\n"))
    html = '<div dir="ltr">' + _html_lines(new, "<div>{}</div>")
    if signature:
        html += ('<br clear="all"><div><br></div><span class="gmail_signature_prefix">-- '
                 '</span><br><div dir="ltr" class="gmail_signature">'
                 + _html_lines(signature, "<div>{}</div>") + "</div>")
    html += "</div>"
    if quoted is not None:
        html += ('<br><div class="gmail_quote gmail_quote_container"><div dir="ltr" '
                 f'class="gmail_attr">{htmllib.escape(attribution)}<br></div>'
                 '<blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;'
                 'border-left:1px solid rgb(204,204,204);padding-left:1ex">'
                 + _html_lines(quoted, "{}<br>") + "</blockquote></div>")
    ascii_only = (plain + html).isascii()
    cte = "7bit" if ascii_only else "quoted-printable"
    enc = (lambda t: t.encode().replace(b"\n", nl)) if ascii_only else (
        lambda t: _qp(t, "utf-8", True))
    boundary = "000000000000" + _hex(16)
    head = _headers([("MIME-Version", "1.0"), ("Date", DATE), ("References", refs),
                     ("In-Reply-To", in_reply_to), ("Message-ID", message_id),
                     ("Subject", _encode_subject(subject)), ("From", _encode_addr(sender)),
                     ("To", _encode_addr(to))], nl)
    html_part = _part('text/html; charset="UTF-8"', cte, enc(html + "\n"), nl)
    if html_only:
        return head + html_part
    body = _alternative(boundary, [
        _part('text/plain; charset="UTF-8"', cte, enc(plain + "\n"), nl), html_part], nl)
    return (head + f'Content-Type: multipart/alternative; boundary="{boundary}"'.encode()
            + nl + nl + body)


def _outlook(*, sender, to, subject, new, quoted, message_id, in_reply_to, refs,
             html_only, lang, signature) -> bytes:
    nl = b"\r\n"
    tag = _hex(12).upper()
    message_id = message_id or f"<DM6PR11MB{tag}@DM6PR11MB{tag}.namprd11.prod.outlook.com>"
    f_from, f_sent, f_to, f_subject, when = _OUTLOOK_BLOCK[lang]
    plain = new + ("\n\n" + signature if signature else "")
    if quoted is not None:
        plain += (f"\n\n________________________________\n{f_from} {_name(to)} "
                  f"<{_bare(to)}>\n{f_sent} {when}\n{f_to} {_name(sender)} "
                  f"<{_bare(sender)}>\n{f_subject} {subject.removeprefix('RE: ')}\n\n"
                  + quoted)
    style = 'style="font-family: Aptos, Aptos_EmbeddedFont, Calibri, Helvetica, sans-serif; ' \
            'font-size: 12pt; color: rgb(0, 0, 0);"'
    html = ('<html><head><meta http-equiv="Content-Type" content="text/html; charset='
            'iso-8859-1"><style type="text/css" style="display:none;"> P {margin-top:0;'
            'margin-bottom:0;} </style></head><body dir="ltr">'
            + _html_lines(new, f'<div class="elementToProof" {style}>{{}}</div>'))
    if signature:
        html += '<div id="Signature">' + _html_lines(signature, "<div>{}</div>") + "</div>"
    if quoted is not None:
        html += ('<div id="appendonsend"></div><hr style="display:inline-block;width:98%" '
                 'tabindex="-1"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, '
                 'sans-serif" style="font-size:11pt" color="#000000">'
                 f'<b>{f_from}</b> {htmllib.escape(_name(to))} &lt;{_bare(to)}&gt;<br>'
                 f'<b>{f_sent}</b> {when}<br><b>{f_to}</b> {htmllib.escape(_name(sender))}'
                 f'<br><b>{f_subject}</b> {htmllib.escape(subject)}</font><div>&nbsp;</div>'
                 '</div><div><div dir="ltr">' + _html_lines(quoted, "<div>{}</div>")
                 + "</div></div>")
    html += "</body></html>"
    charset = "us-ascii" if (plain + html).isascii() else (
        "iso-8859-1" if _fits(plain + html, "iso-8859-1") else "utf-8")
    html = html.replace("charset=iso-8859-1", f"charset={charset}")
    boundary = f"_000_DM6PR11MB{tag}_"
    head = _headers([("From", _encode_addr(sender)), ("To", _encode_addr(to)),
                     ("Subject", _encode_subject(subject)),
                     ("Thread-Topic", _encode_subject(subject.removeprefix("RE: "))),
                     ("Thread-Index", "AQHaPNx1" + base64.b64encode(tag.encode()).decode()),
                     ("Date", DATE), ("Message-ID", message_id), ("References", refs),
                     ("In-Reply-To", in_reply_to), ("Accept-Language", "en-US"),
                     ("Content-Language", "en-US"), ("X-MS-Has-Attach", ""),
                     ("X-MS-TNEF-Correlator", ""), ("MIME-Version", "1.0")], nl)
    html_part = _part(f'text/html; charset="{charset}"', "quoted-printable",
                      _qp(html, charset, True), nl)
    if html_only:
        return head + html_part
    body = _alternative(boundary, [
        _part(f'text/plain; charset="{charset}"', "quoted-printable",
              _qp(plain + "\n", charset, True), nl), html_part], nl)
    return (head + f'Content-Type: multipart/alternative;{nl.decode()}\tboundary="{boundary}"'
            .encode() + nl + nl + body)


def _apple(*, sender, to, subject, new, quoted, message_id, in_reply_to, refs,
           html_only, lang, signature) -> bytes:
    nl = b"\n"
    message_id = message_id or f"<{_uuid().upper()}@{_bare(sender).split('@')[-1]}>"
    who = f"{_name(to)} <{_bare(to)}>"
    attribution = _ATTRIBUTION[lang][1].format(who=who, name=_name(to))
    phone = signature if signature is not None else _IPHONE[lang]
    plain = new + "\n\n" + phone
    html = ('<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8">'
            '</head><body dir="auto">' + _html_lines(new, '<div dir="ltr">{}</div>')
            + f'<div dir="ltr"><br></div><div dir="ltr">{htmllib.escape(phone)}</div>')
    if quoted is not None:
        plain += "\n\n> " + attribution + "\n> \n" + "\n".join(
            "> " + line for line in quoted.split("\n"))
        html += (f'<div dir="ltr"><br><blockquote type="cite">{htmllib.escape(attribution)}'
                 '<br><br></blockquote></div><blockquote type="cite"><div dir="ltr">'
                 + _html_lines(quoted, "{}<br>") + "</div></blockquote>")
    html += "</body></html>"
    boundary = f"Apple-Mail-{_uuid().upper()}"
    head = _headers([("Content-Type", None), ("From", _encode_addr(sender)),
                     ("Mime-Version", "1.0 (1.0)"), ("Subject", _encode_subject(subject)),
                     ("Date", DATE), ("Message-Id", message_id), ("References", refs),
                     ("In-Reply-To", in_reply_to), ("To", _encode_addr(to)),
                     ("X-Mailer", "iPhone Mail (21B101)")], nl)
    html_part = _part("text/html; charset=utf-8", "base64", _b64(html), nl)
    if html_only:
        return head + html_part
    body = _alternative(boundary, [
        _part("text/plain; charset=utf-8", "base64", _b64(plain), nl), html_part], nl)
    return (f"Content-Type: multipart/alternative; boundary={boundary}".encode() + nl
            + head + b"Content-Transfer-Encoding: 7bit" + nl + nl + body)


def _thunderbird(*, sender, to, subject, new, quoted, message_id, in_reply_to, refs,
                 html_only, lang, signature) -> bytes:
    nl = b"\n"
    message_id = message_id or f"<{_uuid()}@{_bare(sender).split('@')[-1]}>"
    attribution = _ATTRIBUTION[lang][2].format(who=to, name=_name(to))
    head = _headers([("Message-ID", message_id), ("Date", DATE), ("MIME-Version", "1.0"),
                     ("User-Agent", "Mozilla Thunderbird"), ("Subject", _encode_subject(subject)),
                     ("Content-Language", "en-US"), ("To", _encode_addr(to)),
                     ("References", refs), ("From", _encode_addr(sender)),
                     ("In-Reply-To", in_reply_to)], nl)
    if html_only:
        html = "<!DOCTYPE html>\n<html>\n  <head>\n    <meta http-equiv=\"Content-Type\" " \
               "content=\"text/html; charset=UTF-8\">\n  </head>\n  <body>\n"
        if quoted is not None:
            html += (f'    <div class="moz-cite-prefix">{htmllib.escape(attribution)}<br>\n'
                     f'    </div>\n    <blockquote type="cite" cite="mid:{(in_reply_to or "x").strip("<>")}">\n'
                     + _html_lines(quoted, "      {}<br>\n") + "    </blockquote>\n")
        html += "    <p>" + _html_lines(new, "{}<br>\n") + "    </p>\n"
        if signature:
            html += ('    <pre class="moz-signature" cols="72">-- \n'
                     + htmllib.escape(signature) + "</pre>\n")
        html += "  </body>\n</html>\n"
        return head + _part("text/html; charset=UTF-8", "8bit", html.encode(), nl)
    text = ""
    if quoted is not None:
        text += attribution + "\n" + "\n".join(
            ("> " + line) if line else ">" for line in quoted.split("\n")) + "\n\n"
    text += new + "\n"
    if signature:
        text += "\n-- \n" + signature + "\n"
    return head + _part("text/plain; charset=UTF-8; format=flowed",
                        "8bit" if not text.isascii() else "7bit",
                        _flowed(text).encode("utf-8"), nl)


def _plain(*, sender, to, subject, new, quoted, message_id, in_reply_to, refs,
           html_only, lang, signature) -> bytes:
    nl = b"\n"
    message_id = message_id or f"<{_hex(32)}@{_bare(sender).split('@')[-1]}>"
    text = new + ("\n\n-- \n" + signature if signature else "")
    if quoted is not None:
        text += "\n\n" + "\n".join("> " + line for line in quoted.split("\n"))
    charset = "us-ascii" if text.isascii() else "utf-8"
    head = _headers([("From", _encode_addr(sender)), ("To", _encode_addr(to)),
                     ("Subject", _encode_subject(subject)), ("Date", DATE),
                     ("Message-ID", message_id), ("In-Reply-To", in_reply_to),
                     ("References", refs), ("MIME-Version", "1.0")], nl)
    if html_only:
        html = "<html><body>" + _html_lines(text, "<p>{}</p>") + "</body></html>\n"
        return head + _part(f"text/html; charset={charset}", "8bit", html.encode(), nl)
    return head + _part(f"text/plain; charset={charset}",
                        "7bit" if charset == "us-ascii" else "8bit",
                        (text + "\n").encode("utf-8"), nl)


def _fits(text: str, charset: str) -> bool:
    try:
        text.encode(charset)
        return True
    except UnicodeEncodeError:
        return False


def _encode_subject(subject: str) -> str:
    if subject.isascii():
        return subject
    return "=?UTF-8?B?" + base64.b64encode(subject.encode()).decode() + "?="


def _encode_addr(address: str) -> str:
    name = _name(address) if "<" in address else ""
    if not name or name.isascii():
        return address
    return f"=?utf-8?Q?{quopri.encodestring(name.encode(), header=True).decode()}?= " \
           f"<{_bare(address)}>"


# ---------------------------------------------------------------- hostile mail

def _nested(depth: int, rng: random.Random) -> bytes:
    opening = [b"From: deep@example.org\nSubject: deep\n"
               b"Content-Type: multipart/mixed; boundary=b0\n\n"]
    for i in range(depth):
        opening.append(b"--b%d\nContent-Type: multipart/%s; boundary=b%d\n\n"
                       % (i, rng.choice([b"mixed", b"alternative", b"related"]), i + 1))
    opening.append(b"--b%d\nContent-Type: text/plain\n\nRED pass\n" % depth)
    closing = [b"--b%d--\n" % i for i in range(depth, -1, -1)]
    return b"".join(opening + closing)


def _heavy(rng: random.Random, head: bytes, bases: list[bytes]) -> bytes:
    """The costly kinds: each hits a size or count limit of the reader."""
    kind = rng.randrange(6)
    if kind == 0:                       # huge bodies, over the caps
        size = rng.choice([300_000, 1_500_000, 5_000_000])
        return head + b"\n" + rng.choice([b"RED pass ", b"RED pass\n"]) * (size // 9)
    if kind == 1:
        return _nested(1000, rng)
    if kind == 2:                       # many parts
        parts = b"".join(b"--q\nContent-Type: text/plain\n\nline %d\n" % i
                         for i in range(rng.choice([1500, 20_000])))
        return head + b"Content-Type: multipart/mixed; boundary=q\n\n" + parts + b"--q--\n"
    if kind == 3:                       # tags without end
        return head + b"Content-Type: text/html\n\n" + b"<div>" * 20_000 + b"RED pass"
    if kind == 4:                       # many lines, many quote markers
        return head + b"\n" + rng.choice([b"\n" * 200_000, b"> \n" * 50_000,
                                          b"On x\n" * 20_000, b"From: a\nSent: b\n" * 5000])
    return head + b"X-Long: " + b"a" * 100_000 + b"\nX-Folded: a" + b"\n b" * 5000 + \
        b"\n\nRED pass\n"


def _hostile(rng: random.Random, bases: list[bytes]) -> bytes:
    head = b"From: Alice <alice@example.org>\nTo: referee+g1.red.abc@example.org\n" \
           b"Subject: move\nMessage-ID: <m@x>\n"
    if rng.random() < 0.01:
        return _heavy(rng, head, bases)
    kind = rng.randrange(24)
    if kind == 0:
        return rng.choice([b"", b"\n", b"\r\n\r\n", b" ", b"\x00" * 64])
    if kind == 1:
        return rng.randbytes(rng.randrange(1, 4000))
    if kind == 2:                       # large but under the caps
        return head + b"\n" + (b"RED pass " * rng.choice([100, 1000, 10_000]))
    if kind == 3:
        return _nested(rng.choice([5, 20, 100]), rng)
    if kind == 4:                       # header injection through encoded words and bare CRs
        evil = rng.choice([b"=?utf-8?q?hi=0D=0ABcc:_evil@x.org?=", b"hi\rBcc: evil@x.org",
                           b"=?utf-8?b?" + base64.b64encode(b"x\r\n\r\nRED pass") + b"?=",
                           b"=?utf-8?q?x=3Cevil=40x.org=3E?= <alice@example.org>"])
        field = rng.choice([b"Subject", b"From", b"To", b"Message-ID", b"References"])
        return head.replace(field + b":", b"X-Was:") + field + b": " + evil + \
            b"\n\nRED pass\n"
    if kind == 5:                       # unknown and lying charsets
        charset = rng.choice([b"x-klingon", b"rot13", b"base64", b"unicode_escape",
                              b"utf-16", b"utf-32", b"us-ascii", b"iso-2022-jp",
                              b'"utf-8"; charset=latin1', b"", b"utf-8\x00", b"idna"])
        body = rng.choice([b"RED pass \xff\xfe\x00", b"\\N{BULLET} RED", "café".encode(),
                           rng.randbytes(50)])
        return head + b"Content-Type: text/plain; charset=" + charset + b"\n\n" + body
    if kind == 6:                       # broken transfer encodings
        cte, body = rng.choice([(b"base64", b"!!!@@@###"), (b"base64", b"UkVEIHBhc3M"),
                                (b"base64", base64.b64encode(rng.randbytes(300))),
                                (b"quoted-printable", b"RED =ZZ pass=\n=\n=3"),
                                (b"x-uuencode", b"begin 644 x\n#garbage\nend\n"),
                                (b"7bit", bytes(range(256))), (b"binary", b"\x00RED\x00")])
        return head + b"Content-Transfer-Encoding: " + cte + b"\n\n" + body
    if kind == 7:                       # multipart without (or with a wrong) boundary
        param = rng.choice([b"", b"; boundary=", b'; boundary=""', b"; boundary=zz",
                            b"; boundary=" + b"x" * 300])
        return head + b"Content-Type: multipart/mixed" + param + \
            b"\n\n--yy\nContent-Type: text/plain\n\nRED pass\n--yy--\n"
    if kind == 8:                       # many parts
        parts = b"".join(b"--q\nContent-Type: text/plain\n\nline %d\n" % i
                         for i in range(rng.choice([20, 150])))
        return head + b"Content-Type: multipart/mixed; boundary=q\n\n" + parts + b"--q--\n"
    if kind == 9:                       # duplicate and repeated headers
        return (head + b"From: mallory@example.org\nMessage-ID: <other@x>\n"
                + b"Received: from x\n" * rng.choice([2, 100]) + b"\nRED pass\n")
    if kind == 10:                      # very long header lines and folding
        return head + b"X-Long: " + b"a" * 1000 + b"\nX-Folded: a" + b"\n b" * 50 + \
            b"\n\nRED pass\n"
    if kind == 11:                      # hostile HTML
        html = rng.choice([b"<![CDATA[ RED pass", b"<!-- RED pass", b"<![if !supportLists]>",
                           b"<div>" * 200 + b"RED pass", b"<a href='" + b"x" * 50000,
                           b"<script>RED pass</script><blockquote>", b"<![foo[ x ]]>",
                           b"&#99999999999; &#xD800; &bogus; <p>RED pass</p>",
                           b"<table><tr><td>RED<td>pass</table></div></div>"])
        return head + b"Content-Type: text/html\n\n" + html
    if kind == 12:                      # RFC 2231 and parameter garbage
        return head + rng.choice([
            b"Content-Type: text/plain; charset*=''\n",
            b"Content-Type: text/plain; name*0*=utf-8''%ZZ; name*1=x\n"
            b"Content-Disposition: attachment; filename*=bogus''%%%\n",
            b"Content-Type: ;;;;\n", b"Content-Type: text\n", b"Content-Type: /\n",
            b"Content-Type: text/plain; charset=\"unterminated\n"]) + b"\nRED pass\n"
    if kind == 13:                      # forwarded and nested messages
        return head + b"Content-Type: message/rfc822\n\n" + rng.choice(bases)
    if kind == 14:                      # addresses that are not one
        sender = rng.choice([b"<<<@@@>>>", b'"unterminated <a@b.c>', b"a@b.c, d@e.f",
                             b"undisclosed-recipients:;", b"@", b"<>", b"a@", b"(comment)",
                             b"MAILER-DAEMON@example.org", b"\xff\xfe@\xfe.org"])
        return b"From: " + sender + b"\nTo: " + sender + b"\n\nRED pass\n"
    if kind == 15:                      # 8-bit garbage in headers
        return b"From: \xe9\xff <alice@example.org>\nSubject: \x80\x81\x82\xc3\x28\n" \
               b"To: \xf0\x9f\x98 <x@y.org>\n\nRED pass\n"
    if kind == 16:                      # encrypted, signed and report parts
        return head + rng.choice([b"Content-Type: multipart/encrypted; boundary=e\n\n--e\n\n--e--\n",
                                  b"Content-Type: multipart/signed; boundary=s\n\n--s\n"
                                  b"Content-Type: text/plain\n\nRED pass\n--s\n"
                                  b"Content-Type: application/pgp-signature\n\nxx\n--s--\n",
                                  b"Content-Type: multipart/report; boundary=r\n\n--r\n\nbounce\n--r--\n"])
    if kind == 17:                      # many lines, many quote markers
        return head + b"\n" + rng.choice([b"\n" * 2000, b"> \n" * 500,
                                          b"On x\n" * 200, b"From: a\nSent: b\n" * 50])
    # the rest: mutate a real client mail
    return _mutate(rng, rng.choice(bases))


def _mutate(rng: random.Random, raw: bytes) -> bytes:
    data = bytearray(raw)
    for _ in range(rng.randrange(1, 4)):
        op = rng.randrange(9)
        if not data:
            break
        at = rng.randrange(len(data))
        if op == 0:
            for _ in range(rng.randrange(1, 20)):
                data[rng.randrange(len(data))] = rng.randrange(256)
        elif op == 1:
            del data[at:]
        elif op == 2:
            data[at:at] = b"\x00" * rng.randrange(1, 10)
        elif op == 3:
            data[at:at] = rng.randbytes(rng.randrange(1, 200))
        elif op == 4:
            data = bytearray(bytes(data).replace(b"\r\n", b"\n") if b"\r\n" in data
                             else bytes(data).replace(b"\n", b"\r\n"))
        elif op == 5:
            data = bytearray(bytes(data).replace(b"boundary", b"boundory", 1))
        elif op == 6:
            data = bytearray(bytes(data).replace(b"charset=", b"charset=x-unknown-", 1))
        elif op == 7:
            lines = bytes(data).split(b"\n")
            line = rng.choice(lines)
            lines.insert(rng.randrange(len(lines) + 1), line)
            data = bytearray(b"\n".join(lines))
        else:
            data = bytearray(bytes(data).replace(b"base64", b"quoted-printable", 1))
    return bytes(data)


def _bases(rng: random.Random) -> list[bytes]:
    bases = []
    for client in CLIENTS:
        for lang in LANGS:
            for html_only in (False, True):
                bases.append(client_mail(
                    client, sender="Alïce Example <alice@example.org>",
                    to="Referee <referee+g1.red.ab12@example.org>",
                    subject="Re: Hawaii g1 — RED to move", lang=lang, html_only=html_only,
                    new_text="Hi all,\nRED buy 2 shells #4\nshow\ngood luck!",
                    quoted="BLUE moved.\nRED to move, ply 4.", in_reply_to="<n1@example.org>",
                    signature=rng.choice([None, "Alice\n+1 555 0100"])))
    return bases


def hostile_messages(n: int, seed: int) -> Iterator[bytes]:
    """``n`` hostile or mutated messages, the same ones for the same ``seed``."""
    rng = random.Random(seed)
    state = _IDS.getstate()
    _IDS.seed(seed)
    try:
        bases = _bases(rng)
    finally:
        _IDS.setstate(state)
    for _ in range(n):
        yield _hostile(rng, bases)
