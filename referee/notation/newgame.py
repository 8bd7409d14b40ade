"""Starting a game: the header the referee writes and the setup draws."""
from __future__ import annotations

from typing import Sequence

from referee.errors import RefereeError
from referee.notation.problems import UsageError


def referee_version() -> str:
    from referee import __version__
    return f"referee {__version__}"


def check_players(module, players: Sequence[str]) -> list[str]:
    from referee.notation.syntax import did_you_mean

    seats = [s.upper() for s in module.seats]
    out = [p.strip().upper() for p in players if p.strip()]
    for p in out:
        if p not in seats:
            raise UsageError(f"{p} is not a {module.name} seat: seats are {' '.join(seats)}",
                             hint=did_you_mean(p, seats))
    if len(set(out)) != len(out):
        raise UsageError("a seat is named twice")
    if not module.min_players <= len(out) <= module.max_players:
        raise UsageError(f"{module.name} takes {module.min_players} to {module.max_players} "
                         f"players, not {len(out)}")
    return out


def check_rules(module, rules: Sequence[str]) -> list[str]:
    from referee.notation.syntax import did_you_mean

    known = {f.lower(): f for f in module.rule_flags}
    out = []
    for flag in rules:
        if flag.lower() not in known:
            raise UsageError(f"unknown rules flag '{flag}': {module.name} knows "
                             f"{' '.join(module.rule_flags) or 'no variants'}",
                             hint=did_you_mean(flag, module.rule_flags))
        out.append(known[flag.lower()])
    return out


def player_tags(module, players: Sequence[str], event: str | None = None,
                seat_tags: Sequence[str] = (), tags: Sequence[str] = ()) -> list[tuple[str, str]]:
    """The players' own tags a forum game starts with: ``[Event]``, one per seat named in
    ``SEAT=NAME`` (a name or an address: ``[RED "alice@example.org"]``), and any other
    ``Name=value``. The referee's own tags (Seed, Result, ...) cannot be set this way."""
    import re

    from referee.notation.report import REFEREE_TAGS
    from referee.notation.syntax import did_you_mean

    seats = check_players(module, players)
    out: list[tuple[str, str]] = []
    if event is not None:
        out.append(("Event", event))
    for given in seat_tags:
        seat, _, value = given.partition("=")
        seat = seat.strip().upper()
        if seat not in seats or not _:
            raise UsageError(f"--seat wants SEAT=NAME with SEAT one of {' '.join(seats)}, "
                             f"not '{given}'", hint=did_you_mean(seat, seats))
        out.append((seat, value.strip()))
    for given in tags:
        name, _, value = given.partition("=")
        name = name.strip()
        if not _ or not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", name):
            raise UsageError(f"--tag wants Name=value (a name of letters, digits, - and _), "
                             f"not '{given}'")
        if name.lower() in REFEREE_TAGS:
            raise UsageError(f"the referee writes [{name}] itself")
        out.append((name, value.strip()))
    names = [n.lower() for n, _ in out]
    if len(set(names)) != len(names):
        raise UsageError("a tag is given twice")
    for name, value in out:
        if any(ord(ch) < 32 or ch in "\x7f\x85\u2028\u2029" for ch in value):
            raise UsageError(f"the value of [{name}] contains control characters")
    return out


def header(module, players: Sequence[str], rules: Sequence[str], seed: str | None,
           extra: Sequence[tuple[str, str]] = ()) -> list[tuple[str, str]]:
    tags = [("Game", module.name), ("Players", " ".join(players))]
    if rules:
        tags.append(("Rules", " ".join(rules)))
    tags += [("Components", module.components_digest()), ("Referee", referee_version())]
    if seed is not None:
        tags.append(("Seed", seed))
    return tags + list(extra)


def new_game(module, players: Sequence[str], rules: Sequence[str] = (), seed: str | None = None,
             extra: Sequence[tuple[str, str]] = ()):
    """(tags, setup chance lines, state after them, draws made) for a fresh game."""
    from referee.notation.chance import draw_lines, new_seed

    players = check_players(module, players)
    rules = check_rules(module, rules)
    seed = seed if seed is not None else new_seed()
    tags = header(module, players, rules, seed, extra)
    state = module.new_state(players, rules)
    try:
        lines, draws = draw_lines(module, state, seed, 0)
    except RefereeError:
        raise
    return tags, lines, state, draws


def new_transcript(module, players, rules=(), seed=None, extra=()) -> tuple[str, object]:
    """The text of a new transcript and the state it leaves."""
    from referee.notation.writer import render

    tags, lines, state, _ = new_game(module, players, rules, seed, extra)
    return render(tags, lines), state


def new_committed_transcript(module, players, rules, secret: str,
                             extra=()) -> tuple[str, object]:
    """A game dealt by commit-reveal (:mod:`referee.notation.commit`): the header with
    the secret's [Commit] and no draws yet; they wait for every player's [Salt]."""
    from referee.notation.commit import commitment
    from referee.notation.writer import render

    players = check_players(module, players)
    rules = check_rules(module, rules)
    tags = header(module, players, rules, None, [("Commit", commitment(secret)), *extra])
    return render(tags, []), module.new_state(players, rules)
