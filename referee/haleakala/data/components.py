"""Load and check ``games/haleakala.yaml``.

The data file is edited by people reading cardboard, so every inconsistency is
reported as ``file:line: what is wrong`` rather than as a Python traceback. The
file is read by the reader every game shares (:mod:`referee.core.components`),
which keeps each value's line and provenance and refuses a value with no status.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from referee.core import components as shared
from referee.errors import ComponentError
from referee.haleakala.data.model import (CARD_KINDS, DECK_ORDER, SCORE_KINDS, CardFace,
                                     HaleakalaComponents, Provenance, ScoreCardSpec)
from referee.core.paths import game_data

MODEL_CLASSES = (HaleakalaComponents, CardFace, ScoreCardSpec, Provenance)


class _Tree:
    """The line of each dotted path, so that a check on plain values can still name it."""

    def __init__(self, file: str, lines: dict[str, int]):
        self.file = file
        self.lines = lines

    def fail(self, path: str, message: str) -> ComponentError:
        line = self.lines.get(path)
        while line is None and "." in path:
            path = path.rsplit(".", 1)[0]
            line = self.lines.get(path)
        return ComponentError(f"{self.file}:{line or 1}: {message}", file=self.file, line=line)


def _get(tree: _Tree, data: dict, path: str, kind=None):
    cur = data
    for part in path.split("."):
        if not isinstance(cur, dict) or part not in cur:
            raise tree.fail(path, f"missing {path}")
        cur = cur[part]
    if kind is not None and (not isinstance(cur, kind) or (kind is int and isinstance(cur, bool))):
        raise tree.fail(path, f"{path} must be {getattr(kind, '__name__', kind)}, got {cur!r}")
    return cur


def _positive(tree, data, path, allow_zero=False) -> int:
    v = _get(tree, data, path, int)
    if v < 0 or (v == 0 and not allow_zero):
        raise tree.fail(path, f"{path} must be {'>= 0' if allow_zero else '> 0'}, got {v}")
    return v


def parse(text: str, file: str = "haleakala.yaml") -> HaleakalaComponents:
    """Build the components from YAML text; ComponentError names file and line."""
    root, kept = shared.read(file, text)
    if not isinstance(root.data, dict):
        raise ComponentError(f"{file}:1: the top level must be a mapping", file=file, line=1)
    tree = _Tree(file, root.lines())
    data = root.plain()

    seats = tuple(_get(tree, data, "seats", list))
    if len(seats) != 2 or len(set(seats)) != 2:
        raise tree.fail("seats", "Haleakala has exactly two seats")
    sections = _positive(tree, data, "board.sections")
    rings = tuple(_get(tree, data, "board.rings", list))
    for need in ("sea", "beach", "crater"):
        if need not in rings:
            raise tree.fail("board.rings", f"board.rings lacks {need!r}")
    shaman_rings = tuple(_get(tree, data, "board.shaman_rings", list))
    statue_rings = tuple(_get(tree, data, "board.statue_rings", list))
    for path, group in (("board.shaman_rings", shaman_rings), ("board.statue_rings", statue_rings)):
        for r in group:
            if r not in rings or r in ("sea", "beach", "crater"):
                raise tree.fail(path, f"{path}: {r!r} is not a land ring of board.rings")
    huts = _get(tree, data, "board.huts", dict)
    if set(huts) != set(seats):
        raise tree.fail("board.huts", "board.huts must name a hut beach for each seat")
    for seat, sec in huts.items():
        if not isinstance(sec, int) or not 1 <= sec <= sections:
            raise tree.fail(f"board.huts.{seat}", f"hut section of {seat} must be 1..{sections}")
    a, b = (huts[s] for s in seats)
    if (a - b) % sections != sections // 2:
        raise tree.fail("board.huts", "the two hut beaches must be opposite (K-R1)")
    jetty = _get(tree, data, "board.jetty", int)
    if not 1 <= jetty <= sections:
        raise tree.fail("board.jetty", f"board.jetty must be a section 1..{sections}")
    flow = tuple(tuple(x) for x in _get(tree, data, "lava.flow", list))
    lava_discs = _positive(tree, data, "pieces.lava_discs")
    if len(flow) != lava_discs:
        raise tree.fail("lava.flow", "lava.flow needs one entry per lava disc a crater can hold")
    for i, spaces in enumerate(flow):
        for r in spaces:
            if r not in statue_rings:
                raise tree.fail(f"lava.flow.{i}", f"lava cannot reach {r!r}")
    discs = tuple(_get(tree, data, "pieces.number_discs", list))
    if not discs or any(not isinstance(d, int) or d < 1 for d in discs) or len(set(discs)) != len(discs):
        raise tree.fail("pieces.number_discs", "number discs must be distinct positive numbers")
    if max(discs) >= sections:
        raise tree.fail("pieces.number_discs", "a disc must move the boat less than a full turn")

    faces: dict[str, CardFace] = {}
    for name, spec in _get(tree, data, "cards.faces", dict).items():
        p = f"cards.faces.{name}"
        if not isinstance(spec, dict):
            raise tree.fail(p, f"card face {name!r} must be a mapping")
        unknown = set(spec) - {"kind", "baskets", "butterflies", "pearl", "nautilus"}
        if unknown:
            raise tree.fail(p, f"card face {name!r}: unknown field(s) {', '.join(sorted(unknown))}")
        kind = spec.get("kind")
        if kind not in CARD_KINDS:
            raise tree.fail(p, f"card face {name!r}: kind must be one of {', '.join(CARD_KINDS)}")
        if spec.get("pearl") not in (None, "white", "black"):
            raise tree.fail(p, f"card face {name!r}: pearl must be white or black")
        nums = {k: spec.get(k, 0) for k in ("baskets", "butterflies", "nautilus")}
        for k, v in nums.items():
            if not isinstance(v, int) or v < 0:
                raise tree.fail(f"{p}.{k}", f"card face {name!r}: {k} must be a count >= 0")
        faces[str(name)] = CardFace(str(name), kind, pearl=spec.get("pearl"), **nums)
    if not any(f.kind == "lava" for f in faces.values()):
        raise tree.fail("cards.faces", "no lava card face defined")

    decks: dict[str, dict[str, int]] = {}
    deck_data = _get(tree, data, "cards.decks", dict)
    if tuple(deck_data) != DECK_ORDER:
        raise tree.fail("cards.decks", f"cards.decks must be {', '.join(DECK_ORDER)} in that order")
    for deck in DECK_ORDER:
        p = f"cards.decks.{deck}"
        count = _positive(tree, data, f"{p}.count")
        cards = _get(tree, data, f"{p}.cards", dict)
        decks[deck] = {}
        for face, n in cards.items():
            if face not in faces:
                raise tree.fail(f"{p}.cards.{face}", f"{p}: unknown card face {face!r}")
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise tree.fail(f"{p}.cards.{face}", f"{p}.cards.{face} must be a count >= 1")
            decks[deck][str(face)] = n
        if sum(decks[deck].values()) != count:
            raise tree.fail(f"{p}.cards", f"{p} lists {sum(decks[deck].values())} cards, count says {count}")
    lava = {n for n, f in faces.items() if f.kind == "lava"}
    if any(f in lava for f in decks["one"]):
        raise tree.fail("cards.decks.one", "the one-palm deck dealt at setup cannot hold lava cards")
    dealt = _positive(tree, data, "cards.decks.one.dealt_at_setup")
    slots = _positive(tree, data, "board.slots_per_section")
    if dealt != slots * sections:
        raise tree.fail("cards.decks.one.dealt_at_setup", f"setup deals one card per slot ({slots * sections})")
    if dealt > sum(decks["one"].values()):
        raise tree.fail("cards.decks.one.dealt_at_setup", "more cards dealt than the one-palm deck holds")

    score_cards: dict[str, ScoreCardSpec] = {}
    for name, spec in _get(tree, data, "score_cards", dict).items():
        p = f"score_cards.{name}"
        if not isinstance(spec, dict):
            raise tree.fail(p, f"score card {name!r} must be a mapping")
        if spec.get("scores") not in SCORE_KINDS:
            raise tree.fail(p, f"score card {name!r}: scores must be one of {', '.join(SCORE_KINDS)}")
        ring = spec.get("ring")
        if spec["scores"] == "per-statue" and ring not in statue_rings:
            raise tree.fail(p, f"score card {name!r}: per-statue needs a ring among {statue_rings}")
        cost = _positive(tree, data, f"{p}.cost")
        points = _positive(tree, data, f"{p}.points")
        score_cards[str(name)] = ScoreCardSpec(str(name), spec["scores"], points, cost, ring)
    if "priestess" in score_cards or "nothing" in score_cards:
        raise tree.fail("score_cards", "score cards cannot be named 'priestess' or 'nothing'")
    first_player_cards = _positive(tree, data, "cards.first_player_cards")
    total = _positive(tree, data, "cards.total")
    counted = first_player_cards + sum(sum(d.values()) for d in decks.values()) + len(score_cards) + 1
    if counted != total:
        raise tree.fail("cards.total", f"cards.total says {total} but the data holds {counted} cards")

    sp = _get(tree, data, "points.statues", dict)
    if set(sp) != set(statue_rings):
        raise tree.fail("points.statues", "points.statues needs a value for each statue ring")

    return HaleakalaComponents(
        seats=seats, sections=sections, rings=rings, shaman_rings=shaman_rings,
        statue_rings=statue_rings, slots_per_section=slots, huts=dict(huts), jetty=jetty,
        along_section=bool(_get(tree, data, "board.adjacency.along_section")),
        around_ring=bool(_get(tree, data, "board.adjacency.around_ring")),
        max_steps=_positive(tree, data, "board.shaman_move.max_steps"),
        max_uphill=_positive(tree, data, "board.shaman_move.max_uphill", True),
        priestess_reach=_positive(tree, data, "board.priestess_reach"),
        statues_per_player=_positive(tree, data, "pieces.statues_per_player"),
        number_discs=discs,
        invocation_discs=_positive(tree, data, "pieces.invocation_discs_per_player", True),
        lava_discs=lava_discs, lava_flow=flow, total_cards=total,
        first_player_cards=first_player_cards, faces=faces, decks=decks, dealt_at_setup=dealt,
        score_cards=score_cards,
        priestess_cost=_positive(tree, data, "priestess_card.cost"),
        statue_points={k: int(v) for k, v in sp.items()},
        baskets_majority=_positive(tree, data, "points.baskets_majority", True),
        pearl_white=_positive(tree, data, "points.pearl_white", True),
        pearl_black=_positive(tree, data, "points.pearl_black", True),
        pearl_pair=_positive(tree, data, "points.pearl_pair", True),
        nautilus_points=_positive(tree, data, "points.nautilus", True),
        shell_left_points=_positive(tree, data, "points.shell_left", True),
        path=file, sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        provenance=tuple(sorted(kept.provenance, key=lambda p: p.line)),
    )


def load(path: str | Path | None = None) -> HaleakalaComponents:
    p = Path(path) if path is not None else game_data("haleakala")
    return shared.load(str(p), lambda file, raw, text: parse(text, file), MODEL_CLASSES)


@lru_cache(maxsize=1)
def default() -> HaleakalaComponents:
    """The shipped component file, loaded once per process."""
    return load()


def listing(comp: HaleakalaComponents, unverified_only: bool = False) -> list[dict]:
    return shared.listing(comp.provenance, unverified_only, line=True)
