"""The one way a move or command reaches a hosted game, from mail or the web.

``submit`` (and ``run_commands`` for a whole mail) validates each command
against the game at its last ply, appends what it adds, queues the
notifications and commits, all in one transaction holding the game's lock;
nothing is acknowledged before that commit. Lines are added only through the
transcript layer (:func:`referee.operations.play.play_text`), so a hosted game
is always a transcript that ``check`` and ``verify`` accept.
"""
from __future__ import annotations

import json
import secrets as _secrets
import time
from dataclasses import dataclass, field

from functools import lru_cache

from sqlalchemy import select, update

from referee.core.game import CHANCE
from referee.errors import RefereeError
from referee.service import schema as S
from referee.service.record import append, transcript_text, update_game, version, witness
from referee.service.store import after_commit, before_commit, game_seats

COMMAND_WORDS = ("show", "moves", "history", "undo", "accept", "decline", "resign", "help")


@dataclass
class Verdict:
    command: str                 # as the player wrote it
    ok: bool
    answer: str                  # what the reply says about it
    lines: list[str] = field(default_factory=list)   # lines it added to the transcript
    code: str | None = None      # a refusal's code


@dataclass
class Reply:
    game_id: str
    seat: str | None
    verdicts: list[Verdict]
    ply: int
    witness: str
    ignored: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(v.ok for v in self.verdicts)

    @property
    def lines(self) -> list[str]:
        return [line for v in self.verdicts for line in v.lines]

    @property
    def text(self) -> str:
        out = []
        for v in self.verdicts:
            out += [f"> {v.command}", v.answer.rstrip("\n"), ""]
        if self.ignored:
            out += ["Ignored (not a command):"] + [f"    {line}" for line in self.ignored] + [""]
        if not self.verdicts:
            out += ["No command found in your mail; 'help' lists them.", ""]
        out.append(self.witness)
        return "\n".join(out) + "\n"


class NoSuchGame(RefereeError):
    code = "no-such-game"


class NoSuchSeat(RefereeError):
    code = "no-such-seat"


def _refusal(code: str, reason: str) -> RefereeError:
    err = RefereeError(reason)
    err.code = code
    return err


def submit(store, game_id: str, seat: str, text: str, *, via: str, now: float | None = None,
           expect_ply: int | None = None) -> Reply:
    """Run the command lines of ``text`` for ``seat`` (already authenticated by the
    caller) in one transaction. ``expect_ply`` guards a single move like ``#N``."""
    now = time.time() if now is None else now
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    commands = [(line, expect_ply if len(lines) == 1 else None) for line in lines]
    with store.write() as conn:
        return run_commands(store, conn, game_id, seat, commands, via=via, now=now)


def run_commands(store, conn, game_id: str, seat: str, commands, *, via: str, now: float,
                 message_id: str | None = None, session=None) -> Reply:
    """Inside the caller's transaction: lock the game, run ``commands`` ((text, guard)
    pairs) in order, the first refusal stopping the rest, and queue the notifications."""
    if session is None:
        session = Session(store, conn, game_id, seat, via=via, now=now, message_id=message_id)
    verdicts = []
    if session.needs_salt(commands):
        verdicts.append(session.salt(_secrets.token_hex(4), auto=True))
    for i, (text, guard) in enumerate(commands):
        verdict = session.run(text, guard)
        verdicts.append(verdict)
        if not verdict.ok:
            verdicts += [Verdict(t, False, "not run: a command before it was refused", code="skipped")
                         for t, _ in commands[i + 1:]]
            break
    session.notify()
    return Reply(game_id, session.seat, verdicts, session.game["ply"], session.witness())


class Session:
    """One transaction's view of a game: the locked row, its text and its state."""

    def __init__(self, store, conn, game_id, seat, *, via, now, message_id=None,
                 game=None, seats=None):
        """``game`` (its row, locked in this transaction) and ``seats`` (its seat rows by
        seat) when the caller has read them already."""
        from referee.core import registry
        from referee.service.notify import Batch

        self.store, self.conn, self.via, self.now, self.message_id = \
            store, conn, via, now, message_id
        if game is None:
            game = store.lock_game(conn, game_id)
        if game is None:
            raise NoSuchGame(f"there is no game {game_id}")
        self.game = dict(game)
        self.module = registry.get(self.game["game"])
        self.seat = seat.upper()
        if seats is None:
            seats = game_seats(conn, game_id)
        order = _players(self.game["header"])
        self.seats = {s: dict(seats[s]) for s in sorted(seats, key=lambda s: (
            order.index(s) if s in order else len(order), s))}
        if self.seat not in self.seats:
            raise NoSuchSeat(f"game {game_id} has no seat {self.seat}")
        self._text: str | None = None
        self._own = None          # (text, replay at its end) made by this session
        self._state = None
        self._json = None         # (state, its JSON)
        self._dirty: set[str] = set()
        self.batch = Batch()      # this transaction's mails, one INSERT at its end
        self.added: list[tuple[str | None, list[str]]] = []
        before_commit(conn, ("session", id(self)), self._flush)
        after_commit(conn, ("keep", id(self)), self._keep)

    @property
    def text(self) -> str:
        """The transcript as stored: the text this process committed last, if the game's
        row says it is still that, else read from the log."""
        if self._text is None:
            entry = self.store.kept.get(self.game["id"])
            v = version(self.game)
            if entry is not None and v is not None and entry[0] == v:
                self._text = entry[1]
            else:
                self._text = transcript_text(self.conn, self.game)
        return self._text

    def _flush(self) -> None:
        """The game row's changes and the mails, written at the end of the transaction."""
        if self._dirty:
            update_game(self.conn, self.game["id"], {k: self.game[k] for k in self._dirty})
            self._dirty = set()
        self.batch.flush(self.conn)

    def _keep(self) -> None:
        """After the commit: remember the text and its replay for the game's next move,
        and leave the state for other processes in the state cache (a resident process
        does that once for each game's last state, :meth:`Store.save_states`)."""
        if self._own is not None and self._own[0] is self._text:
            self.store.remember(self.game["id"], version(self.game), *self._own)

    def replay_copy(self):
        """A replay at the end of :attr:`text` to advance, from memory (None: not kept)."""
        from referee.replay import snapshot

        text = self.text
        if self._own is not None and self._own[0] is text:
            return snapshot.copy(self._own[1])
        entry = self.store.kept.get(self.game["id"])
        if entry is not None and entry[1] == text:
            return snapshot.copy(entry[2])
        return None

    def state_json(self, state) -> dict:
        if self._json is None or self._json[0] is not state:
            self._json = (state, self.module.state_to_json(state))
        return self._json[1]

    # --- the game as it stands -------------------------------------------------
    @property
    def name(self) -> str:
        return f"game-{self.game['id']}"

    def secret(self) -> str:
        from referee.errors import BadHeaderError
        if not self.game["secret"]:
            raise BadHeaderError("this hosted game has no secret")
        return self.game["secret"]

    @property
    def state(self):
        if self._state is None:
            self._state = (self.replay_copy() or replay_text(self.text, self.name)).state
        return self._state

    def witness(self) -> str:
        return witness(self.game["ply"], self.game["chain"] or self._genesis())

    def _genesis(self) -> str:
        from referee.replay import genesis
        from referee.service.record import header_tags
        return genesis(header_tags(self.game["header"])).hex()

    def deadline(self) -> float | None:
        g = self.game
        if g["status"] != "playing" or not g["deadline_secs"] or g["turn_since"] is None:
            return None
        return g["turn_since"] + g["deadline_secs"]

    # --- commands ---------------------------------------------------------------
    def needs_salt(self, commands) -> bool:
        return (self.game["status"] == "salting" and not self.seats[self.seat]["salted"]
                and not any(_words(t, self.module)[1][:1] == ["salt"] for t, _ in commands))

    def run(self, text: str, guard: int | None) -> Verdict:
        seat_word, words = _words(text, self.module)
        if seat_word and seat_word != self.seat:
            return self.refuse(text, "not-your-seat",
                               f"you hold {self.seat}; this line is for {seat_word}")
        cmd = words[0] if words else ""
        if cmd == "salt" and len(words) == 2:
            return self.salt(text.split()[-1], text=text)
        if len(words) == 1 and cmd in COMMAND_WORDS:
            return getattr(self, "do_" + cmd)(text)
        if words == ["resigns"]:
            return self.do_resign(text)
        if words == ["takes", "back"]:
            return self.do_undo(text)
        return self.move(text, guard)

    def refuse(self, text: str, code: str, reason: str, err: RefereeError | None = None
               ) -> Verdict:
        if err is not None:
            from referee.operations import format_error
            answer = "REFUSED: " + format_error(err, self.name)
        else:
            answer = f"REFUSED: {code}: {reason}"
        return Verdict(text, False, answer, code=code)

    def salt(self, word: str, *, text: str | None = None, auto: bool = False) -> Verdict:
        """A seat's first reply. In a two-phase game ([Dealing]) the referee sends its
        [SaltCommit] now and keeps the salt; once every seat has committed it reveals
        them all, in seat order, and the last one deals the setup."""
        from referee.replay import MIN_SALT

        text = text or f"salt {word}"
        if self.game["status"] != "salting":
            return self.refuse(text, "salt", "this game is dealt already: salts come before the deal")
        if self.seats[self.seat]["salted"]:
            return self.refuse(text, "salt", f"{self.seat} has given a salt already")
        if not word.isprintable() or len(word) > 40 or '"' in word or "\\" in word:
            return self.refuse(text, "salt", "a salt is one word of at most 40 characters, "
                                             "without quotes or backslashes")
        if len(word) < MIN_SALT:            # too short to be unguessable: the referee adds to it
            word = f"{word}-{_secrets.token_hex(8)}"
        two_phase = "[dealing " in self.game["header"].lower()
        verdict = self._salt_line(text, word, commit=two_phase)
        if not verdict.ok:
            return verdict
        self._set_seat(salted=True, salt=word if two_phase else None)
        if two_phase and all(r["salted"] for r in self.seats.values()):
            for seat in list(self.seats):
                reveal = self._salt_line(text, self.seats[seat]["salt"], commit=False, seat=seat)
                if not reveal.ok:
                    return reveal
                verdict.lines += reveal.lines
        verdict.answer = (f"salted for you with '{word}'" if auto else f"salt '{word}' taken") \
            + ("; the setup is dealt" if self.game["status"] == "playing"
               else "; waiting for the other seats' replies")
        if auto:
            verdict.command = "(your first reply)"
        return verdict

    def _salt_line(self, text: str, word: str, *, commit: bool, seat: str | None = None
                   ) -> Verdict:
        from referee.replay import salt_commitment
        from referee.transcript import format_tag

        seat = seat or self.seat
        line = format_tag("SaltCommit", f"{seat} {salt_commitment(seat, word)}") if commit \
            else format_tag("Salt", f"{seat} {word}")
        return self.play(text, line, sent=None)

    def _set_seat(self, **values) -> None:
        self.conn.execute(update(S.seats).where(
            S.seats.c.game_id == self.game["id"], S.seats.c.seat == self.seat).values(**values))
        self.seats[self.seat].update(values)

    def move(self, text: str, guard: int | None) -> Verdict:
        status = self.game["status"]
        if status == "over":
            return self.refuse(text, "game-over", "the game is over")
        if status == "salting":
            waiting = [s for s, r in self.seats.items() if not r["salted"]]
            return self.refuse(text, "not-dealt", "the setup is not dealt yet: waiting for "
                                                  f"the first reply of {' '.join(waiting)}")
        line = text if _words(text, self.module)[0] else f"{self.seat} {text}"
        if guard is not None and guard != self.game["ply"]:
            ply = self.recorded(line, guard)
            if ply is not None:
                return Verdict(text, True, f"already recorded at ply {ply}")
            return self.refuse(text, "stale-ply",
                               f"your move was written to follow ply {guard}, but the game is at "
                               f"ply {self.game['ply']}; it was not played. The game now:\n\n"
                               + self.module.render(self.state, "text"))
        verdict = self.play(text, line, sent=text)
        if verdict.ok:
            self.after_move()
            return verdict
        ply = self.recorded(line, None)
        if ply is not None:
            return Verdict(text, True, f"already recorded at ply {ply}")
        return verdict

    def play(self, text: str, line: str, *, sent: str | None, who: str | None = "",
             player=None) -> Verdict:
        """Validate ``line`` with the transcript layer and store what it adds."""
        from referee.operations import play_text

        try:
            if player is not None:
                played = player(self.text.encode("utf-8"))
            else:
                played = play_text(self.text.encode("utf-8"), line, name=self.name,
                                   secret=self.secret, rp=self.replay_copy())
        except RefereeError as err:
            return self.refuse(text, err.code, err.reason, err)
        self.record(played, sent=sent, who=self.seat if who == "" else who)
        answer = "accepted:\n" + "\n".join(f"    {ln}" for ln in played.lines)
        return Verdict(text, True, answer, lines=list(played.lines))

    def record(self, played, *, sent, who) -> None:
        header = self.game["header"]
        added = append(self.conn, self.game, played.text, seat=who, sent=sent, via=self.via,
                       message_id=self.message_id, now=self.now, old=self.text, defer=True)
        self._dirty |= {"updated_at", "ply", "chain", "lines"}
        if self.game["header"] != header:
            self._dirty.add("header")
        self._text = played.text
        self._state = played.state
        if played.replay is not None and played.text is not None and not played.replay.errors:
            self._own = (played.text, played.replay)
        else:
            self._own = None
        if added and any(not line.lstrip().startswith("[") for line in added):
            self.added.append((who, added))
        self._derive(played.state, write=False)

    def _derive(self, state, *, write: bool = True) -> None:
        """What the listing shows without a replay: status, whose turn, round, result
        (``write=False``: written with the row's other changes at the commit)."""
        from referee.replay import result_text, to_move

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

    def recorded(self, line: str, guard: int | None) -> int | None:
        """The ply of this seat's last move if it is ``line`` again (a resent mail)."""
        q = (select(S.log.c.ply, S.log.c.text, S.log.c.sent)
             .where(S.log.c.game_id == self.game["id"], S.log.c.seat == self.seat,
                    S.log.c.ply.is_not(None))
             .order_by(S.log.c.seq.desc()).limit(1))
        row = self.conn.execute(q).first()
        if row is None or (guard is not None and row.ply != guard + 1):
            return None
        want = _norm(line, self.module)
        sent = row.sent and _norm(row.sent if _words(row.sent, self.module)[0]
                                  else f"{self.seat} {row.sent}", self.module)
        canon = _norm(row.text.split("#", 1)[0], self.module)
        return row.ply if want in (sent, canon) else None

    def do_show(self, text: str) -> Verdict:
        body = self.module.render(self.state, "text")
        return Verdict(text, True, body + "\n" + self._turn_line())

    def _turn_line(self) -> str:
        g = self.game
        if g["status"] == "over":
            return f"The game is over: {g['result']}."
        if g["status"] == "salting":
            waiting = [s for s, r in self.seats.items() if not r["salted"]]
            return f"Waiting for the first reply of {' '.join(waiting)}."
        from referee.service.notify import when
        return f"Next: {g['to_move']}; deadline {when(self.deadline())}."

    def do_moves(self, text: str) -> Verdict:
        from referee.operations import legal_lines

        if self.game["status"] != "playing" or self.game["to_move"] != self.seat:
            return Verdict(text, True, "It is not your turn. " + self._turn_line())
        head, lines, total = legal_lines(self.module, self.state, 200)
        more = f"\n... and {total - len(lines)} more" if len(lines) < total else ""
        return Verdict(text, True, (head or "") + "\n" + "\n".join(f"    {ln}" for ln in lines)
                       + more)

    def do_history(self, text: str) -> Verdict:
        return Verdict(text, True, self.text)

    def do_help(self, text: str) -> Verdict:
        from referee.service.notify import HELP
        return Verdict(text, True, HELP)

    # --- takeback and resignation (service.md section 6) -------------------------
    def _last_item(self):
        q = (select(S.log).where(S.log.c.game_id == self.game["id"], S.log.c.ply.is_not(None))
             .order_by(S.log.c.seq.desc()).limit(1))
        return self.conn.execute(q).mappings().first()

    def _others(self) -> list[str]:
        return [s for s, r in self.seats.items() if s != self.seat and not r["resigned"]]

    def do_undo(self, text: str) -> Verdict:
        last = self._last_item()
        if self.game["status"] != "playing" or last is None or last["seat"] != self.seat \
                or last["text"].startswith("*"):
            return self.refuse(text, "undo", "you can take back your last move only while no "
                                             "chance line and no other seat's move has followed it")
        request = {"seat": self.seat, "ply": last["ply"], "accepted": []}
        self._set_undo(request)
        others = self._others()
        if not others:
            return self.takeback(text, [])
        self.mail_others(f"{self.seat} asks to take back a move",
                         f"{self.seat} asks to take back its move at ply {last['ply']}:\n\n"
                         f"    {last['text']}\n\nReply 'accept' or 'decline'. Every other seat "
                         "must accept; one decline, or the next move, ends the request.\n")
        return Verdict(text, True, f"takeback of ply {last['ply']} asked; waiting for "
                                   f"{' '.join(others)} to accept")

    def _undo(self) -> dict | None:
        return json.loads(self.game["undo"]) if self.game["undo"] else None

    def _set_undo(self, value: dict | None) -> None:
        self.game["undo"] = json.dumps(value) if value is not None else None
        self.conn.execute(update(S.games).where(S.games.c.id == self.game["id"])
                          .values(undo=self.game["undo"]))

    def do_accept(self, text: str) -> Verdict:
        request = self._undo()
        if request is None or request["seat"] == self.seat:
            return self.refuse(text, "undo", "there is no takeback of another seat to accept")
        accepted = sorted(set(request["accepted"]) | {self.seat})
        requester = request["seat"]
        waiting = [s for s, r in self.seats.items()
                   if s != requester and not r["resigned"] and s not in accepted]
        if waiting:
            request["accepted"] = accepted
            self._set_undo(request)
            return Verdict(text, True, f"accepted; still waiting for {' '.join(waiting)}")
        return self.takeback(text, accepted, seat=requester)

    def takeback(self, text: str, agreed: list[str], *, seat: str | None = None,
                 note: str | None = None) -> Verdict:
        seat = seat or self.seat
        self._set_undo(None)
        comment = note or (f"# agreed by {' '.join(agreed)}" if agreed else "# nobody else to ask")
        return self.play(text, f"{seat} takes back  {comment}", sent=None, who=None)

    def do_decline(self, text: str) -> Verdict:
        request = self._undo()
        if request is None or request["seat"] == self.seat:
            return self.refuse(text, "undo", "there is no takeback of another seat to decline")
        self._set_undo(None)
        self.mail_others(f"{self.seat} declined the takeback",
                         f"{self.seat} declined {request['seat']}'s takeback of ply "
                         f"{request['ply']}; the move stands.\n")
        return Verdict(text, True, "declined: the move stands")

    def do_resign(self, text: str) -> Verdict:
        if self.game["status"] != "playing":
            return self.refuse(text, "resign", "only a game in play can be resigned")
        verdict = self.play(text, f"{self.seat} resigns", sent=text)
        if verdict.ok:
            self.conn.execute(update(S.seats).where(
                S.seats.c.game_id == self.game["id"], S.seats.c.seat == self.seat)
                .values(resigned=True))
            self.seats[self.seat]["resigned"] = True
        return verdict

    def after_move(self) -> None:
        if self.game["undo"]:
            self._set_undo(None)      # the next seat moving ends a takeback request

    # --- mail -------------------------------------------------------------------
    def mail_others(self, what: str, body: str) -> None:
        from referee.service.notify import to_seat
        key = self.store.host_key(self.conn)
        for s, row in self.seats.items():
            if s != self.seat:
                to_seat(self.conn, key, self.game, row, kind="notify", what=what, body=body,
                        now=self.now)

    def notify(self) -> None:
        """One mail to every seat about what this transaction added. The position goes
        with each mail and ``mail send`` writes the text from it (the state drawn,
        the mover's options): that work stays out of the move's transaction."""
        from referee.service.notify import picture_source, to_seat

        if not self.added:
            return
        key = self.store.host_key(self.conn)
        lines = [line for _, batch in self.added for line in batch]
        movers = [who for who, _ in self.added if who]
        g = self.game
        what = (f"game over, {g['result']}" if g["status"] == "over"
                else f"ply {g['ply']}, {g['to_move']} to move")
        state = self.state
        try:
            data = self.state_json(state)
        except Exception:
            data = None
        picture = picture_source(self.module, state, data)
        spec = {"added": lines, "who": movers[0] if movers else None,
                "witness": self.witness(), "deadline": self.deadline(),
                "result": g["result"] if g["status"] == "over" else None,
                "to_move": None if g["status"] == "over" else state.current_player()}
        for row in self.seats.values():
            seat_spec = dict(spec, seat=row["seat"])
            body = "" if picture is not None else self._position_text(state, data, seat_spec)
            to_seat(self.conn, key, g, row, kind="notify", what=what, body=body, now=self.now,
                    picture=picture, batch=self.batch,
                    compose=seat_spec if picture is not None else None)

    def _position_text(self, state, data, spec) -> str:
        """The notification's text made now: for a position that cannot be stored."""
        from referee.operations import digest
        from referee.service.notify import position_mail
        return position_mail(self.game, self.module, state, seat=spec["seat"],
                             added=spec["added"], who=spec["who"], witness=spec["witness"],
                             deadline=spec["deadline"], digest=digest(self.module, state, data),
                             result=spec["result"])


def replay_text(text: str, name: str):
    """The replay at the end of a transcript text (from the state cache when it can)."""
    from referee.replay import snapshot
    from referee.transcript import read_text
    from referee.replay import replay

    raw = text.encode("utf-8")
    transcript = read_text(text, name)
    rp = snapshot.restore(transcript, raw)
    if rp is None:
        rp = replay(transcript)
        snapshot.save(rp, raw)
    return rp


@lru_cache(maxsize=4096)
def _players(header: str) -> tuple[str, ...]:
    """The seats in seating order, from the header's [Players] tag."""
    from referee.service.record import header_tags
    players = next((v for n, v in header_tags(header) if n.lower() == "players"), "")
    return tuple(p.upper() for p in (players or "").split())


def _words(text: str, module) -> tuple[str | None, list[str]]:
    """(the seat word if the line starts with one, the other words in lower case)."""
    words = text.split()
    if len(words) >= 2 and words[0].upper() in module.seats:
        return words[0].upper(), [w.lower() for w in words[1:]]
    return None, [w.lower() for w in words]


def _norm(line: str, module) -> str:
    seat, words = _words(line, module)
    return " ".join(([seat] if seat else []) + words)
