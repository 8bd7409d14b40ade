"""Who deals a game's random acts, and how ``verify`` checks each one as it is read.

A transcript's header names its dealing: no ``[Dealing]`` tag is the legacy
algorithm (a seeded ``random.Random`` per draw; every game published before
``hmac-sha256/1`` keeps verifying with it), ``[Dealing "hmac-sha256/1"]`` the
specified one of :mod:`referee.replay.deal_algorithm`. Both deal into a Replay, so
each chance line is linked into the chain before the next act is dealt: the
next act's message holds the head that includes it.
"""
from __future__ import annotations

from referee.core.game import CHANCE
from referee.i18n import _
from referee.errors import BadChanceError, BadHeaderError
from referee.replay import deal_algorithm as D
from referee.replay.commit import (host_seed, salt_commits, salt_hint, salts, seed_to_verify,
                                   unsalted, waiting_for_salts, waiting_message)
from referee.replay.seeded import canonical_chance, check_dealt, deal_run


def _fail(t, reason: str, tag: str | None = None, hint: str | None = None):
    item = t.tag_item(tag) if tag else None
    line, column, text = (item.line, item.column, item.text) if item is not None \
        else (1, 1, t.line_text(1) or "")
    raise BadHeaderError(reason, hint=hint).at(line=line, column=column, text=text, file=t.file)


class LegacyDealer:
    """Games without [Dealing]: draw i from random.Random(int(sha256(f"{seed}:{i}")))."""

    def __init__(self, seed: str):
        self.seed = seed

    def deal(self, rp) -> list[str]:
        lines = []
        while rp.state.current_player() == CHANCE:
            kind, before = rp.state.chance_kind(), rp.state.clone()
            moves = deal_run(rp.state, self.seed, rp.draws)
            rp.draws += len(moves)
            rp.acts += 1
            lines.append(canonical_chance(rp.module, kind, moves, before))
            rp.link(lines[-1])
        return lines

    def check(self, rp, kind, outcomes, key) -> None:
        if key is not None:
            raise BadChanceError(_("this game's chance lines reveal no key: its [Seed] deals them"),
                                 column=1)
        check_dealt(rp.module, rp.state, self.seed, rp.draws, kind, outcomes)


class HmacDealer:
    """``hmac-sha256/1``: one key per act, from the [Seed] or the committed hash chain."""

    def __init__(self, salts: list[tuple[str, str]], *, seed: str | None = None,
                 commit: tuple[int, bytes] | None = None, secret=None):
        self.salts = salts
        self.seed_key = D.seed_key(seed) if seed is not None else None
        self.commit = commit
        self.secret = secret          # callable: the host's secret bytes (play only)

    def _run(self, state, key: bytes, act: int, head: bytes) -> list:
        stream = D.Stream(key, D.message(act, head, self.salts))
        kind, moves = state.chance_kind(), []
        while state.current_player() == CHANCE and state.chance_kind() == kind:
            outcomes = state.chance_outcomes()
            move = outcomes[D.pick(stream, D.weights([p for _, p in outcomes]))][0]
            state.apply(move)
            moves.append(move)
        return moves

    def _used_up(self, act: int) -> str | None:
        keys = self.commit[0]
        if act <= keys:
            return None
        return _("this game's commitment holds {keys} keys and this would be random act "
                 "{act}: no draw can be proven past it (start a new game from a "
                 "[Position])").format(keys=keys, act=act)

    def deal(self, rp) -> list[str]:
        lines = []
        while rp.state.current_player() == CHANCE:
            act = rp.acts + 1
            if self.seed_key is not None:
                key, shown = self.seed_key, None
            else:
                used = self._used_up(act)
                if used:
                    raise BadHeaderError(used)
                key = shown = D.act_key(self.secret(), act, self.commit[0])
            kind, before = rp.state.chance_kind(), rp.state.clone()
            moves = self._run(rp.state, key, act, rp.chain)
            rp.draws += len(moves)
            rp.acts = act
            if shown is not None:
                rp.last_key = shown
            lines.append(canonical_chance(rp.module, kind, moves, before, shown))
            rp.link(lines[-1])
        return lines

    def check(self, rp, kind, outcomes, key) -> None:
        act = rp.acts + 1
        if self.commit is not None:
            used = self._used_up(act)
            if used:
                raise BadChanceError(used, column=1)
            if key is None:
                raise BadChanceError(_("this chance line does not reveal its key (key=...): a "
                                       "committed game's draws cannot be checked without it"),
                                     column=1)
            previous = rp.last_key if rp.last_key is not None else self.commit[1]
            if D.back(key) != previous:
                said = _("the key of random act {act} does not hash to the previous line's "
                         "key: it was not dealt from this game's commitment") \
                    if rp.last_key is not None else \
                    _("the key of random act {act} does not hash to the [Commit]: it was not "
                      "dealt from this game's commitment")
                raise BadChanceError(said.format(act=act), column=1)
        elif key is not None:
            raise BadChanceError(_("a [Seed] game's chance lines reveal no key"), column=1)
        else:
            key = self.seed_key
        dealt = self._run(rp.state.clone(), key, act, rp.chain)
        if list(outcomes) != dealt:
            line = canonical_chance(rp.module, kind, dealt, rp.state)
            raise BadChanceError(_("random act {act} deals '{line}' here, not this line "
                                   "(dealing {algorithm})").format(
                                       act=act, line=line, algorithm=D.ALGORITHM), column=1)


def algorithm(t) -> str | None:
    """The [Dealing] of a transcript: None (legacy) or a version this referee knows."""
    value = t.tag("Dealing")
    if value is None:
        return None
    if value.strip().lower() != D.ALGORITHM:
        _fail(t, _("unknown dealing algorithm '{name}': this referee deals {algorithm} "
                   "(and games without [Dealing])").format(name=value, algorithm=D.ALGORITHM),
              "Dealing")
    return D.ALGORITHM


def salt_list(t, players: list[str], *, check: bool) -> list[tuple[str, str]]:
    """The revealed salts in seat order; with ``check``, each must match its [SaltCommit]
    and every commitment must precede every reveal in the header."""
    got = salts(t, players)
    if check:
        committed = salt_commits(t, players)
        for seat, word in got.items():
            if committed.get(seat) != D.salt_commitment(seat, word):
                said = _("{seat}'s [Salt] does not match its [SaltCommit]") \
                    if seat in committed else _("{seat}'s [Salt] came without a [SaltCommit]")
                _fail(t, said.format(seat=seat), "Salt")
        names = [item.name.lower() for item in t.tags if item.name.lower() in ("salt", "saltcommit")]
        if "salt" in names and "saltcommit" in names[names.index("salt"):]:
            _fail(t, _("a [SaltCommit] comes after a [Salt]: every seat commits before any "
                       "salt is revealed"), "Salt")
    return [(p, got[p]) for p in players if p in got]


def verifier(rp):
    """The dealer whose deals every chance line of ``referee verify`` must match."""
    t = rp.transcript
    if algorithm(t) is None:
        return LegacyDealer(seed_to_verify(rp))
    seed, commit = t.tag("Seed"), t.tag("Commit")
    if seed is not None and commit is not None:
        _fail(t, _("a {algorithm} game is dealt from a [Seed] or a [Commit], not "
                   "both").format(algorithm=D.ALGORITHM), "Seed")
    salted = salt_list(t, rp.players, check=commit is not None)
    if seed is not None:
        return HmacDealer(salted, seed=seed)
    if commit is None:
        _fail(t, _("no [Seed] and no [Commit]: there is nothing to verify the draws against"),
              "Dealing")
    parsed = D.parse_commitment(commit)
    if parsed is None:
        _fail(t, _("a {algorithm} [Commit] reads sha256^N:HEX (N keys, 64 hex digits)").format(
            algorithm=D.ALGORITHM), "Commit")
    if not unsalted(t) and len(salted) != len(rp.players) and \
            any(it.kind == "chance" for it in t.items):
        _fail(t, _("chance lines were dealt before every seat's salt was in"), "Commit")
    return HmacDealer(salted, commit=parsed)


def host_dealer(t, players: list[str], secret):
    """The dealer ``play`` deals with, or None when the file takes hand-written chance
    lines. BadHeaderError when a committed game cannot be dealt (yet): a salt is missing,
    or the secret is missing or not the one committed to. ``secret`` (a callable) is
    only called when an act is dealt."""
    if algorithm(t) is None:
        seed = host_seed(t, players, secret)
        return LegacyDealer(seed) if seed else None
    seed, commit = t.tag("Seed"), t.tag("Commit")
    if commit is None:
        return HmacDealer(salt_list(t, players, check=False), seed=seed) if seed else None
    parsed = D.parse_commitment(commit)
    if parsed is None:
        _fail(t, _("a {algorithm} [Commit] reads sha256^N:HEX (N keys, 64 hex digits)").format(
            algorithm=D.ALGORITHM), "Commit")
    waiting = waiting_for_salts(t, players)
    if waiting:
        raise BadHeaderError(waiting_message(t, players), hint=salt_hint(t, players, waiting))
    if secret is None:
        raise BadHeaderError(_("this game is dealt from a committed secret, which only its "
                               "host holds"))
    cached: list[bytes] = []

    def secret_bytes() -> bytes:
        if not cached:
            value = secret()
            try:
                raw = bytes.fromhex(value.strip())
            except (ValueError, AttributeError):
                raw = b""
            if len(raw) != 32 or D.commitment(raw, parsed[0]) != commit.strip().lower():
                raise BadHeaderError(_("the secret at hand is not the one this game's "
                                       "[Commit] binds"))
            cached.append(raw)
        return cached[0]

    return HmacDealer(salt_list(t, players, check=True), commit=parsed, secret=secret_bytes)
