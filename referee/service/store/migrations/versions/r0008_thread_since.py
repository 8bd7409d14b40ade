"""A forum game keeps the newest post id its thread held when the game was made, so a
post written before the game is never taken for a seat's reply, whatever the forum's
clock says.

Revision ID: r0008
Revises: r0007
"""
import sqlalchemy as sa
from alembic import op

revision = "r0008"
down_revision = "r0007"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("games", sa.Column("thread_since", sa.String(100)))


def downgrade():
    # in place, as r0006 does: copying the table would trip the keys that point at it
    op.drop_column("games", "thread_since")
