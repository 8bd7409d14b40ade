"""Who reads which language in a hosted game: the game's language and each seat's own,
set by ``host new``, listed by ``host show``, and changed by a seat's mail."""
from __future__ import annotations

import json

from referee.operations.listing import legal_lines
from referee.service.hosted.games import create_game, game_detail, list_games
from referee.service.hosted.session import replay_text
from referee.service.store import open_store
from tests.service.hosted.test_host_settings import SEATS, _cli
from tests.service.hostkit import HOST, Table
from tests.service.mailservers import SmtpSink


def _new(capsys, db, *extra):
    return _cli(capsys, "host", "new", "hawaii", "--db", db, "--from", HOST,
                "--seat", f"RED={SEATS['RED']}", "--seat", f"GREEN={SEATS['GREEN']}", *extra)


def test_host_new_sets_the_languages_and_host_show_lists_them(capsys, tmp_path):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    code, out, err = _new(capsys, db, "--lang", "fr", "--seat-lang", "green=de_DE.UTF-8")
    assert code == 0, err
    gid = out.strip()
    code, out, err = _cli(capsys, "host", "show", gid, "--db", db)
    assert code == 0, err
    assert "language fr; RED fr, GREEN de" in out
    code, out, err = _cli(capsys, "host", "show", gid, "--db", db, "--format", "json")
    assert code == 0 and json.loads(out)["languages"] == {"RED": "fr", "GREEN": "de"}


def test_a_language_or_seat_the_referee_does_not_know_makes_no_game(capsys, tmp_path):
    db = f"sqlite:///{tmp_path / 'r.db'}"
    code, _, err = _new(capsys, db, "--lang", "xx")
    assert code == 2 and "'xx' is no language the referee speaks" in err
    code, _, err = _new(capsys, db, "--seat-lang", "BLUE=fr")
    assert code == 2 and "BLUE is no seat of this game" in err
    code, _, err = _new(capsys, db, "--seat-lang", "RED")
    assert code == 2 and "is not SEAT=LANG" in err
    assert "Traceback" not in err
    assert list_games(open_store(db)) == []


def test_a_seat_changes_its_language_by_mail(tmp_path):
    """The command word in each language; the answer is in the language chosen, and an
    unknown one is refused (in the seat's language) and changes nothing."""
    store = open_store(f"sqlite:///{tmp_path / 'r.db'}")
    with SmtpSink() as sink:
        table = Table(store, sink, SEATS)
        gid = table.start()
        table.deliver()
        result = table.send("RED", "sprache de")[0]
        assert result.reply.ok
        table.deliver()
        assert "Ab jetzt sind Ihre Mails in „de“ geschrieben." in table.last("RED").body
        result = table.send("RED", "lingua klingon")[0]
        assert not result.reply.ok
        table.deliver()
        assert "„klingon“ ist keine Sprache" in table.last("RED").body
        table.send("GREEN", "langue it")
        table.send("GREEN", "language")
        table.deliver()
        assert "Le tue email sono scritte in «it»" in table.last("GREEN").body
    langs = {s["seat"]: s["lang"] for s in game_detail(store, gid)["seats"]}
    assert langs == {"RED": "de", "GREEN": "it"}
    store.dispose()


def test_a_mixed_table_gets_each_its_answers_in_its_own_language(capsys, tmp_path):
    """RED reads French, GREEN German, in one game: the same mail with no command in it
    is answered to each in its own language."""
    db = f"sqlite:///{tmp_path / 'r.db'}"
    code, _, err = _new(capsys, db, "--lang", "fr", "--seat-lang", "GREEN=de")
    assert code == 0, err
    store = open_store(db)
    with SmtpSink() as sink:
        table = Table(store, sink, SEATS)
        table.deliver()
        for seat in SEATS:
            assert table.send(seat, "I'm in")[0].reply.ok
        table.deliver()
        for seat in SEATS:
            table.send(seat, "Hello everyone, good luck!")
        table.deliver()
        assert "Aucune commande trouvée dans votre courriel" in table.last("RED").body
        assert "In Ihrer Mail steht kein Befehl" in table.last("GREEN").body
    store.dispose()


def test_each_seat_of_a_mixed_table_reads_its_invitation_and_notifications_in_its_language(
        tmp_path):
    """RED French, GREEN German, BLUE English in one game: the invitation, the news of the
    deal and of a move, each in the reader's own language, built per recipient from the
    same position; GREEN then turns to Italian and its next notification follows."""
    seats = {**SEATS, "BLUE": "carol@players.example"}
    store = open_store(f"sqlite:///{tmp_path / 'r.db'}")
    gid = create_game(store, "hawaii", seats, host_address=HOST, lang="fr",
                      seat_langs={"GREEN": "de", "BLUE": "en"})
    with SmtpSink() as sink:
        table = Table(store, sink, seats)
        table.deliver()
        assert "Vous êtes invité à jouer à Hawaii en tant que ROUGE" in table.last("RED").body
        assert "Sie sind eingeladen, Hawaii als GRÜN" in table.last("GREEN").body
        assert "You are invited to play Hawaii as BLUE" in table.last("BLUE").body
        assert table.last("GREEN").subject.endswith("Sie sind GRÜN")
        # the other seats in the reader's words, an address as it is
        assert f"VERT ({seats['GREEN']})" in table.last("RED").body
        for seat in seats:
            assert table.send(seat, "I'm in")[0].reply.ok
        table.deliver()
        dealt = {seat: _news(table, seat) for seat in seats}
        assert "L'arbitre a distribué :" in dealt["RED"].body
        assert "Der Schiedsrichter hat ausgeteilt:" in dealt["GREEN"].body
        assert "The referee dealt:" in dealt["BLUE"].body
        assert "demi-coup" in dealt["RED"].subject and "Halbzug" in dealt["GREEN"].subject
        # the same board under the same witness line for all three
        assert len({m.witness for m in dealt.values()}) == 1
        assert "Sie sind am Zug." not in dealt["RED"].body

        assert table.send("GREEN", "lingua it")[0].reply.ok
        g = game_detail(store, gid)
        mover = g["to_move"]
        rp = replay_text(g["text"], gid)
        line = legal_lines(rp.module, rp.state, 1)[1][0]
        assert table.send(mover, line)[0].reply.ok
        table.deliver()
        others = [s for s in seats if s != mover]
        bodies = {s: _news(table, s).body for s in others}
        # the mover named by its colour in the reader's language
        said = {"RED": f"{_colour(mover, 'fr')} a joué :",
                "GREEN": f"{_colour(mover, 'it')} ha giocato:", "BLUE": f"{mover} played:"}
        for s in others:
            assert said[s] in bodies[s], (s, bodies[s][:300])
        # under the canonical line, the move in words in each reader's own language
        words = {s: _in_words(bodies[s]) for s in others}
        assert all(words.values()), words
        assert len(set(words.values())) == len(others), words
        mine = table.inbox[table.seats[mover]][-1]
        assert _in_words(mine.body), mine.body[:300]
    store.dispose()


def _colour(seat: str, lang: str) -> str:
    return {"fr": {"RED": "ROUGE", "GREEN": "VERT", "BLUE": "BLEU"},
            "it": {"RED": "ROSSO", "GREEN": "VERDE", "BLUE": "BLU"}}[lang][seat]


def _in_words(body: str) -> str | None:
    """The sentence in brackets under the first move line of a mail, or None."""
    lines = body.splitlines()
    for k, line in enumerate(lines[:-1]):
        nxt = lines[k + 1].strip()
        if line.startswith("    ") and not line.startswith("     ") and nxt.startswith("("):
            return nxt
    return None


def _news(table, seat):
    """The seat's last notification (not a reply to its own mail)."""
    return next(m for m in reversed(table.inbox[table.seats[seat]])
                if not m.subject.startswith("Re:"))




def test_a_french_invitation_names_the_bot_seat_in_french(tmp_path):
    """The seat list of an invitation says "robot" around the level, which stays as typed."""
    store = open_store(f"sqlite:///{tmp_path / 'r.db'}")
    create_game(store, "hawaii", {"RED": SEATS["RED"], "GREEN": "bot:basic"},
                host_address=HOST, lang="fr")
    with SmtpSink() as sink:
        table = Table(store, sink, {"RED": SEATS["RED"]})
        table.deliver()
        body = " ".join(table.last("RED").body.split())
        assert "VERT (robot basic)" in body and "(bot basic)" not in body, body
    store.dispose()
