"""The Hawaii state as JSON (docs/state.md): what `show --format json` prints,
what `?` assertions address, and what `[Position]` loads back.

Loading refuses positions that could not arise: tiles and tokens must be
conserved, realms legal, resources non-negative.
"""
from __future__ import annotations

from typing import Any

from referee.errors import BadPositionError
from referee.hawaii.rules import boats as boats_mod
from referee.hawaii.rules import invariants
from referee.hawaii.rules.game import RULE_FLAGS, SEATS, HawaiiState
from referee.hawaii.rules.rounds import irrigation_twos
from referee.hawaii.data.components import load
from referee.hawaii.data.model import HawaiiComponents
from referee.hawaii.rules.moves import Token
from referee.hawaii.rules.realm import START_HUT, Boat, Realm
from referee.hawaii.rules.state import Data, PlaceState, Player

ROMAN = {0: "", 1: "I", 2: "II"}
PHASES = {"setup": "setup", "chiefs": "chiefs", "income": "round-end", "over": "over"}


def tile_str(kind: str, side: int) -> str:
    return kind if kind == START_HUT else f"{kind}:{ROMAN[side]}"


def to_json(state) -> dict[str, Any]:
    d: Data = state.d
    comps = d.comps
    out: dict[str, Any] = {
        "game": "Hawaii",
        "round": d.round,
        "phase": PHASES[d.phase] if not (d.phase == "setup" and d.round > 1) else "round-end",
        "to_move": _to_move(state),
        "rules": sorted(d.rules),
        "seats": list(d.seats),
        "order": list(d.order),
        "turn": d.turn,
        "players": {s: _player(p, comps) for s, p in d.players.items()},
        "places": {c: _place(d.places[pid], comps) for c, pid in d.board.items()},
        "unplaced": sorted(p.id for p in comps.places if p.id not in d.board.values()),
        "cove": [fish_json(t, comps) for t in d.cove],
        "docks": list(d.docks),
        "islands": {"face_down": dict(sorted(d.stack_down.items())), "face_up": list(d.stack_up)},
        "track": _track(d),
        "bag": {str(t): n for t, n in sorted(d.bag.items())},
        "pending": [list(step) for step in d.pending],
        "track_draws": [str(t) for t in d.track_draws],
        "income_queue": list(d.income_queue),
        "history": d.history,
        "components": f"{comps.path.rsplit('/', 1)[-1] if comps.path else 'hawaii.yaml'} sha256:{comps.sha256}",
    }
    outcome = state.outcome()
    if outcome:
        out["result"] = {"scores": outcome.scores, "winners": list(outcome.winners)}
    return out


def fish_json(token: Token, comps: HawaiiComponents) -> dict[str, Any]:
    """A token fish side up (H-R10): what it counts, and its price side, seen when drawn."""
    return {"token": str(token), "fish": comps.fish(token)}


def _fish_token(v, comps: HawaiiComponents, where: str) -> Token:
    """A fish token as :func:`fish_json` writes it; a bare token name (positions written
    before fish counted) is read too. Its fish must be what the data file says."""
    if isinstance(v, str):
        return Token.parse(v)
    if not isinstance(v, dict) or set(v) != {"token", "fish"}:
        raise BadPositionError(f"{where}: a fish token is {{\"token\": \"6\", \"fish\": 3}}, not {v!r}")
    token = Token.parse(str(v["token"]))
    if v["fish"] != comps.fish(token) or type(v["fish"]) is not int:
        raise BadPositionError(f"{where}: token {token} shows {comps.fish(token)} fish in the "
                               f"component file, not {v['fish']!r} (H-R10)")
    return token


def _to_move(state) -> str | None:
    who = state.current_player()
    return None if who == "chance" else who


def _player(p: Player, comps: HawaiiComponents) -> dict[str, Any]:
    return {
        "shells": p.shells, "feet": p.feet, "fruits": p.fruits, "score": p.score, "at": p.at,
        "villages": [[tile_str(k, s) for k, s in row] for row in p.realm.villages],
        "kahunas": p.realm.kahunas, "tikis": p.realm.tikis,
        "boats": [{"name": b.name, "side": "II" if b.side == 2 else "I",
                   "capacity": boats_mod.capacity(b, comps) + boats_mod.printed(b, comps),
                   "used": b.used} for b in p.realm.boats],
        "tokens": [str(t) for t in p.tokens],
        "fish": [fish_json(t, comps) for t in p.fish],
        "round_sum": p.round_sum(comps),
        "points": dict(p.points),
    }


def _place(pl: PlaceState, comps: HawaiiComponents) -> dict[str, Any]:
    spec = comps.place(pl.place_id)
    return {"id": pl.place_id, "sells": dict(pl.stock), "tokens": [str(t) for t in pl.tokens],
            "printed_empty": pl.printed_empty, "circles": spec.circles, "limit": spec.limit}


def _track(d: Data) -> dict[str, Any]:
    out = {}
    for space in range(1, len(d.seats) + 1):
        if space in d.track_seat:
            out[str(space)] = d.track_seat[space]
        else:
            t = d.track.get(space)
            out[str(space)] = str(t) if t is not None else None
    return out


# --- loading -------------------------------------------------------------------------

def from_json(data: dict, comps: HawaiiComponents | None = None, *, checked: bool = True):
    comps = comps or load()
    try:
        if data.get("game") != "Hawaii":
            raise BadPositionError(f"not a Hawaii position (game is {data.get('game')!r})")
        rules = frozenset(data.get("rules", []))
        for r in rules:
            if r not in RULE_FLAGS:
                raise BadPositionError(f"unknown rules flag {r!r}")
        seats = [s.upper() for s in data["seats"]]
        if not 2 <= len(seats) <= 5 or any(s not in SEATS for s in seats) or len(set(seats)) != len(seats):
            raise BadPositionError(f"bad seats {seats}")
        players = {s: _load_player(s, data["players"][s], comps) for s in seats}
        d = Data(comps, rules, seats, players)
        d.round = _int(data["round"], 1, len(comps.rounds), "round")
        phase = {"round-end": None}.get(data["phase"], data["phase"])
        d.board = {c: v["id"] for c, v in data["places"].items()}
        for c in d.board:
            if c not in comps.positions:
                raise BadPositionError(f"{c} is not a board position")
        known = {p.id for p in comps.places}
        if not set(d.board.values()) <= known or len(set(d.board.values())) != len(d.board):
            raise BadPositionError("the board names unknown or repeated places")
        for spec in comps.places:
            d.places[spec.id] = PlaceState(spec.id, dict(spec.sells), [])
        for c, v in data["places"].items():
            pl = d.places[v["id"]]
            if set(v["sells"]) != set(pl.stock):
                raise BadPositionError(f"place {c} sells {sorted(v['sells'])}, not {sorted(pl.stock)}")
            pl.stock = {k: _int(n, 0, 126, f"{c} stock") for k, n in v["sells"].items()}
            pl.tokens = [Token.parse(t) for t in v["tokens"]]
            pl.printed_empty = bool(v.get("printed_empty", False))
        d.cove = [_fish_token(t, comps, "cove") for t in data["cove"]]
        d.docks = list(data["docks"])
        if len(d.docks) != len(comps.docks):
            raise BadPositionError(f"{len(d.docks)} docks, not {len(comps.docks)}")
        d.stack_down = {k: int(n) for k, n in data["islands"]["face_down"].items()}
        d.stack_up = list(data["islands"]["face_up"])
        _check_islands(d)
        for space, v in data["track"].items():
            space = int(space)
            if v is None:
                continue
            if v.upper() in seats:
                d.track_seat[space] = v.upper()
            else:
                d.track[space] = Token.parse(v)
        d.bag = {Token.parse(t): int(n) for t, n in data["bag"].items() if int(n) > 0}
        d.order = [s.upper() for s in data["order"]]
        d.turn = data.get("turn")
        d.pending = [tuple(step) for step in data.get("pending", [])]
        d.track_draws = [Token.parse(t) for t in data.get("track_draws", [])]
        d.income_queue = list(data.get("income_queue", []))
        d.history = list(data.get("history", []))
        d.phase = phase or ("income" if d.income_queue else "setup")
        if d.phase not in ("setup", "chiefs", "income", "over"):
            raise BadPositionError(f"unknown phase {data['phase']!r}")
    except BadPositionError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise BadPositionError(f"malformed Hawaii position: {type(e).__name__} {e}") from None
    if checked:                     # (not: a state this code wrote and signed itself)
        _check_consistency(d)
    state = HawaiiState(d)
    if "to_move" in data and data["to_move"] != _to_move(state):
        raise BadPositionError(f"impossible position: to_move says {data['to_move']!r}, but the "
                               f"position has {_to_move(state)!r} to move")
    return state


def _int(v, lo: int, hi: int, what: str) -> int:
    if type(v) is not int or not lo <= v <= hi:       # not true, 3.5 or "3"
        raise BadPositionError(f"{what} must be a whole number {lo}..{hi}, not {v!r}")
    return v


def _load_player(seat: str, v: dict, comps: HawaiiComponents) -> Player:
    rows = []
    for row in v["villages"]:
        tiles = []
        for t in row:
            if t == START_HUT:
                tiles.append((START_HUT, 0))
                continue
            kind, _, side = t.partition(":")
            if kind not in comps.tiles or side not in ("I", "II"):
                raise BadPositionError(f"{seat}: unknown tile {t!r}")
            tiles.append((kind, 1 if side == "I" else 2))
        rows.append(tiles)
    if len(rows) != comps.realm.villages:
        raise BadPositionError(f"{seat} has {len(rows)} village rows, not {comps.realm.villages}")
    boats = []
    for i, b in enumerate(v["boats"]):
        side = 0 if b["name"] == "fishing-boat" else (2 if b["side"] == "II" else 1)
        expected = "fishing-boat" if i == 0 else f"boat{i}"
        if b["name"] != expected:
            raise BadPositionError(f"{seat}'s boat {i + 1} must be named {expected}, not {b['name']}")
        if type(b["used"]) is not bool:
            raise BadPositionError(f"{seat}'s {b['name']}: used must be true or false, not {b['used']!r}")
        boats.append(Boat(b["name"], side, b["used"]))
    realm = Realm(rows, _int(v["kahunas"], 0, 99, "kahunas"), _int(v["tikis"], 0, 99, "tikis"), boats)
    p = Player(seat, realm)
    for r in ("shells", "feet", "fruits"):
        n = v[r]
        if type(n) is not int or n < 0:
            raise BadPositionError(f"{seat} has {n!r} {r}: resources are whole numbers >= 0")
        p.gain(r, n)
    p.score = _int(v["score"], 0, 10_000, f"{seat}'s score")
    p.points = dict(v.get("points") or ({"position": p.score} if p.score else {}))
    p.at = v["at"]
    p.tokens = [Token.parse(t) for t in v["tokens"]]
    p.fish = [_fish_token(f, comps, f"{seat}'s fish") for f in v["fish"]]
    return p


def _check_islands(d: Data) -> None:
    want = {i.id: i.count for i in d.comps.islands}
    have: dict[str, int] = {}
    for i in [*d.docks, *d.stack_up, *[k for k, n in d.stack_down.items() for _ in range(n)]]:
        if i is not None:
            have[i] = have.get(i, 0) + 1
    if have != want:
        raise BadPositionError("the 10 islands are not all accounted for (docks, stack)")


def _check_consistency(d: Data) -> None:
    found = invariants.problems(d)
    found = [f for f in found if "not explained" not in f]
    seats_on_track = set(d.track_seat.values())
    for s, p in d.players.items():
        if p.done and s not in seats_on_track:
            found.append(f"{s} stands on the order track but no space records it")
    if d.phase == "chiefs" and d.turn not in d.players:
        found.append("no chief is to act")
    if sorted(d.order) != sorted(d.seats) and d.order:
        found.append("the turn order does not list every seat once")
    found += _places_of_chiefs(d) + _due(d) + _history_problems(d)
    if found:
        raise BadPositionError("impossible position: " + "; ".join(found))


def _places_of_chiefs(d: Data) -> list[str]:
    """Where each chief may stand, and the order track agreeing with it (H-R5, H-R13)."""
    out = []
    spots = {"beach", "cove", *d.board, *(f"dock{k}" for k in range(1, len(d.docks) + 1)),
             *(f"order{k}" for k in range(1, len(d.seats) + 1))}
    for s, p in d.players.items():
        if p.at not in spots:
            out.append(f"{s} stands at {p.at!r}, which is no place a chief can be")
        elif d.phase == "setup" and p.at != "beach":
            out.append(f"{s} stands at {p.at} while the round is being set up, not on the beach")
    if d.phase != "setup":            # in the setup the track holds the drawn order, not chiefs
        for space, s in d.track_seat.items():
            if d.players[s].at != f"order{space}":
                out.append(f"order space {space} holds {s}, who stands at {d.players[s].at}")
    return out


def _due(d: Data) -> list[str]:
    """Random draws are due exactly while a round is being set up; income choices exactly
    while irrigation income is being chosen (H-R17, H-R18)."""
    out = []
    if bool(d.pending) != (d.phase == "setup"):
        out.append(f"the {d.phase} phase cannot have {len(d.pending)} random draws pending")
    shapes = {"place": set(d.comps.positions), "order": set(range(1, len(d.seats) + 1)),
              "island": set(range(len(d.docks)))}
    circles = {(c, circle) for c in d.board for circle in ("open", "printed")} | {("track", "track")}
    for step in d.pending:
        kind, args = step[0] if step else None, step[1:]
        if kind in shapes:
            fine = len(args) == 1 and args[0] in shapes[kind]
        elif kind == "token":
            fine = args in circles
        else:
            fine = kind in ("start", "layout", "chiefs") and not args
        if not fine:
            out.append(f"no random draw is called {list(step)!r}")
    if bool(d.income_queue) != (d.phase == "income"):
        out.append(f"the {d.phase} phase cannot have irrigation income waiting")
    for s in d.income_queue:
        if s not in d.players or not irrigation_twos(d, s) or d.income_queue.count(s) > 1:
            out.append(f"{s} is waiting to choose irrigation income without owning irrigation II")
    return out


def _history_problems(d: Data) -> list[str]:
    """Reports of rounds scored so far, as the scoring writes them (H-R16, H-R19). A
    position made by hand may leave out earlier reports: they are a record, not rules."""
    finished = d.round - 1 + (d.phase in ("income", "over"))
    seats = set(d.seats)

    def table(t) -> bool:
        return isinstance(t, dict) and set(t) == seats and all(isinstance(v, int) for v in t.values())

    out, last = [], 0
    for n, report in enumerate(d.history):
        if not isinstance(report, dict):
            out.append(f"history entry {n + 1} is not a report")
        elif "final" in report:
            parts = report["final"]
            readable = isinstance(parts, dict) and set(parts) == seats and all(
                isinstance(v, dict) and all(isinstance(x, int) for x in v.values())
                for v in parts.values())
            if d.phase != "over" or n != len(d.history) - 1 or not readable:
                out.append("the final scoring must be the last report, for these seats, of a game over")
        elif not (isinstance(report.get("round"), int) and last < report["round"] <= finished
                  and all(table(report.get(k)) for k in ("sums", "targets", "points"))):
            out.append(f"history entry {n + 1} is not the report of a round scored so far")
        else:
            last = report["round"]
    return out
