"""Forum games (docs/forum.md): the thread a game follows, the forum account
that holds a seat, every post handled (once: its thread and post id are the key, so
a post read again by the next poll, or by a webhook and a poll, is handled once), and
the answers waiting to be posted in the thread or pasted by the moderator.

Only additions: columns that are empty for a mail game, and two new tables.

Revision ID: r0006
Revises: r0005
"""
import sqlalchemy as sa
from alembic import op

revision = "r0006"
down_revision = "r0005"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("games", sa.Column("thread_url", sa.Text))
    op.add_column("games", sa.Column("thread_kind", sa.String(16)))
    op.add_column("games", sa.Column("thread_key", sa.String(300)))
    op.add_column("games", sa.Column("moderator", sa.Text))
    op.create_index("games_thread", "games", ["thread_key"])
    op.add_column("seats", sa.Column("account", sa.String(100)))
    op.create_table(
        "forum_posts",
        sa.Column("thread_key", sa.String(300), primary_key=True),
        sa.Column("post_id", sa.String(100), primary_key=True),
        sa.Column("game_id", sa.String(32)),
        sa.Column("author", sa.String(100)),
        sa.Column("url", sa.Text),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("outcome", sa.Text, nullable=False),
    )
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


def downgrade():
    # ALTER TABLE … DROP COLUMN in place (SQLite 3.35 and later), as r0003 does: copying
    # the tables would trip the foreign keys that point at them
    op.drop_index("forum_answers_pending", "forum_answers")
    op.drop_table("forum_answers")
    op.drop_table("forum_posts")
    op.drop_column("seats", "account")
    op.drop_index("games_thread", "games")
    for name in ("moderator", "thread_key", "thread_kind", "thread_url"):
        op.drop_column("games", name)
