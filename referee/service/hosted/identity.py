"""Who may act for a seat (docs/hosting.md section 6).

A seat's secret is an HMAC of game, seat and the seat's generation under the
host's key (kept in the store): it cannot be guessed from the game id, and a
``replace`` bumps the generation, so the old player's secret dies. The secret
travels as the personal reply address ``referee+<game>.<seat>.<tag>@host`` (a
plus-address of the host's --from address) or, for hosts without
plus-addressing, as a ``token <game>.<seat>.<tag>`` line. A command counts
only with the secret *and* the seat's own address in From:.
"""
from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass
from email.utils import parseaddr
from typing import Iterable

TAG_DIGITS = 12
_SECRET = re.compile(r"([a-z0-9]{2,32})\.([a-z]{1,32})\.([0-9a-f]{%d})" % TAG_DIGITS, re.I)


@dataclass(frozen=True)
class SeatSecret:
    game_id: str
    seat: str
    tag: str

    def __str__(self) -> str:
        return f"{self.game_id}.{self.seat.lower()}.{self.tag}"


def seat_tag(key: bytes, game_id: str, seat: str, generation: int) -> str:
    msg = f"{game_id}\0{seat.upper()}\0{generation}".encode("utf-8")
    return hmac.new(key, msg, hashlib.sha256).hexdigest()[:TAG_DIGITS]


def seat_secret(key: bytes, game_id: str, seat: str, generation: int) -> SeatSecret:
    return SeatSecret(game_id, seat.upper(), seat_tag(key, game_id, seat, generation))


def valid(key: bytes, secret: SeatSecret, generation: int) -> bool:
    return hmac.compare_digest(secret.tag.lower(),
                               seat_tag(key, secret.game_id, secret.seat, generation))


def reply_address(host_address: str, secret: SeatSecret) -> str:
    """The seat's personal address: a plus-address of the host's own."""
    local, _, domain = host_address.rpartition("@")
    local = local.split("+", 1)[0]
    return f"{local}+{secret}@{domain}"


def parse_secret(text: str | None) -> SeatSecret | None:
    """A ``game.seat.tag`` secret anywhere in ``text`` (an address or a token line)."""
    m = _SECRET.search(text or "")
    if m is None:
        return None
    return SeatSecret(m.group(1).lower(), m.group(2).upper(), m.group(3).lower())


def secrets_in(recipients: Iterable[str], token: str | None) -> list[SeatSecret]:
    """Every secret a mail carries: in the local part of a recipient, or its token line."""
    found = []
    for address in recipients:
        local = (address or "").rpartition("@")[0]
        if "+" in local:
            s = parse_secret(local.split("+", 1)[1])
            if s is not None:
                found.append(s)
    s = parse_secret(token)
    if s is not None:
        found.append(s)
    return list(dict.fromkeys(found))


def same_address(a: str | None, b: str | None) -> bool:
    """Addresses compare without case (local parts are case-blind at every real host)."""
    return bool(a and b) and a.strip().lower() == b.strip().lower()


def check_address(address: str) -> str:
    """A seat or host address as given on the command line; ValueError if it is not one."""
    _, addr = parseaddr(address)
    if not addr or "@" not in addr or any(c.isspace() for c in addr) or addr != address.strip():
        raise ValueError(f"'{address}' is not an e-mail address")
    return addr
