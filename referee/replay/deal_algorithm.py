"""The dealing algorithm ``hmac-sha256/1``: draws anyone can re-deal in any language.

Every random act (one chance line) is dealt from a 32-byte key and a message
that binds it to its place in the game: the act's number, the transcript's chain
head just before it (docs/notation.md section 11) and every seat's salt. The key and
message feed HMAC-SHA-256 in counter mode, a byte stream; whole numbers below
``n`` come from it by rejection sampling, so every outcome has exactly its odds;
a draw picks an index into the game's canonical list of possible outcomes
(``State.chance_outcomes``) weighted by their probabilities scaled to whole
numbers. docs/trust.md specifies all of it with test vectors; nothing here may
change without a new version name, or published games would stop verifying.

Keys: a ``[Seed]`` game uses one key, SHA-256 of the seed, for every act. A
committed game's secret heads a hash chain: ``[Commit]`` is H^N(secret), act k
is dealt from H^(N-k)(secret) and its chance line reveals that key, so anyone
checks it the moment it is dealt (hash it once: the previous key, back to the
commitment) while no one can compute the next one.
"""
from __future__ import annotations

import hashlib
import hmac
import re
from functools import lru_cache
from math import lcm

ALGORITHM = "hmac-sha256/1"
KEYS = 10_000                  # random acts one commitment can deal; a game has a few hundred
DEAL_LABEL = b"referee-deal/1"
SEED_LABEL = b"referee-seed/1"
SALT_LABEL = b"referee-salt/1"
_COMMIT = re.compile(r"sha256\^([0-9]{1,6}):([0-9a-f]{64})")


def field(data: bytes) -> bytes:
    """A length-prefixed field (4 bytes big-endian, then the bytes): no two lists of
    fields encode the same bytes, whatever they contain."""
    return len(data).to_bytes(4, "big") + data


def text_field(text: str) -> bytes:
    return field(text.encode("utf-8"))


class Stream:
    """HMAC-SHA-256(key, message || counter as 8 bytes big-endian) for counter
    0, 1, 2, ..., concatenated: as many bytes as a deal needs."""

    def __init__(self, key: bytes, message: bytes):
        self.key, self.message, self.counter, self.buffer = key, message, 0, b""

    def read(self, n: int) -> bytes:
        while len(self.buffer) < n:
            block = self.message + self.counter.to_bytes(8, "big")
            self.buffer += hmac.new(self.key, block, hashlib.sha256).digest()
            self.counter += 1
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def below(self, n: int) -> int:
        """A whole number in [0, n), uniform: 8 bytes as a big-endian number x, taken
        when x < 2^64 - (2^64 mod n) (as x mod n), else the next 8 bytes."""
        if not 1 <= n <= 1 << 64:
            raise ValueError("a draw has between 1 and 2^64 outcomes")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = int.from_bytes(self.read(8), "big")
            if x < limit:
                return x % n


def weights(probabilities) -> list[int]:
    """Probabilities (fractions) as whole numbers: each times the least common
    denominator of them all (a bag's counts divided by their greatest common divisor)."""
    denominator = lcm(*(p.denominator for p in probabilities))
    return [p.numerator * (denominator // p.denominator) for p in probabilities]


def pick(stream: Stream, weighted: list[int]) -> int:
    """The index drawn: r = below(sum of weights); the first index whose running
    sum of weights exceeds r."""
    r = stream.below(sum(weighted))
    for index, w in enumerate(weighted):
        if r < w:
            return index
        r -= w
    raise AssertionError("unreachable")


def message(act: int, head: bytes, salts: list[tuple[str, str]]) -> bytes:
    """What binds act number ``act`` (1, 2, ...) to its place in the game: the label,
    the act as 8 bytes, the chain head before it, the number of salts as 4 bytes and
    each salt as its seat and its word (seats in [Players] order)."""
    out = field(DEAL_LABEL) + act.to_bytes(8, "big") + field(head) + len(salts).to_bytes(4, "big")
    return out + b"".join(text_field(seat) + text_field(salt) for seat, salt in salts)


def seed_key(seed: str) -> bytes:
    """The key of every act of a ``[Seed]`` game."""
    return hashlib.sha256(field(SEED_LABEL) + text_field(seed)).digest()


def back(key: bytes) -> bytes:
    """H: one step back along the hash chain (act k's key hashes to act k-1's)."""
    return hashlib.sha256(key).digest()


def act_key(secret: bytes, act: int, keys: int = KEYS) -> bytes:
    """H^(keys - act)(secret): the key of act ``act``; act 0 is the commitment. A host
    process deals many acts of one game: it walks the chain once and keeps every
    STRIDE-th key, so each later act costs fewer than STRIDE hashes, not thousands."""
    if not 0 <= act <= keys:
        raise ValueError(f"a commitment to {keys} keys deals acts 1 to {keys}")
    steps = keys - act
    key = _milestones(secret, keys)[steps // STRIDE]
    for _ in range(steps % STRIDE):
        key = back(key)
    return key


STRIDE = 100


@lru_cache(maxsize=1024)
def _milestones(secret: bytes, keys: int) -> tuple[bytes, ...]:
    """H^(i * STRIDE)(secret) for i = 0, 1, ... up to ``keys`` hashes."""
    out, key = [secret], secret
    for i in range(1, keys // STRIDE * STRIDE + 1):
        key = back(key)
        if i % STRIDE == 0:
            out.append(key)
    return tuple(out)


def commitment(secret: bytes, keys: int = KEYS) -> str:
    """The ``[Commit]`` value of a ``hmac-sha256/1`` game: ``sha256^N:HEX`` of H^N(secret)."""
    return f"sha256^{keys}:{act_key(secret, 0, keys).hex()}"


def parse_commitment(value: str) -> tuple[int, bytes] | None:
    """(N, H^N(secret)) from a ``[Commit]`` value, or None if it is not of this form."""
    m = _COMMIT.fullmatch((value or "").strip().lower())
    if m is None or not 1 <= int(m.group(1)) <= 10 * KEYS:
        return None
    return int(m.group(1)), bytes.fromhex(m.group(2))


def salt_commitment(seat: str, salt: str) -> str:
    """The ``[SaltCommit]`` hex of a seat's salt: SHA-256 over the label, seat and word."""
    return hashlib.sha256(field(SALT_LABEL) + text_field(seat.upper()) + text_field(salt)).hexdigest()
