"""The web page in its reader's language: a seat's page in its seat's language with a
chooser that changes it as the mail command does, a watcher's page by Accept-Language or
the chooser's cookie, and no English left on any page where a translation was due."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from starlette.testclient import TestClient

from referee.service.hosted.entry import submit
from referee.service.hosted.games import create_game, game_detail, list_games, seat_link_token
from referee.service.web.app import create_app
from referee.service.web.languages import NAMES, accepted

from tests.i18n.test_no_english_left import _leftovers
from tests.service.web.conftest import Hosted

LANGUAGES = ("fr", "de", "it")


@pytest.mark.parametrize("header,lang", [
    ("de-DE,de;q=0.9,en;q=0.8", "de"),
    ("en;q=0.5, it;q=0.9", "it"),                 # the quality decides, not the order
    ("pt-BR, fr;q=0.4, de;q=0.4", "fr"),          # unshipped passed over; first among equals
    ("fr;q=0, it;q=0.1", "it"),                   # q=0 refuses
    ("*", None), ("", None), (None, None),
    ("de;q=abc, ;;;, fr-CA", "fr"),               # a broken range is passed over
])
def test_accept_language_is_read_by_quality(header, lang):
    assert accepted(header) == lang


def test_a_watcher_page_follows_accept_language_and_the_chooser_keeps_a_choice(client, hosted):
    page = client.get(f"/game/{hosted.finished}", headers={"Accept-Language": "de-CH, fr;q=0.5"})
    assert '<html lang="de">' in page.text and "Letzte Züge" in page.text
    assert "Accept-Language" in page.headers["vary"]
    chosen = client.get(f"/game/{hosted.finished}?ply=3&lang=it",
                        headers={"Accept-Language": "de"})
    assert '<html lang="it">' in chosen.text and "lang=it" in chosen.headers["set-cookie"]
    # the chooser keeps the page's other parameters
    assert f'href="?ply=3&amp;lang=fr"' in chosen.text
    later = client.get("/", headers={"Accept-Language": "de"})      # the cookie wins
    assert '<html lang="it">' in later.text and "Partite" in later.text
    client.cookies.clear()
    plain = client.get("/", headers={"Accept-Language": "es, pt"})
    assert '<html lang="en">' in plain.text and "Games" in plain.text
    odd = client.get("/?lang=xx%0d%0aSet-Cookie:a=b", headers={"Accept-Language": "de"})
    assert '<html lang="de">' in odd.text and "set-cookie" not in odd.headers


def test_json_keeps_english_keys_and_an_error_page_speaks_the_reader(client, hosted):
    seat = hosted.to_move()
    submit(hosted.store, hosted.live, seat, "language de", via="web")
    answer = client.get(hosted.link(seat) + "/steps").json()
    assert set(answer) >= {"step", "choices", "made", "ply"}
    assert all(set(c) >= {"choice", "moves", "steps", "href", "count"}
               for c in answer["choices"])
    assert answer["choices"][0]["count"].endswith(("Zug)", "Züge)"))
    missing = client.get("/game/nosuchgame", headers={"Accept-Language": "fr"})
    assert missing.status_code == 404 and "pas de partie nosuchgame." in missing.text


def test_the_seat_chooser_changes_the_seats_language_as_the_mail_command_does(client, hosted):
    seat = hosted.to_move()
    link = hosted.link(seat)
    page = client.get(link, headers={"Accept-Language": "de"})     # the seat's, not the browser's
    assert '<html lang="en">' in page.text
    token = re.search(r'name="token" value="([^"]+)"', page.text).group(1)
    changed = client.post(link, headers={"Origin": "http://testserver"}, data={"token": token, "command": "language", "lang": "fr"})
    assert changed.status_code == 200 and '<html lang="fr">' in changed.text
    assert "Vous êtes" in changed.text
    lang = {s["seat"]: s["lang"] for s in hosted.detail()["seats"]}
    assert lang[seat] == "fr" and lang[hosted.other()] is None
    for bad in ("xx", "fr\nresign", ""):
        refused = client.post(link, headers={"Origin": "http://testserver"}, data={"token": token, "command": "language", "lang": bad})
        assert refused.status_code in (400, 422), bad
        assert {s["seat"]: s["lang"] for s in hosted.detail()["seats"]}[seat] == "fr"
    forged = client.post(link, headers={"Origin": "http://testserver"}, data={"token": "forged", "command": "language", "lang": "de"})
    assert forged.status_code == 403
    assert {s["seat"]: s["lang"] for s in hosted.detail()["seats"]}[seat] == "fr"


def test_a_german_browser_sees_a_german_game_page(browser, served, hosted):
    context = browser.new_context(locale="de-DE")
    page = context.new_page()
    page.goto(served.base + f"/game/{hosted.finished}")
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.locator(".side h2").first.text_content() == "Letzte Züge"
    assert page.locator(".steps strong").text_content().startswith("Halbzug ")
    page.click("nav.languages a[hreflang=it]")
    assert page.locator("html").get_attribute("lang") == "it"
    page.goto(served.base + "/")                          # the choice holds on the next page
    assert page.locator("h1").text_content() == "Partite"
    context.close()


def test_a_french_seat_plays_through_the_builder_in_french_then_chooses_italian(
        browser, serve, tmp_path):
    store_dir = tmp_path / "fr"
    store_dir.mkdir()
    from referee.service.store import open_store
    store = open_store(f"sqlite:///{store_dir}/referee.db")
    try:
        gid = create_game(store, "hawaii", {"RED": "red@example.org",
                                            "GREEN": "green@example.org"},
                          host_address="referee@example.org", lang="de",
                          seat_langs={"RED": "fr", "GREEN": "fr"})
        for seat in ("RED", "GREEN"):
            assert submit(store, gid, seat, "show", via="web").ok
        seat = game_detail(store, gid)["to_move"]
        with serve(create_app(store)) as served:
            context = browser.new_context(locale="en-GB")
            page = context.new_page()
            page.goto(served.base + f"/seat/{seat_link_token(store, gid, seat)}")
            assert page.locator("html").get_attribute("lang") == "fr"
            assert page.locator("#play").text_content() == "Jouer"
            for _ in range(20):                    # click the first choice until a move stands
                if page.locator("code.built").count():
                    break
                assert page.locator("p.ask").text_content().startswith("Choisissez")
                assert re.fullmatch(r"\(\d+ coups?\)",
                                    page.locator("ul.choices .count").first.text_content())
                made = page.locator("#builder a.back").count()
                page.locator("a.choice").first.click()
                page.wait_for_function(
                    f"() => document.querySelectorAll('#builder a.back').length > {made}")
            page.locator("p.done").wait_for()
            assert "Vos choix donnent le coup" in page.locator("p.done").text_content()
            page.click("#play")
            page.locator(".reply h2").wait_for()
            assert page.locator(".reply h2").text_content() == "C'est fait"
            assert page.locator("html").get_attribute("lang") == "fr"
            page.select_option("#language select", "it")
            page.click("#language button")
            page.locator(".reply h2").wait_for()
            assert page.locator("html").get_attribute("lang") == "it"
            assert page.locator("h1").text_content().startswith(f"Sei {seat}")
            assert {s["seat"]: s["lang"] for s in game_detail(store, gid)["seats"]}[seat] == "it"
            context.close()
    finally:
        store.dispose()


# --- no English left -----------------------------------------------------------------

class _Texts(HTMLParser):
    """A page's text nodes and the attributes a person reads, outside scripts, styles and
    code; apart, what the engine wrote: the picture's labels (not its tooltips, which
    tests/i18n leaves out too) and the position as text. What each last move did is the
    engine's report of a move (operations.what_happened), passed over here: its words
    are the engine's to translate."""
    READ = ("title", "aria-label", "placeholder", "data-text-done", "data-text-ask",
            "data-text-inpicture", "data-text-back", "data-text-chosen", "data-text-play",
            "data-text-start")
    SKIP = ("script", "style", "code")
    # the builder's step names and choices are the engine's words of the notation
    CODES = {"choice", "stepname", "back"}

    def __init__(self):
        super().__init__()
        self.out, self.drawn, self.open = [], [], []     # open: (skipped, engine's) per tag

    def _inside(self) -> tuple[bool, bool]:
        return (any(s for s, _e in self.open), any(e for _s, e in self.open))

    def handle_starttag(self, tag, attrs):
        classes = set((dict(attrs).get("class") or "").split())
        engine = tag in ("figure", "pre")
        inside = self._inside()[1] or engine
        skipped = (tag in self.SKIP or bool(self.CODES & classes) or "did" in classes
                   or (inside and tag in ("title", "desc")))
        if tag not in ("input", "meta", "link", "br", "img"):      # the void elements
            self.open.append((skipped, engine))
        if not inside:
            self.out += [v.strip() for k, v in attrs if k in self.READ and v and v.strip()]

    def handle_endtag(self, tag):
        if self.open:
            self.open.pop()

    def handle_data(self, data):
        skipped, engine = self._inside()
        if not skipped and data.strip():
            (self.drawn if engine else self.out).append(" ".join(data.split()))


def _texts(html: str) -> tuple[list[str], str]:
    parser = _Texts()
    parser.feed(html)
    return parser.out, "\n".join(parser.drawn)


def _allowed(text: str, game: dict, names: set[str]) -> bool:
    """A text the same in every language: a canonical line, a code, a place, a number, a
    name (the seats, the games' titles and ids, a language's own name, the chain)."""
    seats = {s["seat"] for s in game["seats"]}
    if (text in game["text"] or text in names or text.split()[0] in seats
            or re.fullmatch(r"ply \d+ chain [0-9a-f-]+", text)):
        return True
    if " — " in text:
        return all(_allowed(part, game, names) for part in text.split(" — "))
    names = names | seats | {game["game"].capitalize()}
    for word in re.findall(r"[^\W\d_][\w'-]*", text):
        if not (word in names or word.isupper() or any(ch.isdigit() for ch in word)
                or re.fullmatch(r"[0-9a-f]+", word) or word in game["text"]):
            return False
    return True


def _pages(store, gid: str) -> list[tuple[str, str | None]]:
    """(address, seat) of every page of a game: its list, the game at the start, midway
    and now, and each seat's page."""
    last = game_detail(store, gid)["ply"]
    return ([("/", None), (f"/game/{gid}?ply=0", None), (f"/game/{gid}?ply={last // 2}", None),
             (f"/game/{gid}", None), ("/game/nosuchgame", None)]
            + [(f"/seat/{seat_link_token(store, gid, s['seat'])}", s["seat"])
               for s in game_detail(store, gid)["seats"]])


@pytest.mark.parametrize("names,in_play", [(("hawaii-2p.txt",), "hawaii"),
                                           (("haleakala.txt",), "haleakala")])
def test_no_english_left_on_any_page(tmp_path, names, in_play):
    hosted = Hosted(tmp_path, names=names)
    try:
        made = create_game(hosted.store, in_play,
                           {s: f"{s.lower()}@example.org" for s in
                            (("RED", "GREEN") if in_play == "hawaii" else ("RED", "YELLOW"))},
                           host_address="referee@example.org", title="Cup")
        salting = create_game(hosted.store, in_play,
                              {s: f"{s.lower()}x@example.org" for s in
                               (("RED", "GREEN") if in_play == "hawaii" else ("RED", "YELLOW"))},
                              host_address="referee@example.org", title="Cup")
        seats = [s["seat"] for s in game_detail(hosted.store, made)["seats"]]
        for seat in seats:
            assert submit(hosted.store, made, seat, "show", via="web").ok
        assert submit(hosted.store, salting, seats[0], "show", via="web").ok
        games = [hosted.finished, made, salting] + ([hosted.live] if in_play == "hawaii" else [])
        everyone = list_games(hosted.store)
        names = ({g["title"] for g in everyone if g["title"]} | {g["id"] for g in everyone}
                 | set(NAMES.values()) | {"Hawaii", "Haleakala"})
        found = set()
        with TestClient(hosted.app, base_url="http://testserver") as client:
            for gid in games:
                for address, seat in _pages(hosted.store, gid):
                    english = set(_texts(_get(client, hosted.store, gid, address, seat,
                                              "en"))[0])
                    for lang in LANGUAGES:
                        game = game_detail(hosted.store, gid)
                        body = _get(client, hosted.store, gid, address, seat, lang)
                        assert f'<html lang="{lang}">' in body, (address, lang)
                        texts, drawn = _texts(body)
                        left = [t for t in texts if t in english
                                and not _allowed(t, game, names)]
                        # the engine's drawing, held to the command line's rule: no text
                        # the catalog translates is left in English
                        left += _leftovers(drawn, lang)
                        found.update((lang, t) for t in left)
        assert not found, sorted(found)
    finally:
        hosted.store.dispose()


def _get(client, store, gid: str, address: str, seat: str | None, lang: str) -> str:
    client.cookies.clear()
    if seat is not None:        # a seat's page speaks its seat's language
        assert submit(store, gid, seat, f"language {lang}", via="web").ok
        return client.get(address).text
    return client.get(address, headers={"Accept-Language": lang}).text
