"""Hawaii chance lines: readable records of the random acts (docs/notation-hawaii.md).

    places A1=kahunas B1=shell-foot-huts ...      the 10 places, layout order
    order GREEN RED BLUE                          order spaces 1..N at setup
    islands 2-tikis surfer 5-points hula          the empty docks in order (or dock3=hula)
    tokens A1=3,5s B1=4,- ... cove=6,2 track=2,3s the price-token layout

One line holds a whole group of atomic draws (consecutive draws of one
``chance_kind``). A line says where each token ended up, not only what was
drawn, so a hand-written line is checked against the rules: the engine tries
the draws without playing them (``dealing.trial``) and the line must agree
with where they land.
"""
from __future__ import annotations

import re

from referee.errors import BadChanceError
from referee.i18n import N_, _, ngettext
from referee.hawaii.text import names
from referee.hawaii.rules.moves import IslandDrawn, OrderDrawn, PlaceDrawn, Token, TokenDrawn
from referee.syntax.chance_head import chance_head
from referee.syntax.hints import did_you_mean

_WORDS = {"places": "places", "place": "places", "layout": "places", "order": "order",
          "islands": "islands", "island": "islands", "tokens": "tokens", "token": "tokens"}
_SPACES = re.compile(r"\s+")
_ITEM = re.compile(r"(?P<key>[^\s=,]+)\s*=\s*(?P<val>[^\s=,]+(?:\s*,\s*[^\s=,]+)*)"
                   r"|(?P<word>[^\s=,]+)|(?P<bad>=)")


def _group(d) -> list[tuple]:
    """The pending draws of the kind now due: one line must give all of them."""
    if not d.pending:
        return []
    head = d.pending[0][0]
    out = []
    for step in d.pending:
        if step[0] != head:
            break
        out.append(step)
    return out


def _items(text: str, start: int) -> list[tuple[str | None, str, int]]:
    """(name or None, value, column) per item; a line as the referee writes it
    (single spaces, no spaces around '=' or ',') is split without the pattern."""
    return _plain_items(text, start) or _pattern_items(text, start)


def _plain_items(text: str, start: int) -> list | None:
    rest = text[start:]
    if not rest or "  " in rest or "\t" in rest or " =" in rest or "= " in rest or " ," in rest \
            or ", " in rest:
        return None
    out = []
    column = start + 1
    for word in rest.split(" "):
        if word:
            key, eq, value = word.partition("=")
            if not key or "," in key or (eq and (not value or "=" in value or ",," in value
                                                 or value[0] == "," or value[-1] == ",")) \
                    or (not eq and "," in word):
                return None
            out.append((key, value, column) if eq else (None, word, column))
        column += len(word) + 1
    return out


def _pattern_items(text: str, start: int) -> list[tuple[str | None, str, int]]:
    out = []
    for m in _ITEM.finditer(text, start):
        if m.group("bad"):
            raise BadChanceError(_("a '=' without a name before it"), column=m.start() + 1)
        if m.group("word"):
            out.append((None, m.group("word"), m.start() + 1))
        else:
            val = _SPACES.sub("", m.group("val"))
            out.append((m.group("key"), val, m.start() + 1))
    return out


def parse_chance(text: str, state) -> list:
    """A chance line -> the atomic draws in the engine's order, checked on a copy of ``state``."""
    d = state.d
    kind, end = chance_head(text, state, _WORDS, "Hawaii", ["places", "order", "islands", "tokens"])
    items = _items(text, end)
    group = _group(d)
    moves = {"places": _places, "order": _order, "islands": _islands, "tokens": _tokens}[kind](
        items, group, state)
    _try_draws(kind, moves, group, items, state)
    return moves


def _keyed(items, what: str) -> bool:
    keyed = [k is not None for k, _, _ in items]
    if any(keyed) and not all(keyed):
        col = items[keyed.index(not keyed[0])][2]
        raise BadChanceError(_("write every {what} as NAME=VALUE, or none").format(what=_(what)),
                             column=col)
    return bool(items) and keyed[0]


def _count(items, group, what: str) -> None:
    if len(items) != len(group):
        col = items[len(group)][2] if len(items) > len(group) else None
        raise BadChanceError(_("the line must give {n} {what}, it gives {given}").format(
            n=len(group), what=_(what), given=len(items)), column=col)


def _resolve(word: str, table: dict[str, str], what: str, col: int) -> str:
    found = table.get(word.lower())
    if found is None:
        raise BadChanceError(_("unknown {what} '{word}'").format(what=_(what), word=word),
                             column=col, hint=did_you_mean(word, table.values()))
    return found


def _by_key(items, keys: list[str], what: str, key_of) -> list[tuple[str, int]]:
    """Values in the order of ``keys``: each key once, none missing."""
    got: dict[str, tuple[str, int]] = {}
    for k, v, col in items:
        key = key_of(k, col)
        if key not in keys:
            raise BadChanceError(_("{key} is not drawn now: the line gives {keys}").format(
                key=k, keys=", ".join(keys)), column=col)
        if key in got:
            raise BadChanceError(_("{what} {key} is given twice").format(what=_(what), key=k),
                                 column=col)
        got[key] = (v, col)
    missing = [k for k in keys if k not in got]
    if missing:
        raise BadChanceError(_("the line misses {what} {keys}").format(
            what=_(what), keys=", ".join(missing)))
    return [got[k] for k in keys]


def _places(items, group, state) -> list:
    d = state.d
    coords = [step[1] for step in group]
    table = {p.id.lower(): p.id for p in d.comps.places}
    if _keyed(items, N_("position")):
        upper = {c.lower(): c for c in d.comps.positions}
        values = _by_key(items, coords, N_("position"), lambda k, col: upper.get(k.lower(), k))
    else:
        _count(items, group, N_("places"))
        values = [(v, col) for _, v, col in items]
    seen: set[str] = set()
    out = []
    for v, col in values:
        pid = _resolve(v, table, N_("place"), col)
        if pid in seen:
            raise BadChanceError(_("place {place} is laid out twice").format(place=pid),
                                 column=col)
        seen.add(pid)
        out.append(PlaceDrawn(pid))
    return out


def _order(items, group, state) -> list:
    d = state.d
    if _keyed(items, N_("seat")):
        raise BadChanceError(_("write the order as seats in order: order GREEN RED BLUE"),
                             column=items[0][2])
    _count(items, group, N_("seats"))
    table = {s.lower(): s for s in d.seats}
    out, seen = [], set()
    for _key, v, col in items:
        seat = _resolve(v, table, N_("seat"), col)
        if seat in seen:
            raise BadChanceError(_("{seat} is given twice").format(seat=seat), column=col)
        seen.add(seat)
        out.append(OrderDrawn(seat))
    return out


def _islands(items, group, state) -> list:
    comps = state.d.comps
    docks = [f"dock{step[1] + 1}" for step in group]
    if _keyed(items, N_("dock")):
        values = _by_key(items, docks, N_("dock"), lambda k, col: names.boat_key(k))
    else:
        _count(items, group, N_("islands"))
        values = [(v, col) for _, v, col in items]
    table = names.island_names(comps)
    return [IslandDrawn(_resolve(v, table, N_("island"), col)) for v, col in values]


_TOKEN_WORD = re.compile(r"[0-9]+[sS]?")


def _token(word: str, col: int) -> Token:
    if not _TOKEN_WORD.fullmatch(word):
        raise BadChanceError(_("'{word}' is not a price token (like 4 or 4s)").format(word=word),
                             column=col)
    return Token.parse(word)


def _draw(word: str, col: int) -> TokenDrawn:
    """Draws are immutable values: one object per spelling serves every line."""
    found = _DRAW_OF_WORD.get(word)
    if found is None:
        found = TokenDrawn(_token(word, col))
        if len(_DRAW_OF_WORD) < 256:
            _DRAW_OF_WORD[word] = found
    return found


_DRAW_OF_WORD: dict[str, TokenDrawn] = {}


def _tokens(items, group, state) -> list:
    d = state.d
    circles: dict[str, list[str]] = {}
    track_steps = 0
    for _act, where, circle in group:
        if where == "track":
            track_steps += 1
        else:
            circles.setdefault(where, []).append(circle)
    given: dict[str, tuple[list[str], int]] = {}
    for key, value, col in items:
        if key is None:
            raise BadChanceError(_("write tokens as PLACE=TOKENS, like A1=3,5s (not "
                                   "'{value}')").format(value=value), column=col)
        name = key.lower()
        if name not in ("cove", "track"):
            name = names.place_coord(key, d.board, d.comps) or key
            if name not in circles:
                raise BadChanceError(_("{key} gets no token now: positions are {keys}").format(
                    key=key, keys=", ".join(circles)), column=col)
        if name in given:
            raise BadChanceError(_("{seat} is given twice").format(seat=key), column=col)
        given[name] = (value.split(","), col)
    cove, cove_col = given.get("cove", ([], None))
    cove_draws = [_draw(w, cove_col) for w in cove if w != "-"]
    out = []
    fish = iter(cove_draws)
    used_fish = 0
    for coord, kinds in circles.items():
        if coord not in given:
            raise BadChanceError(ngettext("the line misses {place} ({n} circle)",
                                          "the line misses {place} ({n} circles)",
                                          len(kinds)).format(place=coord, n=len(kinds)))
        words, col = given[coord]
        if len(words) != len(kinds):
            n = len(kinds)
            raise BadChanceError(ngettext(
                "{place} has {n} circle to fill: give {n} token (the printed one last, '-' "
                "when empty), not {given}", "{place} has {n} circles to fill: give {n} tokens "
                "(the printed one last, '-' when empty), not {given}", n).format(
                    place=coord, n=n, given=len(words)), column=col)
        for word, circle in zip(words, kinds):
            if word == "-":
                if circle != "printed":
                    raise BadChanceError(_("only the printed circle of {place} can stay empty "
                                           "('-' last)").format(place=coord), column=col)
                draw = next(fish, None)
                if draw is None:
                    raise BadChanceError(_("{place}'s printed circle is empty, so its token "
                                           "must be listed in cove=").format(place=coord),
                                         column=cove_col or col)
                used_fish += 1
                out.append(draw)
            else:
                out.append(_draw(word, col))
    if used_fish != len(cove_draws):
        raise BadChanceError(_("cove= lists {n} fish but {empty} printed circles are empty "
                               "('-')").format(n=len(cove_draws), empty=used_fish),
                             column=cove_col)
    track, track_col = given.get("track", ([], None))
    if len(track) != track_steps:
        raise BadChanceError(_("track= must give {n} tokens (order spaces 2..N), not "
                               "{given}").format(n=track_steps, given=len(track)),
                             column=track_col)
    out += [_draw(w, track_col) for w in track]
    return out


def _try_draws(kind, moves, group, items, state) -> None:
    """Try the draws without playing them; where a token lands must be what the line says."""
    d = state.d
    try:
        landings = state.try_draws(group, moves)
    except BadChanceError as err:
        err.reason = f"{_label(group[err.index])}: {err.reason}"
        err.args = (err.reason,)
        raise
    if kind != "tokens":
        return
    empty_said = _dash_places(items, d)
    for move, step, landing in zip(moves, group, landings):
        if landing is None:
            continue
        stays, total = landing
        where = step[1]
        limit = d.comps.place(d.board[where]).limit
        if not stays and where not in empty_said:
            raise BadChanceError(_("token {token} cannot lie on {place}'s printed circle: the "
                                   "sum {total} exceeds the limit {limit}, so it goes to the "
                                   "cove (write '-' and list it in cove=) (H-R18)").format(
                token=move.token, place=where, total=total, limit=limit))
        if stays and where in empty_said:
            raise BadChanceError(_("token {token} fits on {place}'s printed circle (sum "
                                   "{total}, limit {limit}): it cannot go to the cove "
                                   "(H-R18)").format(token=move.token, place=where, total=total,
                                                     limit=limit))


def _dash_places(items, d) -> set[str]:
    out = set()
    for key, value, _ in items:
        if key and value.split(",")[-1] == "-" and key.lower() not in ("cove", "track"):
            out.add(names.place_coord(key, d.board, d.comps) or key)
    return out


def _label(step: tuple) -> str:
    if step[0] == "place":
        return f"position {step[1]}"
    if step[0] == "order":
        return f"order space {step[1]}"
    if step[0] == "island":
        return f"dock {step[1] + 1}"
    return "track" if step[1] == "track" else f"{step[1]} ({step[2]} circle)"


# --- writing -----------------------------------------------------------------------

def format_chance(kind: str, moves, state) -> str:
    """The canonical line for ``moves`` drawn one by one from ``state``."""
    trial = state.clone()
    d = trial.d
    steps = []
    for move in moves:
        step = d.pending[0]
        cove_before = len(d.cove)
        trial.apply(move)
        steps.append((step, move, len(d.cove) > cove_before))
    if kind == "places":
        return "places " + " ".join(f"{s[1]}={m.place_id}" for s, m, _ in steps)
    if kind == "order":
        return "order " + " ".join(m.seat for _, m, _ in steps)
    if kind == "islands":
        everything = len(steps) == len(state.d.docks) and all(x is None for x in state.d.docks)
        if everything:
            return "islands " + " ".join(m.island_id for _, m, _ in steps)
        return "islands " + " ".join(f"dock{s[1] + 1}={m.island_id}" for s, m, _ in steps)
    per: dict[str, list[str]] = {}
    cove, track = [], []
    for step, move, fished in steps:
        if step[1] == "track":
            track.append(str(move.token))
        elif fished:
            per.setdefault(step[1], []).append("-")
            cove.append(str(move.token))
        else:
            per.setdefault(step[1], []).append(str(move.token))
    out = "tokens " + " ".join(f"{c}={','.join(v)}" for c, v in per.items())
    if cove:
        out += f" cove={','.join(cove)}"
    if track:
        out += f" track={','.join(track)}"
    return out
