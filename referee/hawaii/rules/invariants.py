"""What must hold after every move: conservation of tiles and tokens, legal
realms, resources explained by the ledgers, a decision always available."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from referee.errors import InvariantError

if TYPE_CHECKING:
    from referee.hawaii.rules.state import Data


def tiles_in_realms(d: "Data") -> Counter:
    held: Counter = Counter()
    for p in d.players.values():
        for kind, _ in p.realm.tiles():
            held[kind] += 1
        held["kahuna"] += p.realm.kahunas
        held["tiki"] += p.realm.tikis
        held["boat"] += len(p.realm.boat_tiles())
    return held


def tokens_everywhere(d: "Data") -> Counter:
    seen: Counter = Counter(d.bag)
    seen.update(d.cove)
    seen.update(d.track_draws)
    seen.update(t for t in d.track.values() if t is not None)
    for place in d.places.values():
        seen.update(place.tokens)
    for p in d.players.values():
        seen.update(p.tokens)
        seen.update(p.fish)
    return seen


def problems(d: "Data") -> list[str]:
    comps = d.comps
    out = []
    held = tiles_in_realms(d)
    for kind, spec in comps.tiles.items():
        on_places = sum(pl.stock.get(kind, 0) for pl in d.places.values())
        if on_places + held[kind] != spec.count:
            out.append(f"{kind}: {on_places} on places + {held[kind]} in realms != {spec.count}")
        if any(pl.stock.get(kind, 0) < 0 for pl in d.places.values()):
            out.append(f"{kind}: negative stock")
    if tokens_everywhere(d) != Counter(comps.tokens):
        out.append("the 25 price tokens are not all accounted for")
    for place in d.places.values():
        spec = comps.place(place.place_id)
        if len(place.tokens) > spec.circles:
            out.append(f"{place.place_id} holds more tokens than circles")
    skip = "german-original" in d.rules
    for s, p in d.players.items():
        out += [f"{s}: {why}" for why in p.realm.legality_problems(comps, skip_rows=skip)]
        for r in ("shells", "feet", "fruits"):
            have = getattr(p, r)
            if have < 0:
                out.append(f"{s} has {have} {r}")
            if have != p.earned[r] - p.spent[r]:
                out.append(f"{s}'s {r} ({have}) are not explained by payments and income")
        if p.score != sum(p.points.values()) or any(v < 0 for v in p.points.values()):
            out.append(f"{s}'s score is not explained by its scoring events")
    if d.phase == "chiefs" and not d.pending:
        if d.turn is None or d.players[d.turn].done:
            out.append("the chiefs' phase has no chief to act")
    if d.phase == "over" and d.round != len(comps.rounds):
        out.append("the game ended before the last round")
    return out


def check(d: "Data") -> None:
    found = problems(d)
    if found:
        raise InvariantError("; ".join(found))
