#!/usr/bin/env python3
"""Build docs/deploy/Containerfile where no container engine runs, and start it.

A machine without Docker, Podman or Buildah can still build the recipe: this script
carries out the Containerfile's own instructions (RUN, COPY, USER, ENV, VOLUME,
EXPOSE, WORKDIR, CMD) in a folder, as root, with chroot. Only the base image is made
here instead of pulled: `python:3.11-slim` is Debian 12 (bookworm) with Python 3.11
and pip, which debootstrap builds from Debian's packages (pip may install into the
system Python there, as in the official image). `--run` then starts the image's CMD
as its USER with its ENV, in a network namespace of its own (so its ports 8000 and
2525 are its own, as in a container), checks that the web page and the SMTP listener
answer, and stops it with SIGTERM, as `docker stop` would.

    python3 docs/deploy/build_here.py --root /tmp/referee-image --run

Needs root, debootstrap and iproute2, and the network to Debian and PyPI. The
downloads trust this machine's certificate bundle, as a build behind a proxy would
with a mounted secret. Exit status 0 when every step worked; else 1 with what failed.
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tarfile
import time
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent
BASES = {   # an image the recipe names -> how to make it here: (suite, packages, env)
    "python:3.11-slim": ("bookworm", ["python3", "python3-pip", "ca-certificates"],
                         {"PIP_BREAK_SYSTEM_PACKAGES": "1"}),
}
MIRROR = "http://deb.debian.org/debian"
PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
CA = "/etc/ssl/certs/ca-certificates.crt"


class BuildError(Exception):
    """A step of the recipe failed; the message says which and why."""


def instructions(recipe: Path) -> list[tuple[str, str]]:
    """(INSTRUCTION, argument) pairs, continuation lines joined, comments dropped."""
    out, pending = [], ""
    for line in recipe.read_text().splitlines():
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        pending += line.rstrip()
        if pending.endswith("\\"):
            pending = pending[:-1] + " "
            continue
        word, _, rest = pending.strip().partition(" ")
        out.append((word.upper(), rest.strip()))
        pending = ""
    return out


def base_root(image: str, root: Path, cache: Path) -> dict:
    """Make the base image in ``root`` (from a cached tarball after the first time)."""
    if image not in BASES:
        raise BuildError(f"FROM {image}: this script knows how to make only {', '.join(BASES)}")
    suite, packages, env = BASES[image]
    tarball = cache / f"{image.replace(':', '-').replace('/', '-')}.tar"
    if not tarball.exists():
        if not shutil.which("debootstrap"):
            raise BuildError("FROM: debootstrap is not installed (apt-get install debootstrap)")
        cache.mkdir(parents=True, exist_ok=True)
        fresh = cache / f"fresh-{uuid.uuid4().hex[:8]}"
        _run(["debootstrap", "--variant=minbase", f"--include={','.join(packages)}", suite,
              str(fresh), MIRROR], f"FROM {image}: debootstrap {suite}")
        with tarfile.open(f"{tarball}.part", "w") as tar:
            tar.add(fresh, arcname=".")
        os.replace(f"{tarball}.part", tarball)
        shutil.rmtree(fresh)
    root.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as tar:
        tar.extractall(root, filter="fully_trusted")   # our own tarball: devices and owners kept
    shutil.copy("/etc/resolv.conf", root / "etc" / "resolv.conf")
    return dict(env)


def _run(argv: list[str], what: str, **kw) -> None:
    done = subprocess.run(argv, capture_output=True, text=True, **kw)
    if done.returncode != 0:
        tail = (done.stdout + done.stderr).strip().splitlines()[-15:]
        raise BuildError(f"{what} failed (exit {done.returncode}):\n  " + "\n  ".join(tail))


def _context_files(context: Path) -> list[str]:
    """What COPY . takes: the files git tracks (a build context without the
    checkout's caches, venvs and history), or every file when it is no checkout."""
    done = subprocess.run(["git", "-C", str(context), "ls-files", "-z"], capture_output=True)
    if done.returncode == 0:
        return [name for name in done.stdout.decode().split("\0")
                if name and (context / name).is_file()]
    return [str(p.relative_to(context)) for p in context.rglob("*")
            if p.is_file() and ".git" not in p.parts and "__pycache__" not in p.parts]


class Image:
    """The folder being built and what the recipe has said of it so far."""

    def __init__(self, root: Path, context: Path, cache: Path):
        self.root, self.context, self.cache = root, context, cache
        self.env: dict[str, str] = {"PATH": PATH}
        self.user, self.workdir, self.cmd = "root", "/", None
        self.ports: list[int] = []

    def inside(self, path: str) -> Path:
        return self.root / path.lstrip("/")

    def build(self, steps: list[tuple[str, str]]) -> None:
        for word, arg in steps:
            getattr(self, f"do_{word.lower()}", self.unknown)(word, arg)
        if self.cmd is None:
            raise BuildError("the recipe has no CMD")

    def unknown(self, word, arg):
        raise BuildError(f"{word} {arg}: an instruction this script does not carry out")

    def do_from(self, _word, arg):
        self.env.update(base_root(arg, self.root, self.cache))
        shutil.copy(CA, self.inside("/tmp/build-ca.crt"))
        self.env["PIP_CERT"] = "/tmp/build-ca.crt"     # the build's downloads only; removed after

    def do_run(self, _word, arg):
        argv = ["chroot", f"--userspec={self.user}", str(self.root), "env", "-i",
                *[f"{k}={v}" for k, v in self.env.items()], "HOME=/root",
                "sh", "-c", f"cd {shlex.quote(self.workdir)} && {arg}"]
        _run(argv, f"RUN {arg}")

    def do_copy(self, _word, arg):
        *sources, dest = shlex.split(arg)
        if sources != ["."]:
            raise BuildError(f"COPY {arg}: only 'COPY . DEST' is carried out here")
        target = self.inside(dest)
        for name in _context_files(self.context):
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(self.context / name, target / name)

    def do_user(self, _word, arg):
        self.user = arg.strip()

    def do_env(self, _word, arg):
        for pair in shlex.split(arg):
            key, sep, value = pair.partition("=")
            if not sep:
                raise BuildError(f"ENV {arg}: write ENV KEY=VALUE")
            self.env[key] = value

    def do_workdir(self, _word, arg):
        self.workdir = arg.strip()
        self.inside(self.workdir).mkdir(parents=True, exist_ok=True)

    def do_volume(self, _word, arg):
        for path in json.loads(arg) if arg.startswith("[") else arg.split():
            self.inside(path).mkdir(parents=True, exist_ok=True)

    def do_expose(self, _word, arg):
        self.ports += [int(p.split("/")[0]) for p in arg.split()]

    def do_cmd(self, _word, arg):
        self.cmd = json.loads(arg) if arg.startswith("[") else ["sh", "-c", arg]


def _answers(netns: str, port: int, deadline: float) -> bytes:
    """What the port answers first, from inside the namespace (b"" if nothing yet)."""
    probe = (   # a server that speaks first (SMTP) greets; else ask as a browser would
        "import socket,sys\ns=socket.create_connection(('127.0.0.1',%d),timeout=5)\n"
        "s.settimeout(1)\ntry:\n    first=s.recv(64)\nexcept TimeoutError:\n"
        "    s.settimeout(5); s.sendall(b'GET / HTTP/1.0\\r\\n\\r\\n'); first=s.recv(64)\n"
        "sys.stdout.buffer.write(first)") % port
    while time.monotonic() < deadline:
        done = subprocess.run(["ip", "netns", "exec", netns, sys.executable, "-c", probe],
                              capture_output=True)
        if done.returncode == 0 and done.stdout:
            return done.stdout
        time.sleep(0.5)
    return b""


def start_and_stop(image: Image, env: dict[str, str], seconds: float = 120) -> list[str]:
    """Start CMD as USER with ENV (plus ``env``, as `docker run -e`) in a network
    namespace of its own; what each exposed port answered; then SIGTERM."""
    netns = f"referee-build-{uuid.uuid4().hex[:8]}"
    _run(["ip", "netns", "add", netns], "a network namespace for the container")
    proc = None
    try:
        _run(["ip", "-n", netns, "link", "set", "lo", "up"], "the namespace's loopback")
        home = {"root": "/root"}.get(image.user)
        if home is None:
            passwd = image.inside("/etc/passwd").read_text().splitlines()
            home = next((f.split(":")[5] for f in passwd if f.split(":")[0] == image.user), "/")
        argv = ["ip", "netns", "exec", netns, "chroot", f"--userspec={image.user}",
                str(image.root), "env", "-i", f"HOME={home}",
                *[f"{k}={v}" for k, v in {**image.env, **env}.items() if k != "PIP_CERT"],
                *image.cmd]
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + seconds
        said = []
        for port in image.ports:
            first = _answers(netns, port, deadline)
            if not first:
                ended = proc.poll()
                if ended is None:
                    proc.kill()
                log = proc.communicate(timeout=30)[0].decode(errors="replace").strip()
                raise BuildError(f"port {port} answered nothing in {seconds:.0f} s"
                                 + (f" (CMD exited {ended})" if ended is not None else "")
                                 + (f"; CMD printed:\n{log}" if log else "; CMD printed nothing"))
            said.append(f"port {port}: {first.decode(errors='replace').splitlines()[0]}")
        proc.send_signal(signal.SIGTERM)
        status = proc.wait(timeout=90)
        log = proc.stdout.read().decode(errors="replace")
        if status != 0:
            raise BuildError(f"CMD exited {status} after SIGTERM:\n{log}")
        return said + [f"log: {line}" for line in log.splitlines()] + [f"exit status {status}"]
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()
        subprocess.run(["ip", "netns", "del", netns], capture_output=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--recipe", type=Path, default=HERE / "Containerfile")
    parser.add_argument("--context", type=Path, default=HERE.parents[1])
    parser.add_argument("--root", type=Path, required=True, help="the folder to build into")
    parser.add_argument("--cache", type=Path,
                        default=Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
                        / "referee-build", help="where the base image is kept between builds")
    parser.add_argument("--run", action="store_true", help="start CMD, check it, stop it")
    parser.add_argument("-e", "--env", action="append", default=[], metavar="KEY=VALUE",
                        help="set for the run, as docker run -e (default: REFEREE_FROM)")
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        print("build_here: needs root (chroot, debootstrap, a network namespace)", file=sys.stderr)
        return 1
    if args.root.exists() and any(args.root.iterdir()):
        print(f"build_here: {args.root} is not empty; give a new folder", file=sys.stderr)
        return 1
    image = Image(args.root, args.context.resolve(), args.cache)
    try:
        image.build(instructions(args.recipe))
        image.inside("/tmp/build-ca.crt").unlink(missing_ok=True)
        print(f"built {args.recipe.name} into {args.root} (CMD {' '.join(image.cmd)}, "
              f"USER {image.user}, ports {', '.join(map(str, image.ports))})")
        if args.run:
            env = dict(pair.split("=", 1) for pair in args.env) or \
                {"REFEREE_FROM": "referee@example.org"}
            for line in start_and_stop(image, env):
                print(line)
    except BuildError as err:
        print(f"build_here: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
