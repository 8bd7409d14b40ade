"""The state as JSON (docs/state.md, docs/cli.md) and back.

``state_to_json`` writes everything needed to go on (deck contents, discard,
pending steps), in a canonical order, so ``state_from_json(state_to_json(s))``
reproduces ``s`` exactly; ``state_from_json`` refuses any position the rules
could not produce with BadPositionError.
"""
from __future__ import annotations

from referee.errors import BadPositionError
from referee.haleakala.data import components
from referee.haleakala.rules import invariants
from referee.haleakala.rules import turns as rules
from referee.haleakala.data.model import DECK_ORDER, HaleakalaComponents
from referee.haleakala.rules.game import HaleakalaState


def state_to_json(st: HaleakalaState) -> dict:
    who = rules.current_player(st)
    seats = st.seats
    n = st.comp.sections
    return {
        "game": "Haleakala",
        "rules": list(st.rules),
        "round": st.round,
        "phase": rules.phase(st),
        "to_move": who if who in seats else None,
        "chance": rules.chance_kind(st),
        "turn": st.turn,
        "first_player": st.first,
        "boat": st.boat,
        "players": {s: {
            "score": st.score[s],
            "shaman": st.shaman[s],
            "reserve": list(st.reserve[s]),
            "invocation": (f"beach{st.invocation[s]}" if isinstance(st.invocation[s], int)
                           else st.invocation[s]),
            "statues_left": st.statues_left[s],
            "cards": list(st.cards[s]),
            "score_cards": list(st.score_cards[s]),
        } for s in seats},
        "beaches": {str(k): {s: list(st.beaches[k][s]) for s in seats} for k in range(1, n + 1)},
        "slots": {str(k): list(st.slots[k]) for k in range(1, n + 1)},
        "craters": {str(k): st.craters[k] for k in range(1, n + 1)},
        "lava_supply": st.lava_supply,
        "statues": {k: st.statues[k] for k in sorted(st.statues)},
        "decks": {d: sum(st.decks[d].values()) for d in DECK_ORDER},
        "deck_contents": {d: {f: st.decks[d][f] for f in sorted(st.decks[d])} for d in DECK_ORDER},
        "discard": {f: st.discard[f] for f in sorted(st.discard)},
        "box": {f: st.box[f] for f in sorted(st.box)},
        "score_board": {"cards": list(st.board_cards),
                        "priestess": "up" if st.priestess_up else "down"},
        "pending": [dict(t) for t in st.pending],
        "scorings": [_copy(x) for x in st.scorings],
        "result": _copy(st.result),
        "components": st.comp.digest,
    }


def _copy(x):
    if isinstance(x, dict):
        return {k: _copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_copy(v) for v in x]
    return x


def _bad(msg: str) -> BadPositionError:
    return BadPositionError(f"impossible Haleakala position: {msg}")


def state_from_json(data: dict, comp: HaleakalaComponents | None = None, *,
                    checked: bool = True) -> HaleakalaState:
    comp = comp or components.default()
    if not isinstance(data, dict) or data.get("game") != "Haleakala":
        raise _bad("not a Haleakala state (game must be \"Haleakala\")")
    try:
        st = _build(data, comp)
    except BadPositionError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise _bad(f"malformed state ({type(exc).__name__}: {exc})") from None
    try:                            # (not for a state this code wrote and signed itself)
        found = invariants.problems(st) if checked else []
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise _bad(f"malformed state ({type(exc).__name__}: {exc})") from None
    if found:
        raise _bad("; ".join(found))
    if st.result is None and not st.pending and st.turn is None:
        raise _bad("nobody is to move")
    try:
        rules._settle(st)            # a hand-written position may stop before an automatic step
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise _bad(f"pending steps cannot be resumed ({type(exc).__name__}: {exc})") from None
    derived = state_to_json(st)
    _known(data, derived, "the state")
    for s in st.seats:
        _known(data["players"][s], derived["players"][s], f"players.{s}")
    for key in ("to_move", "phase", "chance"):
        if key in data and data[key] != derived[key]:
            raise _bad(f"{key} is {data[key]!r} but the position gives {derived[key]!r} "
                       f"(edit turn or pending instead)")
    return st


def _int_keys(d: dict, what: str) -> dict:
    out = {}
    for k, v in d.items():
        if not (isinstance(k, str) and k.isascii() and k.isdigit() and str(int(k)) == k):
            raise _bad(f"{what}: {k!r} is not a section number")
        out[int(k)] = v
    return out


def _whole(v, what: str, lo: int = 0) -> int:
    """A count as the referee writes it: a JSON whole number, never true, 3.5 or "3"."""
    if type(v) is not int or v < lo:
        raise _bad(f"{what} must be a whole number >= {lo}, not {v!r}")
    return v


def _text(v, what: str) -> str:
    if not isinstance(v, str):
        raise _bad(f"{what} must be a text, not {v!r}")
    return v


def _known(d: dict, keys, what: str) -> None:
    """No key that state_to_json does not write: a misspelt one would be dropped unseen."""
    unknown = sorted(set(d) - set(keys))
    if unknown:
        raise _bad(f"{what} has no key {', '.join(map(repr, unknown))}")


def _seat_map(data: dict, seats, what: str) -> dict:
    if set(data) != set(seats):
        raise _bad(f"{what} must name exactly {', '.join(seats)}")
    return data


def _build(data: dict, comp: HaleakalaComponents) -> HaleakalaState:
    flags = data.get("rules") or []
    for f in flags:
        if f not in ("tactical",):
            raise _bad(f"unknown rule flag {f!r}")
    st = HaleakalaState(comp, flags)
    seats = comp.seats
    st.round = _whole(data["round"], "round", 1)
    st.first = data.get("first_player")
    st.turn = data.get("turn")
    st.boat = _whole(data["boat"], "boat", 1)
    players = _seat_map(data["players"], seats, "players")
    for s in seats:
        p = players[s]
        st.score[s] = _whole(p["score"], f"{s}'s score")
        st.shaman[s] = _text(p["shaman"], f"{s}'s shaman")
        st.reserve[s] = sorted(_whole(v, f"{s}'s reserve disc", 1) for v in p["reserve"])
        inv = p.get("invocation")
        if isinstance(inv, str) and inv.startswith("beach"):
            inv = int(inv[5:])
        st.invocation[s] = inv
        st.statues_left[s] = _whole(p["statues_left"], f"{s}'s statues_left")
        st.cards[s] = sorted(_text(c, f"{s}'s card") for c in p["cards"])
        st.score_cards[s] = [_text(c, f"{s}'s score card") for c in p["score_cards"]]
    st.beaches = {k: {s: sorted(_whole(v, f"beach{k} disc", 1)
                                for v in _seat_map(b, seats, f"beaches.{k}")[s]) for s in seats}
                  for k, b in _int_keys(data["beaches"], "beaches").items()}
    st.slots = {k: [None if c is None else _text(c, f"slot card of section {k}") for c in v]
                for k, v in _int_keys(data["slots"], "slots").items()}
    st.craters = {k: _whole(v, f"crater{k}") for k, v in _int_keys(data["craters"], "craters").items()}
    st.lava_supply = _whole(data["lava_supply"], "lava_supply")
    st.statues = {_text(k, "a statue's space"): _text(v, "a statue's owner")
                  for k, v in data["statues"].items()}
    contents = data["deck_contents"]
    if set(contents) != set(DECK_ORDER):
        raise _bad(f"deck_contents must list the decks {', '.join(DECK_ORDER)}")
    st.decks = {d: {f: _whole(k, f"deck_contents.{d}.{f}", 1) for f, k in contents[d].items()}
                for d in DECK_ORDER}
    for d in DECK_ORDER:
        if "decks" in data and data["decks"].get(d) != sum(st.decks[d].values()):
            raise _bad(f"decks.{d} = {data['decks'].get(d)} disagrees with deck_contents")
    st.discard = {f: _whole(k, f"discard.{f}", 1) for f, k in data.get("discard", {}).items()}
    st.box = {f: _whole(k, f"box.{f}", 1) for f, k in data.get("box", {}).items()}
    board = data["score_board"]
    st.board_cards = [_text(c, "a score board card") for c in board["cards"]]
    if board["priestess"] not in ("up", "down"):
        raise _bad("score_board.priestess must be up or down")
    st.priestess_up = board["priestess"] == "up"
    st.pending = [dict(t) for t in data.get("pending", [])]
    st.scorings = _copy(data.get("scorings", []))
    st.result = _copy(data.get("result"))
    return st
