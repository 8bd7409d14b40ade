"""One outbox for every channel: the forum's answers (posted through the forum's API, or
pasted by the moderator) join the mail in the ``outbox`` table, told apart by its new
``channel`` column, and ``forum_answers`` goes. Every answer keeps its state (waiting,
posted or pasted, given up), its tries and its claim; the mail's own columns may be
empty for a forum answer.

Revision ID: r0009
Revises: r0008
"""
import sqlalchemy as sa
from alembic import op

revision = "r0009"
down_revision = "r0008"
branch_labels = None
depends_on = None

DUE = sa.text("sent_at IS NULL AND failed IS NULL")
ANSWERS = sa.text("channel <> 'mail'")
MAIL_ONLY = ("sender", "recipients", "subject", "message_id")
# what an answer's row holds in both tables, under the same name
SHARED = ("game_id", "body", "created_at", "attempts", "next_try", "claimed_by",
          "claimed_until", "sent_at", "posted", "failed", "last_error")


def upgrade():
    op.drop_index("outbox_due", table_name="outbox")
    # the outbox has no foreign key in or out, so SQLite may copy it to relax the
    # mail's own columns (ALTER COLUMN is not SQLite's)
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("channel", sa.String(16), nullable=False,
                                   server_default="mail"))
        batch.add_column(sa.Column("reply_post", sa.Integer))
        batch.add_column(sa.Column("posted", sa.Text))
        for name in MAIL_ONLY:
            batch.alter_column(name, existing_type=sa.Text, nullable=True)
    op.create_index("outbox_due", "outbox", ["channel", "id"], sqlite_where=DUE,
                    postgresql_where=DUE)
    op.create_index("outbox_answers", "outbox", ["game_id"], sqlite_where=ANSWERS,
                    postgresql_where=ANSWERS)
    columns = ", ".join(SHARED)
    # in the answers' own order, so each game's answers keep their order in the outbox
    op.execute(f"INSERT INTO outbox (channel, kind, reply_post, refs, headers, {columns}) "
               f"SELECT how, 'answer', reply_to, '[]', '{{}}', {columns} "
               "FROM forum_answers ORDER BY id")
    op.drop_index("forum_answers_pending", "forum_answers")
    op.drop_table("forum_answers")


def downgrade():
    op.create_table(
        "forum_answers",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("how", sa.String(16), nullable=False),
        sa.Column("reply_to", sa.Integer),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("next_try", sa.Float, nullable=False),
        sa.Column("claimed_by", sa.String(64)),
        sa.Column("claimed_until", sa.Float),
        sa.Column("sent_at", sa.Float),
        sa.Column("posted", sa.Text),
        sa.Column("failed", sa.Text),
        sa.Column("last_error", sa.Text),
    )
    op.create_index("forum_answers_pending", "forum_answers", ["sent_at", "next_try"])
    columns = ", ".join(SHARED)
    op.execute(f"INSERT INTO forum_answers (how, reply_to, {columns}) "
               f"SELECT channel, reply_post, {columns} FROM outbox "
               "WHERE channel <> 'mail' ORDER BY id")
    op.execute("DELETE FROM outbox WHERE channel <> 'mail'")
    op.drop_index("outbox_answers", table_name="outbox")
    op.drop_index("outbox_due", table_name="outbox")
    with op.batch_alter_table("outbox") as batch:
        for name in MAIL_ONLY:
            batch.alter_column(name, existing_type=sa.Text, nullable=False)
        batch.drop_column("posted")
        batch.drop_column("reply_post")
        batch.drop_column("channel")
    op.create_index("outbox_due", "outbox", ["id"], sqlite_where=DUE, postgresql_where=DUE)
