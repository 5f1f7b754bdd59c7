"""`main.py roborun --level FILE --watch`: the play screen reloads the map when its file
changes; a file that no longer loads keeps the old map and shows the one-line error."""
import os
import shutil

import pytest

from game.client.app import App
from game.client.input import Action
from game.client.menus import NoticeScene
from game.roborun.levels.tmx_loader import LEVELS_DIR, find_level
from game.roborun.ui import play_scene
from game.roborun.ui.play_scene import GameOptions, PlayScene
from tests.roborun.ui.test_play import fresh_caches


@pytest.fixture()
def app():
    fresh_caches()
    return App()


@pytest.fixture()
def map_file(tmp_path):
    root = tmp_path / "levels"
    shutil.copytree(LEVELS_DIR / "tilesets", root / "tilesets")
    shutil.copy(LEVELS_DIR / "roborun.tiled-project", root)
    (root / "campaign1").mkdir()
    path = root / "campaign1" / "1-1.tmx"
    path.write_text(find_level("1.1").read_text())
    return path


def _frames(app, n):
    for _ in range(n):
        app.step(1 / 30)


def _rewrite(path, text):
    path.write_text(text)
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))   # a newer mtime even on coarse clocks


def test_watch_reloads_a_changed_map_and_keeps_the_old_one_on_error(app, map_file, monkeypatch):
    monkeypatch.setattr(play_scene, "WATCH_POLL", 0.0)
    scene = PlayScene(GameOptions(level_ref=str(map_file), partner="random", seed=3, watch=True,
                                  intro=False, tutorial=False))
    app.stack.push(scene)
    _frames(app, 3)
    assert app.stack.top is scene                     # unchanged file: nothing happens
    old_title = scene.level.title

    _rewrite(map_file, map_file.read_text().replace(old_title, "Edited In Tiled"))
    _frames(app, 2)
    reloaded = app.stack.top
    assert reloaded is not scene and isinstance(reloaded, PlayScene)
    assert reloaded.level.title == "Edited In Tiled" and reloaded.seed == 3
    assert reloaded.history == [] and reloaded.watch_error is None
    assert any("map reloaded" in line for line in reloaded.log)
    app.save_screenshot(str(map_file.parent / "reloaded.png"))

    _rewrite(map_file, "<map")                        # a save that breaks the file
    _frames(app, 2)
    notice = app.stack.top                            # the whole error, not cut off in the log (issue 25)
    assert isinstance(notice, NoticeScene) and notice.message == reloaded.watch_error
    app.post(Action("confirm"))
    assert app.stack.top is reloaded                  # old map kept
    assert reloaded.level.title == "Edited In Tiled"
    assert reloaded.watch_error.startswith(f"{map_file}: ") and "\n" not in reloaded.watch_error
    assert any(line.startswith("reload failed, old map kept: ") for line in reloaded.log)
    _frames(app, 2)
    assert app.stack.top is reloaded                  # the broken file is not retried until it changes

    _rewrite(map_file, find_level("1.1").read_text())  # fixed again
    _frames(app, 2)
    assert app.stack.top is not reloaded and app.stack.top.level.title == old_title


def test_without_watch_a_changed_file_is_ignored(app, map_file, monkeypatch):
    monkeypatch.setattr(play_scene, "WATCH_POLL", 0.0)
    scene = PlayScene(GameOptions(level_ref=str(map_file), partner="random", seed=3, intro=False, tutorial=False))
    app.stack.push(scene)
    _frames(app, 2)
    _rewrite(map_file, "<map")
    _frames(app, 2)
    assert app.stack.top is scene and scene.watch_path is None


def test_a_map_whose_tileset_became_a_symlink_loop_keeps_the_old_map(app, map_file, monkeypatch):
    """The designer's loop closed the window with pathlib's RuntimeError ('Symlink loop from ...',
    Python 3.11's resolve() in the map reader) when a saved map named a tileset that is a
    symbolic link to itself; now it is a reload error like any other and the old map stays."""
    monkeypatch.setattr(play_scene, "WATCH_POLL", 0.0)
    scene = PlayScene(GameOptions(level_ref=str(map_file), partner="random", seed=3, watch=True,
                                  intro=False, tutorial=False))
    app.stack.push(scene)
    _frames(app, 2)
    tilesets = map_file.parent.parent / "tilesets"
    os.symlink(tilesets / "other.tsx", tilesets / "loop.tsx")
    os.symlink(tilesets / "loop.tsx", tilesets / "other.tsx")
    _rewrite(map_file, map_file.read_text().replace("../tilesets/roborun.tsx", "../tilesets/loop.tsx"))
    _frames(app, 2)
    assert isinstance(app.stack.top, NoticeScene)
    assert "loop.tsx" in scene.watch_error and "symbolic links" in scene.watch_error


def test_watch_reloads_when_a_template_the_map_uses_is_saved(app, map_file, monkeypatch):
    """Saving a template in Tiled changes its instances on the map without touching the map
    file; the loop watches the templates too (game.core.tiled.watched_stamp)."""
    monkeypatch.setattr(play_scene, "WATCH_POLL", 0.0)
    template = map_file.parent / "token.tx"
    tx = ('<?xml version="1.0" encoding="UTF-8"?>\n<template>\n <tileset firstgid="1" source="../tilesets/roborun.tsx"/>\n'
          ' <object type="token" gid="{gid}" width="64" height="64"/>\n</template>\n')
    template.write_text(tx.format(gid=49))
    text = map_file.read_text()
    instance = '<object id="2" type="token" gid="49" x="128" y="192" width="64" height="64"/>'
    assert instance in text
    map_file.write_text(text.replace(instance, '<object id="2" template="token.tx" x="128" y="192"/>'))
    scene = PlayScene(GameOptions(level_ref=str(map_file), partner="random", seed=3, watch=True,
                                  intro=False, tutorial=False))
    app.stack.push(scene)
    _frames(app, 2)
    before = {t.pos: t.kind for t in scene.level.tokens}

    _rewrite(template, tx.format(gid=51))            # the template now holds another token tile
    _frames(app, 2)
    reloaded = app.stack.top
    assert reloaded is not scene and isinstance(reloaded, PlayScene) and reloaded.watch_error is None
    after = {t.pos: t.kind for t in reloaded.level.tokens}
    assert after[(2, 2)] != before[(2, 2)] and {p: k for p, k in after.items() if p != (2, 2)} == \
        {p: k for p, k in before.items() if p != (2, 2)}
