"""One transaction's view of a hosted game: its row locked, its transcript text, the
state at its end, and what a line played on it adds to the record.

Lines are added only through the transcript layer (:func:`referee.operations.play_text`),
so a hosted game is always a transcript that ``check`` and ``verify`` accept; the
session stores exactly the lines, plies and chain heads that play handed back.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from sqlalchemy import update

from referee.core import CHANCE, registry
from referee.errors import BadHeaderError, RefereeError
from referee.operations import digest, format_error, play_text, say_move
from referee.replay import genesis, replay, result_text, snapshot, state_json, to_move
from referee.service.store import schema as S
from referee.service.hosted.bot_seats import play_bots
from referee import i18n
from referee.service.hosted.mails import (Batch, Position, SeatMail, accepted_text, picture_source,
                                         position_mail, seat_language, to_seat)
from referee.service.store.record import (append, append_played, header_tags, transcript_text,
                                          update_game, version, witness)
from referee.service.store import after_commit, before_commit, game_seats
from referee.transcript import join_text, read_text, split_text


@dataclass
class Verdict:
    command: str                 # as the player wrote it
    ok: bool
    answer: str                  # what the reply says about it
    lines: list[str] = field(default_factory=list)   # lines it added to the transcript
    code: str | None = None      # a refusal's code


class NoSuchGame(RefereeError):
    code = "no-such-game"


class NoSuchSeat(RefereeError):
    code = "no-such-seat"


class Session:
    """The locked row, its text and its state, for the commands of one transaction."""

    def __init__(self, store, conn, game_id, seat, *, via, now, message_id=None,
                 game=None, seats=None):
        """``game`` (its row, locked in this transaction) and ``seats`` (its seat rows by
        seat) when the caller has read them already."""
        self.store, self.conn, self.via, self.now, self.message_id = \
            store, conn, via, now, message_id
        # the player has already said they mean to resign, outside the text (the web
        # page's ticked box): a bare 'resign' then needs no confirming code
        self.resign_confirmed = False
        if game is None:
            game, read = store.lock_game_and_seats(conn, game_id)
            seats = read if seats is None else seats
        if game is None:
            raise NoSuchGame(f"there is no game {game_id}")
        self.game = dict(game)
        self.module = registry.get(self.game["game"])
        self.seat = seat.upper()
        if seats is None:
            seats = game_seats(conn, game_id)
        order = seat_order(self.game["header"])
        self.seats = {s: dict(seats[s]) for s in sorted(seats, key=lambda s: (
            order.index(s) if s in order else len(order), s))}
        if self.seat not in self.seats:
            raise NoSuchSeat(f"game {game_id} has no seat {self.seat}")
        self._text: str | None = None
        # (text, the replay at its end or None, whether this transaction played it): the
        # game's state as the store keeps it (:mod:`referee.service.store.games_state`)
        # or as a line played here left it, which the commit then keeps
        self._end: tuple | None = None
        self._state = None
        self._dirty: set[str] = set()
        self._trials: tuple[str, dict] | None = None   # (text, {line: its play or refusal})
        self.batch = Batch()      # this transaction's mails, one INSERT at its end
        self.added: list[tuple[str | None, list[str]]] = []
        self.said: dict[str, dict[str, str]] = {}   # a move line -> language -> in words
        self._picture = None      # (a notification's position document, its position)
        before_commit(conn, ("session", id(self)), self._flush)

    @property
    def text(self) -> str:
        """The transcript as stored: the text this process committed last, if the game's
        row says it is still that, else read from the log."""
        if self._text is None:
            self._text = (self.store.games.text(self.game)
                          or transcript_text(self.conn, self.game))
        return self._text

    def _flush(self) -> None:
        """The game row's changes and the mails, written at the end of the transaction,
        with the state a line played here left (memory takes it after the commit)."""
        if self._dirty:
            update_game(self.conn, self.game["id"], {k: self.game[k] for k in self._dirty})
            self._dirty = set()
        self.batch.flush(self.conn)
        played = self._played()
        if played is not None:
            doc = self.store.games.save(self.conn, self.game["id"], self._text, played)
            if doc is not None:
                gid, v, text, picture = self.game["id"], version(self.game), self._text, \
                    self._picture
                after_commit(self.conn, ("keep", id(self)), lambda: self.store.games.remember(
                    gid, v, text, doc, *(picture or (None, None))))
            self._end = (self._text, played, False)

    def _played(self):
        """The replay at the end of :attr:`text` that a line played in this transaction
        left, not yet kept, or None."""
        end = self._end
        return end[1] if end is not None and end[2] and end[0] is self._text else None

    def _at_end(self):
        """The replay at the end of :attr:`text`, not to be advanced (None: the text does
        not replay cleanly)."""
        text = self.text
        if self._end is None or self._end[0] is not text:
            self._end = (text, self.store.games.at_end(self.conn, self.game, text, self.name),
                         False)
        return self._end[1]

    def replay_copy(self):
        """A replay at the end of :attr:`text` of its own, to advance (None: the text does
        not replay cleanly)."""
        rp = self._at_end()
        return None if rp is None else snapshot.copy(rp)

    def state_json(self, state) -> dict:
        """The state's JSON, made once per state when it is the game's (the listing's
        round, the mails and the store's document share it)."""
        rp = self._at_end() if self._state is state else None
        if rp is not None and rp.state is state:
            return rp.state_data()
        return state_json(self.module, state)

    # --- the game as it stands -------------------------------------------------
    @property
    def name(self) -> str:
        return f"game-{self.game['id']}"

    def secret(self) -> str:
        if not self.game["secret"]:
            raise BadHeaderError("this hosted game has no secret")
        return self.game["secret"]

    @property
    def state(self):
        if self._state is None:
            rp = self._at_end()
            self._state = (rp or replay_text(self.text, self.name)).state
        return self._state

    def witness(self) -> str:
        return witness(self.game["ply"], self.game["chain"] or self._genesis())

    def _genesis(self) -> str:
        """The chain head of a game with no item yet: its header's."""
        return genesis(header_tags(self.game["header"])).hex()

    def deadline(self) -> float | None:
        g = self.game
        if g["status"] != "playing" or not g["deadline_secs"] or g["turn_since"] is None:
            return None
        return g["turn_since"] + g["deadline_secs"]

    def waiting(self) -> list[str]:
        """The seats whose first reply (their salt) the deal still waits for."""
        return [s for s, r in self.seats.items() if not r["salted"]]

    # --- playing a line ---------------------------------------------------------
    def refuse(self, text: str, code: str, reason: str, err: RefereeError | None = None
               ) -> Verdict:
        if err is not None:
            answer = i18n._("REFUSED:") + " " + format_error(err, where=False)
        else:
            answer = f"{i18n._('REFUSED:')} {code}: {reason}"
        return Verdict(text, False, answer, code=code)

    def set_seat(self, seat: str | None = None, **values) -> None:
        seat = seat or self.seat
        self.conn.execute(update(S.seats).where(
            S.seats.c.game_id == self.game["id"], S.seats.c.seat == seat).values(**values))
        self.seats[seat].update(values)

    def play(self, text: str, line: str, *, sent: str | None, who: str | None = "",
             player=None) -> Verdict:
        """Validate ``line`` with the transcript layer and store what it adds."""
        if player is not None:
            try:
                played = player(self.text.encode("utf-8"))
            except RefereeError as err:
                return self.refuse(text, err.code, err.reason, err)
        else:
            played, err = self.trial(line)
            if err is not None:
                return self.refuse(text, err.code, err.reason, err)
        self.record(played, sent=sent, who=self.seat if who == "" else who)
        answer = accepted_text(list(played.lines), self.said)
        return Verdict(text, True, answer, lines=list(played.lines))

    def attempt(self, line: str):
        """What playing ``line`` now would give (for :meth:`play` to record), or None if
        it would be refused; nothing is recorded."""
        return self.trial(line)[0]

    def trial(self, line: str):
        """(what playing ``line`` on the game as it stands gives, None) or (None, the
        refusal); nothing is recorded. Kept until the game changes, so a line tried
        (a move in the player's own words, a move sent again) and then played is
        played once."""
        text = self.text
        if self._trials is None or self._trials[0] is not text:
            self._trials = (text, {})
        tried = self._trials[1]
        if line not in tried:
            try:
                tried[line] = (play_text(text.encode("utf-8"), line, name=self.name,
                                         secret=self.secret, rp=self.replay_copy(),
                                         verify_draws=True), None)
            except RefereeError as err:
                tried[line] = (None, err)
        return tried[line]

    def record(self, played, *, sent, who) -> None:
        self._say(played)
        header = self.game["header"]
        added = append_played(self.conn, self.game, played, seat=who, sent=sent, via=self.via,
                              message_id=self.message_id, now=self.now)
        self._dirty |= {"updated_at", "ply", "chain", "lines"}
        if self.game["header"] != header:
            self._dirty.add("header")
        self._text = played.text
        self._state = played.state
        clean = played.replay is not None and played.text is not None and not played.replay.errors
        self._end = (played.text, played.replay, True) if clean else None
        self._picture = None
        if added and any(not line.lstrip().startswith("[") for line in added):
            self.added.append((who, added))
        self.derive(played.state, write=False)

    def _say(self, played) -> None:
        """The move ``played`` added, said in words from the position before it, in each
        language this game's answers are read in: the mover's and every seat's. A
        notification is written later, from the position after the move, where the
        move can no longer be read."""
        line = next((line for line in played.lines
                     if not line.startswith(("*", "[", "#"))), None)
        if played.move is None or played.before is None or line is None:
            return                      # a takeback, a resignation, a salt: said by its line
        languages = {i18n.language()} | {seat_language(self.game, row)
                                         for row in self.seats.values()}
        words = {}
        for lang in languages:
            with i18n.speaking(lang):
                words[i18n.language()] = say_move(self.module, played.before, played.move)
        self.said[line] = words

    def note(self, comment: str) -> None:
        """A comment line at the end of the transcript, written now (a change of who
        holds a seat): the position is the same, the text is new."""
        text = join_text(self.game["header"], split_text(self.text)[1] + [comment])
        append(self.conn, self.game, text, seat=None, sent=None, via=self.via,
               message_id=None, now=self.now, old=self.text, defer=True)
        self._dirty |= {"updated_at", "ply", "chain", "lines"}
        self._text, self._end = text, None

    def derive(self, state, *, write: bool = True) -> None:
        """What the listing shows without a replay: status, whose turn, round, result
        (``write=False``: written with the row's other changes at the commit)."""
        who = to_move(state)
        dealt = self.game["status"] != "salting" or "\n*" in self.text
        if who is None:
            status, result = "over", result_text(state) or "over"
        else:
            status, result = ("playing" if dealt else "salting"), None
        try:
            rnd = self.state_json(state).get("round")
        except Exception:
            rnd = None
        values = {"status": status, "result": result,
                  "to_move": who if who not in (None, CHANCE) else None,
                  "round": None if rnd is None else str(rnd),
                  "turn_since": self.now, "clock_ply": self.game["ply"], "clock_stage": 0,
                  "clock_at": None}
        self.game.update(values)
        if write:
            update_game(self.conn, self.game["id"], values)
        else:
            self._dirty |= set(values)

    # --- telling the seats ------------------------------------------------------
    def mail_others(self, write) -> None:
        """A mail to every other seat still playing; ``write()`` gives its (subject, text)
        and is called once per seat in that seat's language."""
        key = self.store.host_key(self.conn)
        for s, row in self.seats.items():
            if s != self.seat and not row["resigned"]:
                with i18n.speaking(seat_language(self.game, row)):
                    what, body = write()
                to_seat(self.conn, key, self.game, row, SeatMail("notify", what, body),
                        now=self.now, url=self.store.public_url)

    def notify(self) -> None:
        """One mail to every seat about what this transaction added. The position goes
        with each mail and ``mail send`` writes the text from it (the state drawn,
        the mover's options): that work stays out of the move's transaction. A bot
        whose turn it is moves first, so the mail says what it played."""
        play_bots(self)
        if not self.added:
            return
        if self.game.get("thread_key"):      # a forum game: its seats read the thread
            if self.via != "forum":          # (a post's own answer says what it did)
                # a forum game's path only: a mail process started per mail should
                # not load the forum packages and the board by address for every mail
                from referee.service.hosted import forum_answers as answers
                with i18n.speaking(self.game["lang"]):    # a thread is public
                    news = answers.news_text(self)
                answers.queue_answer(self.conn, self.game, news, now=self.now)
            return
        key = self.store.host_key(self.conn)
        lines = [line for _, batch in self.added for line in batch]
        movers = [who for who, _ in self.added if who]
        g = self.game
        state = self.state
        try:
            data = self.state_json(state)
        except Exception:
            data = None
        own = self._played()
        own = own if own is not None and own.state is state else None
        picture = picture_source(self.module, state, list(self.seats), data,
                                 own.state_text() if own is not None and data is not None
                                 else None)
        if picture is not None and data is not None:   # for this process's sender
            self._picture = (picture, (self.module, state, data))
        spec = {"added": lines, "who": movers[0] if movers else None,
                "said": {line: self.said[line] for line in lines if line in self.said},
                "witness": self.witness(), "deadline": self.deadline(),
                "result": g["result"] if g["status"] == "over" else None,
                "to_move": None if g["status"] == "over" else state.current_player()}
        for row in self.seats.values():
            if row["resigned"] and g["status"] != "over":
                continue                # a resigned seat hears only how the game ends
            seat_spec = dict(spec, seat=row["seat"], lang=seat_language(g, row))
            with i18n.speaking(seat_spec["lang"]):
                what = (i18n._("game over, {result}").format(result=g["result"])
                        if g["status"] == "over"
                        else i18n._("ply {ply}, {seat} to move").format(
                            ply=g["ply"], seat=i18n.seat_word(g["to_move"])))
                body = ("" if picture is not None
                        else self._position_text(state, data, seat_spec))
            position = Position(picture, seat_spec if picture is not None else None)
            to_seat(self.conn, key, g, row, SeatMail("notify", what, body, position),
                    now=self.now, batch=self.batch, url=self.store.public_url)

    def _position_text(self, state, data, spec) -> str:
        """The notification's text made now: for a position that cannot be stored."""
        return position_mail(self.game, self.module, state, seat=spec["seat"],
                             added=spec["added"], who=spec["who"], witness=spec["witness"],
                             deadline=spec["deadline"], digest=digest(self.module, state, data),
                             result=spec["result"], said=spec["said"])


def replay_text(text: str, name: str):
    """The replay of a transcript text that does not replay cleanly, to say why (a
    clean one's state is the store's: :meth:`Session.replay_copy`)."""
    transcript = read_text(text, name)
    return replay(transcript, deal_check=transcript.tag("Dealing") is not None)


@lru_cache(maxsize=4096)
def seat_order(header: str) -> tuple[str, ...]:
    """The seats in seating order, from the header's [Players] tag."""
    players = next((v for n, v in header_tags(header) if n.lower() == "players"), "")
    return tuple(p.upper() for p in (players or "").split())


def words(text: str, module) -> tuple[str | None, list[str]]:
    """(the seat word if the line starts with one, the other words in lower case)."""
    parts = text.split()
    if len(parts) >= 2 and parts[0].upper() in module.seats:
        return parts[0].upper(), [w.lower() for w in parts[1:]]
    return None, [w.lower() for w in parts]
