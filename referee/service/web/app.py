"""The web page's routes: the list of games, a game, its transcript, its change
events, and a seat's private page whose forms go through the host's one move path
(:func:`referee.service.hosted.entry.submit`, ``via="web"``).

Reading never needs JavaScript; with it, a page follows the game through
server-sent events (``/game/ID/events``); one look at the store serves them all, so
that a move taken by another process (a mail ingest) reaches every open page.
"""
from __future__ import annotations

import logging
import re
import threading
from pathlib import Path

from jinja2 import Environment, FileSystemLoader
from sqlalchemy.exc import InterfaceError, OperationalError
from starlette.applications import Starlette
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import (HTMLResponse, JSONResponse, PlainTextResponse, Response,
                                 StreamingResponse)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from referee import i18n
from referee.errors import BadChoiceError, RefereeError
from referee.operations import PicturesUnavailable
from referee.service.hosted import forum_answers, takebacks
from referee.service.hosted.games import export_text, game_detail, list_games, seat_and_detail
from referee.service.hosted.entry import submit
from referee.service.plaintext.line_ends import split_lines
from referee.service.web import board, building, languages, positions, queries, safety
from referee.service.web.watch import Watch

HERE = Path(__file__).resolve().parent
log = logging.getLogger("referee")
GAME_ID = re.compile(r"[a-z0-9]{1,32}\Z")
LINK = re.compile(r"[A-Za-z0-9.]{1,80}\Z")
MOVES_CAP = 60
KEEPALIVE_TICKS = 15           # quiet seconds before a stream says it is still there
STREAM_SECONDS = 300            # then the browser's EventSource reconnects by itself
COMMANDS = ("undo", "accept", "decline", "resign")
LANG_CODE = re.compile(r"[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})?\Z")

_env = Environment(loader=FileSystemLoader(str(HERE / "templates")), autoescape=True,
                   trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.i18n"])
# the catalogs' own lookups: they read the language of the context the page is drawn in
_env.install_gettext_callables(i18n._, i18n.ngettext, newstyle=True)


def html(name: str, **ctx) -> str:
    """A page drawn in the language of the context (:mod:`languages` sets it per request)."""
    return _env.get_template(name).render(lang=i18n.language(), **ctx)


def render(name: str, status: int = 200, **ctx) -> HTMLResponse:
    return HTMLResponse(html(name, **ctx), status_code=status, headers=languages.VARY)


class Page:
    """The app's state: the store it reads and writes."""
    def __init__(self, store):
        self.store = store
        self._key = None

    def key(self) -> bytes:
        if self._key is None:
            with self.store.read() as conn:
                self._key = self.store.host_key(conn)
        return self._key


def _game_id(request: Request) -> str:
    gid = request.path_params["game"]
    if not GAME_ID.match(gid):
        raise HTTPException(404, i18n._("There is no such game."))
    return gid


def _detail(store, gid: str) -> dict:
    try:
        return game_detail(store, gid)
    except RefereeError:
        raise HTTPException(404, i18n._("There is no game {gid}.").format(gid=gid)) from None


def _ply(request: Request, last: int) -> int | None:
    raw = request.query_params.get("ply")
    if raw is None or raw == "":
        return None
    ply = safety.whole_number(raw)
    if ply is None or ply > last:
        raise HTTPException(400, i18n._("ply is a number from 0 to {last} in this game.")
                            .format(last=last))
    return ply


def _chain_at(detail: dict, ply: int) -> str:
    if ply == 0:
        return f"{detail['id']}:genesis:{detail['text'].split(chr(10) + chr(10))[0]}"
    return [it for it in detail["items"] if it["ply"] is not None][ply - 1]["chain"]


def game_context(page: Page, gid: str, ply: int | None = None,
                 detail: dict | None = None) -> dict:
    # the version comes from the very row the page shows: a move committed since makes
    # the page one change behind, and its stream announces that move
    if detail is None:
        detail = _detail(page.store, gid)
    current = detail["ply"] if ply is None else ply
    text, items = detail["text"], detail["items"]
    pos = positions.latest(detail) if current == detail["ply"] else \
        positions.position(text, items, current, _chain_at(detail, current))
    recent, audit = positions.audited(gid, text, detail["chain"])
    plied = [it for it in items if it["ply"] is not None]
    return {
        "game": detail, "pos": pos, "ply": current, "at_end": current == detail["ply"],
        "history": plied, "recent": recent, "audit": audit,
        "undo": queries.undo_of(detail["undo"]),
        "version": queries.version_of(detail),
        "pastes": forum_answers.waiting_pastes(page.store, gid) if detail.get("thread") else [],
    }


_warming: set = set()
_warming_lock = threading.Lock()


def warm(page: Page, gid: str, version) -> None:
    """Compute the game page's views of a new version once (every watcher of the game
    is told of it at the same moment: one of them does the work, the others wait for
    nothing and find it cached or being made)."""
    with _warming_lock:
        if (gid, version) in _warming:
            return
        _warming.add((gid, version))
    try:
        game_context(page, gid)
    except Exception:
        pass                      # the page itself will show what went wrong
    finally:
        with _warming_lock:
            _warming.discard((gid, version))


async def games_list(request: Request) -> Response:
    rows = await run_in_threadpool(list_games, request.app.state.page.store)
    return render("list.html", games=rows, choose=languages.links(request))


async def game_page(request: Request) -> Response:
    gid = _game_id(request)
    page = request.app.state.page
    detail = await run_in_threadpool(_detail, page.store, gid)
    ply = _ply(request, detail["ply"])
    ctx = await run_in_threadpool(game_context, page, gid, ply, detail)
    return render("game.html", choose=languages.links(request), **ctx)


async def transcript(request: Request) -> Response:
    gid = _game_id(request)
    store = request.app.state.page.store
    try:
        text = await run_in_threadpool(export_text, store, gid)
    except RefereeError:
        raise HTTPException(404, i18n._("There is no game {gid}.").format(gid=gid)) from None
    return PlainTextResponse(text, headers={
        "Content-Disposition": f'attachment; filename="game-{gid}.txt"'})


async def board_picture(request: Request) -> Response:
    """The board after ``?ply=N`` (the current ply without it) as PNG or SVG: a past ply's
    picture cacheable for good, the current one's asked again (:mod:`board`)."""
    gid, fmt = _game_id(request), request.path_params["fmt"]
    if fmt not in board.TYPES:
        raise HTTPException(404, i18n._("The board is drawn as board.png and board.svg."))
    detail = await run_in_threadpool(_detail, request.app.state.page.store, gid)
    ply = _ply(request, detail["ply"])
    ply = detail["ply"] if ply is None else ply
    key = _chain_at(detail, ply)
    headers = board.headers(fmt, ply, key, current=ply == detail["ply"], lang=i18n.language())
    if board.unchanged(request.headers.get("if-none-match"), headers["ETag"]):
        return Response(status_code=304, headers=headers)
    try:
        body = await run_in_threadpool(board.drawn, detail, ply, key, fmt)
    except PicturesUnavailable as err:
        return PlainTextResponse(i18n._("The board cannot be drawn as {kind} here: {reason}.")
                                 .format(kind=fmt.upper(), reason=err.reason),
                                 status_code=503, headers={"Retry-After": "3600"})
    except LookupError as err:
        return PlainTextResponse(i18n._("The board at ply {ply} cannot be drawn: {reason}")
                                 .format(ply=ply, reason=err), status_code=409)
    return Response(body, media_type=board.TYPES[fmt], headers=headers)


async def events(request: Request) -> Response:
    """``change`` events carrying the game's version: one at once, then one whenever
    it changes, from any process (:mod:`watch` looks at the store for every stream)."""
    gid = _game_id(request)
    store = request.app.state.page.store
    if await run_in_threadpool(queries.version, store, gid) is None:
        raise HTTPException(404, i18n._("There is no game {gid}.").format(gid=gid))
    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    if request.method == "HEAD":      # the headers alone: a stream would hold the client
        return Response(media_type="text/event-stream", headers=headers)
    ticket = request.app.state.watch.admit(request.client.host if request.client else "")
    if ticket is None:
        return PlainTextResponse(i18n._("Too many pages are following games from here; this "
                                        "page does not update by itself. Reload it to see "
                                        "new moves."),
                                 status_code=503, headers={"Retry-After": "60"})

    async def stream():
        try:
            yield "retry: 2000\n\n"
            last, quiet = None, 0
            async for now in request.app.state.watch.changes(gid, STREAM_SECONDS):
                if now is None:        # a page gone gives its place back within a second
                    if await request.is_disconnected():
                        return
                    quiet += 1
                    if quiet % KEEPALIVE_TICKS == 0:
                        yield ": still here\n\n"
                else:                  # the first version, or a change (watch.changes)
                    if last is not None:  # a move: draw the new page before the readers ask
                        await run_in_threadpool(warm, request.app.state.page, gid, now)
                    last = now
                    yield f"event: change\ndata: {now}\n\n"
        finally:
            ticket.close()

    return StreamingResponse(stream(), media_type="text/event-stream", headers=headers,
                             background=BackgroundTask(ticket.close))


def _seat_and_game(page: Page, request: Request) -> tuple[str, dict]:
    """(seat, the game for its page) of a seat's private link, read at once; 404 for
    anything else."""
    gid, link = _link(request)
    try:
        seat, detail = seat_and_detail(page.store, gid, link)
    except RefereeError:
        raise HTTPException(404, i18n._("There is no such seat link.")) from None
    return _seated(seat), detail


def _link(request: Request) -> tuple[str, str]:
    link = request.path_params["link"]
    gid = link.split(".", 1)[0].lower()
    if not LINK.match(link) or not GAME_ID.match(gid):
        raise HTTPException(404, i18n._("There is no such seat link."))
    return gid, link


def _seated(seat: str | None) -> str:
    if seat is None:
        raise HTTPException(404, i18n._("There is no such seat link (a replaced seat's old "
                                        "link stops working)."))
    return seat


def seat_context(page: Page, request: Request, reply=None, typed: str = "",
                 steps: bool = True) -> dict:
    """The seat page's view; ``steps``: build from the choices in the address (a page
    answering a post starts again: the position it was built on is gone)."""
    seat, game = _seat_and_game(page, request)
    gid, link = _link(request)
    # the seat's page speaks the seat's language, whoever's browser shows it (the context
    # is this worker thread's own copy: the request's other work keeps its language)
    i18n.use(languages.of_seat(game, seat))
    ctx = game_context(page, gid, detail=game)
    moves, head, total, builder, problem = [], None, 0, None, None
    if game["status"] == "playing" and game["to_move"] == seat:
        head, moves, total = positions.legal(game, MOVES_CAP)
        chosen = safety.choices(request) if steps else []
        builder, problem = building.page_step(game, chosen)
    fill = request.query_params.get("fill", "")
    typed = typed or (fill if len(fill) <= safety.MAX_FIELD else "")
    ctx.update(seat=seat, link=link, moves=moves, moves_head=(head or "").lstrip("# "),
               moves_total=total, builder=builder, problem=problem,
               token=safety.form_token(page.key(), gid, link), reply=reply,
               typed=typed or building.line_of(builder),
               example=moves[0] if moves else "", languages=languages.choices(),
               **offers(game, seat, ctx["undo"]))
    return ctx


def seat_html(page: Page, request: Request, reply=None, typed: str = "",
              steps: bool = True) -> tuple[int, str]:
    """(status, the seat page) drawn in the seat's language, in one worker thread."""
    ctx = seat_context(page, request, reply, typed, steps)
    if reply is not None:
        status = 200 if reply.ok else 422
    else:
        status = 400 if ctx["problem"] else 200
    return status, html("seat.html", **ctx)


def offers(game: dict, seat: str, undo: dict | None) -> dict:
    """What the seat's page offers it now: only what the host would do rather than
    refuse (a button that can only be refused misleads), and the facts its words need."""
    me = next(s for s in game["seats"] if s["seat"] == seat)
    status, plied = game["status"], [it for it in game["items"] if it["ply"] is not None]
    my_turn = status == "playing" and game["to_move"] == seat
    asked = bool(undo and undo["seat"] != seat and not me["resigned"])
    return {
        "my_turn": my_turn, "resigned": me["resigned"],
        # while the deal waits for this seat, any command it sends is its answer
        "can_move": my_turn or (status == "salting" and not me["salted"]),
        "waiting": [s["seat"] for s in game["seats"] if not s["salted"]],
        # past the bots' replies, as the host's undo reaches (T-1)
        "can_undo": takebacks.undoable(status, takebacks.before_bots(reversed(plied))[0], seat,
                                       me["resigned"]) and not (undo and undo["seat"] == seat),
        "can_accept": asked and seat not in undo["accepted"],
        "can_decline": asked,
        "can_resign": status == "playing" and not me["resigned"],
    }


async def seat_page(request: Request) -> Response:
    page = request.app.state.page
    status, body = await run_in_threadpool(seat_html, page, request)
    return HTMLResponse(body, status_code=status)


async def seat_steps(request: Request) -> Response:
    """The move builder's next step as JSON (docs/web.md): read only, the seat's own."""
    page = request.app.state.page

    def answer():
        try:
            seat, game = _seat_and_game(page, request)
            i18n.use(languages.of_seat(game, seat))      # this worker thread's own context
            chosen = safety.choices(request)
        except HTTPException as exc:
            return exc.status_code, {"error": exc.detail}
        if game["status"] != "playing" or game["to_move"] != seat:
            return 409, {"error": i18n._("it is not {seat}'s turn to choose a move")
                         .format(seat=seat), "ply": game["ply"]}
        try:
            return 200, building.as_json(positions.step(game, chosen), game["ply"])
        except BadChoiceError as err:
            return 400, {"error": err.reason, "ply": game["ply"]}
    status, body = await run_in_threadpool(answer)
    return JSONResponse(body, status_code=status)


async def seat_post(request: Request) -> Response:

    page = request.app.state.page
    safety.check_origin(request)
    form = await safety.read_form(request)
    seat, game = await run_in_threadpool(_seat_and_game, page, request)
    gid, link = _link(request)
    i18n.use(languages.of_seat(game, seat))     # this request's own context: its refusals too
    safety.check_token(page.key(), gid, link, form.get("token"))
    command = form.get("command", "")
    guard = None
    if command == "language":
        # the mail's own command, so the seat's language changes exactly as by mail
        code = form.get("lang", "")
        if not LANG_CODE.match(code):
            raise HTTPException(400, i18n._("Choose a language from the list."))
        text = f"language {code}"
    elif command in COMMANDS:
        if command == "resign" and form.get("sure") != "yes":
            raise HTTPException(400, i18n._("To resign, tick the box that says you mean it."))
        text, guard = command, None
    elif command == "move":
        text = form.get("move", "").strip()
        if not text:
            raise HTTPException(400, i18n._("Type a move first (or choose one step by step)."))
        if len(split_lines(text)) > 1:
            raise HTTPException(400, i18n._("One move at a time on the page."))
        raw = form.get("ply", "")
        guard = safety.whole_number(raw)
    else:
        raise HTTPException(400, i18n._("Unknown command."))

    def run():
        try:
            return submit(page.store, gid, seat, text, via="web", expect_ply=guard,
                          resign_confirmed=command == "resign")
        except RefereeError as err:
            raise HTTPException(400, err.reason) from None
    reply = await run_in_threadpool(run)
    status, body = await run_in_threadpool(
        seat_html, page, request, reply,
        "" if reply.ok else (text if command == "move" else ""), False)
    return HTMLResponse(body, status_code=status)


async def http_error(request: Request, exc: HTTPException) -> Response:
    status = exc.status_code if 400 <= exc.status_code < 600 else 400
    return render("error.html", status=status, status_code=status, message=exc.detail)


async def client_gone(request: Request, exc: ClientDisconnect) -> Response:
    """A client that hung up while sending a form: one line, not a traceback; nothing
    was read whole, so nothing was done."""
    log.info("web: %s %s: the client hung up before its request was read",
             request.method, request.url.path[:80])
    return Response(status_code=400)


STORE_DOWN = i18n.N_("The referee cannot reach its store of games just now. Please try "
                    "again in a minute.")


async def store_down(request: Request, exc: Exception) -> Response:
    """The database unreachable (a server down, a connection lost): a temporary state, so
    503 with one log line, not a 500 with a traceback; JSON to a route that speaks it."""
    log.warning("web: %s %s: the store is unreachable (%s)", request.method,
                request.url.path[:80], type(getattr(exc, "orig", None) or exc).__name__)
    headers = {"Retry-After": "60"}
    if request.scope.get("endpoint") is seat_steps:
        return JSONResponse({"error": i18n._(STORE_DOWN)}, status_code=503, headers=headers)
    if request.scope.get("endpoint") not in _PAGES:     # another channel's route (a webhook)
        return PlainTextResponse(i18n._(STORE_DOWN) + "\n", status_code=503, headers=headers)
    response = render("error.html", status=503, status_code=503, message=i18n._(STORE_DOWN))
    response.headers.update(headers)
    return response


async def server_error(request: Request, exc: Exception) -> Response:
    # the outermost handler: the request's language is set again, its context is gone
    with i18n.speaking(languages.of_request(request)):
        return render("error.html", status=500, status_code=500,
                      message=i18n._("Something went wrong on the referee's side; nothing "
                                     "was changed by this request. Please tell the host."))


class SecurityHeaders:
    """The same protective headers on every response (see :mod:`safety`)."""
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                have = {k.lower() for k, _ in headers}
                for name, value in safety.HEADERS.items():
                    if name.lower().encode() not in have:
                        headers.append((name.lower().encode(), value.encode()))
                if scope["path"].startswith("/seat/"):
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)
        return await self.app(scope, receive, send_with)


# the routes answered with a page of this web site
_PAGES = (games_list, game_page, transcript, events, board_picture, seat_page, seat_post)


def create_app(store, routes=()) -> Starlette:
    """The web page over ``store`` (an open :class:`referee.service.store.Store`), with
    ``routes`` of other channels beside it (the forum's webhook: the daemon adds it, so
    that the web channel needs no other channel's code)."""
    app = Starlette(routes=[
        Route("/", games_list),
        Route("/game/{game}", game_page),
        Route("/game/{game}/transcript.txt", transcript),
        Route("/game/{game}/events", events),
        Route("/game/{game}/board.{fmt:str}", board_picture),
        Route("/seat/{link}", seat_page, methods=["GET"]),
        Route("/seat/{link}/steps", seat_steps, methods=["GET"]),
        Route("/seat/{link}", seat_post, methods=["POST"]),
        *routes,
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ], exception_handlers={HTTPException: http_error, ClientDisconnect: client_gone,
                           OperationalError: store_down, InterfaceError: store_down,
                           Exception: server_error})
    app.state.store = store
    app.state.page = Page(store)
    app.state.watch = Watch(store)
    app.add_middleware(languages.Speaking)
    app.add_middleware(SecurityHeaders)
    return app
