"""A misbehaving web server for the limits of the forum reader: what a broken or hostile
forum does. The first folder of the path picks the behaviour (so a thread's address
under it, ``/garbage/t/x/1``, gets that behaviour for every document read):

- ``/big/N``: N bytes with a Content-Length; ``/bigchunked/N``: N bytes, chunked, no length
- ``/slow``: answers after ``slow`` seconds; ``/drip``: a byte every 0.1 s, never ending
- ``/status/CODE``: that status; ``/redirect?to=URL``: 302 to URL; ``/loop``: 302 to itself
- ``/garbage/...``: 200 with bytes that are no document; ``/echo``: 200, the request's
  headers as JSON; ``/bomb/...`` and ``/xmlapi2/...`` (where a BoardGameGeek thread
  document is read): an XML document with an entity bomb in its DTD; ``/laughs/...``:
  an RSS feed whose entity bomb hides behind a comment; ``/bomb16/...``: the XML bomb
  in UTF-16; ``/deep/...``: JSON nested 100,000 deep; ``/deeperror/...``: 422 with
  such JSON as its reason
"""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, urlsplit

from tests.service.forum.serving import LocalServer

BOMB = (b'<?xml version="1.0"?>\n<!DOCTYPE thread [<!ENTITY a "aaaaaaaaaa">'
        + b"".join(b'<!ENTITY %c "&%c;&%c;&%c;&%c;&%c;&%c;&%c;&%c;&%c;&%c;">'
                   % ((98 + i,) + (97 + i,) * 10) for i in range(8))
        + b']>\n<thread id="1"><articles><article id="5" username="alice"><body>&i;'
          b'</body></article></articles></thread>')

# Each level expands ten times: six levels make a post of a million characters, which
# shows that the bomb went off without taking the machine with it.
LAUGHS = ("<!-- <a> -->\n<!DOCTYPE rss [<!ENTITY a \"aaaaaaaaaa\">"
          + "".join('<!ENTITY %c "%s">' % (chr(98 + i), f"&{chr(97 + i)};" * 10)
                    for i in range(5))
          + "]>\n<rss version=\"2.0\"><channel><title>t</title><item><title>x</title>"
            "<author>a@example.org (alice)</author><guid>laughs-1</guid>"
            "<description>&f;</description></item></channel></rss>").encode()
DEEP = b'{"a":' * 100_000 + b"1" + b"}" * 100_000


class BadServer(LocalServer):
    def __init__(self, slow: float = 2.0):
        self.slow = slow
        self.stop = threading.Event()

    def closing(self) -> None:
        self.stop.set()


class _Handler(BaseHTTPRequestHandler):
    owner: BadServer
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def _send(self, status: int, body: bytes, headers: dict | None = None) -> None:
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        self.do_GET()

    def do_GET(self):
        parts = urlsplit(self.path)
        words = parts.path.strip("/").split("/")
        first = words[0]
        try:
            self._behave(first, words, parse_qs(parts.query))
        except (BrokenPipeError, ConnectionResetError):
            pass

    def _behave(self, first, words, query):
        if first == "big":
            self._send(200, b"x" * int(words[1]))
        elif first == "bigchunked":
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            left = int(words[1])
            while left > 0 and not self.owner.stop.is_set():
                size = min(65536, left)
                self.wfile.write(b"%x\r\n" % size + b"y" * size + b"\r\n")
                left -= size
            self.wfile.write(b"0\r\n\r\n")
        elif first == "slow":
            self.owner.stop.wait(self.owner.slow)
            self._send(200, b"late")
        elif first == "drip":
            self.send_response(200)
            self.send_header("Content-Length", "1000000")
            self.end_headers()
            while not self.owner.stop.is_set():
                self.wfile.write(b"d")
                self.wfile.flush()
                time.sleep(0.1)
        elif first == "status":
            self._send(int(words[1]), b'{"errors": ["as you asked"]}',
                       {"Content-Type": "application/json"})
        elif first == "redirect":
            self._send(302, b"", {"Location": query["to"][0]})
        elif first == "loop":
            self._send(302, b"", {"Location": "/loop"})
        elif first == "garbage":
            self._send(200, b"\x00\xffnot a document {[<", {"Content-Type": "text/html"})
        elif first in ("bomb", "xmlapi2"):
            self._send(200, BOMB, {"Content-Type": "text/xml"})
        elif first == "bomb16":
            self._send(200, BOMB.decode().replace('"1.0"?>', '"1.0" encoding="UTF-16"?>', 1)
                       .encode("utf-16"), {"Content-Type": "text/xml"})
        elif first == "laughs":
            self._send(200, LAUGHS, {"Content-Type": "application/rss+xml"})
        elif first == "deep":
            self._send(200, DEEP, {"Content-Type": "application/json"})
        elif first == "deeperror":
            self._send(422, b"[" * 4000, {"Content-Type": "application/json"})
        elif first == "echo":
            self._send(200, json.dumps(dict(self.headers.items())).encode(),
                       {"Content-Type": "application/json"})
        else:
            self._send(404, b"no such behaviour")


BadServer.handler = _Handler
