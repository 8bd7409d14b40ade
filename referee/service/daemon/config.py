"""What ``referee serve`` is told: flags, or a TOML file whose keys are the flags'
names; secrets only from the environment or a file, never from a command line,
which every local user can read with ``ps``. Every URL is read here, before anything
starts, so a typo stops the process before it claims any mail."""
from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields

from referee.service.errors import MailConfigError
from referee.service.mail.poll import IMAP_PORTS
from referee.service.mail.smtp import DEFAULT_PORTS, parse_url, password_from, with_password

LISTEN_PORTS = {"smtp": 25}
# the keys of a config file: the flags' names
KEYS = ("db", "host", "port", "from", "url", "mail-in", "mail-out", "pictures",
        "imap-password-file", "smtp-password-file", "tick", "demo", "forum-every")


class ConfigError(ValueError):
    """A setting that cannot work; the sentence says which and why."""


@dataclass
class Config:
    db: str | None = None
    host: str = "127.0.0.1"
    port: int = 8000
    sender: str | None = None              # --from: the referee's own address
    url: str | None = None                 # the public address of the web page
    mail_in: str | None = None             # smtp://HOST:PORT | imap[s]://USER@HOST/BOX | maildir:PATH
    mail_out: str | None = None            # smtp[s]://HOST:PORT
    pictures: bool = True
    imap_password_file: str | None = None
    smtp_password_file: str | None = None
    tick: float = 15.0                     # seconds between two looks at the clock
    demo: bool = False
    forum_every: float = 60.0              # seconds between two readings of the threads
    secrets: dict = field(default_factory=dict, repr=False)

    @property
    def mail_in_kind(self) -> str | None:
        if not self.mail_in:
            return None
        scheme = self.mail_in.partition(":")[0].lower()
        if scheme == "maildir":
            return "maildir"
        if scheme == "smtp":
            return "smtp"
        return "imap" if scheme in IMAP_PORTS else "unknown"

    @property
    def maildir(self) -> str:
        return os.path.expanduser(self.mail_in[len("maildir:"):])

    @property
    def imap_url(self) -> str:
        return with_password(self.mail_in, self.secrets.get("imap"))

    @property
    def smtp_url(self) -> str:
        return with_password(self.mail_out, self.secrets.get("smtp"))

    @property
    def listen(self) -> tuple[str, int]:
        server = parse_url(self.mail_in, LISTEN_PORTS)
        return server.host, server.port


def public_url(value: str) -> str:
    """The web page's public address as players reach it (``--url``, REFEREE_URL, the
    config file's ``url``), without a trailing slash; ConfigError if it is not one."""
    url = str(value).strip().rstrip("/")
    if not url.lower().startswith(("http://", "https://")) or any(c.isspace() for c in url):
        raise ConfigError(f"'{url}' is not a web address like https://games.example.org "
                          "(the web page's public address)")
    return url


def load(flags: dict, config_file: str | None = None, environ=os.environ) -> Config:
    """The settings: the file's, then the flags given on top; checked."""
    values: dict = {}
    if config_file:
        values.update(_read_file(config_file))
    values.update({k: v for k, v in flags.items() if v is not None})
    unknown = sorted(set(values) - set(KEYS))
    if unknown:
        raise ConfigError(f"unknown setting{'s' if len(unknown) > 1 else ''} "
                          f"{', '.join(unknown)}; the settings are {', '.join(KEYS)}")
    names = {f.name for f in fields(Config)}
    config = Config(**{_attr(k): v for k, v in values.items() if _attr(k) in names})
    config.secrets = _secrets(config, environ)
    _check(config)
    return config


def _attr(key: str) -> str:
    return "sender" if key == "from" else key.replace("-", "_")


def _read_file(path: str) -> dict:
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except OSError as exc:
        raise ConfigError(f"cannot read the config file {path}: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"the config file {path} is not TOML: {exc}") from None
    for secret in ("password", "imap-password", "smtp-password"):
        if secret in data:
            raise ConfigError(f"{path}: put no password in the config file; give "
                              "imap-password-file / smtp-password-file or the environment "
                              "(REFEREE_IMAP_PASSWORD, REFEREE_SMTP_PASSWORD)")
    return data


def _secrets(config: Config, environ) -> dict:
    out = {}
    for name, file in (("imap", config.imap_password_file), ("smtp", config.smtp_password_file)):
        try:
            value = password_from(f"REFEREE_{name.upper()}_PASSWORD", file, environ)
        except OSError as exc:
            raise ConfigError(f"cannot read the {name} password file {file}: "
                              f"{exc.strerror or exc}") from None
        if value:
            out[name] = value
    return out


def _check(config: Config) -> None:
    if not isinstance(config.port, int) or not 0 <= config.port <= 65535:
        raise ConfigError(f"port must be a number from 0 to 65535, not {config.port!r}")
    if not isinstance(config.tick, (int, float)) or not 1 <= config.tick <= 3600:
        raise ConfigError(f"tick must be 1 to 3600 seconds, not {config.tick!r}")
    if not isinstance(config.forum_every, (int, float)) or not 1 <= config.forum_every <= 86400:
        raise ConfigError(f"forum-every must be 1 to 86400 seconds, not {config.forum_every!r}")
    if config.demo and config.db:
        raise ConfigError("demo makes its own store: leave out db")
    if (config.mail_in or config.mail_out) and not config.sender:
        raise ConfigError("mail needs the referee's own address: give from "
                          "(e.g. --from referee@example.org)")
    if config.url:
        config.url = public_url(config.url)
    try:
        if config.mail_out:
            parse_url(config.smtp_url, DEFAULT_PORTS)
        kind = config.mail_in_kind
        if kind == "smtp":
            config.listen
        elif kind == "imap":
            if parse_url(config.imap_url, IMAP_PORTS).user is None:
                raise ConfigError("mail-in names no IMAP user (imaps://USER@HOST/INBOX)")
        elif kind == "maildir" and not config.maildir:
            raise ConfigError("mail-in maildir: names no folder (maildir:PATH)")
        elif kind == "unknown":
            raise ConfigError(f"mail-in is smtp://HOST:PORT (a listener), imaps://USER@HOST/"
                              f"INBOX or maildir:PATH, not {config.mail_in!r}")
    except MailConfigError as err:
        raise ConfigError(f"{err.reason}") from None
