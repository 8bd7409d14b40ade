"""A game's language and each seat's own, so a mixed table reads each its own mails.

Revision ID: r0012
Revises: r0011
"""
import sqlalchemy as sa
from alembic import op

revision = "r0012"
down_revision = "r0011"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("games", sa.Column("lang", sa.String(16)))
    op.add_column("seats", sa.Column("lang", sa.String(16)))


def downgrade():
    op.drop_column("seats", "lang")
    op.drop_column("games", "lang")
