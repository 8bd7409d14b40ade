"""Starting a game: the header the referee writes and the setup draws."""
from __future__ import annotations

import re
from typing import Sequence

from referee import __version__
from referee.i18n import _
from referee.operations.report import REFEREE_TAGS
from referee.replay import deal_algorithm as D
from referee.replay.dealer import HmacDealer
from referee.replay.deal_algorithm import ALGORITHM, commitment
from referee.replay.lines import canonical_move
from referee.replay.replayer import Replay
from referee.replay.seeded import new_seed
from referee.syntax.hints import did_you_mean
from referee.transcript.items import TAG, Item, Transcript
from referee.transcript.problems import UsageError
from referee.transcript.writer import render


def referee_version() -> str:
    return f"referee {__version__}"


def check_players(module, players: Sequence[str]) -> list[str]:
    seats = [s.upper() for s in module.seats]
    out = [p.strip().upper() for p in players if p.strip()]
    for p in out:
        if p not in seats:
            raise UsageError(_("{seat} is not a {game} seat: seats are {seats}").format(
                seat=p, game=module.name, seats=" ".join(seats)), hint=did_you_mean(p, seats))
    if len(set(out)) != len(out):
        raise UsageError(_("a seat is named twice"))
    if not module.min_players <= len(out) <= module.max_players:
        raise UsageError(_("{game} takes {least} to {most} players, not {n}").format(
            game=module.name, least=module.min_players, most=module.max_players, n=len(out)))
    return out


def check_rules(module, rules: Sequence[str]) -> list[str]:
    known = {f.lower(): f for f in module.rule_flags}
    out = []
    for flag in rules:
        if flag.lower() not in known:
            raise UsageError(_("unknown rules flag '{flag}': {game} knows {flags}").format(
                flag=flag, game=module.name,
                flags=" ".join(module.rule_flags) or _("no variants")),
                             hint=did_you_mean(flag, module.rule_flags))
        out.append(known[flag.lower()])
    return out


def player_tags(module, players: Sequence[str], event: str | None = None,
                seat_tags: Sequence[str] = (), tags: Sequence[str] = ()) -> list[tuple[str, str]]:
    """The players' own tags a forum game starts with: ``[Event]``, one per seat named in
    ``SEAT=NAME`` (a name or an address: ``[RED "alice@example.org"]``), and any other
    ``Name=value``. The referee's own tags (Seed, Result, ...) cannot be set this way."""

    seats = check_players(module, players)
    out: list[tuple[str, str]] = []
    if event is not None:
        out.append(("Event", event))
    for given in seat_tags:
        seat, sep, value = given.partition("=")
        seat = seat.strip().upper()
        if seat not in seats or not sep:
            raise UsageError(_("--seat wants SEAT=NAME with SEAT one of {seats}, not "
                               "'{given}'").format(seats=" ".join(seats), given=given),
                             hint=did_you_mean(seat, seats))
        out.append((seat, value.strip()))
    for given in tags:
        name, sep, value = given.partition("=")
        name = name.strip()
        if not sep or not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", name):
            raise UsageError(_("--tag wants Name=value (a name of letters, digits, - and _), "
                               "not '{given}'").format(given=given))
        if name.lower() in REFEREE_TAGS:
            raise UsageError(_("the referee writes [{tag}] itself").format(tag=name))
        out.append((name, value.strip()))
    names = [n.lower() for n, _value in out]
    if len(set(names)) != len(names):
        raise UsageError(_("a tag is given twice"))
    for name, value in out:
        if any(ord(ch) < 32 or ch in "\x7f\x85\u2028\u2029" for ch in value):
            raise UsageError(_("the value of [{tag}] contains control characters").format(
                tag=name))
    return out


def header(module, players: Sequence[str], rules: Sequence[str], seed: str | None,
           extra: Sequence[tuple[str, str]] = (), *, commit: str | None = None,
           dealing: str | None = None) -> list[tuple[str, str]]:
    tags = [("Game", module.name), ("Players", " ".join(players))]
    if rules:
        tags.append(("Rules", " ".join(rules)))
    tags += [("Components", module.components_digest()), ("Referee", referee_version()),
             ("Dealing", dealing or ALGORITHM)]
    if seed is not None:
        tags.append(("Seed", seed))
    if commit is not None:
        tags.append(("Commit", commit))
    return tags + list(extra)


class Table:
    """A game being dealt and played in memory (``new``, ``selfplay``): the state, its
    chain and its dealer, so every line is linked as ``play`` would link it."""

    def __init__(self, module, tags, players, rules, dealer):
        t = Transcript(file="<new>", lines=[],
                       tags=[Item(TAG, 0, "", name=n, value=v) for n, v in tags])
        self.rp = Replay(t, module, list(players), list(rules), module.new_state(players, rules))
        self.rp.track_chain()
        self.dealer = dealer

    @property
    def state(self):
        return self.rp.state

    def deal(self) -> list[str]:
        """The chance lines of every random act due now."""
        return self.dealer.deal(self.rp)

    def move(self, move) -> str:
        """Play ``move`` of the seat to act; its canonical line."""
        state = self.rp.state
        line = canonical_move(self.rp.module, move, state, state.current_player())
        state.apply(move)
        self.rp.moves += 1
        self.rp.link(line)
        return line


def new_game(module, players: Sequence[str], rules: Sequence[str] = (), seed: str | None = None,
             extra: Sequence[tuple[str, str]] = (), *, secret: bytes | None = None):
    """(tags, setup chance lines, state after them, table) for a fresh game dealt at once:
    from ``seed``, or from ``secret``'s hash chain with no salts (``new --deal-now``)."""
    players = check_players(module, players)
    rules = check_rules(module, rules)
    if secret is not None:
        commit = D.commitment(secret)
        tags = header(module, players, rules, None, list(extra) + [("Salts", "none")],
                      commit=commit)
        dealer = HmacDealer([], commit=D.parse_commitment(commit), secret=lambda: secret)
    else:
        seed = seed if seed is not None else new_seed()
        tags = header(module, players, rules, seed, extra)
        dealer = HmacDealer([], seed=seed)
    table = Table(module, tags, players, rules, dealer)
    lines = table.deal()
    return tags, lines, table.state, table


def new_transcript(module, players, rules=(), seed=None, extra=(), *,
                   secret: bytes | None = None) -> tuple[str, object]:
    """The text of a new transcript dealt at once and the state it leaves."""
    tags, lines, state, _ = new_game(module, players, rules, seed, extra, secret=secret)
    return render(tags, lines), state


def new_committed_transcript(module, players, rules, secret: bytes,
                             extra=()) -> tuple[str, object]:
    """A game dealt by commit-reveal: the header with the commitment to ``secret``'s hash
    chain and no draws yet; they wait for every seat's salt commitment, then its salt."""
    players = check_players(module, players)
    rules = check_rules(module, rules)
    tags = header(module, players, rules, None, extra, commit=commitment(secret))
    return render(tags, []), module.new_state(players, rules)
