"""Shipped maps survive real Tiled: re-saved by Tiled 1.8.2 they load to the SAME LevelSpec,
a Tiled 1.9-style copy (class= instead of type= on objects) loads the same, and
tmxrasterizer can draw them (the tileset image path is valid)."""
from __future__ import annotations

import dataclasses
import os
import re
import shutil
import subprocess
from pathlib import Path

from tests.helpers import require_tool

from game.roborun.levels.tmx_loader import LEVELS_DIR, list_levels, load_level

LEVELS = list_levels()


def scratch_levels(tmp_path: Path) -> Path:
    """A level folder with the shared tileset and project file, so relative paths stay valid."""
    root = tmp_path / "levels"
    shutil.copytree(LEVELS_DIR / "tilesets", root / "tilesets")
    shutil.copy(LEVELS_DIR / "roborun.tiled-project", root)
    for campaign in {p.parent.name for _, p in LEVELS}:
        (root / campaign).mkdir()
    return root


def same(a, b) -> bool:
    return dataclasses.replace(a, source="") == dataclasses.replace(b, source="")


def test_tiled_resave_loads_to_equal_levelspec(tmp_path):
    tiled = require_tool("tiled")
    root = scratch_levels(tmp_path)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    for _ref, path in LEVELS:
        original = root / path.parent.name / path.name        # Tiled writes the tileset path relative
        shutil.copy(path, original)                           # to the copy it read, so read a copy
        out = original.with_name(f"resaved-{path.name}")
        done = subprocess.run([tiled, "--export-map", "tmx", str(original), str(out)], env=env,
                              capture_output=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert 'source="../tilesets/roborun.tsx"' in out.read_text()
        assert same(load_level(out), load_level(path)), path


def test_tiled_19_class_attribute_loads_the_same(tmp_path):
    root = scratch_levels(tmp_path)
    for _ref, path in LEVELS:
        text = path.read_text()
        variant = re.sub(r'(<object id="\d+") type="', r'\1 class="', text)
        assert variant != text and ' type="robot"' not in variant
        out = root / path.parent.name / path.name
        out.write_text(variant)
        assert same(load_level(out), load_level(path)), path


def test_tmxrasterizer_draws_every_map(tmp_path):
    rasterizer = require_tool("tmxrasterizer")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    for ref, path in LEVELS[:: 5]:                  # a sample: drawing is slow-ish
        out = tmp_path / f"{ref}.png"
        done = subprocess.run([rasterizer, str(path), str(out)], env=env, capture_output=True, timeout=60)
        assert done.returncode == 0 and out.stat().st_size > 10_000, done.stderr
