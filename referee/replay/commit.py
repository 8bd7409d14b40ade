"""Commit-reveal dealing (docs/notation.md section 5): draws nobody can foresee or steer.

The host's referee draws a secret and publishes only its digest, ``[Commit]``.
Each player adds a ``[Salt "SEAT word"]`` before the first draw. Every draw then
comes from the secret and all the salts, so the host cannot pick a seed that
suits them (the salts come after the commitment) and no player can compute a
future draw (the secret stays with the host until the game ends, when ``play``
reveals it as ``[Seed]`` and ``referee verify`` can re-derive every line).
"""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

from referee.errors import BadHeaderError
from referee.i18n import N_, _
from referee.transcript.items import Transcript

_SALT = re.compile(r"\s*([A-Za-z]+)\s+(\S{1,64})\s*")
_SALT_COMMIT = re.compile(r"\s*([A-Za-z]+)\s+([0-9A-Fa-f]{64})\s*")
MIN_SALT = 16                          # characters of a hmac-sha256/1 salt: not guessable


def secret_path(path) -> Path:
    """Where the host's referee keeps a committed game's secret: beside the file."""
    return Path(str(path) + ".secret")


def commitment(seed: str) -> str:
    """The [Commit] value that binds a referee to ``seed`` before it is revealed."""
    return "sha256:" + hashlib.sha256(seed.encode("utf-8")).hexdigest()


def salts(t: Transcript, players: list[str]) -> dict[str, str]:
    """SEAT -> salt from the [Salt] tags; BadHeaderError at a malformed or repeated one."""
    return _seat_tags(t, players, "salt", _SALT, N_("one word, like \"RED ab12\""))


def salt_commits(t: Transcript, players: list[str]) -> dict[str, str]:
    """SEAT -> the hex digest of its salt from the [SaltCommit] tags."""
    found = _seat_tags(t, players, "saltcommit", _SALT_COMMIT,
                       N_("the 64 hex digits 'referee salt' printed"))
    return {seat: value.lower() for seat, value in found.items()}


def _seat_tags(t: Transcript, players: list[str], name: str, pattern, what: str) -> dict[str, str]:
    out: dict[str, str] = {}
    tag = {"salt": "Salt", "saltcommit": "SaltCommit"}[name]
    for item in t.tags:
        if item.name.lower() != name:
            continue
        m = pattern.fullmatch(item.value or "")
        seat = m.group(1).upper() if m else None
        if m is None or seat not in players:
            reason = _("[{tag}] names a seat of {seats} and {what}").format(
                tag=tag, seats=" ".join(players), what=_(what))
        elif seat in out:
            reason = (_("{seat} has given a salt commitment already") if tag == "SaltCommit"
                      else _("{seat} has given a salt already")).format(seat=seat)
        else:
            out[seat] = m.group(2)
            continue
        raise BadHeaderError(reason).at(line=item.line, column=item.column, text=item.text,
                                        file=t.file)
    return out


def unsalted(t: Transcript) -> bool:
    """``[Salts "none"]``: a game the host dealt at once (``referee new --deal-now``)."""
    return (t.tag("Salts") or "").strip().lower() == "none"


def waiting_for_salts(t: Transcript, players: list[str]) -> list[str]:
    """The seats whose salt (or, in a ``hmac-sha256/1`` game, salt commitment) is not in
    yet, in a committed game that deals nothing before every salt; [] otherwise."""
    if not t.tag("Commit") or t.tag("Seed") or unsalted(t):
        return []
    got = salts(t, players)
    return [p for p in players if p not in got]


def salt_hint(t: Transcript, players: list[str], waiting: list[str]) -> str:
    """What the first seat waited for sends now."""
    if t.tag("Dealing") is None:
        return _("referee play FILE '[Salt \"{seat} <any word>\"]'").format(seat=waiting[0])
    committed = salt_commits(t, players)
    if any(p not in committed for p in players):
        return _("each seat runs 'referee salt SEAT' and plays the [SaltCommit] line it prints")
    return _("each seat now plays the [Salt] line 'referee salt' printed beside its [SaltCommit]")


def waiting_message(t: Transcript, players: list[str]) -> str | None:
    """``waiting for salts from GREEN BLUE`` while a committed game waits, else None."""
    waiting = waiting_for_salts(t, players)
    if not waiting:
        return None
    if t.tag("Dealing") is not None:
        committed = salt_commits(t, players)
        if any(p not in committed for p in players):
            waiting = [p for p in players if p not in committed]
            return _("waiting for salts from {seats} (their [SaltCommit] first)").format(
                seats=" ".join(waiting))
    return _("waiting for salts from {seats}").format(seats=" ".join(waiting))


def dealing_seed(seed: str, salted: dict[str, str], players: list[str]) -> str:
    """The seed every draw derives from: the [Seed] itself, or with the players' salts."""
    if not salted:
        return seed
    return seed + "|" + "|".join(f"{p}:{salted[p]}" for p in players if p in salted)


def missing_salts(t: Transcript, players: list[str]) -> list[str]:
    got = salts(t, players)
    return [p for p in players if p not in got]


def read_secret(path) -> str:
    """The secret ``referee new --commit`` left beside the file; BadHeaderError without it."""
    where = secret_path(path)
    try:
        return where.read_text(encoding="utf-8").strip()
    except OSError:
        raise BadHeaderError(_("the secret this game is committed to is not here ({where}): "
                               "only the host who ran 'referee new --commit' can deal "
                               "it").format(where=where)) from None


def host_seed(t: Transcript, players: list[str], secret) -> str | None:
    """The seed ``play`` deals from: the [Seed] (with any salts), or in a committed game
    still running the host's secret with every salt; None when there is none (the
    file takes hand-written chance lines). BadHeaderError when a committed game
    cannot be dealt: a salt is missing, or the secret is missing or not the one
    committed to. ``secret`` is called for the host's secret only when it is needed."""
    seed, commit = t.tag("Seed"), t.tag("Commit")
    if commit is None or seed:
        return dealing_seed(seed, salts(t, players), players) if seed else None
    waiting = missing_salts(t, players)
    if waiting:
        raise BadHeaderError(_("this game is dealt from a committed secret and every player's "
                               "salt: waiting for a [Salt] from {seats}").format(
                                   seats=" ".join(waiting)),
                             hint=_("referee play FILE '[Salt \"{seat} <any word>\"]'").format(
                                 seat=waiting[0]))
    if secret is None:
        raise BadHeaderError(_("this game is dealt from a committed secret, which only its "
                               "host holds"))
    value = secret()
    if commitment(value) != commit.strip().lower():
        raise BadHeaderError(_("the secret at hand is not the one this game's [Commit] binds"))
    return dealing_seed(value, salts(t, players), players)


def seed_to_verify(rp) -> str:
    """The seed every draw must come from (``referee verify``): the revealed [Seed],
    which must match any [Commit], with the players' salts."""

    t = rp.transcript

    def fail(reason: str, tag: str | None) -> None:
        item = t.tag_item(tag) if tag else None
        line, column, text = (item.line, item.column, item.text) if item is not None \
            else (1, 1, t.line_text(1) or "")
        raise BadHeaderError(reason).at(line=line, column=column, text=text, file=t.file)

    seed, commit = t.tag("Seed"), t.tag("Commit")
    if not seed:
        fail(_("the seed is not revealed yet: verify once [Seed] is in the header") if commit
             else _("no [Seed] tag: the draws were not dealt from a seed, so there is nothing "
                    "to verify them against"), "Commit" if commit else None)
    if commit is not None and commit.strip().lower() != commitment(seed):
        fail(_("the [Seed] does not match the [Commit]: the seed's digest is {digest}").format(
            digest=commitment(seed)), "Commit")
    return dealing_seed(seed, salts(t, rp.players), rp.players)
