"""What a new host meets following the README: the public address kept in the store for
every process on it, messages that say what really happens, a game without a deadline
that says nothing about one, and links in the mail's HTML part that a reader can click."""
from __future__ import annotations

from email import message_from_bytes, policy
from html.parser import HTMLParser

from referee.cli import run
from referee.service.daemon import Host, load
from referee.service.hosted.games import Clock, create_game, list_games, seat_link_token
from referee.service.store import open_store
from tests.service.hostkit import HOST, Table
from tests.service.mailservers import SmtpSink

SEATS = {"RED": "alice@players.example", "GREEN": "bob@players.example"}
URL = "https://games.example.org"


def _cli(capsys, *args) -> tuple[int, str, str]:
    capsys.readouterr()
    code = run(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def _new(capsys, db, *extra) -> tuple[str, str]:
    code, out, err = _cli(capsys, "host", "new", "hawaii", "--db", db, "--from", HOST,
                          "--seat", f"RED={SEATS['RED']}", "--seat", f"GREEN={SEATS['GREEN']}",
                          *extra)
    assert code == 0, err
    return out.strip(), err


def test_the_public_address_is_the_stores_for_every_later_command(capsys, tmp_path):
    """Given once (``host config --url``), every later ``host new`` links the seat's
    page without being told; a flag given to a command wins and is kept."""
    db = f"sqlite:///{tmp_path / 'r.db'}"
    code, out, _ = _cli(capsys, "host", "config", "--db", db)
    assert code == 0 and out.startswith("url none")
    assert _cli(capsys, "host", "config", "--db", db, "--url", URL + "/")[0] == 0
    code, out, _ = _cli(capsys, "host", "config", "--db", db)
    assert code == 0 and out.strip() == f"url {URL}"
    gid, _ = _new(capsys, db)
    store = open_store(db)
    with SmtpSink() as sink:
        table = Table(store, sink, SEATS)
        invitations = table.deliver()
        assert len(invitations) == 2
        for mail in invitations:
            seat = next(s for s, a in SEATS.items() if a in mail.to)
            assert f"{URL}/seat/{seat_link_token(store, gid, seat)}" in mail.body
    store.dispose()
    _new(capsys, db, "--url", "https://other.example.org")
    assert _cli(capsys, "host", "config", "--db", db)[1].strip() == "url https://other.example.org"
    code, _, err = _cli(capsys, "host", "config", "--db", db, "--url", "games.example.org")
    assert code == 2 and "is not a web address" in err
    assert _cli(capsys, "host", "config", "--db", db)[1].strip() == "url https://other.example.org"


def test_serve_keeps_its_url_and_a_serve_told_none_uses_the_stores(tmp_path):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    told = Host(load({"db": db, "url": URL}))
    assert told.base == URL
    told.store.dispose()
    assert open_store(db).public_url == URL             # what ``host new`` then links
    untold = Host(load({"db": db}))
    assert untold.base == URL
    # set by another process while this one runs: its clock reads it again
    open_store(db, public_url="https://moved.example.org").dispose()
    untold.store.refresh_public_url()
    assert untold.base == "https://moved.example.org"
    untold.store.dispose()


def test_host_new_says_who_sends_the_invitations(capsys, tmp_path):
    _, err = _new(capsys, f"sqlite:///{tmp_path / 'r.db'}")
    assert "a running 'referee serve' sends them, or 'referee mail send'" in err
    assert "referee mail send delivers them" not in err


def test_the_serve_banner_is_a_sentence():
    from referee.commands.serve import banner

    config = load({"db": "sqlite:///x.db", "from": HOST, "mail-in": "smtp://127.0.0.1:2525",
                   "mail-out": "smtp://localhost:25"})
    said = banner(config, "sqlite:///x.db", "http://127.0.0.1:8000")
    assert said == ("Serving the games of sqlite:///x.db at http://127.0.0.1:8000/; mail "
                    "comes in by SMTP on 127.0.0.1:2525; mail goes out through localhost:25.")
    said = banner(load({}), "sqlite:///x.db", URL)
    assert said.startswith(f"Serving the games of sqlite:///x.db at {URL}/; no mail comes in")


def test_a_game_without_a_deadline_says_nothing_of_one(capsys, tmp_path):
    from starlette.testclient import TestClient

    from referee.service.web.app import create_app

    db = f"sqlite:///{tmp_path / 'r.db'}"
    store = open_store(db)
    with SmtpSink() as sink:
        table = Table(store, sink, SEATS)
        gid = table.start()
        notes = table.deliver()
        assert any("Next: " in m.body for m in notes)
        assert not [m.body for m in notes if "deadline" in m.body.lower()]
        mover = next(g for g in list_games(store) if g["id"] == gid)["to_move"]
        for words in ("show", "moves"):
            assert table.send(mover, words)[0].reply.ok
        answers = table.deliver()
        assert any(f"Next: {mover}." in m.body for m in answers)
        assert not [m.body for m in answers if "deadline" in m.body.lower()]
        code, out, _ = _cli(capsys, "host", "games", "--db", db)
        assert code == 0 and "deadline" not in out
        page = TestClient(create_app(store)).get(f"/game/{gid}").text
        assert "Deadline" not in page
        # a game with one still says it
        timed = create_game(store, "hawaii", SEATS, host_address=HOST, clock=Clock(3600))
        table.deliver()
        for seat in SEATS:
            table.send(seat, "in")
        told = [m.body for m in table.deliver() if "Next: " in m.body]
        assert told and all("; deadline 2" in body for body in told)
        assert "Deadline" in TestClient(create_app(store)).get(f"/game/{timed}").text
    store.dispose()


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self.links.append(dict(attrs)["href"])


def test_the_html_part_links_the_seats_page(capsys, tmp_path):
    """``mail send`` (told no address: the store's) makes the page link of each
    notification's HTML part a link."""
    db = f"sqlite:///{tmp_path / 'r.db'}"
    open_store(db, public_url=URL).dispose()
    store = open_store(db)
    with SmtpSink() as sink:
        table = Table(store, sink, SEATS)
        gid = table.start()
        before = len(sink.received)
        assert run(["mail", "send", "--smtp", table.url, "--db", db, "--pictures"]) == 0
        notes = [message_from_bytes(r.data, policy=policy.default)
                 for r in sink.received[before:]]
    notes = [m for m in notes if "to move" in str(m["Subject"])]
    assert len(notes) == len(SEATS)
    for m in notes:
        seat = m["X-Referee-Seat"]
        page = f"{URL}/seat/{seat_link_token(store, gid, seat)}"
        html = next(p for p in m.walk() if p.get_content_type() == "text/html").get_content()
        found = _Links()
        found.feed(html)
        assert found.links == [page]
        assert f'<a href="{page}">{page}</a>' in html
    store.dispose()


def test_only_the_hosts_own_addresses_become_links():
    from referee.service.hosted.mails import linked

    text = ('page https://games.example.org/seat/abc.RED.x1, and\n'
            'https://games.example.org/game/a"onclick="x <b>\n'
            'https://evil.example/seat/abc https://games.example.org.evil.example/x\n'
            'javascript:alert(1) http://games.example.org/ https://games.example.org/')
    out = linked(text, URL)
    found = _Links()
    found.feed(out)
    assert found.links == ["https://games.example.org/seat/abc.RED.x1",
                           "https://games.example.org/game/a"]
    assert "&quot;onclick=&quot;x &lt;b&gt;" in out and "<b>" not in out
    assert linked(text, None) == linked(text, "javascript:alert(1)//") \
        and "<a " not in linked(text, None)
