"""read_mail on mail as clients send it: the new text only, the right sender and
recipients, and nothing a hostile header can smuggle in."""
from __future__ import annotations

import base64

import pytest

from referee.service.hosted.lines import read_lines
from referee.service.mail.incoming import MAX_BODY, MAX_DEPTH, read_mail
from tests.service.mailkit import CLIENTS, LANGS, client_mail

SENDER = "Alïce Example <Alice@Example.org>"
REFEREE = "Hawaii Referee <referee+g1.red.ab12@example.org>"
NEW = ("Hi all, here is my move:\n"
       "RED buy 2 shells and travel to the island that is farthest from here by canoe #7\n"
       "show\n"
       "good luck!")
# The referee's mail being answered: it holds lines that look like commands.
QUOTED = "BLUE buy 1 shell\nRED to move, ply 7.\nshow\nundo"


def _reply(client: str, **kw) -> bytes:
    args = dict(sender=SENDER, to=REFEREE, subject="Re: Hawaii g1 — RED to move",
                new_text=NEW, quoted=QUOTED, in_reply_to="<n7@example.org>",
                references=("<n1@example.org>",))
    args.update(kw)
    return client_mail(client, **args)


@pytest.mark.parametrize("html_only", [False, True], ids=["multipart", "html-only"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("client", CLIENTS)
def test_each_client_style_yields_exactly_the_new_text(client, lang, html_only):
    mail = read_mail(_reply(client, lang=lang, html_only=html_only))
    assert mail.body == NEW
    assert mail.problems == ()
    assert not mail.auto
    assert mail.sender == "alice@example.org"
    assert mail.sender_name == "Alïce Example"
    assert "referee+g1.red.ab12@example.org" in mail.recipients
    assert mail.subject == "Re: Hawaii g1 — RED to move"
    assert mail.in_reply_to == "<n7@example.org>"
    assert mail.references == ("<n1@example.org>", "<n7@example.org>")
    commands = read_lines(mail.body).commands(seats=["RED", "BLUE"], verbs=["buy", "pass"])
    assert [(c.word, c.text, c.guard) for c in commands.lines] == [
        ("RED", "RED buy 2 shells and travel to the island that is farthest from here by "
                "canoe", 7),
        ("show", "show", None)]
    assert commands.ignored == ("Hi all, here is my move:", "good luck!")


@pytest.mark.parametrize("client", ["gmail", "thunderbird", "plain"])
def test_a_signature_after_the_dash_line_is_dropped(client):
    mail = read_mail(_reply(client, signature="Alice\nshow me the money"))
    assert mail.body == NEW


@pytest.mark.parametrize("client", CLIENTS)
def test_a_reply_with_nothing_quoted(client):
    mail = read_mail(_reply(client, quoted=None))
    assert mail.body == NEW


def test_the_message_id_is_kept_as_sent():
    mail = read_mail(_reply("gmail", message_id="<CAJx1@mail.gmail.com>"))
    assert mail.message_id == "<CAJx1@mail.gmail.com>"


def _raw(body: str, headers: str = "", ctype: str = "text/plain; charset=utf-8") -> bytes:
    return (f"From: alice@example.org\nTo: referee@example.org\nSubject: s\n"
            f"Message-ID: <m1@example.org>\n{headers}Content-Type: {ctype}\n\n{body}"
            ).encode("utf-8")


@pytest.mark.parametrize("quote", [
    "-----Original Message-----\nFrom: Referee\nSent: Monday\nTo: Alice\nSubject: x\n\nRED old",
    "From: Referee <r@example.org>\nSent: Monday\nTo: Alice\nSubject: x\n\nRED old",
    "De : Referee <r@example.org>\nEnvoyé : lundi\nÀ : Alice\nObjet : x\n\nRED old",
    "Von: Referee\nGesendet: Montag\nAn: Alice\nBetreff: x\n\nRED old",
    "On Mon, 1 Jan 2024, Referee wrote:\n> RED old",
    "On Mon, Jan 1, 2024 at 10:00 AM Hawaii Referee <\nreferee@example.org> wrote:\n> RED old",
    "Le lun. 1 janv. 2024 à 10:00, Referee <r@example.org> a écrit :\n> RED old",
    "Am 01.01.2024 um 10:00 schrieb Referee <r@example.org>:\n> RED old",
    "Il giorno lun 1 gen 2024 alle ore 10:00 Referee ha scritto:\n> RED old",
    "Referee wrote:\n\n> RED old",
    "-- \nAlice\nRED old",
    "Sent from my iPhone\n\nRED old",
    "Get Outlook for iOS\nRED old",
    "Envoyé de mon iPhone\nRED old",
    "> RED old\n> more",
])
def test_top_posted_quotes_and_signatures_are_cut(quote):
    mail = read_mail(_raw("RED pass\n\n" + quote + "\n"))
    assert mail.body == "RED pass"


def test_a_bottom_posted_reply_keeps_the_text_under_the_quote():
    body = "On Mon, 1 Jan 2024, Referee wrote:\n> RED to move\n> ply 4\n\nRED pass\n"
    assert read_mail(_raw(body)).body == "RED pass"


def test_an_inline_reply_keeps_each_answer():
    body = "> Who moves?\nRED pass\n> And then?\nshow\n"
    assert read_mail(_raw(body)).body == "RED pass\nshow"


def test_a_sentence_starting_with_on_is_not_a_quote_header():
    body = "On second thought, here is my move:\nRED pass\nthanks\n"
    assert read_mail(_raw(body)).body == body.strip()


def test_html_line_breaks_and_quote_markup():
    html = ("<html><body><p>Hi</p><div>RED pass<br>show</div>"
            "<blockquote type=\"cite\">RED old</blockquote>"
            "<div class=\"gmail_quote\">BLUE old</div><p>bye &amp; thanks</p>"
            "<div id=\"appendonsend\"></div><div>From: old</div></body></html>")
    mail = read_mail(_raw(html, ctype="text/html; charset=utf-8"))
    assert mail.body == "Hi\nRED pass\nshow\nbye & thanks"


def test_the_plain_alternative_is_preferred_and_attachments_are_ignored():
    raw = (b"From: a@example.org\nContent-Type: multipart/mixed; boundary=m\n\n"
           b"--m\nContent-Type: multipart/alternative; boundary=a\n\n"
           b"--a\nContent-Type: text/plain\n\nRED pass\n"
           b"--a\nContent-Type: text/html\n\n<p>RED other</p>\n--a--\n"
           b"--m\nContent-Type: text/plain; name=notes.txt\n"
           b"Content-Disposition: attachment; filename=notes.txt\n\nRED attached\n"
           b"--m\nContent-Type: image/png\nContent-Transfer-Encoding: base64\n\n"
           + base64.encodebytes(b"\x89PNG....") + b"--m--\n")
    assert read_mail(raw).body == "RED pass"


@pytest.mark.parametrize("charset, data, text", [
    ("us-ascii", "café".encode("utf-8"), "café"),             # says ASCII, is UTF-8
    ("iso-8859-1", "café".encode("utf-8"), "café"),
    ("iso-8859-1", "café".encode("latin-1"), "café"),
    ("x-klingon", "café".encode("utf-8"), "café"),
    ("windows-1252", b"\x93RED\x94", "\u201cRED\u201d"),
    ("utf-8", b"caf\xe9", "café"),                             # says UTF-8, is latin-1
])
def test_charsets_that_lie_or_are_unknown(charset, data, text):
    raw = (b"From: a@example.org\nContent-Type: text/plain; charset=" + charset.encode()
           + b"\n\n" + data)
    assert read_mail(raw).body == text


def test_quoted_printable_base64_and_crlf():
    qp = (b"From: a@example.org\r\nContent-Type: text/plain; charset=utf-8\r\n"
          b"Content-Transfer-Encoding: quoted-printable\r\n\r\nRED buy =\r\ncaf=C3=A9\r\n")
    b64 = (b"From: a@example.org\nContent-Transfer-Encoding: base64\n\n"
           + base64.encodebytes("RED buy café\r\nshow".encode()))
    assert read_mail(qp).body == "RED buy café"
    assert read_mail(b64).body == "RED buy café\nshow"


def test_rfc2047_headers_are_decoded():
    raw = _raw("x", headers="").replace(
        b"Subject: s", b"Subject: =?iso-8859-1?q?Re:_caf=E9?= =?utf-8?b?4pyT?=")
    assert read_mail(raw).subject == "Re: café✓"


def test_header_injection_stays_on_one_line():
    raw = _raw("RED pass").replace(b"Subject: s",
                                   b"Subject: =?utf-8?q?hi=0D=0ABcc:_evil@example.com?=")
    mail = read_mail(raw)
    assert mail.subject == "hi Bcc: evil@example.com"
    assert any("line breaks" in p for p in mail.problems)


def test_an_encoded_display_name_cannot_change_the_sender():
    raw = _raw("RED pass").replace(
        b"From: alice@example.org",
        b"From: =?utf-8?q?x_=3Cmallory=40evil.org=3E?= <alice@example.org>")
    mail = read_mail(raw)
    assert mail.sender == "alice@example.org"
    assert mail.sender_name == "x <mallory@evil.org>"


@pytest.mark.parametrize("from_lines", [
    b"From: alice@example.org\nFrom: mallory@evil.org\n",
    b"From: alice@example.org, mallory@evil.org\n",
    b"From: not an address\n",
    b"From: <>\n",
    b"",
])
def test_no_single_sender_means_no_sender(from_lines):
    raw = from_lines + b"To: referee@example.org\n\nRED pass\n"
    mail = read_mail(raw)
    assert mail.sender is None
    assert mail.problems


def test_recipients_come_from_every_delivery_header():
    raw = (b"From: a@example.org\nTo: Group <list@example.org>\nCc: b@example.org\n"
           b"Delivered-To: Referee+G1.RED.ab12@example.org\n"
           b"X-Original-To: referee+g1.red.ab12@example.org\n"
           b"Envelope-To: c@example.org\n\nRED pass\n")
    assert read_mail(raw).recipients == (
        "list@example.org", "b@example.org", "referee+g1.red.ab12@example.org",
        "c@example.org")


@pytest.mark.parametrize("header", [
    b"Auto-Submitted: auto-replied", b"Auto-Submitted: auto-generated",
    b"Precedence: bulk", b"Precedence: list", b"Precedence: junk",
    b"Return-Path: <>", b"List-Id: <players.example.org>", b"X-Autoreply: yes",
    b"Subject: Automatic reply: away", b"Subject: Out of Office: back Monday",
    b"Content-Type: multipart/report; report-type=delivery-status; boundary=x",
    b"Subject: Auto: away until Monday", b"Subject: Abwesend: bis Montag",
    b"X-Loop: alice@example.org", b"X-MS-Exchange-Inbox-Rules-Loop: alice@example.org",
    b"X-Mailer: vacation 1.2.7",
])
def test_auto_replies_bounces_and_lists_are_marked(header):
    raw = b"From: alice@example.org\n" + header + b"\n\nRED pass\n"
    assert read_mail(raw).auto


def test_mailer_daemon_is_marked_and_a_person_is_not():
    assert read_mail(b"From: MAILER-DAEMON@example.org\n\nfailed\n").auto
    for subject in (b"Autumn moves", b"Auto racing tonight", b"Abwesenheit planen"):
        assert not read_mail(b"From: alice@example.org\nSubject: " + subject + b"\n\nRED pass\n").auto
    assert not read_mail(b"From: alice@example.org\nAuto-Submitted: no\n\nRED pass\n").auto


def test_a_huge_body_is_cut_with_a_problem():
    mail = read_mail(_raw("RED pass " * 100_000))
    assert len(mail.body) <= MAX_BODY
    assert mail.body.startswith("RED pass RED pass")
    assert any("KiB" in p for p in mail.problems)


def test_deep_nesting_is_not_followed():
    raw = b"From: a@example.org\nContent-Type: multipart/mixed; boundary=b0\n\n"
    depth = MAX_DEPTH + 5
    for i in range(depth):
        raw += b"--b%d\nContent-Type: multipart/mixed; boundary=b%d\n\n" % (i, i + 1)
    raw += b"--b%d\nContent-Type: text/plain\n\nRED pass\n" % depth
    mail = read_mail(raw)
    assert mail.body == ""
    assert any("nested" in p for p in mail.problems)


def test_format_flowed_lines_are_joined():
    raw = (b"From: a@example.org\nContent-Type: text/plain; charset=utf-8; format=flowed\n\n"
           b"RED buy 2 shells and travel \nfar away #3\n>quoted \n>more\n")
    assert read_mail(raw).body == "RED buy 2 shells and travel far away #3"


def test_nul_bytes_and_control_characters_are_dropped():
    assert read_mail(_raw("RED\x00 pass\x07\n")).body == "RED pass"
