"""``referee serve --check``: each part the host needs, tried before anything is
claimed, each answered in one sentence (what works, or what is wrong and where);
``serve`` itself tries the ports it listens on before it starts anything."""
from __future__ import annotations

import os
import socket
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import make_url

from referee.service.daemon.config import Config
from referee.service.errors import ForumError, MailError
from referee.service.forum.discourse import forum_base
from referee.service.forum.posting import API_FORUM, API_KEY, API_USER
from referee.service.mail.poll import imap_messages
from referee.service.mail.smtp import probe
from referee.service.store import HEAD, default_url, open_store, schema_version


def check(config: Config, *, timeout: float = 15) -> list[tuple[bool, str]]:
    """(works, sentence) for the store, the web page's port, mail out and mail in."""
    out = [_store(config), _web(config)]
    if config.mail_out:
        out.append(_mail_out(config, timeout))
    kind = config.mail_in_kind
    if kind == "smtp":
        out.append(_listen(config))
    elif kind == "imap":
        out.append(_imap(config, timeout))
    elif kind == "maildir":
        out.append(_maildir(config))
    discourse = discourse_settings(os.environ)
    if discourse is not None:
        out.append(discourse)
    return out


def discourse_settings(env) -> tuple[bool, str] | None:
    """(usable, sentence) for the Discourse API settings serve reads from the
    environment; None when none is set (threads are then read, and answered through
    their moderators)."""
    key, user, forum = (env.get(name, "").strip() for name in (API_KEY, API_USER, API_FORUM))
    if not (key or user or forum):
        return None
    missing = [name for name, value in ((API_KEY, key), (API_USER, user), (API_FORUM, forum))
               if not value]
    if missing:
        return False, f"forum: {' and '.join(missing)} not set: the referee posts no answer " \
                      "in Discourse threads (the three go together)"
    try:
        base = forum_base(forum)
    except ForumError as err:
        return False, f"forum: {API_FORUM}: {err.reason}"
    return True, f"forum: answers in {base} threads are posted as {user} (the key is sent " \
                 "to that forum only; not tried)"


def _store(config: Config) -> tuple[bool, str]:
    """Looks only: a check that made the store or upgraded its schema would change
    what it was asked to check."""
    if config.demo:
        return True, "store: a temporary demo store is made at start"
    url = config.db or default_url()
    if url.startswith("sqlite"):
        missing = _sqlite_missing(url)
        if missing:
            return missing
    try:
        store = open_store(url, upgrade=False)
        try:
            with store.read() as conn:
                conn.execute(text("SELECT 1"))
                version = schema_version(conn)
            if version != HEAD:
                return True, f"store: {store.url} opens and answers; its schema " \
                             f"({version or 'none yet'}) is brought to {HEAD} at start"
            return True, f"store: {store.url} opens and answers"
        finally:
            store.dispose()
    except Exception as exc:         # any driver's error, said in one sentence
        first = str(exc).strip().splitlines()[0][:200] if str(exc).strip() else ""
        return False, f"store: cannot open {config.db or 'the default store'}: " \
                      f"{type(exc).__name__}{': ' + first if first else ''}"


def _sqlite_missing(url: str) -> tuple[bool, str] | None:
    """(works, sentence) when the SQLite file is not there yet; None when it is."""
    path = make_url(url).database
    if not path or path == ":memory:" or path.startswith("file:") or Path(path).exists():
        return None
    folder = Path(path).resolve().parent
    while not folder.exists():
        folder = folder.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        return False, f"store: {path} does not exist and {folder} cannot be written to make it"
    return True, f"store: {path} does not exist yet; it is made (private) at start"


def _mail_out(config: Config, timeout: float) -> tuple[bool, str]:
    try:
        probe(config.smtp_url, timeout=timeout)
    except MailError as err:
        return False, f"mail out: {err.reason}"
    return True, "mail out: the SMTP server takes the referee's login"


def _cannot_listen(host: str, port: int) -> str | None:
    """Why nothing can listen on ``host``:``port`` now (in use, not an address of this
    machine), or None when it can. Port 0 is any free port: always one."""
    if port == 0:
        return None
    try:
        with socket.create_server((host, port)):
            pass
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


def _web(config: Config) -> tuple[bool, str]:
    host, port = config.host, config.port
    why = _cannot_listen(host, port)
    if why:
        return False, f"web: cannot listen on {host}:{port}: {why} (change --port or --host)"
    return True, f"web: {host}:{port} is free to listen on"


def _listen(config: Config) -> tuple[bool, str]:
    host, port = config.listen
    why = _cannot_listen(host, port)
    if why:
        return False, f"mail in: cannot listen on {host}:{port}: {why} (change the port of " \
                      "--mail-in smtp://HOST:PORT)"
    return True, f"mail in: {host}:{port} is free to listen on"


def busy_ports(config: Config) -> list[str]:
    """The ports ``serve`` would listen on that it cannot, each said with the setting
    to change: tried before anything starts, so a busy port stops it before it opens
    the store or prints a link to a page that would never answer."""
    tried = [_web(config)] + ([_listen(config)] if config.mail_in_kind == "smtp" else [])
    return [sentence for ok, sentence in tried if not ok]


def _imap(config: Config, timeout: float) -> tuple[bool, str]:
    try:
        gen = imap_messages(config.imap_url, timeout=timeout)
        next(gen, None)              # logs in and selects; takes nothing
        gen.close()
    except MailError as err:
        return False, f"mail in: {err.reason}"
    return True, "mail in: the IMAP mailbox opens"


def _maildir(config: Config) -> tuple[bool, str]:
    root = Path(config.maildir)
    missing = [sub for sub in ("new", "cur", "tmp") if not (root / sub).is_dir()]
    if missing:
        return False, f"mail in: {root} is not a Maildir (no {'/, '.join(missing)}/)"
    if not os.access(root / "cur", os.W_OK) or not os.access(root / "new", os.W_OK):
        return False, f"mail in: {root} cannot be written (a handled mail moves to cur/)"
    return True, f"mail in: the Maildir {root} is there"
