"""compose: a correct message whose text part stands alone, threaded, with the
picture inline, and no way to inject a header."""
from __future__ import annotations

import email
from email.policy import default

import pytest

from referee.service.mail.incoming import read_mail
from referee.service.mail.outgoing import compose, new_message_id

BASE = dict(sender="Hawaii Referee <referee@example.org>", to="Alïce <alice@example.org>",
            subject="Hawaii g1: RED to move — ply 12", text="RED buy 2 shells\n\nRED to move.")
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4


def _parse(raw: bytes):
    return email.message_from_bytes(raw, policy=default)


def _text(part) -> str:
    return part.get_content().replace("\r\n", "\n").rstrip("\n")


def test_text_only_is_one_plain_part_with_crlf_and_threading():
    raw = compose(**BASE, in_reply_to="<m7@mail.gmail.com>",
                  references=["<n1@example.org>", "<n2@example.org>"])
    assert b"\r\n" in raw and b"\n" not in raw.replace(b"\r\n", b"")
    msg = _parse(raw)
    assert msg.get_content_type() == "text/plain"
    assert _text(msg) == BASE["text"]
    assert msg["In-Reply-To"] == "<m7@mail.gmail.com>"
    assert msg["References"].split() == ["<n1@example.org>", "<n2@example.org>",
                                         "<m7@mail.gmail.com>"]
    assert msg["Auto-Submitted"] == "auto-replied"
    assert msg["Message-ID"].endswith("@example.org>")
    assert str(msg["Subject"]) == BASE["subject"]
    assert msg["To"].addresses[0].display_name == "Alïce"
    assert all(len(line) <= 998 for line in raw.split(b"\r\n"))


def test_html_and_png_make_alternative_with_related_and_a_cid_reference():
    raw = compose(**BASE, html='<p>RED to move</p><img src="cid:board.png" alt="board">',
                  png=PNG, message_id="<fixed@example.org>")
    msg = _parse(raw)
    assert msg["Message-ID"] == "<fixed@example.org>"
    assert msg.get_content_type() == "multipart/alternative"
    plain, related = msg.get_payload()
    assert plain.get_content_type() == "text/plain"
    assert _text(plain) == BASE["text"]
    assert related.get_content_type() == "multipart/related"
    html, picture = related.get_payload()
    assert picture.get_content_type() == "image/png"
    assert picture.get_content() == PNG
    cid = picture["Content-ID"].strip("<>")
    assert f'src="cid:{cid}"' in html.get_content()
    assert "cid:board.png" not in html.get_content()


def test_a_picture_the_html_does_not_show_is_added_to_it():
    msg = _parse(compose(**BASE, html="<p>state</p>", png=PNG))
    html, picture = msg.get_payload()[1].get_payload()
    assert f'cid:{picture["Content-ID"].strip("<>")}' in html.get_content()


def test_png_without_html_is_an_attachment():
    msg = _parse(compose(**BASE, png=PNG, png_name="g1-ply12.png"))
    assert msg.get_content_type() == "multipart/mixed"
    attachment = msg.get_payload()[1]
    assert attachment.get_filename() == "g1-ply12.png"
    assert attachment.get_content() == PNG


def test_the_reader_reads_back_what_compose_writes():
    mail = read_mail(compose(**BASE, html="<p>x</p>", png=PNG, reply_to="referee+g1@example.org",
                             headers={"X-Referee-Game": "g1"}))
    assert mail.body == BASE["text"]
    assert mail.sender == "referee@example.org"
    assert mail.recipients == ("alice@example.org",)
    assert mail.auto        # a referee mail that comes back is never answered


@pytest.mark.parametrize("field", ["sender", "to", "subject", "reply_to", "in_reply_to",
                                   "message_id", "png_name"])
@pytest.mark.parametrize("evil", ["x\r\nBcc: evil@example.com", "x\nBcc: e@x.org",
                                  "x\rBcc: e@x.org", "x\x00y", "x\u2028Bcc: e@x.org"])
def test_line_breaks_in_any_header_argument_are_refused(field, evil):
    args = dict(BASE)
    args[field] = evil
    with pytest.raises(ValueError):
        compose(**args)


@pytest.mark.parametrize("headers", [{"X-Game": "g1\r\nBcc: e@x.org"},
                                     {"X-Game\r\nBcc": "x"}, {"Bcc": "e@x.org"},
                                     {"Content-Type": "text/html"}, {"Bad Name": "x"}])
def test_extra_headers_cannot_inject_or_override(headers):
    with pytest.raises(ValueError):
        compose(**BASE, headers=headers)


def test_references_cannot_inject():
    with pytest.raises(ValueError):
        compose(**BASE, references=["<a@b>\r\nBcc: e@x.org"])


def test_new_message_ids_are_unique_and_well_formed():
    ids = {new_message_id("example.org") for _ in range(1000)}
    assert len(ids) == 1000
    assert all(i.startswith("<") and i.endswith("@example.org>") for i in ids)
    with pytest.raises(ValueError):
        new_message_id("example.org>\r\nBcc: x")



def test_plain_messages_are_written_as_the_email_package_writes_them(monkeypatch):
    """A text-only message in plain ASCII is written directly, without the package:
    byte for byte what the email package writes, for texts and headers of every length
    round the fold and the line limit; anything else goes to the package."""
    import random
    from datetime import datetime, timezone

    from referee.service.mail import outgoing

    direct = outgoing._plain_message
    taken = []
    rng = random.Random(5)
    words = ["a", "ply", "RED", "moves", "B1", "kahuna", "<x.1@h.example>", "From", ".",
             "-", "x" * 30]
    odd = ["=?q", "é", "y" * 77, "z" * 80, "\t", "  ", "\r"]

    def word(control=True):
        return rng.choice((odd if control else odd[:4] + ["  "]) if rng.random() < 0.02 else words)

    date = datetime(2026, 11, 25, 12, 0, tzinfo=timezone.utc)
    for _ in range(600):
        text = "\n".join(" ".join(word() for _ in range(rng.randrange(0, 14)))
                         for _ in range(rng.randrange(0, 6))) + rng.choice(["", "\n", "\n\n"])
        refs = [f"<{rng.randrange(10**rng.randrange(1, 40))}.{i}@players.example>"
                for i in range(rng.randrange(0, 8))]
        kw = dict(sender="referee@host.example", to=rng.choice(
                      ["red@players.example", "Red <red@players.example>",
                       "a@b.example, c@d.example", "x" * 70 + "@players.example"]),
                  subject=" ".join(word(False) for _ in range(rng.randrange(1, 25))),
                  text=text, references=refs, date=date,
                  in_reply_to=refs[-1] if refs and rng.random() < 0.8 else None,
                  message_id="<m.2@host.example>", reply_to="referee+g.r.1.abc@host.example",
                  headers={"X-Referee-Game": "abc123", "X-Referee-Seat": "RED"})
        monkeypatch.setattr(outgoing, "_plain_message",
                            lambda fields, text: taken.append(direct(fields, text)) or taken[-1])
        fast = compose(**kw)
        monkeypatch.setattr(outgoing, "_plain_message", lambda fields, text: None)
        assert fast == compose(**kw), kw
    used = sum(m is not None for m in taken)
    assert 100 < used < len(taken)      # both paths taken, and each gave the same bytes


def test_the_date_of_a_mail_sent_now_is_the_current_second_as_the_package_writes_it():
    """The Date is worked out once a second (a run sends several mails a second): the
    current UTC second, as ``email.utils.format_datetime`` writes it."""
    import time as clock
    from datetime import datetime, timezone
    from email import message_from_bytes
    from email.utils import format_datetime

    from referee.service.mail import outgoing

    for _ in range(3):
        before = clock.time()
        raw = outgoing.compose(sender="r@example.org", to="a@example.org", subject="s",
                               text="hello")
        after = clock.time()
        date = message_from_bytes(raw)["Date"]
        assert date in {format_datetime(datetime.fromtimestamp(int(t), timezone.utc))
                        for t in (before, after)}
        clock.sleep(0.6)
