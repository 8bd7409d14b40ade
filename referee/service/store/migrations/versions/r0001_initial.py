"""The first store: games, seats, the append-only log, processed messages, the outbox.

Revision ID: r0001
Revises:
"""
import sqlalchemy as sa
from alembic import op

revision = "r0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    C, S, T, I, F, B = sa.Column, sa.String, sa.Text, sa.Integer, sa.Float, sa.Boolean
    op.create_table("meta", C("key", S(64), primary_key=True), C("value", T, nullable=False))
    op.create_table(
        "games", C("id", S(32), primary_key=True), C("game", S(32), nullable=False),
        C("title", T, nullable=False), C("host_address", T, nullable=False),
        C("header", T, nullable=False), C("secret", T), C("status", S(16), nullable=False),
        C("ply", I, nullable=False), C("chain", S(64)), C("to_move", S(32)), C("round", S(32)),
        C("result", T), C("created_at", F, nullable=False), C("updated_at", F, nullable=False),
        C("deadline_secs", I), C("grace_secs", I), C("on_timeout", S(16), nullable=False),
        C("turn_since", F), C("clock_ply", I), C("clock_stage", I, nullable=False),
        C("clock_at", F), C("undo", T))
    op.create_table(
        "seats", C("game_id", S(32), sa.ForeignKey("games.id"), primary_key=True),
        C("seat", S(32), primary_key=True), C("address", T, nullable=False),
        C("generation", I, nullable=False), C("salted", B, nullable=False),
        C("resigned", B, nullable=False), C("thread_id", T), C("last_message_id", T))
    op.create_table(
        "log", C("game_id", S(32), sa.ForeignKey("games.id"), primary_key=True),
        C("seq", I, primary_key=True), C("ply", I), C("text", T, nullable=False),
        C("chain", S(64)), C("seat", S(32)), C("sent", T), C("at", F, nullable=False),
        C("via", S(16), nullable=False), C("message_id", T),
        sa.UniqueConstraint("game_id", "ply", name="log_game_ply"))
    op.create_table(
        "messages", C("message_id", S(998), primary_key=True), C("game_id", S(32)),
        C("at", F, nullable=False), C("outcome", T, nullable=False))
    op.create_table(
        "outbox", C("id", I, primary_key=True, autoincrement=True), C("game_id", S(32)),
        C("kind", S(16), nullable=False), C("created_at", F, nullable=False),
        C("sender", T, nullable=False), C("recipients", T, nullable=False),
        C("subject", T, nullable=False), C("body", T, nullable=False), C("html", T),
        C("png_state", T), C("message_id", T, nullable=False), C("in_reply_to", T),
        C("refs", T, nullable=False), C("reply_to", T), C("headers", T, nullable=False),
        C("attempts", I, nullable=False), C("next_try", F, nullable=False),
        C("claimed_by", S(64)), C("claimed_until", F), C("sent_at", F), C("failed", T),
        C("last_error", T))
    op.create_index("outbox_pending", "outbox", ["sent_at", "next_try"])
    op.create_table(
        "refusals", C("address", S(320), primary_key=True), C("last_at", F, nullable=False),
        C("count", I, nullable=False))


def downgrade():
    for name in ("refusals", "outbox", "messages", "log", "seats", "games", "meta"):
        op.drop_table(name)
