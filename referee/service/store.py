"""Where hosted games live: one SQLAlchemy Core store, SQLite or PostgreSQL.

Every command is one transaction, and on both databases a game's transactions
are serialised: SQLite takes the write lock at BEGIN (``BEGIN IMMEDIATE``, WAL
so readers never wait), PostgreSQL locks the game's row (``SELECT … FOR
UPDATE``). So a move is validated against the state it is appended to, and the
``UNIQUE(game_id, ply)`` of the log is a second wall, not the first.
"""
from __future__ import annotations

import os
import secrets
import time
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine, event, insert, select, text

from referee.service import schema as S

HEAD = "r0002"            # the newest migration; a store at it needs no Alembic run
BUSY_TIMEOUT_MS = 60_000


def home() -> Path:
    """$REFEREE_HOME, else the user's data directory (XDG on Unix, APPDATA on Windows)."""
    if os.environ.get("REFEREE_HOME"):
        return Path(os.environ["REFEREE_HOME"])
    if os.name == "nt" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "referee"
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "referee"


def default_url() -> str:
    """REFEREE_DB, else SQLite at $REFEREE_HOME/referee.db."""
    if os.environ.get("REFEREE_DB"):
        return os.environ["REFEREE_DB"]
    return f"sqlite:///{home() / 'referee.db'}"


class Store:
    """An open store. ``write()`` and ``read()`` are its transactions."""

    def __init__(self, engine):
        self.engine = engine
        self.url = engine.url.render_as_string(hide_password=True)
        self.sqlite = engine.dialect.name == "sqlite"
        self._host_key: bytes | None = None

    @contextmanager
    def write(self):
        """One write transaction; on SQLite it holds the database's write lock from BEGIN."""
        with self.engine.connect() as conn:
            with conn.begin():
                yield conn

    @contextmanager
    def read(self):
        """A read-only snapshot (SQLite: a deferred transaction, which takes no lock)."""
        with self.engine.connect().execution_options(referee_begin="DEFERRED") as conn:
            with conn.begin():
                yield conn

    def lock_game(self, conn, game_id: str):
        """The game's row, locked until the transaction ends (None if there is no such game)."""
        q = select(S.games).where(S.games.c.id == game_id)
        if not self.sqlite:
            q = q.with_for_update()
        return conn.execute(q).mappings().first()

    def host_key(self, conn) -> bytes:
        """The store's key (written once when the store is created, never changed)."""
        if self._host_key is None:
            value = conn.execute(select(S.meta.c.value).where(S.meta.c.key == "host_key")
                                 ).scalar()
            self._host_key = bytes.fromhex(value)
        return self._host_key

    def dispose(self) -> None:
        self.engine.dispose()


def _sqlite_engine(url: str):
    from sqlalchemy.engine import make_url

    path = make_url(url).database
    if path and path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})

    @event.listens_for(engine, "connect")
    def _connect(dbapi, _record):
        dbapi.isolation_level = None          # we issue BEGIN ourselves
        cur = dbapi.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn):
        mode = conn.get_execution_options().get("referee_begin", "IMMEDIATE")
        conn.exec_driver_sql(f"BEGIN {mode}")

    return engine


def open_store(url: str | None = None, *, upgrade: bool = True) -> Store:
    """Open (and create or upgrade in place) the store at ``url`` (default: :func:`default_url`)."""
    url = url or default_url()
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    if url.startswith("sqlite"):
        engine = _sqlite_engine(url)
    else:
        engine = create_engine(url, pool_pre_ping=True)
    store = Store(engine)
    if upgrade:
        _upgrade(store)
    return store


def _version(conn) -> str | None:
    try:
        with conn.begin_nested():
            return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    except Exception:
        return None


def _upgrade(store: Store) -> None:
    """Bring the schema to HEAD through Alembic, once even with several processes
    starting at the same moment (SQLite's write lock, PostgreSQL's advisory lock)."""
    with store.read() as conn:
        if _version(conn) == HEAD:
            return
    with store.write() as conn:
        if not store.sqlite:
            conn.execute(text("SELECT pg_advisory_xact_lock(727274)"))
        if _version(conn) != HEAD:
            from alembic import command
            from alembic.config import Config

            cfg = Config()
            cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
        if conn.execute(select(S.meta.c.value).where(S.meta.c.key == "host_key")).first() is None:
            conn.execute(insert(S.meta).values(key="host_key", value=secrets.token_hex(32)))
            conn.execute(insert(S.meta).values(key="created", value=str(time.time())))
