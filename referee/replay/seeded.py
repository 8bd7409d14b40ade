"""Chance lines drawn from a seed, reproducibly.

Draw number ``i`` of a game (counting every atomic chance outcome from the
start, hand-written ones included) uses its own generator,
``random.Random(int(sha256(f"{seed}:{i}")))``. So ``play`` needs nothing but
the ``[Seed]`` tag and the number of draws already in the file to produce
the next ones, anyone can re-derive every draw, and a later commit-reveal
mode only has to replace what goes into the hash.
"""
from __future__ import annotations

import hashlib
import random

from referee.core.game import CHANCE
from referee.errors import BadChanceError
from referee.i18n import _


def new_seed() -> str:
    import secrets  # it loads base64 and more: only a new game draws a secret
    return secrets.token_hex(8)


def rng_for(seed: str, index: int) -> random.Random:
    digest = hashlib.sha256(f"{seed}:{index}".encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest, "big"))


def canonical_chance(module, kind: str, moves, before, key: bytes | None = None) -> str:
    """The line the referee writes; a committed ``hmac-sha256/1`` game's line ends with
    the key that dealt it, ``key=HEX`` (64 lower-case hex digits)."""
    line = module.format_chance(kind, moves, before).strip()
    line = line if line.startswith("*") else f"* {line}"
    return f"{line} key={key.hex()}" if key is not None else line


def split_key(body: str) -> tuple[str, bytes | None]:
    """A chance line's body without its trailing ``key=HEX`` field, and the key."""
    head, _space, last = body.rstrip().rpartition(" ")
    if not last[:4].lower() == "key=":
        if body.lstrip()[:4].lower() == "key=":
            raise BadChanceError(_("the chance line names no outcome before its key"), column=1)
        return body, None
    digits = last[4:]
    if len(digits) != 64 or any(c not in "0123456789abcdefABCDEF" for c in digits):
        raise BadChanceError(_("a chance line's key= field takes 64 hex digits"),
                             column=len(head) + 2)
    return head.rstrip(), bytes.fromhex(digits)


def deal_run(state, seed: str, index: int) -> list:
    """Play the draws of the random act due now (one chance line) from ``seed``,
    draw number ``index`` first; the outcomes, in order."""
    kind = state.chance_kind()
    moves = []
    while state.current_player() == CHANCE and state.chance_kind() == kind:
        move = state.sample_chance(rng_for(seed, index + len(moves)))
        state.apply(move)
        moves.append(move)
    return moves


def check_dealt(module, state, seed: str, index: int, kind: str, outcomes) -> None:
    """``referee verify``: BadChanceError unless ``outcomes`` are exactly the draws
    ``seed`` deals at this point (draw number ``index`` of the game onwards)."""
    dealt = deal_run(state.clone(), seed, index)
    if list(outcomes) != dealt:
        line = canonical_chance(module, kind, dealt, state)
        raise BadChanceError(_("the [Seed] deals '{line}' here, not this line (draws "
                               "{first}-{last} of the game)").format(
                                   line=line, first=index + 1, last=index + len(dealt)),
                             column=1)
