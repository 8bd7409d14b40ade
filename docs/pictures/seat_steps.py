"""Screenshots of a seat's page at each step of choosing a move, and of a game page
stepping through the history (docs/web.md).

Serves the demo store of ``referee serve --demo`` on a free loopback port, opens the
private page of the seat to move in Chromium (Playwright, the test extra), and
chooses the move that docs/web.md walks through, by clicks on the picture and on the
choices, saving the top of the page after each step as web-seat-1.png, -2 and so on;
then the game page at an earlier ply as web-game.png (each re-encoded with 256 colours
by png_palette.py).
Run from the repository root: python docs/pictures/seat_steps.py
"""
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import sync_playwright

from referee.service.hosted.games import seat_link_token
from referee.service.store import open_store
from referee.service.web.app import create_app
from referee.service.web.demo import populate

OUT = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# (what is clicked, in the picture or among the choices) for the demo game's RED
CLICKS = [("picture", "B1"), ("choice", "shell-hut"), ("choice", "I"), ("picture", "token 4"),
          ("choice", "move 1 fruit, tile 4 shells"), ("picture", "village 2")]


def shot(page) -> bytes:
    """The top of the page: the box, the choices and the top of the board."""
    page.evaluate("window.scrollTo(0, 0)")
    return page.screenshot(clip={"x": 0, "y": 0, "width": 1200, "height": 640})


def main() -> None:
    store = open_store(f"sqlite:///{tempfile.mkdtemp()}/demo.db")
    _, live = populate(store, ["hawaii-2p.txt"])
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(store), host="127.0.0.1", port=port,
                                           log_level="warning", lifespan="off"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1200, "height": 860})
        page.goto(f"http://127.0.0.1:{port}/seat/{seat_link_token(store, live, 'RED')}")
        shots = [shot(page)]
        for where, name in CLICKS:
            before = page.locator("#builder a.back").count()
            if where == "picture":
                page.locator(f'figure.picture [data-choice="{name}"].pickable, '
                             f'figure.picture [data-choice^="{name}|"].pickable').first.click()
            else:
                page.locator(f'#builder a.choice[data-choice="{name}"]').click()
            page.locator("#builder a.back").nth(before).wait_for()
            shots.append(shot(page))
        page.click("#play")
        page.wait_for_selector(".reply.ok")
        shots.append(shot(page))
        page.goto(f"http://127.0.0.1:{port}/game/{live}?ply=8")
        game_page = shot(page)
        browser.close()
    server.should_exit = True
    named = [(f"web-seat-{n}.png", data) for n, data in enumerate(shots, 1)]
    for name, data in named + [("web-game.png", game_page)]:
        path = OUT / name
        path.write_bytes(data)
        subprocess.run([sys.executable, str(OUT / "png_palette.py"), str(path), str(path)],
                       check=True)
        print(f"docs/pictures/{name}", file=sys.stderr)


if __name__ == "__main__":
    main()
