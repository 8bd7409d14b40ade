"""Pictures of random positions: the SVG parses, names every seat and every place,
and the numbers it shows are the state JSON's (docs/pictures.md)."""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from referee.core.game import CHANCE
from referee.core.registry import get
from referee.core.svg import Drawing
from referee.hawaii.text.svg_parts import fish, fish_of

NS = "{http://www.w3.org/2000/svg}"


def positions(game: str, players: int, seed: int, samples: int = 4, rules=()):
    """States along one random game: the start, every so often, and the end."""
    module = get(game)
    rng = random.Random(seed)
    state = module.new_state(module.seats[:players], rules)
    steps, every = 0, rng.randrange(15, 60)
    while True:
        who = state.current_player()
        if who is None or steps % every == 0:
            yield module, state
            samples -= 1
        if who is None or samples < 0:
            return
        state.apply(state.sample_chance(rng) if who == CHANCE
                    else rng.choice(list(state.legal_moves())))
        steps += 1


def parse(svg: str):
    root = ET.fromstring(svg)
    titles = [t.text or "" for t in root.iter(NS + "title")]
    texts = [t.text or "" for t in root.iter(NS + "text")]
    return root, titles, texts


def has(titles, text) -> bool:
    return any(text in t for t in titles)


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (5, 4), (5, 5)])
def test_hawaii_picture_shows_the_json(players, seed):
    for module, state in positions("hawaii", players, seed):
        data = module.state_to_json(state)
        root, titles, texts = parse(module.render(state, "svg"))
        assert root.tag == NS + "svg"
        for seat, p in data["players"].items():
            assert seat in texts
            assert f"score {p['score']}" in texts and f"shells {p['shells']}" in texts
            assert has(titles, f"{seat}: score {p['score']}, shells {p['shells']}, feet "
                               f"{p['feet']}, fruits {p['fruits']}, this round {p['round_sum']} of")
            assert has(titles, f"{seat}'s chief")
            for i, row in enumerate(p["villages"], start=1):
                assert has(titles, f"{seat}'s village {i}: {', '.join(row) or 'empty'}")
            assert has(titles, f"{seat}'s tikis: {p['tikis']} of")
            filled = [t for t in titles if t.startswith(f"{seat} kahuna space") and t.endswith("kahuna")]
            assert len(filled) == p["kahunas"]
            for b in p["boats"]:
                assert has(titles, f"{b['capacity']} feet, {'sailed' if b['used'] else 'ready'}")
            for t in p["tokens"]:
                assert has(titles, f"price token {t.rstrip('s')}")
        for coord, place in data["places"].items():
            stock = ", ".join(f"{k} {n}" for k, n in place["sells"].items())
            assert has(titles, f"place {coord}, ") and has(titles, f"tiles left {stock}")
            on = [t for t in titles if t.startswith("price token") and f", on {coord} " in t]
            assert sorted(t.split(",")[0] for t in on) == sorted(
                f"price token {int(t.rstrip('s'))}" + (" with crossed spears" if t.endswith("s") else "")
                for t in place["tokens"])
            assert has(titles, f"the printed limit of {coord}: {place['limit']}")
        for coord in state.d.comps.positions:
            assert has(titles, f"place {coord}")      # laid out or not, every place is drawn
        fish = sum(fish_of(t)[1] for t in data["cove"])
        assert any(t.startswith("Cove: ") and t.endswith(f", {fish} fish") for t in texts)
        assert len([t for t in titles if t.startswith("fish token") and t.endswith("in the cove")]) \
            == len(data["cove"])
        for i, island in enumerate(data["docks"], start=1):
            assert has(titles, f"dock {i}: ") and (island is None or has(titles, f"island {island}"))
        for space, v in data["track"].items():
            assert has(titles, f"order space {space}: {v or 'empty'}")
        assert has(titles, f"round {data['round']} (")


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("rules", [(), ("tactical",)])
def test_haleakala_picture_shows_the_json(seed, rules):
    module = get("haleakala")
    for _, state in positions("haleakala", 2, seed, samples=6, rules=rules):
        data = module.state_to_json(state)
        root, titles, texts = parse(module.render(state, "svg"))
        for seat, p in data["players"].items():
            assert has(titles, f"{seat}: score {p['score']}, statues left {p['statues_left']}")
            assert f"score {p['score']}" in texts
            assert has(titles, f"{seat}'s shaman on {p['shaman']}")
            assert len([t for t in titles if t.startswith(f"{seat}'s disc ") and
                        t.endswith("in reserve")]) == len(p["reserve"])
            assert sum(1 if ", " not in t.split(": ")[-1] else int(t.rsplit(", ", 1)[1].split()[0])
                       for t in titles if t.startswith(f"{seat}'s card:")) == len(p["cards"])
        for sec, beach in data["beaches"].items():
            for seat, discs in beach.items():
                shown = [t for t in titles if t.startswith(f"{seat}'s disc ") and
                         t.endswith(f" on beach{sec}")]
                assert len(shown) == len(discs)
            lava = data["craters"][sec]
            assert has(titles, f"crater{sec}: {lava} lava disc{'s' if lava != 1 else ''}")
            for i, face in enumerate(data["slots"][sec], start=1):
                assert has(titles, f"section {sec} card slot {i}: {face or 'empty'}")
        for space, seat in data["statues"].items():
            assert has(titles, f"{seat}'s statue on {space}")
        assert len([t for t in titles if "'s statue on " in t]) == len(data["statues"])
        assert has(titles, f"the boat, in the sea of section {data['boat']}")
        for deck, n in data["decks"].items():
            assert has(titles, f"{deck}-palm deck: {n} card{'s' if n != 1 else ''}")
        assert has(titles, f"priestess on the score board, face {data['score_board']['priestess']}")
        for name in data["score_board"]["cards"]:
            assert has(titles, f": {name}")


def test_a_fish_count_in_the_json_is_what_the_fish_shows():
    """The cove's tokens as the state JSON writes them today ("6", "2s": the value is
    the fish), or as objects carrying their own ``fish`` count."""
    assert fish_of("6") == ("6", 6) and fish_of("2s") == ("2s", 2)
    assert fish_of({"token": "6s", "fish": 3}) == ("6s", 3)
    dr = Drawing(100, 40, "test")
    fish(dr, 0, 0, {"token": "6s", "fish": 3}, "in the cove")
    _, titles, texts = parse(str(dr))
    assert "fish token, 3 fish, in the cove" in titles and "3" in texts and "6" not in texts
