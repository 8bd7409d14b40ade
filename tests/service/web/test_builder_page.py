"""The seat page as the move builder, through Starlette's TestClient over a real store:
the box and the choices come before the board, each choice is a link named as
``referee moves --steps`` names it, with its count, the last step puts the canonical
line in the box, the JSON route answers what ``next_step`` answers, and bad input in
the address gets a clear 4xx. The pictures name what a click on them chooses."""
from __future__ import annotations

import html
import random
import re
import xml.etree.ElementTree as ET

import pytest

from referee.core.paths import examples_dir
from referee.errors import BadChoiceError
from referee.operations import check_text, next_step
from referee.service.web.safety import MAX_CHOICE, MAX_STEPS

ORIGIN = {"Origin": "http://testserver"}
CHOICE = re.compile(r'<a class="choice" href="([^"]*)" data-choice="([^"]*)">([^<]*)</a> '
                    r'<span class="count">\((\d+) moves?\)</span>')


def _state(hosted):
    rp = check_text(hosted.detail()["text"], "game.txt")
    return rp.module, rp.state


def _choices(page: str) -> list[tuple[str, str, int]]:
    """(href, label, count) of each choice link; the link's text is its label."""
    out = []
    for href, label, text, count in CHOICE.findall(page):
        assert html.unescape(text) == html.unescape(label)
        out.append((html.unescape(href), html.unescape(label), int(count)))
    return out


def _box(page: str) -> str:
    return html.unescape(re.search(r'<input id="move" name="move"[^>]* value="([^"]*)"', page)
                         .group(1))


def test_the_box_and_the_first_step_come_before_the_board(client, hosted):
    module, state = _state(hosted)
    r = client.get(hosted.link(hosted.to_move()))
    assert r.status_code == 200
    page = r.text
    assert page.index('id="move"') < page.index('id="builder"') < page.index("<svg")
    assert page.index("<svg") < page.index('class="legal"')        # the long list comes after
    assert "# " not in re.search(r"<summary>([^<]*)</summary>", page).group(1)
    want = next_step(module, state)
    assert [(label, n) for _, label, n in _choices(page)] == \
        [(c["choice"], c["moves"]) for c in want["choices"]]
    assert sum(n for _, _, n in _choices(page)) == len(state.legal_moves())


def test_following_the_links_ends_in_the_canonical_line_which_the_form_plays(client, hosted):
    module, state = _state(hosted)
    link, ply = hosted.link(hosted.to_move()), hosted.detail()["ply"]
    rng, href, made = random.Random(7), "", []
    while True:
        page = client.get(link + href)
        assert page.status_code == 200
        choices = _choices(page.text)
        if not choices:
            break
        href, label, _ = rng.choice(choices)
        made = [html.unescape(m) for m in re.findall(r'class="back"[^>]*>([^<]*)</a>',
                                                     client.get(link + href).text)]
        assert label in made
    done = next_step(module, state, made)
    assert "move" in done
    assert _box(page.text) == done["move"]
    assert f'<code class="built">{html.escape(done["move"], quote=False)}</code>' \
        in page.text.replace("&#39;", "'")
    token = re.search(r'name="token" value="([0-9a-f]+)"', page.text).group(1)
    r = client.post(link + "?", data={"token": token, "command": "move", "move": done["move"],
                                      "ply": str(ply)}, headers=ORIGIN)
    assert r.status_code == 200 and hosted.detail()["ply"] > ply
    assert 'class="built"' not in r.text            # a new position: the builder starts again


def test_the_json_route_answers_what_next_step_answers(client, hosted):
    module, state = _state(hosted)
    link, ply = hosted.link(hosted.to_move()), hosted.detail()["ply"]
    first = client.get(link + "/steps").json()
    want = next_step(module, state)
    assert first["step"] == want["step"] and first["ply"] == ply
    assert [(c["choice"], c["moves"]) for c in first["choices"]] == \
        [(c["choice"], c["moves"]) for c in want["choices"]]
    pick = max(first["choices"], key=lambda c: c["moves"])
    assert pick["steps"] == [pick["choice"]] and pick["href"].startswith("?step=")
    chosen = pick["steps"]
    while True:                                     # the steps printed back in always work
        answer = client.get(link + "/steps", params=[("step", s.upper()) for s in chosen])
        assert answer.status_code == 200, answer.text
        body = answer.json()
        got = dict(body, choices=[{"choice": c["choice"], "moves": c["moves"]}
                                  for c in body.get("choices", [])])
        assert got.pop("ply") == ply
        assert got == dict(next_step(module, state, chosen), choices=got["choices"])
        if "choices" not in body:
            del got["choices"]
            assert got == next_step(module, state, chosen)
        else:
            assert got["choices"] == [{"choice": c["choice"], "moves": c["moves"]}
                                      for c in next_step(module, state, chosen)["choices"]]
        if "move" in body:
            break
        chosen = body["choices"][-1]["steps"]
    assert body["move"] == next_step(module, state, chosen)["move"]


def test_the_json_route_refuses_what_is_not_a_choice_or_not_the_seats_turn(client, hosted):
    link = hosted.link(hosted.to_move())
    r = client.get(link + "/steps", params={"step": "nowhere"})
    assert r.status_code == 400 and "is not a choice of the" in r.json()["error"]
    r = client.get(hosted.link(hosted.other()) + "/steps")
    assert r.status_code == 409
    assert r.json()["error"] == f"it is not {hosted.other()}'s turn to choose a move"
    r = client.get("/seat/nosuchlink/steps")
    assert r.status_code == 404 and "no such seat link" in r.json()["error"]
    r = client.get(link + "/steps", params=[("step", "x")] * (MAX_STEPS + 1))
    assert r.status_code == 400 and f"At most {MAX_STEPS} choices" in r.json()["error"]


@pytest.mark.parametrize("steps,status,says", [
    ([("step", "nowhere")], 400, "is not a choice of the"),
    ([("step", "<script>alert(1)</script>")], 400, "&lt;script&gt;alert(1)&lt;/script&gt;"),
    ([("step", "x" * (MAX_CHOICE + 1))], 400, f"at most {MAX_CHOICE} characters"),
    ([("step", "a")] * (MAX_STEPS + 1), 400, f"At most {MAX_STEPS} choices"),
    ([("step", "B1\x00")], 400, "control character"),
    ([("step", "")], 400, "is not a choice of the"),
])
def test_bad_choices_in_the_address_get_a_clear_400(client, hosted, steps, status, says):
    ply = hosted.detail()["ply"]
    r = client.get(hosted.link(hosted.to_move()), params=steps)
    assert r.status_code == status
    assert says in r.text and "Traceback" not in r.text and "<script>alert" not in r.text
    assert hosted.detail()["ply"] == ply


def test_a_bad_choice_shows_the_first_step_again(client, hosted):
    r = client.get(hosted.link(hosted.to_move()), params={"step": "nowhere"})
    assert 'class="refused problem"' in r.text and _choices(r.text)


def test_the_seat_not_to_move_has_no_builder_and_ignores_steps(client, hosted):
    r = client.get(hosted.link(hosted.other()), params={"step": "anything"})
    assert r.status_code == 200
    assert 'data-active="yes"' not in r.text and "not your turn" in r.text


def test_a_choice_is_read_leniently(client, hosted):
    module, state = _state(hosted)
    label = next_step(module, state)["choices"][0]["choice"]
    r = client.get(hosted.link(hosted.to_move()), params={"step": label.swapcase()})
    assert r.status_code == 200
    assert f'class="back" title="go back to this step">{html.escape(label)}</a>' in r.text


# The things a click on the picture chooses: each such choice of the builder must be
# named by a thing in the picture (data-choice, several names split by |), a seat's
# own things marked with data-seat, a place's tokens with the place (data-within).
CLICKABLE = {
    "hawaii": re.compile(r"[A-C]\d$|stay at |cove$|dock \d$|order |token |village \d$|"
                         r"(?!fish$|visit$|income$)[a-z]+(-[a-z]+)*$"),
    "haleakala": re.compile(r"disc \d$|beach\d$|shaman to |(?!nothing$)[a-z]+(-[a-z0-9]+)*$"),
}


STEPS = {"hawaii": {"where", "what", "token", "village"},
         "haleakala": {"disc", "beach", "shaman", "card"}}


def _things(svg: str) -> list[dict]:
    root = ET.fromstring(svg)
    return [{"names": set(el.get("data-choice").split("|")), "seat": el.get("data-seat"),
             "within": set((el.get("data-within") or "").split("|")) - {""}}
            for el in root.iter() if el.get("data-choice")]


def _named(things, label: str, seat: str, made: list[str]) -> bool:
    owners = (seat,) if label.startswith(("disc ", "village ")) else (None, seat)
    return any(label in t["names"] and t["seat"] in owners
               and (not t["within"] or t["within"] & set(made)) for t in things)


@pytest.mark.parametrize("example", ["hawaii-2p.txt", "haleakala.txt"])
def test_what_the_picture_offers_to_click_is_named_as_the_builder_names_it(example):
    text = (examples_dir() / example).read_text(encoding="utf-8")
    header, body = text.split("\n\n", 1)
    header = "\n".join(line for line in header.splitlines() if not line.startswith("[Result"))
    lines = body.splitlines()
    rng, checked = random.Random(1), 0
    for cut in range(1, len(lines), max(1, len(lines) // 25)):
        rp = check_text(header + "\n\n" + "\n".join(lines[:cut]) + "\n", "game.txt")
        assert rp.ok, [e.reason for e in rp.errors]
        things, made = _things(rp.module.render(rp.state, "svg")), []
        pattern = CLICKABLE[rp.module.key]
        while True:
            try:
                answer = next_step(rp.module, rp.state, made)
            except BadChoiceError:
                break                                   # a chance line is due
            if "move" in answer:
                break
            for c in answer["choices"]:
                if pattern.match(c["choice"]) and answer["step"] in STEPS[rp.module.key]:
                    assert _named(things, c["choice"], answer["seat"], answer["made"]), \
                        (cut, answer["made"], c["choice"])
                    checked += 1
            made = [*answer["made"], rng.choice(answer["choices"])["choice"]]
    assert checked > 50


@pytest.mark.parametrize("query", [
    "step=%FF", "step=%00", "step=%", "%%%", "step=" + "%E2%80%AE" * 50, "step[]=B1",
    "step=a&step=" + "b" * 5000, "step=" + "x" * 30_000, "step=%F0%9F%8C%8B",
    "&".join(["step=B1"] * 1000), "step=B1&step=%0Ashell-hut",
])
def test_hostile_addresses_get_an_answer_never_a_fault(client, hosted, query):
    link = hosted.link(hosted.to_move())
    for path in (link, link + "/steps"):
        r = client.get(f"{path}?{query}")
        assert r.status_code in (200, 400), (path, query, r.status_code)
        assert "Traceback" not in r.text and "went wrong" not in r.text
        if path.endswith("/steps") and r.status_code == 400:
            assert r.json()["error"]
