"""A table of players for the hosted referee's tests: they read what the referee
sends (through a real SMTP server on loopback) and answer the way mail clients do."""
from __future__ import annotations

import itertools
import re
import uuid
from dataclasses import dataclass
from email import message_from_bytes, policy

from referee.service.hosted.games import create_game
from referee.service.mail.ingest import ingest
from referee.service.mail.sending import deliver
from tests.service.mailkit import CLIENTS, client_mail

HOST = "referee@host.example"
WITNESS = re.compile(r"^ply (\d+) chain ([0-9a-f]{12})$", re.M)


@dataclass
class Mail:
    to: list[str]
    subject: str
    message_id: str
    in_reply_to: str | None
    references: list[str]
    reply_to: str | None
    auto: str | None
    body: str

    @property
    def witness(self) -> tuple[int, str] | None:
        found = WITNESS.findall(self.body)
        return (int(found[-1][0]), found[-1][1]) if found else None

    def options(self) -> list[str]:
        """The whole moves offered to copy (empty when it is not this seat's turn)."""
        if "Your move." not in self.body:
            return []
        return self.block("Or send a whole move, for example:") \
            or self.block("to move: 1 legal move:", starts=True)

    def choices(self) -> list[tuple[str, int]]:
        """The first step's choices and their counts, as the notification lists them."""
        # each line: the code, the count in brackets, its name unless the name is the code
        return [(re.split(r"  +", line)[0], int(m.group(1))) for line in
                self.block("Choose", starts=True)
                if (m := re.match(r"\S.*?  +\((\d+) moves?\)", line))]

    def block(self, head: str, *, starts: bool = False) -> list[str]:
        """The indented lines under the line ``head`` (or the first line holding it)."""
        lines = self.body.split("\n")
        for i, line in enumerate(lines):
            if line == head or (starts and head in line and line.endswith(":")
                                and not line.startswith(" ")):
                out = []
                for opt in lines[i + 1:]:
                    if not opt.startswith("    "):
                        break
                    out.append(opt.strip())
                return out
        return []

    def option_count(self) -> int | None:
        m = re.search(r"^Your move\. \S+ to move: (\d+) legal move", self.body, re.M)
        return int(m.group(1)) if m else None


# A line longer than a mail's 78 columns is only ever a move kept whole so that it can
# be copied (indented), the player's own line quoted back after "> ", the caret under
# one, or a line of the transcript that 'history' answers (indented).
LONG_LINE = re.compile(r"^    [A-Z]+ \S|^> |^ +\^$|^    [*\[]")


def too_wide(body: str) -> list[str]:
    """The lines of a mail's text that break the 78 columns."""
    return [line for line in body.split("\n") if len(line) > 78 and not LONG_LINE.match(line)]


def parse(data: bytes) -> Mail:
    m = message_from_bytes(data, policy=policy.default)
    body = m.get_body(("plain",)).get_content().replace("\r\n", "\n")
    assert not too_wide(body), too_wide(body)
    refs = str(m["References"] or "").split()
    return Mail([a.strip() for a in str(m["To"]).split(",")], str(m["Subject"]),
                str(m["Message-ID"]), str(m["In-Reply-To"]) if m["In-Reply-To"] else None,
                refs, str(m["Reply-To"]) if m["Reply-To"] else None,
                str(m["Auto-Submitted"]) if m["Auto-Submitted"] else None, body)


class Table:
    """The seats' addresses, their mailboxes, and the SMTP server they read from."""

    def __init__(self, store, sink, seats: dict[str, str]):
        self.store, self.sink, self.seats = store, sink, dict(seats)
        self.seen = 0
        self.inbox: dict[str, list[Mail]] = {a: [] for a in seats.values()}
        self.clients = itertools.cycle(CLIENTS)

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.sink.port}"

    def deliver(self, now: float | None = None) -> list[Mail]:
        """Send the outbox; the mails that arrived, each filed in its recipient's inbox."""
        deliver(self.store, self.url, now=now)
        new = [parse(r.data) for r in self.sink.received[self.seen:]]
        self.seen = len(self.sink.received)
        for mail in new:
            for address in mail.to:
                self.inbox.setdefault(address, []).append(mail)
        return new

    def last(self, seat: str) -> Mail:
        return self.inbox[self.seats[seat]][-1]

    def write(self, seat: str, text: str, *, answering: Mail | None = None,
              client: str | None = None, html_only: bool = False) -> tuple[bytes, str]:
        """A seat's reply to ``answering`` (default: its last mail), as a client writes it."""
        answering = answering or self.last(seat)
        mid = f"<{uuid.uuid4().hex}@players.example>"
        subject = answering.subject if answering.subject.startswith("Re:") \
            else "Re: " + answering.subject
        client = client or next(self.clients)
        quoted = answering.body
        if client == "thunderbird":
            # mailkit's format=flowed wraps a long quoted line without repeating its '>'
            # (real Thunderbird repeats it), so the tail would read as new text: quote
            # the lines a flowed client keeps whole
            quoted = "\n".join(line for line in quoted.split("\n") if len(line) <= 70)
        raw = client_mail(client, sender=self.seats[seat],
                          to=answering.reply_to or HOST, subject=subject, new_text=text,
                          quoted=quoted, message_id=mid,
                          in_reply_to=answering.message_id,
                          references=tuple(answering.references), html_only=html_only)
        return raw, mid

    def start(self) -> str:
        """A Hawaii game of the table's seats, dealt: the invitations delivered and each
        seat's first reply (its salt) in. The game's id."""
        gid = create_game(self.store, "hawaii", self.seats, host_address=HOST)
        self.deliver()
        for seat in self.seats:
            assert self.send(seat, "I'm in")[0].reply.ok
        return gid

    def send(self, seat: str, text: str, **kw):
        raw, mid = self.write(seat, text, **kw)
        return ingest(self.store, raw), mid, raw


def all_at_once(calls) -> list:
    """Run every call in a thread of its own, all started before any is waited for;
    their results in order (the tests' many writers at one moment)."""
    import threading

    results = [None] * len(calls)

    def run(i):
        results[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results
