"""The boat lands: cards handed out, discs returned, slots refilled (K-R5, K-R8).

A landing becomes a short queue of steps (picks, the rest card, the return of
discs, the refill) so that player decisions and random draws interleave in the
order the rulebook resolves them, and a saved position can stop between any two.
"""
from __future__ import annotations

from referee.haleakala.rules import board, cards
from referee.haleakala.data.model import DECK_ORDER


def sums(st, section: int) -> dict[str, int]:
    return {s: sum(st.beaches[section][s]) for s in st.seats}


def cards_at(st, section: int) -> list[str]:
    return [c for c in st.slots[section] if c is not None]


def decks_empty(st) -> bool:
    return all(not d for d in st.decks.values())


def land(st, task: dict) -> list[dict]:
    """Steps that follow the boat stopping at ``task['sec']`` (K-R5, K-R8, K-R11)."""
    sec, by = task["sec"], task["by"]
    if task.get("invoked") and st.lava_supply > 0:
        st.craters[sec] += 1
        st.lava_supply -= 1
    here = cards_at(st, sec)
    if not here and decks_empty(st):
        return [{"do": "scoring", "n": 2, "by": by}]
    total = sums(st, sec)
    present = [s for s in st.seats if total[s] > 0]
    steps: list[dict] = []
    if len(present) == 2:
        hi = max(present, key=lambda s: total[s])
        lo = st.other(hi)
        identical = len(here) == 2 and here[0] == here[1]
        steps.append({"do": "pick", "seat": hi, "sec": sec, "rest": None if identical else lo})
    elif len(present) == 1:
        steps.append({"do": "pick", "seat": present[0], "sec": sec, "rest": None})
    steps.append({"do": "return", "sec": sec})
    steps.append({"do": "refill", "sec": sec, "by": by})
    return steps


def pick_options(st, task: dict) -> list[str]:
    return sorted(set(cards_at(st, task["sec"])))


def take(st, seat: str, sec: int, face: str) -> list[dict]:
    slot = st.slots[sec]
    slot[slot.index(face)] = None
    return cards.receive(st, seat, face)


def pick(st, task: dict, face: str) -> list[dict]:
    steps = take(st, task["seat"], task["sec"], face)
    if task.get("rest"):
        steps.append({"do": "rest", "seat": task["rest"], "sec": task["sec"]})
    return steps


def rest(st, task: dict) -> list[dict]:
    left = cards_at(st, task["sec"])
    return take(st, task["seat"], task["sec"], left[0]) if left else []


def return_discs(st, task: dict) -> None:
    sec = task["sec"]
    for s in st.seats:
        if st.beaches[sec][s]:
            st.reserve[s] = sorted(st.reserve[s] + st.beaches[sec][s])
            st.beaches[sec][s] = []
        if st.invocation.get(s) == sec:
            st.invocation[s] = "reserve"       # K-R11: the boat landed at its section


# --- drawing -----------------------------------------------------------------

def active_deck(st) -> str | None:
    for d in DECK_ORDER:
        if st.decks[d]:
            return d
    return None


def next_slot(st, task: dict) -> tuple[int, int] | None:
    """The slot the next draw fills: from section 1 at setup, from the landing section on a refill."""
    start = 1 if task["do"] == "deal" else task["sec"]
    for k in range(st.comp.sections):
        sec = board.step(st.comp, start, k)
        for i, c in enumerate(st.slots[sec]):
            if c is None:
                return sec, i
    return None


def draw_due(st, task: dict) -> bool:
    return next_slot(st, task) is not None and active_deck(st) is not None


def draw(st, task: dict, face: str) -> list[dict]:
    """Apply one drawn card; returns the steps to run before the draw goes on."""
    deck = active_deck(st)
    left = st.decks[deck]
    left[face] -= 1
    if not left[face]:
        del left[face]
    sec, i = next_slot(st, task)
    if st.comp.faces[face].kind == "lava":
        lava_at = sec if task["do"] == "deal" else task["sec"]
        if st.lava_supply > 0:
            st.craters[lava_at] += 1
            st.lava_supply -= 1
        st.discard[face] = st.discard.get(face, 0) + 1
    else:
        st.slots[sec][i] = face
    if deck == "two" and not left and not st.scorings and st.round == 1:
        return [{"do": "scoring", "n": 1, "by": task.get("by") or st.turn}]
    return []
