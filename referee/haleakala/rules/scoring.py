"""Eruptions, scorings and the winner (K-R8, K-R9, K-R10).

Each scoring keeps a per-seat breakdown in the state, so a referee can show a
player where every point came from and tests can check single terms.
"""
from __future__ import annotations

from referee.haleakala.rules import board


def erupt(st) -> list[dict]:
    """Lava runs down each section; statues it reaches go home; the lava leaves (K-R8)."""
    flow = st.comp.lava_flow
    destroyed = []
    for sec in sorted(st.craters):
        n = st.craters[sec]
        if not n:
            continue
        for ring in flow[min(n, len(flow)) - 1]:
            sp = board.space(ring, sec)
            owner = st.statues.pop(sp, None)
            if owner is not None:
                st.statues_left[owner] += 1
                destroyed.append({"space": sp, "seat": owner})
        st.craters[sec] = 0
    st.lava_supply = st.comp.lava_discs
    return destroyed


def _ring(st, sp: str) -> str:
    return board.parse_space(st.comp, sp)[0]


def _statues_by_ring(st, seat: str) -> dict[str, int]:
    out = {r: 0 for r in st.comp.statue_rings}
    for sp, owner in st.statues.items():
        if owner == seat:
            out[_ring(st, sp)] += 1
    return out


def _faces(st, seat: str):
    return [st.comp.faces[c] for c in st.cards[seat]]


def points(st, seat: str, n: int) -> dict[str, int]:
    """The breakdown of ``seat``'s points at scoring ``n`` (K-R9)."""
    comp = st.comp
    opp = st.other(seat)
    mine = _faces(st, seat)
    b: dict[str, int] = {}
    b["statues"] = sum(comp.statue_points[_ring(st, sp)]
                       for sp, owner in st.statues.items() if owner == seat)
    baskets = sum(f.baskets for f in mine)
    theirs = sum(f.baskets for f in _faces(st, opp))
    b["baskets"] = comp.baskets_majority if baskets > theirs else 0
    white = sum(1 for f in mine if f.pearl == "white")
    black = sum(1 for f in mine if f.pearl == "black")
    pairs = min(white, black)
    b["pearls"] = (pairs * comp.pearl_pair + (white - pairs) * comp.pearl_white
                   + (black - pairs) * comp.pearl_black)
    if n == 2:
        b["nautilus"] = comp.nautilus_points * sum(f.nautilus for f in mine)
        b["shells"] = comp.shell_left_points * sum(1 for f in mine if f.kind == "shell")
    for name in st.score_cards[seat]:
        b[name] = score_card(st, seat, name)
    b["total"] = sum(b.values())
    return b


def score_card(st, seat: str, name: str) -> int:
    spec = st.comp.score_cards[name]
    if spec.scores == "per-butterfly":
        return spec.points * sum(f.butterflies for f in _faces(st, seat))
    if spec.scores == "per-statue":
        return spec.points * _statues_by_ring(st, seat)[spec.ring]
    if spec.scores == "majority-per-ring":
        a, b = _statues_by_ring(st, seat), _statues_by_ring(st, st.other(seat))
        return spec.points * sum(1 for r in st.comp.statue_rings if a[r] > b[r])
    if spec.scores == "per-complete-section":
        full = 0
        for sec in range(1, st.comp.sections + 1):
            if all(st.statues.get(board.space(r, sec)) == seat for r in st.comp.statue_rings):
                full += 1
        return spec.points * full
    raise ValueError(spec.scores)


def run_scoring(st, n: int) -> None:
    """Eruption, then points; after the first, the score board is restored (K-R8, K-R9)."""
    destroyed = erupt(st)
    detail = {}
    for seat in st.seats:
        detail[seat] = points(st, seat, n)
    for seat in st.seats:
        st.score[seat] += detail[seat]["total"]
    st.scorings.append({"n": n, "destroyed": destroyed, "points": detail})
    if n == 1:
        returned = set(st.board_cards)
        for seat in st.seats:
            returned.update(st.score_cards[seat])
            st.score_cards[seat] = []
        st.board_cards = [c for c in st.comp.score_cards if c in returned]
        st.priestess_up = True
        st.round = 2
    else:
        st.result = final_result(st)
        st.pending.clear()


def final_result(st) -> dict:
    """K-R10: most points; then most statues on the island; then the player who did not start."""
    def on_island(s):
        return sum(1 for o in st.statues.values() if o == s)
    best = max(st.score.values())
    tied = [s for s in st.seats if st.score[s] == best]
    tiebreak = None
    if len(tied) > 1:
        most = max(on_island(s) for s in tied)
        tied = [s for s in tied if on_island(s) == most]
        tiebreak = "statues"
        if len(tied) > 1:
            tied = [s for s in tied if s != st.first] or tied
            tiebreak = "not-first"
    return {"scores": dict(st.score), "winners": tied, "tiebreak": tiebreak}
