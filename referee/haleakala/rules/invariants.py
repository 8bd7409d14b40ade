"""What every Haleakala position must satisfy.

One list of checks serves two masters: ``check_invariants`` (a failure is an
engine bug: InvariantError) and loading a saved position (a failure is bad
input: BadPositionError), so a position the engine could never reach is
refused at the door with the same words the engine would use about itself.
"""
from __future__ import annotations

from referee.errors import InvariantError
from referee.haleakala.rules import board


def problems(st) -> list[str]:
    comp = st.comp
    seats = comp.seats
    out: list[str] = []
    n = comp.sections
    secs = set(range(1, n + 1))
    if st.round not in (1, 2):
        out.append(f"round must be 1 or 2, not {st.round!r}")
    if st.boat not in secs:
        out.append(f"the boat must be at a section 1-{n}, not {st.boat!r}")
    for key in ("beaches", "slots", "craters"):
        if set(getattr(st, key)) != secs:
            out.append(f"{key} must list sections 1-{n}")
            return out
    # discs (K-R4) and the sum rule (K-R3)
    for s in seats:
        have = sorted(list(st.reserve[s]) + [v for sec in secs for v in st.beaches[sec][s]])
        if have != sorted(comp.number_discs):
            out.append(f"{s} must own number discs {list(comp.number_discs)} once each "
                       f"(reserve plus beaches), found {have}")
    for sec in secs:
        a, b = (sum(st.beaches[sec][s]) for s in seats)
        if a == b and a != 0:
            out.append(f"beach{sec}: red and yellow sums are both {a} (K-R3)")
    for s in seats:
        inv = st.invocation.get(s)
        if st.tactical:
            if inv != "reserve" and inv not in secs:
                out.append(f"{s}'s invocation disc must be in reserve or on a beach, not {inv!r}")
        elif inv is not None:
            out.append(f"{s} has an invocation disc outside the tactical variant (K-R11)")
    # lava
    on_board = sum(st.craters.values())
    if any(c < 0 for c in st.craters.values()) or st.lava_supply < 0:
        out.append("lava counts cannot be negative")
    if on_board + st.lava_supply != comp.lava_discs or on_board > comp.lava_discs:
        out.append(f"lava discs: {on_board} on craters + {st.lava_supply} in supply, "
                   f"must be {comp.lava_discs} (at most {comp.lava_discs} on the board)")
    # statues and shamans
    for sp, owner in st.statues.items():
        p = board.parse_space(comp, sp)
        if p is None or p[0] not in comp.statue_rings or board.space(*p) != sp:
            out.append(f"a statue cannot stand on {sp!r}")
        if owner not in seats:
            out.append(f"statue on {sp} has no owner seat ({owner!r})")
    for s in seats:
        placed = sum(1 for o in st.statues.values() if o == s)
        if st.statues_left[s] < 0 or placed + st.statues_left[s] != comp.statues_per_player:
            out.append(f"{s} must have {comp.statues_per_player} statues (board plus reserve), "
                       f"found {placed} + {st.statues_left[s]}")
        sh = st.shaman[s]
        p = board.parse_space(comp, sh)
        ok = p is not None and board.space(*p) == sh and (
            p[0] in comp.shaman_rings or sh == f"beach{comp.huts[s]}")
        if not ok:
            out.append(f"{s}'s shaman cannot stand on {sh!r} (K-R2)")
    if st.shaman[seats[0]] == st.shaman[seats[1]]:
        out.append(f"both shamans stand on {st.shaman[seats[0]]} (K-R2)")
    # cards: 49 conserved
    out.extend(_card_problems(st))
    if st.first is not None and st.first not in seats:
        out.append(f"first player {st.first!r} is not a seat")
    if st.turn is not None and st.turn not in seats:
        out.append(f"turn {st.turn!r} is not a seat")
    if st.first is None and (st.pending[:1] != [{"do": "first"}]):
        out.append("the first player is not drawn but the game has started")
    out.extend(_task_problems(st, seats, secs))
    if not isinstance(st.scorings, list) or any(
            not isinstance(x, dict) or x.get("n") not in (1, 2) for x in st.scorings):
        out.append("scorings must be a list of scoring records")
    elif st.round in (1, 2) and len(st.scorings) != st.round - 1 + (st.result is not None):
        out.append(f"round {st.round} does not fit {len(st.scorings)} scoring(s) done")
    else:
        out.extend(_round_problems(st, seats))
    if st.result is not None:
        r = st.result
        if not isinstance(r, dict) or not isinstance(r.get("winners"), list) or \
                any(w not in seats for w in r["winners"]) or r.get("scores") != st.score:
            out.append("result must give the scores and the winners")
        if st.pending:
            out.append("the game is over but steps are pending")
    for s in seats:
        if st.score[s] < 0:
            out.append(f"{s}'s score is negative")
    return out


def _round_problems(st, seats) -> list[str]:
    """Where the decks, the scorings and the first draw must stand in each round (K-R8)."""
    out = []
    done = len(st.scorings)
    for t in st.pending:
        if isinstance(t, dict) and t.get("do") in ("scoring", "erupt") and t.get("n") != done + 1:
            out.append(f"scoring {t.get('n')} cannot be due after {done} scoring(s) (K-R8)")
        if isinstance(t, dict) and t.get("do") == "first" and st.first is not None:
            out.append(f"the first player is drawn again after {st.first} (K-R1)")
    if st.first is None and any(c is not None for slot in st.slots.values() for c in slot):
        out.append("cards are dealt before the first player is drawn")
    if not done and any(st.score[s] for s in seats):
        out.append("points are scored only at the scorings, and none has happened (K-R8, K-R9)")
    if st.round == 2 and (st.decks.get("one") or st.decks.get("two")):
        out.append("round 2 begins only once the two-palm deck is used up (K-R8)")
    scoring_due = any(isinstance(t, dict) and (t.get("do") in ("scoring", "erupt")
                                               or t.get("why") == "scoring") for t in st.pending)
    if st.round == 1 and not done and not st.decks.get("two") and st.first is not None \
            and not scoring_due:
        out.append("the two-palm deck is used up, so the first scoring is due (K-R8)")
    return out


_SEAT, _SEAT_OR_NONE, _SEC, _BOOL = "seat", "seat?", "sec", "bool"
SCHEMA = {
    "first": {}, "deal": {},
    "land": {"sec": _SEC, "by": _SEAT, "invoked": _BOOL},
    "pick": {"seat": _SEAT, "sec": _SEC, "rest": _SEAT_OR_NONE},
    "rest": {"seat": _SEAT, "sec": _SEC},
    "priestess": {"seat": _SEAT},
    "buy": {"seat": _SEAT, "why": ("shell", "scoring")},
    "return": {"sec": _SEC},
    "refill": {"sec": _SEC, "by": _SEAT_OR_NONE},
    "scoring": {"n": (1, 2), "by": _SEAT},
    "erupt": {"n": (1, 2)},
}


def _task_problems(st, seats, secs) -> list[str]:
    out = []
    for t in st.pending:
        if not isinstance(t, dict) or t.get("do") not in SCHEMA:
            out.append(f"unknown pending step {t!r}")
            continue
        spec = SCHEMA[t["do"]]
        if set(t) - {"do"} != set(spec):
            out.append(f"pending step {t!r} must have the fields {', '.join(spec) or 'none'}")
            continue
        for key, want in spec.items():
            v = t[key]
            ok = {_SEAT: v in seats, _SEAT_OR_NONE: v is None or v in seats,
                  _SEC: isinstance(v, int) and not isinstance(v, bool) and v in secs,
                  _BOOL: isinstance(v, bool)}.get(want) if isinstance(want, str) else v in want
            if not ok:
                out.append(f"pending step {t!r}: bad {key}")
    return out


def _card_problems(st) -> list[str]:
    comp = st.comp
    out = []
    totals = comp.face_totals()
    faces = comp.faces
    found: dict[str, int] = {}
    get = found.get
    for deck in st.decks.values():
        for f, k in deck.items():
            if k <= 0:
                out.append(f"deck count for {f} must be positive")
            found[f] = get(f, 0) + k
    for sec, slot in st.slots.items():
        if len(slot) != comp.slots_per_section:
            out.append(f"section {sec} must have {comp.slots_per_section} card slots")
        for c in slot:
            if c is not None:
                if c in faces and faces[c].kind == "lava":
                    out.append(f"a lava card cannot lie in a slot (section {sec}) (K-R5)")
                found[c] = get(c, 0) + 1
    for s in comp.seats:
        for c in st.cards[s]:
            if c not in faces or not faces[c].kept:
                out.append(f"{s} cannot keep card {c!r}: only shell and beach cards are kept")
            found[c] = get(c, 0) + 1
    for where in (st.discard, st.box):
        for f, k in where.items():
            found[f] = get(f, 0) + k
    if found != totals:
        for f in set(found) | set(totals):
            if found.get(f, 0) != totals.get(f, 0):
                out.append(f"card {f}: {found.get(f, 0)} found, the game has {totals.get(f, 0)}")
    for deck, cards in comp.decks.items():
        for f in st.decks.get(deck, {}):
            if f not in cards:
                out.append(f"card {f} cannot be in the {deck}-palm deck")
    lava = comp.lava_faces()
    if st.tactical:
        if any(f in lava for d in st.decks.values() for f in d) or \
                sum(st.box.get(f, 0) for f in lava) != sum(totals[f] for f in lava):
            out.append("the tactical variant plays without lava cards (K-R11)")
    elif st.box:
        out.append("no card is left in the box outside the tactical variant")
    bought = [c for s in comp.seats for c in st.score_cards[s]]
    every = list(st.board_cards) + bought
    if sorted(every) != sorted(comp.score_cards):
        out.append(f"the {len(comp.score_cards)} score cards must each be on the board or with "
                   f"one player, found {sorted(every)}")
    palm = sum(found.values())
    total = palm + len(every) + 1 + comp.first_player_cards
    if total != comp.total_cards:
        out.append(f"{total} cards found, the game has {comp.total_cards}")
    return out


def check(st) -> None:
    found = problems(st)
    if found:
        raise InvariantError("invariant broken: " + "; ".join(found))
