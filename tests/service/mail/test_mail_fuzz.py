"""10,000 hostile and mutated messages: read_mail and the commands of read_lines never
raise, and what they return keeps its promises (one-line headers, bare addresses)."""
from __future__ import annotations

import re

from referee.service.hosted.lines import read_lines
from referee.service.mail.incoming import MAX_BODY, IncomingMail, read_mail
from tests.service.mailkit import hostile_messages

ADDRESS = re.compile(r"[^\s@<>,;:\"]+@[^\s@<>,;:\"]+")


def _check(mail: IncomingMail) -> None:
    assert isinstance(mail, IncomingMail)
    for value in (mail.subject, mail.sender_name, mail.message_id or "",
                  mail.in_reply_to or "", *mail.references, *mail.problems):
        assert isinstance(value, str)
        assert "\r" not in value and "\n" not in value and "\x00" not in value
    for address in (mail.sender, *mail.recipients):
        assert address is None or (ADDRESS.fullmatch(address) and address == address.lower())
    assert isinstance(mail.body, str) and len(mail.body) <= MAX_BODY
    assert "\x00" not in mail.body and "\r" not in mail.body
    assert mail.auto in (True, False)


def test_ten_thousand_hostile_messages_never_raise():
    count = 0
    kinds = {"no sender": 0, "auto": 0, "with commands": 0}
    for raw in hostile_messages(10_000, seed=12):
        mail = read_mail(raw)
        _check(mail)
        commands = read_lines(mail.body).commands(seats=["RED", "BLUE"], verbs=["buy", "pass"])
        assert all("\n" not in c.text for c in commands.lines)
        kinds["no sender"] += mail.sender is None
        kinds["auto"] += mail.auto
        kinds["with commands"] += bool(commands.lines)
        count += 1
    assert count == 10_000
    # the corpus really is mixed: some readable moves, some without a sender, some auto
    assert all(n > 100 for n in kinds.values()), kinds


def test_the_corpus_is_reproducible():
    assert list(hostile_messages(50, seed=3)) == list(hostile_messages(50, seed=3))
    assert list(hostile_messages(50, seed=3)) != list(hostile_messages(50, seed=4))


def test_non_bytes_input_does_not_raise():
    for value in ("From: a@example.org\n\nRED pass", bytearray(b"x"), memoryview(b"y"),
                  None, 12):
        _check(read_mail(value))
