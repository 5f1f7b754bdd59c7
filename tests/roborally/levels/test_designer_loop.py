"""The course designer's loop: design warnings from lint, a race that reloads its course file
(--watch), the Tiled project's commands, and the unseen test course loading clean."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pygame
import pytest

from game.client.app import App
from game.roborally.levels.lint import course_warnings, lint_file
from game.roborally.levels.tmx import find_course, load_course
from game.roborally.ui import howto
from game.roborally.ui.scene import new_race
from tests.roborally.support import course

ROOT = Path(__file__).resolve().parents[3]


def test_lint_warns_of_a_belt_into_a_pit_a_checkpoint_on_a_crusher_and_a_start_in_a_beam():
    spec = course(cells=[(3, 3, {"kind": "belt", "dir": "E"}), (4, 3, {"kind": "pit"}),
                         (7, 0, {"kind": "crusher", "registers": [2]})],
                  lasers=[(0, 7, "E", 1)])
    warnings = course_warnings(spec, "x.tmx")
    assert any("belt at (3, 3) carries robots a pit at (4, 3)" in w for w in warnings)
    assert any("checkpoint 1 (7, 0) is on a crusher" in w for w in warnings)
    assert any("start 0 (1, 7) is in a board laser's beam" in w for w in warnings)
    assert all(w.startswith("x.tmx warning: ") for w in warnings)


def test_the_unseen_test_course_lints_clean():
    warnings: list = []
    assert lint_file(ROOT / "levels" / "roborally-unseen" / "gauntlet-works.tmx", warnings) == []


def test_tiled_project_has_play_and_check_commands():
    project = json.loads((ROOT / "levels" / "roborally.tiled-project").read_text())
    names = {c["name"]: c["arguments"] for c in project["commands"]}
    assert "--watch" in names["Play this course"] and "%mapfile" in names["Play this course"]
    assert names["Check this course"].startswith("main.py lint %mapfile")


@pytest.fixture
def app():
    howto.mark_tutorial_done()
    a = App(headless=True)
    yield a
    pygame.quit()


def test_watch_restarts_the_race_when_the_course_file_changes_and_keeps_it_on_a_bad_file(app, tmp_path):
    folder = tmp_path / "levels" / "roborally"
    folder.mkdir(parents=True)
    shutil.copytree(ROOT / "levels" / "tilesets", tmp_path / "levels" / "tilesets")
    path = folder / "mine.tmx"
    shutil.copy(find_course("dizzy-dash"), path)
    scene = new_race(str(path), 2, 0, "easy", 5, speed=8.0, save=False).watch(str(path), 5)
    app.stack.push(scene)
    app.step(1 / 60)
    text = path.read_text()
    path.write_text(text.replace('value="Dizzy Dash"', 'value="Dizzy Dash II"'))
    os.utime(path, ns=(1, 1))
    for _ in range(40):
        app.step(1 / 60)
    again = app.stack.top
    assert again is not scene and again.watch_path == str(path)
    assert load_course(path)["name"] == "Dizzy Dash II" and "reloaded" in again.message
    path.write_text("<map broken")
    os.utime(path, ns=(2, 2))
    for _ in range(40):
        app.step(1 / 60)
    assert app.stack.top is again and "mine.tmx" in again.watch_error
    assert any(line.startswith("reload failed, old course kept: ") for line in again.log)
