"""The store's tables (SQLAlchemy Core), one definition for SQLite and PostgreSQL.

Times are seconds since the epoch (UTC) as floats: the same arithmetic on both
databases, and the clock can be driven by an injected ``now`` in tests.
The game record is the ``log`` table, append-only, with ``UNIQUE(game_id, ply)``
so two writers can never both add ply N; ``games`` holds what is derived from
the log (ply, chain head, whose turn) so listings need no replay.
"""
from __future__ import annotations

from sqlalchemy import (Boolean, Column, Float, ForeignKey, Index, Integer, MetaData, String,
                        Table, Text, UniqueConstraint, text)

metadata = MetaData()

# Key/value settings of the host: its HMAC key, created with the store, and its web
# page's public address (``public_url``), given once for every process on the store.
meta = Table(
    "meta", metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),          # module key: hawaii, haleakala
    Column("title", Text, nullable=False, default=""),
    Column("host_address", Text, nullable=False),        # --from: replies come from here
    Column("header", Text, nullable=False),              # the transcript's tag lines
    Column("secret", Text),                              # commit-reveal secret, never shown
    Column("status", String(16), nullable=False),        # salting | playing | over
    Column("ply", Integer, nullable=False, default=0),
    Column("chain", String(64)),                         # head after the last item (hex)
    Column("lines", Integer),                            # log rows (None: count them)
    Column("to_move", String(32)),
    Column("round", String(32)),
    Column("result", Text),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    # the clock (docs/hosting.md section 2a)
    Column("deadline_secs", Integer),
    Column("grace_secs", Integer),
    Column("on_timeout", String(16), nullable=False, default="wait"),
    Column("turn_since", Float),                         # when the seat to move got the turn
    Column("clock_ply", Integer),                        # the turn clock_stage belongs to
    Column("clock_stage", Integer, nullable=False, default=0),
    Column("clock_at", Float),                           # when the last clock mail went out
    Column("undo", Text),                                # a pending takeback request (JSON)
    # a forum game (docs/forum.md): the thread it follows, who pastes its answers
    Column("thread_url", Text),
    Column("thread_kind", String(16)),                   # discourse | phpbb | bgg | feed
    Column("thread_key", String(300)),                   # the thread as its posts name it
    Column("moderator", Text),                           # mailed the answers to paste
    # the thread's newest post id when the game was made ("" where the forum's ids do
    # not grow: the posts it showed were recorded read instead); NULL: a game made
    # before threads were read at a game's start
    Column("thread_since", String(100)),
    # the game's language (referee/i18n.py): a forum thread's public answers and every
    # seat that chose none; NULL is English
    Column("lang", String(16)),
)
Index("games_thread", games.c.thread_key)

seats = Table(
    "seats", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", String(32), primary_key=True),
    Column("address", Text, nullable=False),
    Column("generation", Integer, nullable=False, default=0),   # bumped by replace
    Column("salted", Boolean, nullable=False, default=False),   # has sent its first reply
    Column("salt", Text),                                # its salt, until every seat committed
    Column("resigned", Boolean, nullable=False, default=False),
    Column("thread_id", Text),                           # Message-ID of the invitation
    Column("last_message_id", Text),                     # the last mail the seat was sent
    Column("account", String(100)),                      # a forum account: the seat posts
    Column("bot", String(16)),                           # the level of the bot playing it
    Column("lang", String(16)),                          # its own language (NULL: the game's)
)

log = Table(
    "log", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),            # line order in the transcript body
    Column("ply", Integer),                              # None for a comment line
    Column("text", Text, nullable=False),                # the line as the transcript has it
    Column("chain", String(64)),                         # head after this item (hex)
    Column("seat", String(32)),                          # who sent it (None: the referee)
    Column("sent", Text),                                # what the player wrote
    Column("at", Float, nullable=False),
    Column("via", String(16), nullable=False),           # mail | web | cli | clock | adopt
    Column("message_id", Text),
    UniqueConstraint("game_id", "ply", name="log_game_ply"),
)

# Every Message-ID handled, so an MTA's retry or a resent mail is processed once.
messages = Table(
    "messages", metadata,
    Column("message_id", String(998), primary_key=True),
    Column("game_id", String(32)),
    Column("at", Float, nullable=False),
    Column("outcome", Text, nullable=False),
)

# Every answer the referee sends, whatever its channel: a mail (``channel`` "mail"), an
# answer posted in a forum thread through the forum's API ("post"), or one shown on the
# game's page and mailed to the moderator to paste ("paste"; ``sent_at`` once a post in
# the thread carries it). Written in the transaction that caused it; claimed, retried
# and backed off the same way for every channel (``referee/service/hosted/outbox.py``).
outbox = Table(
    "outbox", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32)),
    Column("channel", String(16), nullable=False, default="mail"),   # mail | post | paste
    Column("kind", String(16), nullable=False),          # reply | notify | invite | answer ...
    Column("created_at", Float, nullable=False),
    Column("body", Text, nullable=False),                # a forum answer: in the thread's markup
    # a mail's own: its envelope, headers and the position its text is made from
    Column("sender", Text),
    Column("recipients", Text),                          # JSON list
    Column("subject", Text),
    Column("html", Text),
    Column("png_state", Text),                           # the position: picture and text
    Column("compose", Text),                             # JSON: the text is made at sending
    Column("message_id", Text),
    Column("in_reply_to", Text),
    Column("refs", Text, nullable=False, default="[]"),  # JSON list
    Column("reply_to", Text),
    Column("headers", Text, nullable=False, default="{}"),
    # a forum answer's own: the post number it answers, and the post made of it (the
    # forum's id of a post; the marker line of a paste)
    Column("reply_post", Integer),
    Column("posted", Text),
    # delivery, the same for every channel
    Column("attempts", Integer, nullable=False, default=0),
    Column("next_try", Float, nullable=False),
    Column("claimed_by", String(64)),
    Column("claimed_until", Float),
    Column("sent_at", Float),
    Column("failed", Text),                              # a permanent failure's reason
    Column("last_error", Text),
)
Index("outbox_pending", outbox.c.sent_at, outbox.c.next_try)
# What is still to send on a channel, oldest first, whatever the number sent before it:
# a host's outbox grows with every move, and a sender must not read through what is done.
Index("outbox_due", outbox.c.channel, outbox.c.id,
      sqlite_where=text("sent_at IS NULL AND failed IS NULL"),
      postgresql_where=text("sent_at IS NULL AND failed IS NULL"))
# A game's forum answers (each numbered by those before it), apart from its many mails.
Index("outbox_answers", outbox.c.game_id, sqlite_where=text("channel <> 'mail'"),
      postgresql_where=text("channel <> 'mail'"))

# When each address was last refused: one refusal per address per REFUSAL_GAP.
refusals = Table(
    "refusals", metadata,
    Column("address", String(320), primary_key=True),
    Column("last_at", Float, nullable=False),
    Column("count", Integer, nullable=False, default=1),
)

# A seat's line waiting for the seat to confirm it (``confirm``), one per seat. It
# counts only while the game is still at ``ply``: any ply played after it voids it.
holds = Table(
    "holds", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", String(32), primary_key=True),
    Column("kind", String(16), nullable=False),          # repeat: a move sent again
    Column("line", Text, nullable=False),                # the line to play, seat word first
    Column("sent", Text),                                # what the player wrote
    Column("ply", Integer, nullable=False),              # the game's ply when it was held
    Column("at", Float, nullable=False),
)

# Every forum post read, once: a post read again (the next poll, a webhook and a poll)
# finds its row and changes nothing, and an edit after it was handled is never read.
forum_posts = Table(
    "forum_posts", metadata,
    Column("thread_key", String(300), primary_key=True),
    Column("post_id", String(100), primary_key=True),
    Column("game_id", String(32)),
    Column("author", String(100)),
    Column("url", Text),
    Column("at", Float, nullable=False),
    Column("outcome", Text, nullable=False),
)

# Each game's state at the end of its text, kept with every move for any process of the
# host that has not got it in memory (``referee/replay/snapshot.py``, seal/unseal):
# bound to the digest of exactly that text and signed with the host key, so a stale or
# altered row is never believed and the game is replayed instead.
states = Table(
    "states", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("digest", String(64), nullable=False),        # the text's (and the code's)
    Column("doc", Text, nullable=False),                 # JSON: the replay at its end
    Column("mac", String(64), nullable=False),           # HMAC-SHA256, the host key
)
