"""How many log rows each game has, kept on its row; notifications composed at sending.

The log is append-only, so a game's header, line count and chain head name its
whole transcript: a resident process that remembers the text it committed knows
from the game's row alone whether that text is still the stored one, without
reading the log back on every move.

A notification's text (the state drawn as text, the mover's options) is made by
``mail send`` from the position stored with it (``png_state``) and what the new
``outbox.compose`` column says, not inside the move's transaction.

Revision ID: r0003
Revises: r0002
"""
import sqlalchemy as sa
from alembic import op

revision = "r0003"
down_revision = "r0002"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("lines", sa.Integer))
    op.execute("UPDATE games SET lines = (SELECT COUNT(*) FROM log WHERE log.game_id = games.id)")
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("compose", sa.Text))


def downgrade():
    # ALTER TABLE … DROP COLUMN in place (SQLite 3.35 and later): copying the table, as a
    # batch operation does, would trip the foreign keys of the tables that point at it
    op.drop_column("outbox", "compose")
    op.drop_column("games", "lines")
