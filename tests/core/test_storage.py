"""Shared helpers: atomic saves survive damage, CLI errors are one line."""
import json
import os

import pytest

from game.cli import main
from game.core import storage


def test_write_atomic_replaces_whole_file(tmp_path):
    target = tmp_path / "save.json"
    storage.save_json(target, {"a": 1})
    storage.save_json(target, {"a": 2})
    assert json.loads(target.read_text()) == {"a": 2}
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]  # no temp files left behind


def test_failed_write_keeps_previous_save(tmp_path, monkeypatch):
    target = tmp_path / "save.json"
    storage.save_json(target, {"progress": 5})

    def boom(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    warning = storage.save_json(target, {"progress": 6})      # reported in one line, never raised
    assert "could not save" in warning and "\n" not in warning
    assert json.loads(target.read_text()) == {"progress": 5}
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_damaged_save_is_set_aside_with_warning(tmp_path):
    target = tmp_path / "save.json"
    target.write_text("{not json")
    data, warning = storage.load_json(target, default={"fresh": True})
    assert data == {"fresh": True}
    assert "save.json" in warning and "damaged" in warning and "\n" not in warning
    assert (tmp_path / "save.json.damaged").read_text() == "{not json"


def test_unknown_command_is_one_line_error(capsys):
    assert main(["fly"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "fly" in err


def test_simulate_unknown_game_names_choices(capsys):
    assert main(["simulate", "chess"]) == 2
    assert "roborun" in capsys.readouterr().err
