"""What a palm card does when received, and shell purchases (K-R6, K-R7).

Each function returns the pending steps the card creates (a priestess
decision, a purchase decision) so the caller can queue them ahead of whatever
was already waiting: effects resolve in the order the cards were taken (K-R5).
"""
from __future__ import annotations

from referee.haleakala.rules import board


def receive(st, seat: str, face: str) -> list[dict]:
    """``seat`` takes card ``face``; statue cards act at once, others queue a decision."""
    kind = st.comp.faces[face].kind
    if kind == "statue":
        erect(st, seat)
        _discard(st, face)
        return []
    if kind == "priestess":
        _discard(st, face)
        return [{"do": "priestess", "seat": seat}]
    st.cards[seat].append(face)
    st.cards[seat].sort()
    if kind == "shell":
        return [{"do": "buy", "seat": seat, "why": "shell"}]
    return []


def _discard(st, face: str) -> None:
    st.discard[face] = st.discard.get(face, 0) + 1


def erect(st, seat: str) -> str | None:
    """K-R6: a statue on the shaman's space if it is an empty build space; else nothing."""
    where = st.shaman[seat]
    parsed = board.parse_space(st.comp, where)
    if parsed is None or parsed[0] not in st.comp.statue_rings:
        return None
    if where in st.statues or st.statues_left[seat] <= 0:
        return None
    st.statues[where] = seat
    st.statues_left[seat] -= 1
    return where


# --- priestess (K-R6) --------------------------------------------------------

def priestess_routes(st) -> list[tuple[int, int]]:
    out = []
    for src in sorted(st.craters):
        if st.craters[src] > 0:
            for dst in board.crater_neighbours(st.comp, src):
                out.append((src, dst))
    return out


def priestess_reason(st, seat: str, src, dst) -> str | None:
    """Why the priestess route is illegal, or None."""
    if src is None and dst is None:
        return None
    if src is None or dst is None:
        return f"{seat}'s priestess needs both a crater to take lava from and one to move it to (K-R6)"
    n = st.comp.sections
    if not (isinstance(src, int) and isinstance(dst, int) and 1 <= src <= n and 1 <= dst <= n):
        return f"{seat}'s priestess: craters are numbered 1-{n} (K-R1)"
    if st.craters.get(src, 0) == 0:
        return f"{seat}'s priestess cannot move lava from crater{src}: it holds none (K-R6)"
    if dst not in board.crater_neighbours(st.comp, src):
        return (f"{seat}'s priestess cannot move lava from crater{src} to crater{dst}: "
                f"only to a neighbouring crater, never across the centre (K-R6)")
    return None


def do_priestess(st, seat: str, src, dst) -> None:
    if src is not None:
        st.craters[src] -= 1
        st.craters[dst] += 1
    if st.invocation.get(seat) not in (None, "reserve"):
        st.invocation[seat] = "reserve"          # K-R11: a priestess brings it back


# --- purchases (K-R7, K-R8) --------------------------------------------------

def shells(st, seat: str) -> list[str]:
    return [c for c in st.cards[seat] if st.comp.faces[c].kind == "shell"]


def cost(st, card: str) -> int:
    return st.comp.priestess_cost if card == "priestess" else st.comp.score_cards[card].cost


def buy_options(st, seat: str, why: str) -> list[str]:
    have = len(shells(st, seat))
    opts = [c for c in st.board_cards if st.comp.score_cards[c].cost <= have]
    if why == "shell" and st.priestess_up and st.comp.priestess_cost <= have:
        opts.append("priestess")
    return opts


def buy_reason(st, seat: str, why: str, card: str) -> str | None:
    if card == "priestess":
        if why != "shell":
            return f"{seat} cannot buy the priestess before a scoring: only score cards (K-R8)"
        if not st.priestess_up:
            return f"{seat} cannot buy the priestess: it is face down until the next scoring (K-R7)"
    elif card not in st.comp.score_cards:
        names = ", ".join(list(st.comp.score_cards) + ["priestess"])
        return f"{seat} cannot buy {card!r}: no such card on the score board ({names}) (K-R7)"
    elif card not in st.board_cards:
        return f"{seat} cannot buy {card}: it was already bought this round (K-R7)"
    have, need = len(shells(st, seat)), cost(st, card)
    if need > have:
        return f"{seat} cannot buy {card}: it costs {need} shell(s), {seat} has {have} (K-R7)"
    return None


def do_buy(st, seat: str, card: str) -> list[dict]:
    """Pay with the shells showing the fewest butterflies (they score for nothing else)."""
    pay = sorted(shells(st, seat), key=lambda c: (st.comp.faces[c].butterflies, c))[:cost(st, card)]
    for c in pay:
        st.cards[seat].remove(c)
        _discard(st, c)
    if card == "priestess":
        st.priestess_up = False
        return [{"do": "priestess", "seat": seat}]
    st.board_cards.remove(card)
    st.score_cards[seat].append(card)
    return []
