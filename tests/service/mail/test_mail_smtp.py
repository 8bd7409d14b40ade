"""send() against a real SMTP server (aiosmtpd on loopback): plain, STARTTLS,
SMTPS with AUTH, and the failures the outbox must tell apart, each over a server that
offers PIPELINING (RFC 2920) and one that does not."""
from __future__ import annotations

import ssl
from urllib.parse import quote

import pytest

from referee.service.errors import MailConfigError, MailError
from referee.service.mail.outgoing import compose
from referee.service.hosted.outbox import backoff
from referee.service.mail.smtp import PermanentFailure, ServerRefused, TemporaryFailure, send
from tests.service.mailservers import SmtpSink, free_port, self_signed_cert, server_context

RAW = compose(sender="referee@example.org", to="alice@example.org", subject="s",
              text="RED to move")


@pytest.fixture(scope="module")
def tls(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tls")
    cert, key = self_signed_cert(folder)
    return cert, server_context(cert, key)


@pytest.fixture(params=[True, False], ids=["pipelining", "one-by-one"])
def pipelining(request):
    return request.param


def test_plain_smtp_delivers_the_exact_bytes(pipelining):
    with SmtpSink(pipelining=pipelining) as sink:
        send(RAW, url=f"smtp://127.0.0.1:{sink.port}", sender="referee@example.org",
             recipients=["alice@example.org", "bob@example.org"])
    [got] = sink.received
    assert got.sender == "referee@example.org"
    assert got.recipients == ["alice@example.org", "bob@example.org"]
    assert got.data.replace(b"\r\n", b"\n") == RAW.replace(b"\r\n", b"\n")


def test_starttls_with_login(tls):
    cert, context = tls
    password = "p@ss:w/rd%"
    with SmtpSink(tls=context, users={"referee": password}) as sink:
        url = f"smtp+starttls://referee:{quote(password, safe='')}@localhost:{sink.port}" \
              f"?cafile={cert}"
        send(RAW, url=url, sender="referee@example.org", recipients=["alice@example.org"])
    assert [r.login for r in sink.received] == ["referee"]


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_smtps_with_login(tls):
    cert, context = tls
    with SmtpSink(implicit_tls=context, users={"referee": "secret"}) as sink:
        send(RAW, url=f"smtps://referee:secret@localhost:{sink.port}",
             sender="referee@example.org", recipients=["alice@example.org"],
             context=ssl.create_default_context(cafile=str(cert)))
    assert [r.login for r in sink.received] == ["referee"]


def test_a_wrong_password_is_permanent(tls):
    cert, context = tls
    with SmtpSink(tls=context, users={"referee": "secret"}) as sink:
        with pytest.raises(PermanentFailure) as failure:
            send(RAW, url=f"smtp+starttls://referee:wrong@localhost:{sink.port}?cafile={cert}",
                 sender="referee@example.org", recipients=["alice@example.org"])
    assert failure.value.smtp_code == 535
    assert sink.received == []


def test_an_untrusted_certificate_is_permanent(tls):
    _, context = tls
    with SmtpSink(tls=context) as sink:
        with pytest.raises(PermanentFailure, match="certificate"):
            send(RAW, url=f"smtp+starttls://localhost:{sink.port}",
                 sender="referee@example.org", recipients=["alice@example.org"])


def test_connection_refused_is_temporary():
    with pytest.raises(TemporaryFailure) as failure:
        send(RAW, url=f"smtp://127.0.0.1:{free_port()}", sender="referee@example.org",
             recipients=["alice@example.org"], timeout=5)
    assert failure.value.code == "mail-temporary" and failure.value.temporary


@pytest.mark.parametrize("answer, expected, code", [
    ("550 5.1.1 mailbox unavailable", PermanentFailure, 550),
    ("554 transaction failed", PermanentFailure, 554),
    ("451 4.3.0 try again later", TemporaryFailure, 451),
    ("452 insufficient storage", TemporaryFailure, 452),
])
def test_the_servers_answer_to_data_decides(answer, expected, code, pipelining):
    with SmtpSink(pipelining=pipelining) as sink:
        sink.answer = answer
        with pytest.raises(expected) as failure:
            send(RAW, url=f"smtp://127.0.0.1:{sink.port}", sender="referee@example.org",
                 recipients=["alice@example.org"])
    assert failure.value.smtp_code == code
    assert answer.split(" ", 1)[1] in failure.value.reason


def test_refused_recipients_are_named(pipelining):
    with SmtpSink(pipelining=pipelining) as sink:
        sink.rcpt_answer = {"gone@example.org": "550 no such user",
                            "full@example.org": "452 mailbox full"}
        with pytest.raises(PermanentFailure) as every:
            send(RAW, url=f"smtp://127.0.0.1:{sink.port}", sender="referee@example.org",
                 recipients=["gone@example.org"])
        with pytest.raises(TemporaryFailure) as some:
            send(RAW, url=f"smtp://127.0.0.1:{sink.port}", sender="referee@example.org",
                 recipients=["alice@example.org", "full@example.org"])
    assert set(every.value.refused) == {"gone@example.org"}
    assert set(some.value.refused) == {"full@example.org"}
    assert [r.recipients for r in sink.received] == [["alice@example.org"]]


@pytest.mark.parametrize("url", ["http://example.org", "smtp://", "smtp://host:notaport",
                                 "mailto:a@b", "", "smtp://host:99999"])
def test_bad_urls_are_configuration_errors(url):
    with pytest.raises(MailConfigError) as failure:
        send(RAW, url=url, sender="referee@example.org", recipients=["a@example.org"])
    assert isinstance(failure.value, PermanentFailure)
    assert failure.value.code == "mail-config"


def test_bad_envelopes_are_permanent():
    for sender, recipients in [("referee@example.org", []),
                               ("referee@example.org", ["a@x.org\r\nRCPT TO:<e@x.org>"]),
                               ("r@x.org\r\nDATA", ["a@x.org"])]:
        with pytest.raises(PermanentFailure):
            send(RAW, url="smtp://127.0.0.1:1", sender=sender, recipients=recipients)


def test_failures_are_one_family():
    assert issubclass(TemporaryFailure, MailError) and issubclass(PermanentFailure, MailError)
    assert TemporaryFailure.code != PermanentFailure.code


def test_backoff_doubles_up_to_a_cap():
    waits = [backoff(n) for n in range(0, 12)]
    assert waits[0] == 0
    assert waits[1] > 0
    assert all(b == min(2 * a, waits[-1]) for a, b in zip(waits[1:], waits[2:]))
    assert waits[-1] == backoff(10_000) == backoff(10**9)
    assert backoff(3, first=1, cap=10) == 4 and backoff(9, first=1, cap=10) == 10


def test_a_plain_address_is_quoted_as_smtplib_quotes_it():
    """MAIL FROM and RCPT TO write a plain address without smtplib's header parser:
    over random addresses of the characters concerned, the same text as smtplib's."""
    import random
    import smtplib

    from referee.service.mail.smtp import _PLAIN_ADDRESS, quoted

    def atoms(chars: str) -> str:
        return rng.choice(".@").join("".join(rng.choice(chars) for _ in range(rng.randrange(4)))
                                     for _ in range(rng.randrange(1, 4)))

    rng, plain = random.Random(7), 0
    for _ in range(50_000):
        chars = "ab%+=-_9Z" if rng.random() < 0.7 else "ab.%+=-_@9Z<> \"(),;:"
        address = atoms(chars) + "@" + atoms(chars)
        assert quoted(address) == smtplib.quoteaddr(address), address
        plain += bool(_PLAIN_ADDRESS.fullmatch(address))
    assert plain > 1000          # the plain path was taken, not only smtplib's


def test_addresses_that_are_not_plain_reach_the_server_as_smtplib_writes_them(pipelining):
    with SmtpSink(pipelining=pipelining) as sink:
        send(RAW, url=f"smtp://127.0.0.1:{sink.port}", sender="Referee <referee@example.org>",
             recipients=["alice.o'hara@example.org", "bob@example.org"])
    [got] = sink.received
    assert got.sender == "referee@example.org"
    assert got.recipients == ["alice.o'hara@example.org", "bob@example.org"]


# Contents a server must get back exactly as smtplib's sendmail hands them over: dots
# at the start of a line (doubled on the wire, undone by the server), a dot alone, a
# first byte that is a dot, no line end at the end, a long line, eight-bit bytes.
CONTENTS = [RAW, RAW + b".\r\n..two dots\r\n.\r\nafter a dot alone\r\n",
            b".Subject: a dot first\r\n\r\n.\r\n", b"Subject: no end\r\n\r\nlast line",
            b"Subject: long\r\n\r\n" + b"x" * 990 + b"\r\n",
            "Subject: caf\u00e9\r\n\r\n\u00e9t\u00e9\r\n".encode()]


def test_the_content_arrives_as_smtplib_sends_it(pipelining):
    """Connection.send writes the content itself (the dots doubled without smtplib's
    regular expressions): the server gets what smtplib's sendmail gives it, mail for
    mail, on one session."""
    import smtplib

    from referee.service.mail.smtp import Connection

    with SmtpSink(pipelining=pipelining) as sink:
        with smtplib.SMTP("127.0.0.1", sink.port) as client:
            for raw in CONTENTS:
                client.sendmail("referee@example.org", ["alice@example.org"], raw)
        with Connection(f"smtp://127.0.0.1:{sink.port}") as connection:
            for raw in CONTENTS:
                connection.send(raw, sender="referee@example.org",
                                recipients=["alice@example.org"])
    theirs, ours = sink.received[:len(CONTENTS)], sink.received[len(CONTENTS):]
    assert [r.data for r in ours] == [r.data for r in theirs]
    assert ours[1].data == CONTENTS[1]          # the dots came through as they were


def test_a_pipelining_server_gets_a_mail_in_two_writes(pipelining, monkeypatch):
    """Over PIPELINING, MAIL FROM, RCPT TO and DATA leave together, then the content:
    two writes (and two waits for the server) a mail where one by one takes four."""
    import smtplib

    from referee.service.mail.smtp import Connection

    writes = []
    real = smtplib.SMTP.send
    monkeypatch.setattr(smtplib.SMTP, "send", lambda self, s: writes.append(s) or real(self, s))
    with SmtpSink(pipelining=pipelining) as sink:
        with Connection(f"smtp://127.0.0.1:{sink.port}") as connection:
            connection.send(RAW, sender="referee@example.org", recipients=["alice@example.org"])
            writes.clear()
            for _ in range(3):
                connection.send(RAW, sender="referee@example.org",
                                recipients=["alice@example.org", "bob@example.org"])
            assert len(writes) == (2 if pipelining else 5) * 3      # before QUIT
    assert len(sink.received) == 4
    if pipelining:
        assert writes[0].startswith(b"MAIL FROM:<referee@example.org>")
        assert writes[0].endswith(b"RCPT TO:<bob@example.org>\r\nDATA\r\n")


@pytest.mark.parametrize("answer, expected", [("550 5.7.1 not you", ServerRefused),
                                              ("451 4.3.2 later", TemporaryFailure)])
def test_a_refused_sender_is_the_servers_refusal(answer, expected, pipelining):
    """MAIL FROM refused: the server refuses the referee (5xx) or asks it to wait
    (4xx), whether the RCPT TO and DATA after it were sent with it or not; the session
    is left usable (RSET) and the next mail goes through."""
    from referee.service.mail.smtp import Connection

    with SmtpSink(pipelining=pipelining) as sink:
        with Connection(f"smtp://127.0.0.1:{sink.port}") as connection:
            sink.mail_answer = answer
            with pytest.raises(expected) as failure:
                connection.send(RAW, sender="referee@example.org",
                                recipients=["alice@example.org"])
            sink.mail_answer = None
            connection.send(RAW, sender="referee@example.org", recipients=["alice@example.org"])
    assert failure.value.smtp_code == int(answer[:3])
    assert len(sink.received) == 1


def test_a_server_that_says_354_after_refusing_every_recipient(pipelining):
    """RFC 2920 has a server refuse DATA when it took no recipient; one that says 354
    anyway gets an empty content, ended at once, and the failure is the recipients'."""
    from referee.service.mail.smtp import Connection

    with SmtpSink(pipelining=pipelining) as sink:
        sink.keeps_refused = True
        sink.rcpt_answer = {"gone@example.org": "550 no such user"}
        with Connection(f"smtp://127.0.0.1:{sink.port}") as connection:
            with pytest.raises(PermanentFailure) as failure:
                connection.send(RAW, sender="referee@example.org",
                                recipients=["gone@example.org"])
            connection.send(RAW, sender="referee@example.org", recipients=["alice@example.org"])
    assert set(failure.value.refused) == {"gone@example.org"}
    assert [r.data for r in sink.received if r.recipients != ["alice@example.org"]] \
        in ([], [b""]) and sink.received[-1].recipients == ["alice@example.org"]
