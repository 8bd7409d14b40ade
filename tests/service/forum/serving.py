"""A threaded HTTP server on a free loopback port, started and stopped with its owner:
the stand-in forum and the misbehaving server both run on it."""
from __future__ import annotations

import threading
from http.server import ThreadingHTTPServer


class LocalServer:
    """Base of a context manager serving ``handler`` (a BaseHTTPRequestHandler class
    whose ``owner`` attribute is set to this object) at ``self.base``."""
    handler: type

    def __enter__(self):
        handler = type("Handler", (self.handler,), {"owner": self})
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._server.daemon_threads = True
        self.base = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._serving = threading.Thread(target=self._server.serve_forever,
                                         kwargs={"poll_interval": 0.05}, daemon=True)
        self._serving.start()
        return self

    def __exit__(self, *exc) -> None:
        self.closing()
        self._server.shutdown()
        self._server.server_close()
        self._serving.join()

    def closing(self) -> None:
        """What to do before the server stops (end answers that never end)."""
