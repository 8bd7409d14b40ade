"""The shipped Hawaii component data and its loader.

Seeds: 002 (the English rules), 000 (the French rules with worked examples),
004 (the German tile supplement); rulings H-Rn: docs/rulings.md (`referee rules hawaii`).
"""
from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from referee.errors import ComponentError
from referee.core.provenance import STATUSES
from referee.hawaii.data.components import digest, listing, load
from referee.core.paths import game_data

SHIPPED = game_data("hawaii")
TEXT = SHIPPED.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def c():
    return load()


def status_of(components, path):
    return next(p.status for p in components.provenance if p.path == path)


# --- the seeds' facts ------------------------------------------------------

def test_126_tiles_as_listed_by_the_rules(c):
    """Rules 'Component data': 126 tiles, 5 of each hut and irrigation, 10 hula, ..."""
    assert sum(t.count for t in c.tiles.values()) == 126
    for kind in ("shell-hut", "foot-hut", "spear-hut", "exchange-hut", "long-hut", "irrigation"):
        assert c.tiles[kind].count == 5
    assert (c.tiles["hula"].count, c.tiles["boat"].count, c.tiles["surfer"].count) == (10, 8, 10)
    assert (c.tiles["kahuna"].count, c.tiles["tiki"].count) == (25, 15)
    families = Counter()
    for t in c.tiles.values():
        families[t.family] += t.count
    assert families["fruit"] == 16 and families["god"] == 12


def test_every_tile_is_on_a_place(c):
    """Seed 002 setup 2: all 126 tiles are stacked on the places."""
    for kind, spec in c.tiles.items():
        assert sum(p.sells.get(kind, 0) for p in c.places) == spec.count


def test_25_tokens_valued_2_to_6_some_with_spears(c):
    """Seed 000 'Matériel': 25 jetons Cout (2 à 6); seed 002: red tokens show spears."""
    assert len(c.tokens) == 25
    assert {t.value for t in c.tokens} == {2, 3, 4, 5, 6}
    assert any(t.spear for t in c.tokens) and not all(t.spear for t in c.tokens)


def test_H_R10_every_token_shows_one_to_three_fish(c):
    """H-R10 (revised): the other side of each token shows 1 to 3 fish (German review);
    tokens alike on their price side show the same fish (one data entry each)."""
    assert set(c.token_fish) == set(c.tokens)
    assert {c.fish(t) for t in c.tokens} <= {1, 2, 3}
    assert len({c.fish(t) for t in c.tokens}) > 1


def test_round_one(c):
    """Seed 002 round-1 scoring examples (9; 8/5/2), seed 000 income example (10 shells, 6 feet)."""
    r1 = c.rounds[0]
    assert (r1.threshold, r1.points, r1.income_shells, r1.income_feet) == (9, (8, 5, 2), 10, 6)


def test_five_rounds_from_9_to_17_and_no_income_after_the_last(c):
    """Seed 002 setup 4: indicators '17 on the bottom and the 9 on top'; H-R17."""
    assert len(c.rounds) == 5
    assert c.rounds[0].threshold == 9 and c.rounds[1].threshold == 11
    assert c.rounds[-1].threshold == 17
    assert (c.rounds[-1].income_shells, c.rounds[-1].income_feet) == (0, 0)


def test_dock_two(c):
    """Seed 000 island example: dock 2 gives 3 points and costs 4 feet."""
    assert len(c.docks) == 4
    assert (c.docks[1].points, c.docks[1].feet) == (3, 4)
    assert (c.docks[0].feet, c.docks[-1].feet) == (3, 6)
    # BGA's Japanese help (2015): docks cost 3/4/5/6 feet and give 2/3/4/9 points
    assert [d.feet for d in c.docks] == [3, 4, 5, 6]
    assert [d.points for d in c.docks] == [2, 3, 4, 9]


def test_start_resources(c):
    """Seed 002 setup 5: 13 shells, 7 feet; fruits 0, 2, 3, 4, 5 by order space."""
    assert (c.start_shells, c.start_feet, c.start_fruits) == (13, 7, (0, 2, 3, 4, 5))


def test_kahuna_points_match_the_final_scoring_examples(c):
    """Seed 002 final scoring: ex. 1 loses 5 (row 1) and 10 (row 4), scores 15 for rows 2+3;
    ex. 2 scores 10 for rows 1+2 and loses 10 (row 3)."""
    k = c.realm.kahuna_points
    assert k[0] == 5 and k[3] == 10 and k[1] + k[2] == 15
    assert k[0] + k[1] == 10 and k[2] == 10
    assert k[:4] == (5, 5, 10, 10) and len(k) == c.realm.villages == 5


def test_irrigation_examples(c):
    """Seed 002 final scoring: 3 fruit tiles = 6 points (ex. 1), 4 = 10 (ex. 2)."""
    assert c.irrigation_points[3] == 6 and c.irrigation_points[4] == 10


def test_shell_and_foot_huts_share_a_place_long_and_exchange_do_not(c):
    """Seed 000 first-round example ('offrant des coquillages et des pieds') and movement
    example (Red crosses the long-hut place to reach the exchange-hut place)."""
    assert c.seller("shell-hut") is c.seller("foot-hut")
    assert c.seller("long-hut") is not c.seller("exchange-hut")


def test_places_and_circles(c):
    """Seed 002: 10 places, 1-3 circles, printed limit 5..12; research §1: at most 21 circles."""
    assert len(c.places) == 10
    assert all(1 <= p.circles <= 3 and 5 <= p.limit <= 12 for p in c.places)
    assert sum(p.circles for p in c.places) <= 21


def test_board_geometry(c):
    """H-R3: rows 2-3-3-2, the beach borders row 1 only, every place reachable."""
    assert c.positions == ("A1", "B1", "A2", "B2", "C2", "A3", "B3", "C3", "A4", "B4")
    assert c.beach_adjacent == {"A1", "B1"}
    for a, ns in c.adjacency.items():
        assert a not in ns and all(a in c.adjacency[b] for b in ns)
    assert c.adjacency["A1"] == {"B1", "A2", "B2"}
    assert c.adjacency["B4"] == {"A4", "B3", "C3"}


def test_tile_effects(c):
    """Seed 002/004 tile descriptions; H-R5 (PELE), H-R11 (boats), H-R15 (KANE)."""
    t = c.tiles
    assert {k for k, s in t.items() if s.starts_village} == {
        "shell-hut", "foot-hut", "spear-hut", "exchange-hut", "long-hut"}
    assert t["boat"].capacity == (3, 3) and t["boat"].printed_feet == (0, 1)
    assert t["kane"].tiki_cost == 2 and t["kane"].income_shells == (1, 2)
    assert t["ku"].spear_points == (1, 2) and t["ku"].income_feet == (1, 1)
    assert t["pele"].move_cap == (2, 1) and t["long-hut"].final_points == (0, 5)
    assert c.realm.fishing_boat_capacity == 2 and c.realm.start_hut


def test_islands(c):
    """Seed 002 'The 10 islands': +5 points twice; tiles come from their places."""
    assert sum(i.count for i in c.islands) == 10
    assert c.island("5-points").count == 2 and c.island("5-points").amount == 5
    assert c.island("shell-hut").tile == "shell-hut"
    assert (c.island("2-kahunas").reward, c.island("2-kahunas").amount) == ("kahunas", 2)


# --- provenance --------------------------------------------------------------

def test_every_value_has_a_provenance(c):
    """Rules 'Component data': every value carries confirmed / inferred / unverified."""
    paths = [p.path for p in c.provenance]
    assert len(paths) == len(set(paths))
    lines = TEXT.splitlines()
    for p in c.provenance:
        assert p.status in STATUSES and p.source.strip()
        assert 1 <= p.line <= len(lines)

    def covered(prefix):
        return any(q == prefix or q.startswith(prefix + ".") for q in paths)

    for place in c.places:
        for key in ("circles", "limit", *(f"sells.{k}" for k in place.sells)):
            assert covered(f"places.{place.id}.{key}")
    for n in range(1, 6):
        for key in ("threshold", "points", "income_shells", "income_feet"):
            assert covered(f"rounds.{n}.{key}")
    for kind, spec in c.tiles.items():
        assert covered(f"tiles.{kind}.count") and covered(f"tiles.{kind}.family")
        assert spec.capacity is None or covered(f"tiles.{kind}.capacity")
    for key in ("villages", "kahuna_points", "kahuna_shells", "tiki_columns", "tiki_feet",
                "printed_tiki_column", "start_hut", "fishing_boat_capacity"):
        assert covered(f"realm.{key}")
    for key in ("board.positions", "board.beach_adjacent", "board.adjacency", "tokens",
                "docks.1.points", "islands", "irrigation_points", "start.shells",
                "start.fruits", "last_round_order_bonus"):
        assert covered(key)
    assert not any(q.endswith((".id", ".name")) or ".aliases" in q for q in paths)


def test_provenance_lines_point_at_the_value(c):
    """A group checking its box needs the line to edit."""
    lines = TEXT.splitlines()
    for p in c.provenance:
        key = p.path.split(".")[-1]
        if p.path.startswith(("places.", "rounds.", "docks.", "realm.", "start.")) \
                and not key.isdigit():
            assert key in lines[p.line - 1], p


def test_statuses_are_honest(c):
    """Research tags: guesses are never shown as facts."""
    assert status_of(c, "docks.2.points") == "confirmed"
    assert status_of(c, "docks.1.points") == "confirmed"      # one source (BGA's Japanese help)
    assert status_of(c, "docks.3.feet") == "confirmed"
    assert status_of(c, "docks.4.points") == "unverified"     # the same source, doubtful
    assert all(status_of(c, f"tokens.{i}.fish") == "unverified" for i in range(10))
    assert status_of(c, "rounds.1.threshold") == "confirmed"
    assert status_of(c, "rounds.3.threshold") == "inferred"
    assert status_of(c, "rounds.2.points") == "unverified"
    assert status_of(c, "realm.kahuna_points.4") == "inferred"
    assert status_of(c, "realm.kahuna_points.0") == "confirmed"
    assert status_of(c, "places.kahunas.limit") == "unverified"
    assert status_of(c, "tokens.0.value") == "confirmed"
    assert status_of(c, "tokens.0.count") == "unverified"
    assert status_of(c, "board.adjacency") == "inferred"


def test_unverified_values_are_listed(c):
    """Rules 'Component data': a referee command lists the unverified values."""
    assert c.unverified()
    rows = listing(c, unverified_only=True)
    assert len(rows) == len(c.unverified())
    assert all(r["status"] == "unverified" and set(r) == {"path", "value", "status", "source"}
               for r in rows)
    assert {"places.kahunas.limit", "docks.4.points", "realm.tiki_feet",
            "tokens.0.fish"} <= {r["path"] for r in rows}
    assert len(listing(c)) == len(c.provenance)
    assert next(r for r in listing(c) if r["path"] == "start.fruits")["value"] == [0, 2, 3, 4, 5]


def test_path_hash_and_cache(c):
    """Rules: the transcript's Components tag names the file and its content hash."""
    assert Path(c.path) == SHIPPED.resolve()
    assert c.sha256 == hashlib.sha256(SHIPPED.read_bytes()).hexdigest()
    assert digest(c) == f"hawaii.yaml sha256:{c.sha256}"
    assert load() is c and load(SHIPPED) is c


def test_no_lark_in_the_engine_path():
    """The rules engine never imports lark (project layout)."""
    code = "import sys, referee.hawaii.data.components as m; m.load(); assert 'lark' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


# --- corrupted copies ----------------------------------------------------------

def line_of(text, prefix):
    """The line starting with prefix; (prefix, k) means k lines below it."""
    if isinstance(prefix, tuple):
        return line_of(text, prefix[0]) + prefix[1]
    hits = [n for n, line in enumerate(text.splitlines(), 1) if line.startswith(prefix)]
    assert len(hits) == 1, (prefix, hits)
    return hits[0]


GODS_CIRCLES = 'circles: {value: 1, status: unverified, source: "no source"}\n    limit: {value: 6'
LAST_TOKEN = ('    - {value: {value: 6, status: confirmed, source: *tv}, spear: true, '
              'fish: {value: 3, status: unverified, source: *fish}, count: 2}')
KAHUNA_LIMIT = '    limit: {value: 12, status: unverified, source: "no source"}\n\n  - id: tikis'

CORRUPTIONS = {
    # name: (old, new, the line the error must name, words in the reason)
    "wrong-tile-total": ("    count: 25\n    family: kahuna", "    count: 26\n    family: kahuna",
                         "tiles:", "127 tiles"),
    "26-tokens": ("count: 2}\n    - {value: {value: 3",
                  "count: 3}\n    - {value: {value: 3", "tokens:", "26 price tokens"),
    "fish-out-of-range": (LAST_TOKEN, LAST_TOKEN.replace("fish: {value: 3", "fish: {value: 4"),
                          LAST_TOKEN[:LAST_TOKEN.index(", fish")], "tokens.9.fish is 4, must be 1..3"),
    "fish-missing": (LAST_TOKEN, LAST_TOKEN[:LAST_TOKEN.index(", fish")] + ", count: 2}",
                     LAST_TOKEN[:LAST_TOKEN.index(", fish")], "lacks 'fish'"),
    "22-circles": (GODS_CIRCLES, GODS_CIRCLES.replace("value: 1", "value: 2"),
                   "places:", "22 purchase circles"),
    "disconnected-place": ("      - A4-B4\n      - A3-A4\n      - B3-A4\n", "",
                           "  adjacency:", "A4 cannot be reached"),
    "typo-key": (KAHUNA_LIMIT, KAHUNA_LIMIT.replace("limit:", "limt:"), "    limt:",
                 "unknown key 'limt'"),
    "missing-status": ("start:\n  status: confirmed\n", "start:\n", "  shells: 13", "no status"),
    "bad-yaml": ("  shells: 13\n", "  shells: 13: 14\n", "  shells: 13: 14", "YAML syntax"),
    "bad-status-word": ("start:\n  status: confirmed\n", "start:\n  status: sure\n",
                        "  status: sure", "status must be one of"),
    "place-sells-too-few": ("      taro: 4\n", "      taro: 3\n", ("  taro:", 1),
                            "tiles.taro.count is 4 but the places hold 3 (places.fruits.sells.taro line"),
    "unknown-position": ("      - C3-B4\n", "      - C3-Z4\n", "      - C3-Z4", "C3-Z4"),
    "limit-out-of-range": (KAHUNA_LIMIT, KAHUNA_LIMIT.replace("12", "13"),
                           "    limit: {value: 13", "must be 5..12"),
    "duplicate-key": ("  shells: 13\n", "  shells: 13\n  shells: 14\n", "  shells: 14",
                      "duplicate key"),
    "island-tile-unknown": ("tile: surfer,", "tile: surfers,", "    - {id: surfer,",
                            "no tile kind"),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_corrupted_copy_fails_with_file_and_line(name, tmp_path):
    """Rules 'Component data': loading validates and fails with file:line and a reason."""
    old, new, where, words = CORRUPTIONS[name]
    assert TEXT.count(old) == 1, name
    text = TEXT.replace(old, new)
    bad = tmp_path / f"{name}.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(ComponentError) as info:
        load(bad)
    line = line_of(text, where)
    message = str(info.value)
    assert f"{bad.name}:{line}: " in message and words in message, message
    assert info.value.line == line and info.value.code == "bad-components"


def test_missing_and_empty_files(tmp_path):
    """A referee run must name the file it could not use."""
    with pytest.raises(ComponentError, match="missing.yaml"):
        load(tmp_path / "missing.yaml")
    empty = tmp_path / "empty.yaml"
    empty.write_text("")
    with pytest.raises(ComponentError, match="empty.yaml:1: "):
        load(empty)


LINES = TEXT.splitlines(keepends=True)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, len(LINES) - 1), st.booleans())
def test_any_one_line_edit_loads_or_fails_cleanly(n, drop):
    """Whatever a group does to its copy, the referee reports it as a ComponentError."""
    text = "".join(LINES[:n] + LINES[n + 1:] if drop else LINES[:n + 1] + LINES[n:])
    with tempfile.TemporaryDirectory() as d:
        copy = Path(d) / "copy.yaml"
        copy.write_text(text, encoding="utf-8")
        try:
            load(copy)
        except ComponentError as err:
            assert err.line is None or 1 <= err.line <= len(LINES) + 1
