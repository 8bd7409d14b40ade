"""An installed, non-editable referee finds grammar/ and games/ from any directory.

The wheel carries them as the packages referee.grammar and referee.games
(pyproject.toml); this builds the wheel, installs it into a scratch folder and
imports it from elsewhere, with the source tree out of sight.
"""
from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
         "-w", str(out), str(ROOT)],
        capture_output=True, text=True, cwd=out)
    if build.returncode != 0:
        pytest.fail(f"building the wheel failed:\n{build.stderr[-2000:]}")
    return next(out.glob("referee-*.whl"))


def test_wheel_ships_grammars_and_component_data(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "referee/games/hawaii.yaml" in names
    assert "referee/grammar/transcript.lark" in names
    assert "referee/grammar/hawaii.lark" in names


def test_installed_package_loads_its_data_from_another_directory(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target",
                    str(target), str(wheel)], check=True, capture_output=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code = ("import referee.core.paths as p, referee.hawaii.data.components as c; "
            "assert str(p.games_dir()).startswith(%r), p.games_dir(); "
            "assert (p.grammar_dir() / 'transcript.lark').exists(); "
            "comps = c.load(); print(len(comps.places), sum(t.count for t in comps.tiles.values()))"
            % str(target))
    env = {"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"}
    run = subprocess.run([sys.executable, "-c", code], cwd=elsewhere, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["10", "126"]


def test_every_package_folder_is_listed_in_pyproject():
    """pyproject.toml lists the packages by name (the three data folders live outside
    referee/, and the file's own discovery cannot add them): a folder left out would be
    missing from the wheel, so a new game's folders must be listed, and this says which."""
    import tomllib
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    package = ROOT / "referee"
    folders = {".".join(p.relative_to(ROOT).parts) for p in [package, *package.rglob("*")]
               if p.is_dir() and p.name != "__pycache__"
               and any(f.suffix in (".py", ".html", ".js", ".css") for f in p.iterdir())}
    missing = sorted(folders - listed)
    assert not missing, f"pyproject.toml [tool.setuptools] packages lacks {missing}"
