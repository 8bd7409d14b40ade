"""The hosted referee leaves the interpreter it runs in as it found it: the standard
library's mail parser keeps its own ``re``, and the garbage collector its thresholds
and nothing frozen. A host runs beside other code (a WSGI server, a mail filter, a
test suite) that relies on both, so the service changes neither, even to save time."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

MULTIPART = (b"From: a@example.org\r\nTo: referee@host.example\r\nSubject: hello\r\n"
             b"Message-ID: <untouched@example.org>\r\nMIME-Version: 1.0\r\n"
             b'Content-Type: multipart/alternative; boundary="b.(1)+"\r\n\r\n'
             b"preamble\r\n--b.(1)+\r\nContent-Type: text/plain\r\n\r\nmoves A1\r\n"
             b"--b.(1)+ \t\r\nContent-Type: text/html\r\n\r\n<p>moves A1</p>\r\n--b.(1)+--\r\n")

# Run in a fresh interpreter: what it saw before the service was imported is the
# interpreter's own state, not what other tests of this session left behind.
SCRIPT = """
import email.feedparser, gc, re, sys
from pathlib import Path

thresholds = gc.get_threshold()
from referee.cli import run
from referee.service.daemon.process import host_app
from referee.service.mail.incoming import read_mail
from referee.service.store import open_store

folder = Path(sys.argv[1])
for sub in ("new", "cur", "tmp"):
    (folder / "Maildir" / sub).mkdir(parents=True)
(folder / "Maildir" / "new" / "1.M1P1.host").write_bytes(bytes.fromhex(sys.argv[2]))
url = f"sqlite:///{folder / 'referee.db'}"
assert run(["mail", "poll", "--maildir", str(folder / "Maildir"), "--db", url]) == 0
host_app(open_store(url, resident=True))
mail = read_mail(bytes.fromhex(sys.argv[2]))
assert mail.body == "moves A1", mail
print(email.feedparser.re is re, gc.get_freeze_count(), gc.get_threshold() == thresholds)
"""


def test_the_service_patches_no_module_and_leaves_the_collector_alone(tmp_path):
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path), MULTIPART.hex()],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "0", "True"], done.stdout
