"""PostgreSQL tells the web pages when a game changes (LISTEN/NOTIFY).

Every process's watchers (``referee/service/web/watch.py``) listen on the channel
``referee_games``; a trigger on the games table notifies it with the game's id on
every change, whichever process (a mail ingest, another web server, the clock) made
it, so no page needs to poll. The notification is sent at commit. SQLite has no
such signal: nothing to do there.

Revision ID: r0005
Revises: r0004
"""
from alembic import op

revision = "r0005"
down_revision = "r0004"
branch_labels = None
depends_on = None


def upgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("""
        CREATE OR REPLACE FUNCTION referee_games_notify() RETURNS trigger AS $$
        BEGIN
            PERFORM pg_notify('referee_games', NEW.id);
            RETURN NEW;
        END;
        $$ LANGUAGE plpgsql""")
    op.execute("""
        CREATE TRIGGER referee_games_notify AFTER INSERT OR UPDATE ON games
        FOR EACH ROW EXECUTE FUNCTION referee_games_notify()""")


def downgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("DROP TRIGGER IF EXISTS referee_games_notify ON games")
    op.execute("DROP FUNCTION IF EXISTS referee_games_notify()")
