"""Moves held until their seat confirms them: a mail that repeats the seat's own last
accepted move without a ``#N`` guard is kept here, not played, until the seat replies
``confirm`` (docs/mail.md section 3). Kept in the store so a restart keeps it.

Revision ID: r0004
Revises: r0003
"""
import sqlalchemy as sa
from alembic import op

revision = "r0004"
down_revision = "r0003"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "holds",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.String(32), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("line", sa.Text, nullable=False),
        sa.Column("sent", sa.Text),
        sa.Column("ply", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade():
    op.drop_table("holds")
