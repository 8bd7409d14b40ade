"""A mixed table by mail, every kind of mail a seat can get, and no English left in the
mails of a seat that reads French, German or Italian: each is compared with the
English mails of the same game (an English seat's, and the same command sent again by
the seat switched to English; tests/service/english_left.py says how)."""
from __future__ import annotations

import uuid

from referee import i18n
from referee.operations.listing import legal_lines
from referee.service.hosted.games import create_game, game_detail
from referee.service.hosted.mails import BOARD
from referee.service.hosted.session import replay_text
from referee.service.mail.ingest import ingest
from referee.service.store import open_store
from tests.service.english_left import say_left
from tests.service.hostkit import HOST, Table
from tests.service.mailkit import client_mail
from tests.service.mailservers import SmtpSink


class Script:
    """A game's table with the English texts and the boards drawn so far kept aside."""

    def __init__(self, table, gid: str, langs: dict[str, str]):
        self.table, self.gid, self.langs = table, gid, langs
        self.english: list[str] = []          # English renderings of the same mails
        self.boards: dict[str, list[str]] = {}    # the boards drawn in each language
        self.in_english: set[str] = set()     # mails a seat got while switched to English

    def deliver(self):
        self.table.deliver()
        rp = self.replay()
        for lang in set(self.langs.values()):
            with i18n.speaking(lang):
                self.boards.setdefault(lang, []).append(rp.module.render(rp.state, BOARD))

    def replay(self):
        return replay_text(game_detail(self.table.store, self.gid)["text"], self.gid)

    def send(self, seat: str, text: str):
        result = self.table.send(seat, text)[0]
        self.deliver()
        return result

    def odd(self, seat: str, text: str):
        """``text`` sent by the seat in a mail part of a charset nobody knows: read as
        it is, and the answer says what was odd about the mail."""
        last = self.table.last(seat)
        raw = (f"From: {self.table.seats[seat]}\nTo: {last.reply_to}\n"
               f"Subject: Re: [referee {self.gid}]\nMessage-ID: <{uuid.uuid4().hex}@x.example>\n"
               'Content-Type: text/plain; charset="x-klingon"\n\n' + text + "\n")
        ingest(self.table.store, raw.encode("ascii"))
        self.deliver()

    def twice(self, seat: str, text: str, *, send=None) -> None:
        """A command that changes nothing, sent by the seat in its language, then in
        English (its answer kept as the witness), then the seat's language back."""
        send = send or self.send
        send(seat, text)
        if self.langs[seat] == "en":
            self.english.append(self.table.last(seat).body)
            return
        inbox = self.table.inbox[self.table.seats[seat]]
        before = len(inbox)
        self.send(seat, "language en")
        send(seat, text)
        for mail in inbox[before:]:             # what the seat read while in English
            self.english.append(mail.body)
            self.in_english.add(mail.message_id)
        self.send(seat, f"language {self.langs[seat]}")

    def from_elsewhere(self, seat: str) -> None:
        """A mail with the seat's secret from another address, and one from the seat's
        address with no secret: both play nothing and are answered in its language."""
        last = self.table.last(seat)
        for sender, to in ((f"other.{seat.lower()}@elsewhere.example", last.reply_to),
                           (self.table.seats[seat], HOST)):
            raw = client_mail("plain", sender=sender, to=to, subject="Re: " + last.subject,
                              new_text="show", message_id=f"<{uuid.uuid4().hex}@x.example>")
            ingest(self.table.store, raw)
        self.deliver()

    def left(self) -> list[str]:
        """Every English line left in a mail of a seat that reads another language."""
        english = [m.body for m in self.table.inbox[self.table.seats[self.witness]]]
        english += [m.subject for m in self.table.inbox[self.table.seats[self.witness]]]
        english += self.english
        found = []
        for seat, lang in self.langs.items():
            if lang == "en":
                continue
            for mail in self.table.inbox[self.table.seats[seat]]:
                if mail.message_id in self.in_english:
                    continue
                where = f"{seat} ({lang}), '{mail.subject}'"
                found += say_left(where, mail.subject, english)
                found += say_left(where, mail.body, english, self.boards[lang])
        return found

    @property
    def witness(self) -> str:
        return next(s for s, lang in self.langs.items() if lang == "en")


def _play(tmp_path, game: str, seats: dict[str, str], langs: dict[str, str]) -> list[str]:
    store = open_store(f"sqlite:///{tmp_path / 'r.db'}")
    with SmtpSink() as sink:
        table = Table(store, sink, seats)
        gid = create_game(store, game, seats, host_address=HOST, seat_langs=langs)
        script = Script(table, gid, langs)
        script.deliver()                                        # the invitations
        for seat in seats:
            script.send(seat, f"salt {seat.lower()}-pepper-and-more")
        assert game_detail(store, gid)["status"] == "playing"
        for seat in seats:                  # a mail with no command, an unknown one
            script.send(seat, "Hello all, frobnicate please")
        order = list(seats)
        for turn in range(len(seats)):
            rp = script.replay()
            mover = rp.state.current_player()
            script.twice(mover, "moves")                        # the builder's first step
            choice = script.table.last(mover).choices() if langs[mover] == "en" else \
                _choices(script.english[-1])
            if choice:
                script.twice(mover, f"moves {choice[0][0]}")    # its next step
            script.twice(mover, f"{mover} flies to the moon")   # a refusal
            line = legal_lines(rp.module, rp.state, 1)[1][0]
            assert script.send(mover, line).reply.ok            # a move, and its news
            assert script.send(mover, "undo").reply.ok          # a takeback asked...
            decliner = order[(order.index(mover) + 1) % len(order)]
            assert script.send(decliner, "decline").reply.ok    # ...and declined
        for seat in seats:
            script.twice(seat, "help")
            script.twice(seat, "show")
            script.twice(seat, "history")
            script.twice(seat, "resign")                        # asked...
            script.twice(seat, "resign 0badc0de")               # ...and not confirmed
            script.twice(seat, "accept")                        # nothing to accept
            script.twice(seat, "show", send=script.odd)         # a mail partly unreadable
            script.from_elsewhere(seat)
        left = script.left()
    store.dispose()
    return left


def _choices(body: str) -> list[tuple[str, int]]:
    from tests.service.hostkit import Mail
    return Mail([], "", "", None, [], None, None, body).choices()


def test_a_mixed_hawaii_table_by_mail_reads_no_english(tmp_path):
    seats = {"RED": "rouge@players.example", "YELLOW": "gelb@players.example",
             "GREEN": "verde@players.example", "BLUE": "blue@players.example"}
    langs = {"RED": "fr", "YELLOW": "de", "GREEN": "it", "BLUE": "en"}
    left = _play(tmp_path, "hawaii", seats, langs)
    assert not left, "\n".join(left)


def test_haleakala_by_mail_in_italian_reads_no_english(tmp_path):
    seats = {"RED": "rosso@players.example", "YELLOW": "yellow@players.example"}
    left = _play(tmp_path, "haleakala", seats, {"RED": "it", "YELLOW": "en"})
    assert not left, "\n".join(left)


def test_the_picture_in_a_notification_is_named_in_its_reader_language():
    """The HTML alternative's text for the board (what a reader who loads no images
    sees) is in the language the mail's text is written in."""
    from referee.service.hosted.mails import picture_html
    said = {lang: picture_html("ply 3 chain 0123456789ab", None, lang)
            for lang in ("en", "fr", "de", "it")}
    assert 'alt="the board"' in said["en"]
    assert all('alt="the board"' not in said[lang] for lang in ("fr", "de", "it")), said
