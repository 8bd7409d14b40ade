"""A Message-ID is remembered for the seat that sent it (issue 21, item 6): anyone can
write any Message-ID, so a stranger who knows or guesses a player's next one must not
make that player's real move pass for a duplicate; a real retry of the player's own
mail is still processed once."""
from __future__ import annotations

from email.message import EmailMessage

from referee.service.hosted.games import create_game
from referee.service.mail.ingest import ingest
from tests.service.hostkit import HOST, Table
from tests.service.mailservers import SmtpSink

SEATS = {"RED": "alice@players.example", "GREEN": "bob@players.example"}


def _stranger(sender: str, message_id: str, to: str = HOST) -> bytes:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"], m["Message-ID"] = sender, to, "hi", message_id
    m.set_content("RED pass\n")
    return m.as_bytes()


def test_a_guessed_message_id_shadows_no_ones_move(store):
    with SmtpSink() as sink:
        table = Table(store, sink, SEATS)
        create_game(store, "hawaii", SEATS, host_address=HOST)
        table.deliver()
        raw, mid = table.write("RED", "I'm in")
        # first a stranger, then someone forging the player's own address, both without
        # the seat's secret, send mails with the Message-ID the player is about to use
        assert ingest(store, _stranger("mallory@evil.example", mid)).outcome in \
            ("refused", "dropped")
        assert ingest(store, _stranger(SEATS["RED"], mid)).outcome in ("refused", "dropped")
        done = ingest(store, raw)
        assert done.outcome == "handled" and done.reply.ok
        assert ingest(store, raw).outcome == "duplicate"            # the MTA's retry
        assert "salted for you" in done.reply.text


def test_chatter_is_answered_once_an_hour(store):
    """issue 21, item 6: ten mails of chatter, one reply (like refusals)."""
    with SmtpSink() as sink:
        table = Table(store, sink, SEATS)
        table.start()
        table.deliver()
        replies = []
        for i in range(10):
            result, mid, _ = table.send("GREEN", f"Nice weather today ({i})",
                                        client="plain")
            assert result.outcome == "handled" and not result.reply.verdicts
            replies += [m for m in table.deliver() if m.in_reply_to == mid]
        assert len(replies) == 1 and "no answer for an hour" in replies[0].body
        result, mid, _ = table.send("GREEN", "show", client="plain")   # a command: answered
        assert [m for m in table.deliver() if m.in_reply_to == mid]


def test_a_mail_an_older_version_handled_is_not_played_again(store):
    """Versions before the scoping remembered a Message-ID alone: the same mail sent
    again after an upgrade (an MTA's late retry) is a duplicate, not a second move; a
    new mail of that seat is played."""
    from sqlalchemy import insert, select

    from referee.service.store import schema as S
    from referee.service.hosted.games import game_detail

    with SmtpSink() as sink:
        table = Table(store, sink, SEATS)
        gid = create_game(store, "hawaii", SEATS, host_address=HOST)
        table.deliver()
        raw, mid = table.write("RED", "salt first-of-two")
        with store.write() as conn:           # as an older version recorded it
            conn.execute(insert(S.messages).values(message_id=mid, game_id=gid, at=1.0,
                                                   outcome="handled"))
        before = game_detail(store, gid)
        assert ingest(store, raw).outcome == "duplicate"
        assert game_detail(store, gid)["text"] == before["text"]
        with store.read() as conn:           # and nothing more was remembered
            assert conn.execute(select(S.messages.c.message_id)).scalars().all() == [mid]
        again, _ = table.write("RED", "salt first-of-two")
        done = ingest(store, again)
        assert done.outcome == "handled" and done.reply.ok
        assert game_detail(store, gid)["text"] != before["text"]
