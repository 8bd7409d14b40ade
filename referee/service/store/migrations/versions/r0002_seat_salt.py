"""A seat's salt, kept until every seat has committed to one (two-phase salting).

Revision ID: r0002
Revises: r0001
"""
import sqlalchemy as sa
from alembic import op

revision = "r0002"
down_revision = "r0001"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("salt", sa.Text))


def downgrade():
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("salt")
