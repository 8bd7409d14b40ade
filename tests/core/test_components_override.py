"""A group that owns the game plays with its corrected copy of the component data
(rules page: "a group may play with a corrected copy"; docs/components.md)."""
from __future__ import annotations

import shutil

from referee.hawaii.data.components import load
from referee.core.paths import game_data, games_dir


def test_a_corrected_copy_replaces_the_shipped_data(tmp_path, monkeypatch):
    copy = tmp_path / "hawaii.yaml"
    shutil.copy(games_dir() / "hawaii.yaml", copy)
    text = copy.read_text()
    marker = "last_round_order_bonus:"
    assert marker in text
    copy.write_text(text.replace("# Hawaii", "# Our box's Hawaii", 1))
    monkeypatch.setenv("REFEREE_COMPONENTS_DIR", str(tmp_path))
    assert game_data("hawaii") == copy
    comps = load()
    assert comps.path == str(copy.resolve()) or comps.path == str(copy)
    assert comps.sha256 != load(games_dir() / "hawaii.yaml").sha256


def test_a_folder_without_the_file_falls_back_to_the_shipped_data(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_COMPONENTS_DIR", str(tmp_path))
    assert game_data("hawaii") == games_dir() / "hawaii.yaml"
