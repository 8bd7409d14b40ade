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
import shlex
import stat
import time
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import bindparam, create_engine, event, exc, insert, select, text, update
from sqlalchemy.engine import make_url

from referee.service.errors import StoreUnsafe
from referee.service.store import schema as S
from referee.service.store.games_state import GameStates
from referee.service.store.hooks import AFTER_COMMIT, BEFORE_COMMIT

HEAD = "r0012"            # the newest migration; a store at it needs no Alembic run
BUSY_TIMEOUT_MS = 60_000
# A move acknowledged to a mail server or a page survives a power loss: FULL syncs the
# WAL at every commit (NORMAL only at checkpoints).
SQLITE_SYNCHRONOUS = "FULL"


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


OWN_MAIL = "referee_own_mail"      # a write's connection: the store's :attr:`Store.own_mail`


class Store:
    """An open store. ``write()`` and ``read()`` are its transactions.

    ``resident`` says the process handles many commands (``mail poll``, ``serve``)."""

    def __init__(self, engine, *, resident: bool = False, public_url: str | None = None):
        self.engine = engine
        # where the host's web page is (the store's setting, or ``--url`` for this run):
        # its mails then link each seat's page
        self.public_url = public_url or None
        # a ``--url`` given to this process wins over the setting for its whole run
        self.url_given = bool(public_url)
        self.url = engine.url.render_as_string(hide_password=True)
        self.sqlite = engine.dialect.name == "sqlite"
        self.resident = resident
        # each game's replayed state, in memory and in its table: the one place the
        # session, the web page and the notifications read it from
        self.games = GameStates(self)
        self._host_key: bytes | None = None
        # called after every write transaction that committed (``serve`` wakes its
        # mail sender with it, so a move's mails leave within moments of the move)
        self.committed: list = []
        # where this process has a mail sender of its own (serve's): the mail its
        # transactions queue is claimed for that sender as it is queued and handed to
        # it in memory (:mod:`referee.service.hosted.outbox`); None elsewhere
        self.own_mail = None

    @contextmanager
    def write(self, *, durable: bool = True, wakes: bool = True, single: bool = False):
        """One write transaction; on SQLite it holds the database's write lock from BEGIN.

        ``durable=False`` is for bookkeeping a power loss may undo without harm (the
        outbox's claims and marks of mail sent: undone, a mail is sent once more with
        its Message-ID, never lost): on SQLite its commit is not synced, sparing
        the sender an fsync per batch; the next durable commit syncs it with its own. Moves and everything acknowledged stay durable.

        Work registered with :func:`before_commit` runs last inside it (writes a
        command put off to make one statement of several), and with
        :func:`after_commit` only once the commit has succeeded (memory that must
        never hold what was rolled back). Then :attr:`committed` is called (serve's
        sender looks at the outbox), unless ``wakes`` is False: the sender's own
        claims and marks, which queue no mail; had they woken it, it would have
        claimed again at once, and again, for ever.

        ``single``: the block runs one statement, atomic by itself, so it runs without
        BEGIN and COMMIT (autocommit): on PostgreSQL two round trips fewer. No :func:`before_commit` work then."""
        connection = self.engine.connect()
        if single:
            connection = connection.execution_options(
                **({"referee_begin": None} if self.sqlite else {"isolation_level": "AUTOCOMMIT"}))
        if not durable and self.sqlite:
            connection = connection.execution_options(referee_sync="NORMAL")
        with connection as conn:
            if self.own_mail is not None:
                conn.info[OWN_MAIL] = self.own_mail
            try:
                with conn.begin():
                    yield conn
                    for fn in conn.info.pop(BEFORE_COMMIT, {}).values():
                        fn()
                for fn in conn.info.pop(AFTER_COMMIT, {}).values():
                    fn()
                for fn in self.committed if wakes else ():
                    fn()
            finally:
                conn.info.pop(BEFORE_COMMIT, None)
                conn.info.pop(AFTER_COMMIT, None)
                conn.info.pop(OWN_MAIL, None)

    @contextmanager
    def read(self):
        """A read-only snapshot (SQLite: a deferred transaction, which takes no lock).
        What it registered with :func:`after_commit` runs once it has ended well (it
        saw only committed rows: a state replayed from them may be kept)."""
        with self.engine.connect().execution_options(referee_begin="DEFERRED") as conn:
            try:
                with conn.begin():
                    yield conn
                for fn in conn.info.pop(AFTER_COMMIT, {}).values():
                    fn()
            finally:                 # nothing may wait for a commit a read never makes
                conn.info.pop(BEFORE_COMMIT, None)
                conn.info.pop(AFTER_COMMIT, None)

    def lock_game(self, conn, game_id: str):
        """The game's row, locked until the transaction ends (None if there is no such game)."""
        q = _GAME if self.sqlite else _GAME_FOR_UPDATE
        return conn.execute(q, {"id": game_id}).mappings().first()

    def lock_game_and_seats(self, conn, game_id: str) -> tuple[dict | None, dict]:
        """(the game's row, locked as :meth:`lock_game` locks it, or None; its seat rows
        by seat, as dicts), read in one statement: a move reads both, and on a database
        server each statement is a round trip."""
        q = _GAME_AND_SEATS if self.sqlite else _GAME_AND_SEATS_FOR_UPDATE
        rows = conn.execute(q, {"id": game_id}).mappings().all()
        if not rows:
            return None, {}
        game = {name: rows[0][name] for name in _GAME_COLUMNS}
        seats = {r[_SEAT_LABELS["seat"]]: {name: r[label] for name, label in _SEAT_LABELS.items()}
                 for r in rows if r[_SEAT_LABELS["seat"]] is not None}
        return game, seats

    def host_key(self, conn) -> bytes:
        """The store's key (written once when the store is created, never changed)."""
        if self._host_key is None:
            value = conn.execute(select(S.meta.c.value).where(S.meta.c.key == "host_key")
                                 ).scalar()
            self._host_key = bytes.fromhex(value)
        return self._host_key

    def refresh_public_url(self) -> None:
        """Read the public address again, for a long-running process told none: another
        process (``referee host config --url``) may have set it since it started."""
        if not self.url_given:
            with self.read() as conn:
                self.public_url = setting(conn, PUBLIC_URL)

    def dispose(self) -> None:
        self.engine.dispose()


PUBLIC_URL = "public_url"     # the meta row of the host's web address as players reach it


def setting(conn, key: str) -> str | None:
    """A setting of the host kept in the store (the ``meta`` table), or None."""
    return conn.execute(select(S.meta.c.value).where(S.meta.c.key == key)).scalar()


def keep_setting(conn, key: str, value: str) -> None:
    if conn.execute(update(S.meta).where(S.meta.c.key == key).values(value=value)).rowcount == 0:
        conn.execute(insert(S.meta).values(key=key, value=value))


def game_seats(conn, game_id: str) -> dict:
    """A game's seat rows by seat."""
    return {r["seat"]: r for r in conn.execute(_SEATS, {"g": game_id}).mappings()}


# Statements run on every move, built once at import, so that each move finds them in
# SQLAlchemy's cache of compiled statements rather than building them again.
_GAME = select(S.games).where(S.games.c.id == bindparam("id"))
_GAME_FOR_UPDATE = _GAME.with_for_update()
_SEATS = select(S.seats).where(S.seats.c.game_id == bindparam("g"))
_GAME_COLUMNS = tuple(c.name for c in S.games.c)
_SEAT_LABELS = {c.name: f"seat__{c.name}" for c in S.seats.c}
_GAME_AND_SEATS = (select(S.games, *(c.label(_SEAT_LABELS[c.name]) for c in S.seats.c))
                   .select_from(S.games.outerjoin(S.seats, S.seats.c.game_id == S.games.c.id))
                   .where(S.games.c.id == bindparam("id")))
_GAME_AND_SEATS_FOR_UPDATE = _GAME_AND_SEATS.with_for_update(of=S.games)


def _private_folders(folder: Path) -> None:
    """Make ``folder`` and the folders above it that are missing, each 0700 whatever
    the umask (mkdir's mode is filtered by it, and parents=True ignores it for the
    folders above)."""
    missing = []
    while not os.path.lexists(folder):
        missing.append(folder)
        folder = folder.parent
    for made in reversed(missing):
        try:
            made.mkdir(mode=0o700)
        except FileExistsError:        # another process made it at the same moment
            continue
        os.chmod(made, 0o700)


def _private_file(path: str) -> None:
    """The store holds the host key every seat's secret is derived from, so the
    referee writes it only into a file of its own: one it creates here, 0600 from
    its first byte, or one that is already the user's own and private to them.
    Anything else (a symbolic link planted where the store goes, a file of another
    user, a file others may read) is refused before a byte is written, with the
    command that fixes it. SQLite gives its -wal and -shm files the database's mode;
    those found beside it are held to the same rule."""
    _private_folders(Path(path).parent)
    try:
        made = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
    except FileExistsError:
        pass
    else:
        if hasattr(os, "fchmod"):        # a umask may have taken the owner's bits
            os.fchmod(made, 0o600)
        os.close(made)
    for name in (path, path + "-wal", path + "-shm", path + "-journal"):
        _trusted(name)


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _trusted(name: str) -> None:
    try:
        st = os.lstat(name)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        raise StoreUnsafe(f"the store {name} is a symbolic link; the referee opens only a "
                          "file of its own there: give --db the real file's path, or "
                          "remove the link")
    if not stat.S_ISREG(st.st_mode):
        raise StoreUnsafe(f"the store {name} is not a regular file")
    if os.name != "posix":           # no owners or modes to check there
        return
    if st.st_uid != os.geteuid():
        raise StoreUnsafe(f"the store {name} belongs to another user (uid {st.st_uid}); "
                          "run the referee as its owner, or make it yours: "
                          f"chown {os.geteuid()} {shlex.quote(name)}")
    if st.st_mode & 0o077:
        raise StoreUnsafe(f"the store {name} is open to other users (mode "
                          f"{stat.S_IMODE(st.st_mode):04o}) and holds the host key every "
                          f"seat's secret is derived from: chmod 600 {shlex.quote(name)}")


def _sqlite_engine(url: str):
    path = make_url(url).database
    if path and path != ":memory:" and not path.startswith("file:"):
        _private_file(path)
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})

    @event.listens_for(engine, "connect")
    def _connect(dbapi, _record):
        dbapi.isolation_level = None          # we issue BEGIN ourselves
        cur = dbapi.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cur.execute(f"PRAGMA synchronous={SQLITE_SYNCHRONOUS}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()
        _record.info["synchronous"] = _record.info["durable"] = SQLITE_SYNCHRONOUS

    @event.listens_for(engine, "begin")
    def _begin(conn):
        options = conn.get_execution_options()
        info = conn.connection.info              # the DBAPI connection's own, kept
        sync = options.get("referee_sync", info["durable"])
        if info["synchronous"] != sync:
            conn.exec_driver_sql(f"PRAGMA synchronous={sync}")   # (outside a transaction)
            info["synchronous"] = sync
        begin = options.get("referee_begin", "IMMEDIATE")
        if begin is not None:                    # None: one statement, autocommitted
            conn.exec_driver_sql(f"BEGIN {begin}")

    return engine


PING_AFTER_IDLE = 1.0      # seconds a pooled connection rests before it is tried again


def _server_engine(url: str):
    """A database server's engine whose pooled connections are tried (a round trip)
    before use only when they have rested PING_AFTER_IDLE seconds, not before every
    transaction as ``pool_pre_ping`` does (three round trips a move, its mails
    included). A server restarted under a busy process fails the one transaction that
    meets a dead connection (exit 75, 451 to the MTA, a mark retried), and the pool
    then opens new ones; one restarted while the process rested is never seen."""
    engine = create_engine(url)

    @event.listens_for(engine, "checkout")
    def _checkout(dbapi, record, _proxy):
        rested = record.info.get("referee_returned")
        if rested is not None and time.monotonic() - rested >= PING_AFTER_IDLE:
            try:
                engine.dialect.do_ping(dbapi)
            except Exception:
                raise exc.DisconnectionError() from None   # the pool connects anew

    @event.listens_for(engine, "checkin")
    def _checkin(_dbapi, record):
        record.info["referee_returned"] = time.monotonic()

    return engine


def open_store(url: str | None = None, *, upgrade: bool = True, resident: bool = False,
               public_url: str | None = None) -> Store:
    """Open (and create or upgrade in place) the store at ``url`` (default: :func:`default_url`).
    ``public_url``: the host's web page as players reach it, linked from its mails; given,
    it is kept in the store for every process on it (cron's, serve's), and not given,
    the one kept there is used. A store opened without ``upgrade`` is only looked at."""
    url = url or default_url()
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    if url.startswith("sqlite"):
        engine = _sqlite_engine(url)
    else:
        engine = _server_engine(url)
    store = Store(engine, resident=resident, public_url=public_url)
    if upgrade:
        _upgrade(store)
        _public_url(store, public_url)
    return store


def _public_url(store: Store, given: str | None) -> None:
    with store.read() as conn:
        kept = setting(conn, PUBLIC_URL)
    if not given:
        store.public_url = kept
    elif given != kept:
        with store.write(wakes=False) as conn:
            keep_setting(conn, PUBLIC_URL, given)


def schema_version(conn) -> str | None:
    """The migration the store is at (None: a store the referee never opened)."""
    try:
        with conn.begin_nested():
            return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    except Exception:
        return None


def _upgrade(store: Store) -> None:
    """Bring the schema to HEAD through Alembic, once even with several processes
    starting at the same moment (SQLite's write lock, PostgreSQL's advisory lock)."""
    with store.read() as conn:
        if schema_version(conn) == HEAD:
            return
    with store.write() as conn:
        if not store.sqlite:
            conn.execute(text("SELECT pg_advisory_xact_lock(727274)"))
        if schema_version(conn) != HEAD:
            from alembic import command     # slow to import: only a store behind the code's schema
            from alembic.config import Config     # (likewise)

            cfg = Config()
            cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
        if conn.execute(select(S.meta.c.value).where(S.meta.c.key == "host_key")).first() is None:
            conn.execute(insert(S.meta).values(key="host_key", value=secrets.token_hex(32)))
            conn.execute(insert(S.meta).values(key="created", value=str(time.time())))
