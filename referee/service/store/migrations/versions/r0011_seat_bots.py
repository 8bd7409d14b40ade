"""A seat may be played by a bot: held by one from the start or by the host's choice
(no address, no account), or standing in for a late player until that player writes
again (the address or account stays).

Revision ID: r0011
Revises: r0009
"""
import sqlalchemy as sa
from alembic import op

revision = "r0011"
down_revision = "r0009"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("seats", sa.Column("bot", sa.String(16)))


def downgrade():
    op.drop_column("seats", "bot")
