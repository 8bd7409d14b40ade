"""The deployment recipes of docs/hosting.md start the host as written (issue 21):
the systemd unit passes ``systemd-analyze verify`` and its ExecStart, run with the
unit's environment and stopped with its KillSignal, serves and stops cleanly; the
example config file is read as it stands; the container recipe's command, run with
its environment, serves; and the recipe itself builds and starts, carried out by
docs/deploy/build_here.py (no container engine runs on these machines: the script
makes the base image with debootstrap and runs each instruction with chroot)."""
from __future__ import annotations

import configparser
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import tomllib
import urllib.request
from pathlib import Path

from referee.service.daemon import load
from tests.service.mailservers import free_port

ROOT = Path(__file__).resolve().parents[3]
DEPLOY = ROOT / "docs" / "deploy"
REFEREE = str(Path(sys.executable).parent / "referee")


def _unit() -> configparser.ConfigParser:
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str
    unit.read(DEPLOY / "referee.service")
    return unit


def _serve_until_sigterm(argv: list[str], env: dict, port: int, sig=signal.SIGTERM) -> str:
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            cwd=ROOT)
    try:
        deadline = time.monotonic() + 120
        while True:
            assert proc.poll() is None, proc.stdout.read().decode()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            assert time.monotonic() < deadline, "the host did not start"
            time.sleep(0.2)
        proc.send_signal(sig)
        assert proc.wait(timeout=90) == 0
        return proc.stdout.read().decode()
    finally:
        if proc.poll() is None:
            proc.kill()


def test_the_systemd_unit_verifies_and_its_command_serves(tmp_path):
    text = (DEPLOY / "referee.service").read_text()
    local = tmp_path / "referee.service"
    local.write_text(text.replace("/usr/local/bin/referee", REFEREE)
                     .replace("User=referee", "User=root").replace("Group=referee", "Group=root"))
    if shutil.which("systemd-analyze"):
        done = subprocess.run(["systemd-analyze", "verify", str(local)], capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 0 and not (done.stdout + done.stderr).strip(), \
            done.stdout + done.stderr
    service = _unit()["Service"]
    assert service["KillSignal"] == "SIGTERM" and service["UMask"] == "0077"
    argv = shlex.split(service["ExecStart"])
    assert argv[:2] == ["/usr/local/bin/referee", "serve"]
    port = free_port()
    config = tmp_path / "referee.toml"
    config.write_text(f'db = "sqlite:///{tmp_path / "r.db"}"\nport = {port}\n')
    env = dict(os.environ)
    env.update(dict(kv.split("=", 1) for kv in shlex.split(service["Environment"])))
    env["REFEREE_HOME"] = str(tmp_path / "home")
    argv = [REFEREE, *argv[1:argv.index("--config") + 1], str(config)]
    log = _serve_until_sigterm(argv, env, port)
    assert "stopped; what is queued is sent at the next start" in log


def test_the_example_config_reads_as_it_stands():
    data = tomllib.loads((DEPLOY / "referee.toml").read_text())
    config = load({}, str(DEPLOY / "referee.toml"), environ={})
    assert config.mail_in_kind == "smtp" and config.sender == data["from"]
    assert config.url == data["url"]


def test_the_container_command_serves(tmp_path):
    lines = (DEPLOY / "Containerfile").read_text().splitlines()
    env = dict(os.environ)
    for line in lines:
        if line.startswith("ENV "):
            key, _, value = line[4:].partition("=")
            env[key.strip()] = value.strip()
        if line.startswith("RUN pip install"):
            extras = line.split("[", 1)[1].split("]", 1)[0].split(",")
            pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
            assert set(extras) <= set(pyproject["project"]["optional-dependencies"])
    cmd = json.loads(next(line for line in lines if line.startswith("CMD "))[4:])
    assert cmd[:2] == ["referee", "serve"]
    web, listen = free_port(), free_port()
    cmd = [REFEREE, *cmd[1:]]
    cmd[cmd.index("--port") + 1] = str(web)
    cmd[cmd.index("--mail-in") + 1] = f"smtp://127.0.0.1:{listen}"
    env.update(REFEREE_HOME=str(tmp_path / "home"), REFEREE_FROM="referee@example.org",
               REFEREE_SMTP=f"smtp://127.0.0.1:{free_port()}")
    env.pop("REFEREE_DB", None)
    log = _serve_until_sigterm(cmd, env, web)
    assert f"mail comes in by SMTP on 127.0.0.1:{listen}; mail goes out through" in log
    store = Path(env["REFEREE_HOME"]) / "referee.db"
    assert store.exists() and oct(store.stat().st_mode & 0o777) == "0o600"


def test_the_container_recipe_builds_and_starts(tmp_path):
    root = tmp_path / "image"
    try:
        done = subprocess.run([sys.executable, str(DEPLOY / "build_here.py"), "--root",
                               str(root), "--run"], capture_output=True, text=True,
                              timeout=900)
        assert done.returncode == 0, done.stdout + done.stderr
        said = done.stdout
        assert "port 8000: HTTP/1.1 200 OK" in said and "port 2525: 220 " in said
        assert "stopped; what is queued is sent at the next start" in said
        store = root / "var/lib/referee/referee.db"
        owner = next(line.split(":") for line in (root / "etc/passwd").read_text().splitlines()
                     if line.startswith("referee:"))
        assert store.stat().st_uid == int(owner[2])                  # made by USER referee
        assert oct(store.stat().st_mode & 0o777) == "0o600"
        assert not (root / "src").exists() and not (root / "tmp/build-ca.crt").exists()
    finally:
        shutil.rmtree(root, ignore_errors=True)       # some 300 MB
