"""Each game's state kept in the store with every move, so a process that has not got
the game in memory (evicted from it, or the game moved through another process of
the host) loads it instead of replaying the whole game (``referee/service/store/states.py``);
and the outbox's mail still to send indexed apart, so finding it does not read through
every mail sent before (both: the cost of a move must not grow with the host's size).

Revision ID: r0007
Revises: r0005 (r0006 once the forum games' migration is merged before it)
"""
import sqlalchemy as sa
from alembic import op

revision = "r0007"
down_revision = "r0006"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "states",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("doc", sa.Text, nullable=False),
        sa.Column("mac", sa.String(64), nullable=False),
    )
    due = sa.text("sent_at IS NULL AND failed IS NULL")
    op.create_index("outbox_due", "outbox", ["id"], sqlite_where=due, postgresql_where=due)


def downgrade():
    op.drop_index("outbox_due", table_name="outbox")
    op.drop_table("states")
