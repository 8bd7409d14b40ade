"""Running the host: the web page in the main thread (uvicorn, which stops on SIGTERM
or Ctrl-C), mail in, mail out and the clock beside it. On stop, the web server
finishes its requests, then each worker finishes what it holds; what is queued stays
in the store for the next start."""
from __future__ import annotations

import logging
import signal
import socket
import tempfile
import threading
from contextlib import contextmanager

import uvicorn

from referee.service.daemon.config import Config
from referee.service.daemon.forum import forum_workers
from referee.service.daemon.listener import Listener
from referee.service.daemon.workers import Clock, Mailbox, Sender
from referee.service.store import open_store
from referee.service.forum.webhook_route import ROUTES as FORUM_ROUTES
from referee.service.web.app import create_app

log = logging.getLogger("referee")



def host_app(store):
    """The web page with the forum's webhook beside it: what ``serve`` listens with."""
    return create_app(store, routes=FORUM_ROUTES)

class _WebServer(uvicorn.Server):
    """uvicorn's server, except that a SIGTERM or SIGINT only stops it: uvicorn raises
    the signal again once it has stopped, which would end the process before the mail
    workers finish what they hold."""

    @contextmanager
    def capture_signals(self):
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        before = {sig: signal.signal(sig, self.handle_exit)
                  for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            yield
        finally:
            for sig, handler in before.items():
                signal.signal(sig, handler)


class Host:
    """Everything ``config`` asks for, over one store; :meth:`run` blocks until stopped."""

    def __init__(self, config: Config):
        self.config = config
        self.stop = threading.Event()
        self.tmp = None
        db = config.db
        if config.demo:
            self.tmp = tempfile.TemporaryDirectory(prefix="referee-demo-")
            db = f"sqlite:///{self.tmp.name}/referee.db"
        self.store = open_store(db, resident=True, public_url=config.url)
        self.port = config.port
        self.web_socket: socket.socket | None = None
        self.workers: list = []
        self.listener: Listener | None = None
        self.server: _WebServer | None = None

    @property
    def base(self) -> str:
        """Where players reach the page: the public address (given, or the store's
        setting), else where it listens."""
        if self.store.public_url:
            return self.store.public_url
        host = self.config.host
        return f"http://{host if ':' not in host else '[' + host + ']'}:{self.port}"

    def listen_web(self) -> None:
        """Take the web page's port now, before any link to it is printed: port 0 is
        any free one, and the links must name the one taken."""
        host = self.config.host
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.web_socket = socket.create_server((host, self.config.port), family=family)
        self.port = self.web_socket.getsockname()[1]

    def start_mail(self) -> None:
        c = self.config
        if c.mail_out:
            self.workers.append(Sender(self.store, c.smtp_url, self.stop, pictures=c.pictures))
        kind = c.mail_in_kind
        if kind == "smtp":
            host, port = c.listen
            self.listener = Listener(self.store, host, port, c.sender)
            self.listener.start()
            log.info("mail in: listening on %s:%s for %s", host, port, c.sender)
        elif kind in ("imap", "maildir"):
            self.workers.append(Mailbox(self.store, self.stop,
                                        imap=c.imap_url if kind == "imap" else None,
                                        maildir=c.maildir if kind == "maildir" else None))
        self.workers.append(Clock(self.store, self.stop, c.tick))
        if not c.demo:
            self.workers += forum_workers(self.store, self.stop, c.forum_every)
        for worker in self.workers:
            worker.start()

    def run(self) -> None:
        """Serve until SIGTERM or SIGINT, then stop everything in order."""
        try:
            self.start_mail()
            app = host_app(self.store)
            if self.web_socket is None:
                self.listen_web()
            self.server = _WebServer(uvicorn.Config(
                app, host=self.config.host, port=self.port,
                log_level="warning", timeout_graceful_shutdown=5))
            self.server.run(sockets=[self.web_socket])
        finally:
            self.close()

    def close(self) -> None:
        if self.listener is not None:
            self.listener.stop()            # no new mail taken; one in hand was committed
            self.listener = None
        self.stop.set()
        for worker in self.workers:
            worker.nudge()
        for worker in self.workers:
            worker.join(60)
        self.workers = []
        if self.web_socket is not None:
            self.web_socket.close()
            self.web_socket = None
        self.store.dispose()
        if self.tmp is not None:
            self.tmp.cleanup()
            self.tmp = None
        log.info("stopped; what is queued is sent at the next start")
