"""The store: where hosted games live (SQLite or PostgreSQL through SQLAlchemy Core).

The bottom of the service: the tables (``schema``), the connection and its
transactions (``database``), a game's record as log rows (``record``), each game's
replayed state kept for every process (``states``) and the migrations. It knows
nothing of mail, forums or the web page, nor of what a hosted game says.
"""
from referee.service.store.database import (HEAD, OWN_MAIL, Store, after_commit, before_commit,
                                            default_url, game_seats, home, open_store,
                                            schema_version)

__all__ = ["Store", "open_store", "default_url", "home", "schema_version", "HEAD", "OWN_MAIL",
           "after_commit", "before_commit", "game_seats"]
