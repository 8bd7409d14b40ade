"""The store: where hosted games live (SQLite or PostgreSQL through SQLAlchemy Core).

The bottom of the service: the tables (``schema``), the connection and its
transactions (``database``, ``hooks``), a game's record as log rows (``record``), each
game's replayed state (``games_state``, in memory and in its table, ``states``) and the
migrations. It knows
nothing of mail, forums or the web page, nor of what a hosted game says.
"""
from referee.service.store.database import (HEAD, OWN_MAIL, Store, default_url, game_seats,
                                            home, open_store, schema_version)
from referee.service.store.hooks import after_commit, before_commit

__all__ = ["Store", "open_store", "default_url", "home", "schema_version", "HEAD", "OWN_MAIL",
           "after_commit", "before_commit", "game_seats"]
