"""Load and check ``games/hawaii.yaml``, the only place the rules' numbers live.

Most numbers of Hawaii are printed only on the components and are partly
unknown, so every value carries a provenance (confirmed, inferred, unverified)
and a group owning the game may play with a corrected copy. A bad copy must
fail loudly at load time with ``FILE:LINE: reason``, never later as a strange
ruling, hence the line-keeping reader every game shares (:mod:`referee.core.components`)
and the checks below. A file once checked is served by :mod:`referee.core.component_cache`.
This module must not import lark: the rules engine uses it.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from referee.core import components as shared
from referee.core.components import Reader, V
from referee.hawaii.data.model import (DockSpec, HawaiiComponents, IslandSpec, PlaceSpec,
                                  Provenance, RealmSpec, RoundSpec, TileSpec)
from referee.hawaii.data.token import Token
from referee.core.paths import game_data

MODEL_CLASSES = (HawaiiComponents, PlaceSpec, TileSpec, RoundSpec, DockSpec, IslandSpec,
                 RealmSpec, Provenance, Token)
_FAMILIES = ("hut", "village", "fruit", "god", "boat", "kahuna", "tiki")
_REWARDS = ("points", "tile", "any-fruit", "kahunas", "tikis", "fruits")
_LABELS = frozenset({"id", "name", "aliases"})   # names, not game facts: no provenance
_PAIR_FIELDS = tuple(n for n, t in TileSpec.__annotations__.items()
                     if getattr(t, "__forward_arg__", t) == "Pair | None")   # NamedTuple keeps a ForwardRef
_MAX_PLAYERS = 5
_TILES, _TOKENS, _PLACES, _POSITIONS = 126, 25, 10, 10
_ROUNDS, _DOCKS, _ISLANDS = 5, 4, 10


def load(path: str | Path | None = None) -> HawaiiComponents:
    """The components in ``path`` (default: the shipped Hawaii file), checked.

    Cached per resolved path: the engine asks often and the file does not
    change under a running referee.
    """
    target = path if path is not None else game_data("hawaii")
    return _load(_resolved(str(target)))


@lru_cache(maxsize=None)
def _resolved(path: str) -> str:
    return str(Path(path).resolve())


def listing(components: HawaiiComponents, unverified_only: bool = False) -> list[dict]:
    return shared.listing(components.provenance, unverified_only)


def digest(components: HawaiiComponents) -> str:
    """The Components tag value: which file, and a hash that catches any edit."""
    return f"{Path(components.path).name} sha256:{components.sha256}"


@lru_cache(maxsize=None)
def _load(file: str) -> HawaiiComponents:
    return shared.load(file, _read, MODEL_CLASSES)


def _read(file: str, raw: bytes, text: str) -> HawaiiComponents:
    """The YAML itself: only when the components cache has not seen this file."""
    tree, kept = shared.read(file, text, _LABELS)
    built = _Builder(kept).build(tree)
    return HawaiiComponents(**built, path=file, sha256=hashlib.sha256(raw).hexdigest(),
                            provenance=tuple(kept.provenance))


class _Builder:
    """Second pass: the V tree -> model values, checking shape and game facts."""

    def __init__(self, reader: Reader):
        self.fail = reader.fail

    # -- shape helpers ------------------------------------------------------

    def record(self, v: V, required, optional=()) -> dict[Any, V]:
        if not isinstance(v.data, dict):
            self.fail(v.line, f"{v.path or 'the file'} must be a mapping")
        allowed = list(required) + list(optional)
        for key, child in v.data.items():
            if key not in allowed:
                where = v.path or "the top level"
                self.fail(child.line, f"unknown key {key!r} in {where} "
                                      f"(expected one of: {', '.join(map(str, allowed))})")
        for key in required:
            if key not in v.data:
                self.fail(v.line, f"{v.path or 'the file'} lacks {key!r}")
        return v.data

    def mapping(self, v: V) -> dict[Any, V]:
        """A mapping whose keys are data (tile kinds), not field names."""
        if not isinstance(v.data, dict):
            self.fail(v.line, f"{v.path} must be a mapping")
        for key, child in v.data.items():
            if not isinstance(key, str):
                self.fail(child.line, f"{v.path}: {key!r} is not a tile kind name")
        return v.data

    def numbered(self, v: V, count: int, what: str) -> list[V]:
        data = self.record(v, range(1, count + 1))
        if list(data) != list(range(1, count + 1)):
            self.fail(v.line, f"{what} must be numbered 1 to {count} in order")
        return list(data.values())

    def seq(self, v: V) -> list[V]:
        if not isinstance(v.data, list):
            self.fail(v.line, f"{v.path} must be a list")
        return v.data

    def scalar(self, v: V, kind, what: str):
        if isinstance(v.data, dict) and "value" in v.data:
            extra = sorted(str(k) for k in v.data if k != "value")
            self.fail(v.line, f"unknown key {extra[0]!r} in {v.path} "
                              f"(a single value takes only value, status, source)")
        ok = isinstance(v.data, kind) and not (kind is int and isinstance(v.data, bool))
        if not ok:
            self.fail(v.line, f"{v.path} must be {what}, not {v.data!r}")
        return v.data

    def int(self, v: V, lo: int = 0, hi: int | None = None) -> int:
        n = self.scalar(v, int, "a whole number")
        if n < lo or (hi is not None and n > hi):
            span = f"{lo}..{hi}" if hi is not None else f"at least {lo}"
            self.fail(v.line, f"{v.path} is {n}, must be {span}")
        return n

    def text(self, v: V) -> str:
        return self.scalar(v, str, "a text")

    def flag(self, v: V) -> bool:
        return self.scalar(v, bool, "true or false")

    def ints(self, v: V, length: int | None = None, lo: int = 0) -> tuple[int, ...]:
        items = self.seq(v)
        if length is not None and len(items) != length:
            self.fail(v.line, f"{v.path} has {len(items)} numbers, must have {length}")
        return tuple(self.int(i, lo) for i in items)

    # -- sections -------------------------------------------------------------

    def build(self, root: V) -> dict:
        top = self.record(root, ["places", "board", "tokens", "rounds", "docks", "islands",
                                 "tiles", "realm", "irrigation_points", "start",
                                 "last_round_order_bonus"])
        tiles = self.tiles(top["tiles"])
        places = self.places(top["places"], tiles, top["tiles"])
        positions, adjacency, beach = self.board(top["board"])
        tokens, token_fish = self.tokens(top["tokens"])
        max_circles = len(tokens) - (_MAX_PLAYERS - 1)
        circles = sum(p.circles for p in places)
        if circles > max_circles:
            self.fail(top["places"].line,
                      f"{circles} purchase circles in total, at most {max_circles}: "
                      f"{len(tokens)} tokens less {_MAX_PLAYERS - 1} for the order track")
        start = self.record(top["start"], ["shells", "feet", "fruits"])
        fruit_kinds = sum(1 for t in tiles.values() if t.family == "fruit")
        return dict(
            places=places, positions=positions, adjacency=adjacency, beach_adjacent=beach,
            tokens=tokens, token_fish=token_fish, rounds=self.rounds(top["rounds"]), docks=self.docks(top["docks"]),
            islands=self.islands(top["islands"], tiles), tiles=tiles,
            realm=self.realm(top["realm"]),
            irrigation_points=self.ints(top["irrigation_points"], fruit_kinds + 1),
            start_shells=self.int(start["shells"]), start_feet=self.int(start["feet"]),
            start_fruits=self.ints(start["fruits"], _MAX_PLAYERS),
            last_round_order_bonus=self.int(top["last_round_order_bonus"]))

    def tiles(self, v: V) -> dict[str, TileSpec]:
        specs, names = {}, {}
        for kind, tv in self.mapping(v).items():
            f = self.record(tv, ["count", "family"],
                            ["starts_village", *_PAIR_FIELDS, "tiki_cost", "aliases"])
            family = self.text(f["family"])
            if family not in _FAMILIES:
                self.fail(f["family"].line, f"family {family!r} unknown ({', '.join(_FAMILIES)})")
            extra = {name: self.pair(f[name]) for name in _PAIR_FIELDS if name in f}
            starts = self.flag(f["starts_village"]) if "starts_village" in f else False
            if starts and family != "hut":
                self.fail(f["starts_village"].line, "only huts start a village (H-R8)")
            aliases = tuple(self.text(a) for a in self.seq(f["aliases"])) if "aliases" in f else ()
            for name, line in [(kind, tv.line)] + [(a, f["aliases"].line) for a in aliases]:
                if name in names:
                    self.fail(line, f"tile name {name!r} already names {names[name]!r}")
                names[name] = kind
            specs[kind] = TileSpec(
                kind=str(kind), count=self.int(f["count"], 1), family=family,
                starts_village=starts, aliases=aliases,
                tiki_cost=self.int(f["tiki_cost"]) if "tiki_cost" in f else None, **extra)
        total = sum(t.count for t in specs.values())
        if total != _TILES:
            self.fail(v.line, f"{total} tiles in total, the game has {_TILES}")
        return specs

    def pair(self, v: V) -> tuple[int, int]:
        a, b = self.ints(v, 2)
        return (a, b)

    def places(self, v: V, tiles: dict[str, TileSpec], tiles_v: V) -> tuple[PlaceSpec, ...]:
        specs, sold, where = [], {}, {}
        for pv in self.seq(v):
            f = self.record(pv, ["id", "sells", "circles", "limit"], ["name"])
            pid = self.text(f["id"])
            if any(p.id == pid for p in specs):
                self.fail(f["id"].line, f"place {pid!r} appears twice")
            sells = {}
            for kind, n in self.mapping(f["sells"]).items():
                if kind not in tiles:
                    self.fail(n.line, f"{pid} sells {kind!r}, which is no tile kind")
                sells[kind] = self.int(n, 1)
                sold[kind] = sold.get(kind, 0) + sells[kind]
                where.setdefault(kind, []).append(f"{n.path} line {n.line}")
            types = {tiles[k].family if tiles[k].family in ("fruit", "god") else k for k in sells}
            if not 1 <= len(types) <= 2:
                self.fail(f["sells"].line, f"{pid} sells {len(types)} tile types, a place sells 1 or 2")
            name = self.text(f["name"]) if "name" in f else ""
            specs.append(PlaceSpec(pid, sells, self.int(f["circles"], 1, 3),
                                   self.int(f["limit"], 5, 12), name))
        if len(specs) != _PLACES:
            self.fail(v.line, f"{len(specs)} places, the game has {_PLACES}")
        for kind, spec in tiles.items():
            if sold.get(kind, 0) != spec.count:
                held = "; ".join(where.get(kind, ["no place sells it"]))
                self.fail(tiles_v.data[kind].data["count"].line,
                          f"tiles.{kind}.count is {spec.count} but the places hold "
                          f"{sold.get(kind, 0)} ({held})")
        return tuple(specs)

    def board(self, v: V):
        f = self.record(v, ["positions", "beach_adjacent", "adjacency"])
        positions = tuple(self.text(p) for p in self.seq(f["positions"]))
        if len(positions) != _POSITIONS or len(set(positions)) != _POSITIONS:
            self.fail(f["positions"].line, f"board.positions must list {_POSITIONS} distinct places")
        beach = []
        for b in self.seq(f["beach_adjacent"]):
            if self.text(b) not in positions:
                self.fail(b.line, f"beach neighbour {b.data!r} is not a board position")
            beach.append(b.data)
        if not beach:
            self.fail(f["beach_adjacent"].line, "no place borders the beach")
        adjacency = {p: set() for p in positions}
        for e in self.seq(f["adjacency"]):
            ends = self.text(e).split("-")
            if len(ends) != 2 or any(x not in positions for x in ends) or ends[0] == ends[1]:
                self.fail(e.line, f"edge {e.data!r} must join two different known positions, as 'A1-B1'")
            a, b = ends
            if b in adjacency[a]:
                self.fail(e.line, f"edge {e.data!r} is listed twice")
            adjacency[a].add(b)
            adjacency[b].add(a)
        reached, todo = set(beach), list(beach)
        while todo:
            for n in adjacency[todo.pop()] - reached:
                reached.add(n)
                todo.append(n)
        for p in positions:
            if p not in reached:
                self.fail(f["adjacency"].line, f"place {p} cannot be reached from the beach")
        return positions, {p: frozenset(n) for p, n in adjacency.items()}, frozenset(beach)

    def tokens(self, v: V) -> tuple[tuple[Token, ...], dict[Token, int]]:
        """The 25 tokens and the fish each shows on its other side (H-R10: 1 to 3).

        One entry per value and spears, so tokens alike on their price side show the
        same fish: a transcript names a token by its price side only."""
        out, fish = [], {}
        for tv in self.seq(v):
            f = self.record(tv, ["value", "spear", "fish", "count"])
            token = Token(self.int(f["value"], 2, 6), self.flag(f["spear"]))
            if token in fish:
                self.fail(tv.line, f"token {token} is listed twice: tokens alike on their "
                                   f"price side show the same fish (one entry each)")
            fish[token] = self.int(f["fish"], 1, 3)
            out += [token] * self.int(f["count"])
        if len(out) != _TOKENS:
            self.fail(v.line, f"{len(out)} price tokens, the game has {_TOKENS}")
        return tuple(sorted(out)), fish

    def rounds(self, v: V) -> tuple[RoundSpec, ...]:
        out = []
        for rv in self.numbered(v, _ROUNDS, "rounds"):
            f = self.record(rv, ["threshold", "points", "income_shells", "income_feet"])
            points = self.ints(f["points"], 3)
            if not points[0] >= points[1] >= points[2]:
                self.fail(f["points"].line, f"{rv.path}.points must not grow from first to rest")
            out.append(RoundSpec(self.int(f["threshold"]), points,
                                 self.int(f["income_shells"]), self.int(f["income_feet"])))
        return tuple(out)

    def docks(self, v: V) -> tuple[DockSpec, ...]:
        out = []
        for dv in self.numbered(v, _DOCKS, "docks"):
            f = self.record(dv, ["feet", "points"])
            out.append(DockSpec(self.int(f["feet"], 1), self.int(f["points"])))
        return tuple(out)

    def islands(self, v: V, tiles: dict[str, TileSpec]) -> tuple[IslandSpec, ...]:
        out = []
        needs = {"kahunas": "kahuna", "tikis": "tiki"}
        for iv in self.seq(v):
            f = self.record(iv, ["id", "count", "reward"], ["amount", "tile"])
            iid, reward = self.text(f["id"]), self.text(f["reward"])
            if any(i.id == iid for i in out):
                self.fail(f["id"].line, f"island {iid!r} appears twice")
            if reward not in _REWARDS:
                self.fail(f["reward"].line, f"reward {reward!r} unknown ({', '.join(_REWARDS)})")
            tile = self.text(f["tile"]) if "tile" in f else None
            if (reward == "tile") != (tile is not None):
                self.fail(iv.line, f"island {iid}: 'tile' goes with reward 'tile' and only there")
            if tile is not None and tile not in tiles:
                self.fail(f["tile"].line, f"island {iid} gives {tile!r}, which is no tile kind")
            if reward in needs and needs[reward] not in tiles:
                self.fail(f["reward"].line, f"island {iid} needs the tile kind {needs[reward]!r}")
            if reward == "any-fruit" and not any(t.family == "fruit" for t in tiles.values()):
                self.fail(f["reward"].line, f"island {iid} needs fruit tiles")
            amount = self.int(f["amount"]) if "amount" in f else 0
            out.append(IslandSpec(iid, self.int(f["count"], 1), reward, amount, tile))
        total = sum(i.count for i in out)
        if total != _ISLANDS:
            self.fail(v.line, f"{total} islands in total, the game has {_ISLANDS}")
        return tuple(out)

    def realm(self, v: V) -> RealmSpec:
        f = self.record(v, ["villages", "kahuna_points", "kahuna_shells", "tiki_columns",
                            "tiki_feet", "printed_tiki_column", "start_hut",
                            "fishing_boat_capacity"])
        villages = self.int(f["villages"], 1)
        columns = self.ints(f["tiki_columns"], lo=1)
        if len(set(columns)) != len(columns):
            self.fail(f["tiki_columns"].line, "realm.tiki_columns repeats a column")
        printed = f["printed_tiki_column"]
        printed_col = None if printed.data is None else self.int(printed, 1)
        if printed_col in columns:
            self.fail(printed.line, f"column {printed_col} holds a tiki space already")
        return RealmSpec(
            villages=villages,
            kahuna_points=self.ints(f["kahuna_points"], villages),
            kahuna_shells=self.ints(f["kahuna_shells"], villages),
            tiki_columns=columns,
            tiki_feet=self.ints(f["tiki_feet"], len(columns)),
            printed_tiki_column=printed_col,
            start_hut=self.flag(f["start_hut"]),
            fishing_boat_capacity=self.int(f["fishing_boat_capacity"], 1))
